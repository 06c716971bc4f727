import { NonIdealState } from "@blueprintjs/core";
import { Envelope, Print, Search } from "@blueprintjs/icons";
import { Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import {
  type ConfirmationRow,
  confirmationPrintUrl,
  LOADING_CONFIRMATION_PAGE_SIZE,
  loadConfirmations,
  resendConfirmation,
} from "../api/loading-confirmations.ts";

/**
 * The voyage's loading confirmations, one per shipper whose cargo the final tally counted: who it went to and
 * when, the bookings it lists, its printout, and the link sent again (with a new token; the old link stops).
 */
export function LoadingConfirmationsPanel({ voyageNum }: { voyageNum: string }) {
  const list = usePagedList<ConfirmationRow, "all">({
    load: (q: PageQuery<"all">) => loadConfirmations({ skip: q.skip, take: q.take, voyageNum }),
    initialFilter: "all",
    pageSize: LOADING_CONFIRMATION_PAGE_SIZE,
  });
  const [resending, setResending] = useState<ConfirmationRow | null>(null);
  const text = textCells(list.rows, { tooltip: true });

  const actions = actionsCell(list.rows, list.busyId, (item, busy) => (
    <>
      <RowAction icon={<Print />} label="Print" hint="Print the confirmation (PDF)" href={confirmationPrintUrl(item.transactionRef)} target="_blank"
        data-testid={`confirmation-print-${item.transactionRef}`} />
      <RowAction icon={<Envelope />} label="Send again" hint={item.bookingRefs.length ? "E-mail the link again" : "No cargo of this shipper is loaded now"}
        disabled={busy || item.bookingRefs.length === 0} onClick={() => setResending(item)} data-testid={`confirmation-resend-${item.transactionRef}`} />
    </>
  ));

  return (
    <>
      <PagedTable
        list={list}
        testId="confirmations-table"
        rangeTestId="confirmations-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No loading confirmations"
            description="They are made for each shipper once the loading's final tally is made." />
        }
      >
        <Column name="Transaction Ref" cellRenderer={text((c) => c.transactionRef, (c) => `confirmation-row-${c.transactionRef}`)} />
        <Column name="Shipper" cellRenderer={text((c) => c.shipperName, (c) => `confirmation-shipper-${c.transactionRef}`)} />
        <Column name="E-mail" cellRenderer={text((c) => c.shipperEmail || "None on file", (c) => `confirmation-email-${c.transactionRef}`)} />
        <Column name="Bookings" cellRenderer={text((c) => c.bookingRefs.join(", ") || "None loaded now", (c) => `confirmation-bookings-${c.transactionRef}`)} />
        <Column name="Sent" cellRenderer={text((c) => (c.dateSent ? `${formatDateTime(c.dateSent)} by ${c.sentBy}` : "Not sent"), (c) => `confirmation-sent-${c.transactionRef}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <ResendDialog
        row={resending}
        onClose={() => setResending(null)}
        onSent={() => {
          setResending(null);
          list.reload();
        }}
      />
    </>
  );
}

/** Asks where to send the link (the address on file by default) before a new token replaces the old one. */
function ResendDialog({ row, onClose, onSent }: { row: ConfirmationRow | null; onClose: () => void; onSent: () => void }) {
  const [email, setEmail] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useFormSave();
  useEffect(() => {
    if (!row) return;
    setEmail(row.shipperEmail);
    setErrors({});
  }, [row]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!row) return;
    void save(() => resendConfirmation(row.transactionRef, row.dateModified, email.trim() || undefined), { onSaved: onSent, onFieldErrors: setErrors });
  };
  return (
    <FormDialog isOpen={row !== null} title={`Send ${row?.transactionRef ?? ""} again`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="confirmation-resend-form" saveTestId="confirmation-resend-send">
      <p>A new link goes to the shipper; the link sent before stops working.</p>
      <TextField label="E-mail" id="confirmation-resend-email" type="email" value={email} maxLength={254} error={errors.email}
        onValueChange={setEmail} data-testid="confirmation-resend-email" />
    </FormDialog>
  );
}
