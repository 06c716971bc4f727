import { TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";

/**
 * Asks why, before a record is taken back (a receipt cancelled, a cheque bounced, an invoice spoiled): nothing
 * issued goes without its reason. `onConfirm` runs the write; the dialog closes once it has succeeded.
 */
export function ReasonDialog(props: {
  isOpen: boolean;
  title: string;
  description: string;
  actionText: string;
  testId: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<boolean>;
}) {
  const { isOpen, title, description, actionText, testId, onClose, onConfirm } = props;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const close = () => {
    setReason("");
    setError(undefined);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") return setError("Give the reason");
    setSaving(true);
    try {
      if (await onConfirm(reason.trim())) close();
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormDialog isOpen={isOpen} title={title} saving={saving} onClose={close} onSubmit={submit} formTestId={`${testId}-form`} saveTestId={`${testId}-confirm`}>
      <p>{description}</p>
      <FormField label="Reason" id={`${testId}-reason`} required error={error}>
        <TextArea id={`${testId}-reason`} fill value={reason} maxLength={300} onChange={(e) => setReason(e.currentTarget.value)} data-testid={`${testId}-reason`} />
      </FormField>
      <p className="bp6-text-muted">{actionText}</p>
    </FormDialog>
  );
}
