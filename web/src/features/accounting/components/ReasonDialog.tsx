import { TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { useFormSave } from "../../../lib/data/save.ts";

/**
 * Asks why, before a record is taken back (a receipt cancelled, a cheque bounced, an invoice spoiled): nothing
 * issued goes without its reason. `onConfirm` makes the write (saved the way every form saves: leaving is guarded
 * meanwhile, the server's notice or refusal is shown); `onDone` runs once it has succeeded, or failed, so the
 * list behind is read again either way.
 */
export function ReasonDialog(props: {
  isOpen: boolean;
  title: string;
  description: string;
  actionText: string;
  testId: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<{ message: string }>;
  onDone: (saved: boolean) => void;
}) {
  const { isOpen, title, description, actionText, testId, onClose, onConfirm, onDone } = props;
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();
  const close = () => {
    setReason("");
    setError(undefined);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (reason.trim() === "") return setError("Give the reason");
    let saved = false;
    await save(() => onConfirm(reason.trim()), {
      onSaved: () => {
        saved = true;
        close();
      },
      onFieldErrors: (fields) => setError(fields.reason),
    });
    onDone(saved);
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
