import { Tag } from "@blueprintjs/core";
import { formatDateTime } from "../../../lib/format.ts";
import type { BatchRow } from "../api/contracts.ts";
import { StatusTag } from "./StatusTag.tsx";

/** Whether the link is still open to the customer, as of now. */
function linkState(batch: BatchRow, now = Date.now()): { text: string; intent: "success" | "warning" | "none" } {
  if (!batch.linkSentAt) return { text: "Not sent", intent: "none" };
  if (batch.linkUsedAt) return { text: "Used", intent: "success" };
  if (batch.linkExpiresAt && Date.parse(batch.linkExpiresAt) <= now) return { text: "Expired", intent: "warning" };
  return { text: "Open", intent: "success" };
}

/** The batch's facts: customer, status, remarks, and where its booking link stands. */
export function BatchSummary({ batch }: { batch: BatchRow }) {
  const link = linkState(batch);
  return (
    <dl className="lading-booking-facts" data-testid="batch-summary">
      <div>
        <dt>Batch</dt>
        <dd data-testid="batch-ref">{batch.bookingBatchRef}</dd>
      </div>
      <div>
        <dt>Status</dt>
        <dd><StatusTag status={batch.status} testId="batch-status" /></dd>
      </div>
      <div>
        <dt>Customer</dt>
        <dd data-testid="batch-customer-name">{batch.customerCode} · {batch.customerName}</dd>
      </div>
      <div>
        <dt>Bookings</dt>
        <dd data-testid="batch-booking-count">{batch.bookingCount}</dd>
      </div>
      <div>
        <dt>Link</dt>
        <dd>
          <Tag minimal intent={link.intent} data-testid="batch-link-state">{link.text}</Tag>
        </dd>
      </div>
      {batch.linkSentAt && (
        <>
          <div>
            <dt>Sent to</dt>
            <dd data-testid="batch-link-email">{batch.linkEmail} · {formatDateTime(batch.linkSentAt)}</dd>
          </div>
          <div>
            <dt>Expires</dt>
            <dd data-testid="batch-link-expires">{formatDateTime(batch.linkExpiresAt)}</dd>
          </div>
          <div>
            <dt>Used</dt>
            <dd data-testid="batch-link-used">{batch.linkUsedAt ? formatDateTime(batch.linkUsedAt) : "Not yet"}</dd>
          </div>
        </>
      )}
      {batch.clonedFrom && (
        <div>
          <dt>Cloned from</dt>
          <dd data-testid="batch-cloned-from">{batch.clonedFrom}</dd>
        </div>
      )}
      {batch.remarks && (
        <div className="lading-booking-facts-wide">
          <dt>Remarks</dt>
          <dd>{batch.remarks}</dd>
        </div>
      )}
    </dl>
  );
}
