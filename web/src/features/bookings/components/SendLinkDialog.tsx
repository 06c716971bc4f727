import { Callout } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type BatchRow, LINK_VALID_DAYS } from "../api/contracts.ts";
import { sendLink } from "../api/staff.ts";

/**
 * Sends the customer the batch's booking link. The address proposed is the one the link went to before, else
 * the customer's own; sending again replaces the earlier link.
 */
export function SendLinkDialog(
  { batch, onClose, onSent }: { batch: BatchRow | null; onClose: () => void; onSent: (batch: BatchRow) => void },
) {
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!batch) return;
    setEmail(batch.linkEmail || batch.customerEmail || "");
    setError(undefined);
  }, [batch]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!batch) return;
    const address = email.trim();
    if (address && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) {
      setError("E-mail is not a valid e-mail address");
      return;
    }
    await save(() => sendLink(batch.bookingBatchRef, address), {
      onSaved: (result) => onSent(result.data),
      onFieldErrors: (fieldErrors) => setError(fieldErrors.email),
    });
  };

  return (
    <FormDialog
      isOpen={batch !== null}
      title={`Send booking link · ${batch?.bookingBatchRef ?? ""}`}
      saving={saving}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      formTestId="send-link-form"
      saveTestId="send-link-submit"
    >
      <TextField label="Send to" id="send-link-email" type="email" value={email} onValueChange={(v) => {
        setEmail(v);
        setError(undefined);
      }} error={error} helper={`The customer's e-mail is ${batch?.customerEmail || "not on file"}`} data-testid="send-link-email" />
      {batch?.linkSentAt && (
        <Callout compact intent="warning">
          A link went to {batch.linkEmail} on {formatDateTime(batch.linkSentAt)}; sending again replaces it.
        </Callout>
      )}
      <p className="lading-booking-muted">The link stays open for {LINK_VALID_DAYS} days, or until the voyage leaves.</p>
    </FormDialog>
  );
}
