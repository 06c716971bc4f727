import { Callout } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import { manilaDateTime, manilaInstant } from "../../../../../api/shared/dates.ts";
import { createCdr, DAMAGE_CLAIM_NOTE, type InboundCtsRow } from "../api/inbound-cts.ts";

export interface DeliveryReceiptDialogProps {
  slip: InboundCtsRow | null;
  onClose: () => void;
  onCreated: () => void;
}

/** The cargo delivery receipt of a slip's waybill: when the consignee received it, where, and who signed. */
export function DeliveryReceiptDialog({ slip, onClose, onCreated }: DeliveryReceiptDialogProps) {
  const [receivedBy, setReceivedBy] = useState("");
  const [area, setArea] = useState("");
  const [released, setReleased] = useState("");
  /** Left as proposed, the server takes the moment the receipt is made (the field shows whole minutes). */
  const [releasedTyped, setReleasedTyped] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { saving, save } = useFormSave();
  useEffect(() => {
    setReceivedBy("");
    setArea("");
    setReleased(manilaDateTime(new Date()));
    setReleasedTyped(false);
    setErrors({});
  }, [slip?.ctsNum]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!slip) return;
    if (!receivedBy.trim()) {
      setErrors({ receivedBy: "Received by is required" });
      return;
    }
    let dateReleased: string | undefined;
    try {
      dateReleased = released && releasedTyped ? manilaInstant(released.slice(0, 10), released.slice(11, 16)) : undefined;
    } catch {
      setErrors({ dateReleased: "Enter the date and time released" });
      return;
    }
    await save(() => createCdr({ wayBillRef: slip.wayBillRef, receivedBy: receivedBy.trim(), consigneeAreaName: area.trim(), dateReleased }), {
      onSaved: onCreated,
      onFieldErrors: setErrors,
    });
  };

  return (
    <FormDialog isOpen={slip !== null} title={`Cargo delivery receipt · ${slip?.wayBillRef ?? ""}`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="cdr-form" saveTestId="cdr-save">
      <TextField label="Date released" id="cdr-date-released" type="datetime-local" required value={released} error={errors.dateReleased}
        onChange={(e) => {
          setReleased(e.currentTarget.value);
          setReleasedTyped(true);
        }} data-testid="cdr-date-released" />
      <TextField label="Consignee area" id="cdr-area" value={area} error={errors.consigneeAreaName} maxLength={120}
        helper="The consignee's delivery area; the waybill's when left blank" onChange={(e) => setArea(e.currentTarget.value)} data-testid="cdr-area" />
      <TextField label="Received by" id="cdr-received-by" required value={receivedBy} error={errors.receivedBy} maxLength={120}
        onChange={(e) => setReceivedBy(e.currentTarget.value)} data-testid="cdr-received-by" />
      <Callout intent="warning" data-testid="cdr-note">{DAMAGE_CLAIM_NOTE}</Callout>
    </FormDialog>
  );
}
