import { type Intent, Tag } from "@blueprintjs/core";
import type { BatchStatus, BookingStatus } from "../api/contracts.ts";

const INTENT: Record<BookingStatus, Intent> = {
  Draft: "none",
  Sent: "primary",
  Confirmed: "success",
  "ATW Issued": "success",
  "Outbound CTS Issued": "success",
  "At Vessel Loaded": "success",
  Expired: "warning",
  Cloned: "none",
};

/** The status of a booking or a batch (a batch's statuses are a subset of a booking's). */
export function StatusTag({ status, testId }: { status: BookingStatus | BatchStatus; testId?: string }) {
  return (
    <Tag minimal intent={INTENT[status]} data-testid={testId}>
      {status}
    </Tag>
  );
}
