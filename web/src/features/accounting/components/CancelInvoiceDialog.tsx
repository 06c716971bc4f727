import { Callout, TextArea } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { formatAmount } from "../../../lib/format.ts";
import type { InvoiceRow } from "../api/contracts.ts";
import { cancelInvoice } from "../api/cro-accounting.ts";

/**
 * Cancels an issued invoice: the reason is required and stays on it with who and when. Its number is never
 * used again, and its posting in BASE is reversed.
 */
export function CancelInvoiceDialog({ invoice, onClose, onCancelled }: {
  invoice: InvoiceRow | null;
  onClose: () => void;
  onCancelled: (invoice: InvoiceRow) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();
  useEffect(() => {
    if (invoice) {
      setReason("");
      setError(undefined);
      focusSoon("invoice-cancel-reason");
    }
  }, [invoice]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!invoice) return;
    if (reason.trim() === "") {
      setError("Say why the invoice is cancelled");
      focusSoon("invoice-cancel-reason");
      return;
    }
    await save(() => cancelInvoice(invoice.invoiceNo, invoice.dateModified, reason.trim()), {
      onSaved: (result) => onCancelled(result.data),
      onFieldErrors: (fields) => setError(fields.reason),
    });
  };

  return (
    <FormDialog isOpen={invoice !== null} title={`Cancel invoice ${invoice?.invoiceNo ?? ""}`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="invoice-cancel-form" saveTestId="invoice-cancel-save">
      <Callout intent="warning">
        Invoice {invoice?.invoiceNo} of {formatAmount(invoice?.total)} to {invoice?.buyerName} keeps its number and is marked Cancelled; its posting
        in BASE is reversed. Issue a new invoice for the waybill afterwards if it is still owed.
      </Callout>
      <FormField label="Reason" id="invoice-cancel-reason" required error={error}>
        <TextArea id="invoice-cancel-reason" fill value={reason} maxLength={300} onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="invoice-cancel-reason" />
      </FormField>
    </FormDialog>
  );
}
