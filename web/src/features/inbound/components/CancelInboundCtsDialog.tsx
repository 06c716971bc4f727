import { useEffect, useState } from "react";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import { cancelInboundCts, type InboundCtsRow } from "../api/inbound-cts.ts";

export interface CancelInboundCtsDialogProps {
  slip: InboundCtsRow | null;
  onClose: () => void;
  onCancelled: () => void;
}

/** Cancels an inbound CTS with its reason: the van is back in the yard as far as the free-time clocks go. */
export function CancelInboundCtsDialog({ slip, onClose, onCancelled }: CancelInboundCtsDialogProps) {
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { saving, save } = useFormSave();
  useEffect(() => {
    setReason("");
    setErrors({});
  }, [slip?.ctsNum]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!slip) return;
    if (!reason.trim()) {
      setErrors({ reason: "Reason is required" });
      return;
    }
    await save(() => cancelInboundCts(slip.ctsNum, slip.dateModified, reason.trim()), { onSaved: onCancelled, onFieldErrors: setErrors });
  };

  return (
    <FormDialog isOpen={slip !== null} title={`Cancel ${slip?.ctsNum ?? ""}`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="inbound-cts-cancel-form" saveTestId="inbound-cts-cancel-save">
      <TextField label="Reason" id="inbound-cts-cancel-reason" required value={reason} error={errors.reason} maxLength={300}
        onChange={(e) => setReason(e.currentTarget.value)} data-testid="inbound-cts-cancel-reason" />
    </FormDialog>
  );
}
