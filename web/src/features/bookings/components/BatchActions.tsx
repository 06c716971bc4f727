import { Button, ButtonGroup } from "@blueprintjs/core";
import { Add, Duplicate, Envelope, Endorsed, TickCircle, Time, Truck } from "@blueprintjs/icons";
import { useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { type BatchRow, batchWorkflow, type BookingRow, type BookingStatus, bookingWorkflow, EDITABLE_STATUSES } from "../api/contracts.ts";
import { cloneBatch, cloneBookings, confirmBatch, confirmBookings, expireBookings } from "../api/staff.ts";
import { IssueAtwDialog } from "./IssueAtwDialog.tsx";
import { SendLinkDialog } from "./SendLinkDialog.tsx";

export interface BatchActionsProps {
  batch: BatchRow;
  /** The bookings ticked in the table. */
  selected: BookingRow[];
  originBranchCode: string;
  onNewBooking: () => void;
  /** After a write: the batch, its bookings and the batch list are read again. */
  onChanged: () => void;
  /** A cloned batch is a new batch; the page moves to it. */
  onBatchCloned: (bookingBatchRef: string) => void;
}

const allIn = (rows: BookingRow[], from: readonly BookingStatus[]) => rows.length > 0 && rows.every((r) => from.includes(r.status));

/**
 * The bulk actions: on the batch (send the link, confirm it all, clone it once expired) and on the ticked
 * bookings (confirm, clone, issue the ATW, expire). A button is off, with its reason as the hover title, when
 * the statuses do not allow it; the server has the last word either way.
 */
export function BatchActions({ batch, selected, originBranchCode, onNewBooking, onChanged, onBatchCloned }: BatchActionsProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [atwFor, setAtwFor] = useState<BookingRow[]>([]);
  const refs = selected.map((r) => r.bookingRef);
  const count = selected.length;
  const some = count > 0 ? `${count} selected` : "";

  const run = async <R extends { message: string }>(action: string, work: () => Promise<R>, after?: (result: R) => void) => {
    setBusy(action);
    try {
      const result = await whileSaving(work);
      notify.success(result.message);
      after?.(result);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setBusy(null);
      // 001 §2: after a failed write the list is read again, as after a good one.
      onChanged();
    }
  };

  const batchCan = (action: keyof typeof batchWorkflow.actions) => batchWorkflow.actions[action].from.includes(batch.status);
  const selectedCan = (action: keyof typeof bookingWorkflow.actions) => allIn(selected, bookingWorkflow.actions[action].from);
  const why = (action: keyof typeof bookingWorkflow.actions) =>
    count === 0 ? "Tick the bookings first" : `Only ${bookingWorkflow.actions[action].from.join(" or ")} bookings`;

  const cloneSelected = count > 0;
  const canClone = cloneSelected ? selectedCan("clone") : batchCan("clone");

  const clone = () => {
    if (cloneSelected) return void run("clone", () => cloneBookings(refs));
    void run("clone", () => cloneBatch(batch.bookingBatchRef), (result) => onBatchCloned(result.data.bookingBatchRef));
  };

  const expire = async () => {
    const confirmed = await confirmPrompt({
      title: "Expire bookings",
      description: `Expire ${count === 1 ? `booking ${refs[0]}` : `these ${count} bookings`}? The customer can no longer complete ${count === 1 ? "it" : "them"}.`,
      actionText: "Expire",
      intent: "danger",
    });
    if (confirmed) void run("expire", () => expireBookings(refs));
  };

  const off = busy !== null;
  return (
    <>
      <ButtonGroup className="lading-booking-actions" data-testid="batch-actions">
        <Button icon={<Add />} intent="primary" text="New booking" disabled={off || !EDITABLE_STATUSES.includes(batch.status as BookingStatus)}
          title={EDITABLE_STATUSES.includes(batch.status as BookingStatus) ? undefined : `A ${batch.status} batch takes no more bookings`}
          onClick={onNewBooking} data-testid="booking-new" />
        <Button icon={<Envelope />} text="Send link" disabled={off || !batchCan("send") || batch.bookingCount === 0}
          title={batch.bookingCount === 0 ? "Add a booking first" : batchCan("send") ? undefined : `A ${batch.status} batch cannot be sent`}
          onClick={() => setSending(true)} data-testid="batch-send-link" />
        <Button icon={<Endorsed />} text="Confirm batch" loading={busy === "confirmBatch"} disabled={off || !batchCan("confirm") || batch.bookingCount === 0}
          title={batchCan("confirm") ? undefined : `A ${batch.status} batch cannot be confirmed`}
          onClick={() => void run("confirmBatch", () => confirmBatch(batch.bookingBatchRef))} data-testid="batch-confirm" />
      </ButtonGroup>
      <ButtonGroup className="lading-booking-actions" data-testid="selection-actions">
        <Button icon={<TickCircle />} text={`Confirm selected${some ? ` (${count})` : ""}`} loading={busy === "confirm"}
          disabled={off || !selectedCan("confirm")} title={selectedCan("confirm") ? undefined : why("confirm")}
          onClick={() => void run("confirm", () => confirmBookings(refs))} data-testid="bookings-confirm-selected" />
        <Button icon={<Duplicate />} text={cloneSelected ? `Clone selected (${count})` : "Clone batch"} loading={busy === "clone"}
          disabled={off || !canClone}
          title={canClone ? undefined : cloneSelected ? why("clone") : "Tick expired bookings, or clone the batch once it has expired"}
          onClick={clone} data-testid="bookings-clone" />
        <Button icon={<Truck />} text={`Issue ATW${some ? ` (${count})` : ""}`} disabled={off || !selectedCan("issueAtw")}
          title={selectedCan("issueAtw") ? undefined : why("issueAtw")} onClick={() => setAtwFor(selected)} data-testid="bookings-issue-atw" />
        <Button icon={<Time />} intent="warning" text={`Expire${some ? ` (${count})` : ""}`} loading={busy === "expire"}
          disabled={off || !selectedCan("expire")} title={selectedCan("expire") ? undefined : why("expire")} onClick={() => void expire()}
          data-testid="bookings-expire" />
      </ButtonGroup>
      <SendLinkDialog
        batch={sending ? batch : null}
        onClose={() => setSending(false)}
        onSent={() => {
          setSending(false);
          onChanged();
        }}
      />
      <IssueAtwDialog
        bookings={atwFor}
        originBranchCode={originBranchCode}
        onClose={() => setAtwFor([])}
        onIssued={() => {
          setAtwFor([]);
          onChanged();
        }}
      />
    </>
  );
}
