import { TextArea } from "@blueprintjs/core";
import { useState } from "react";
import { FormDialog, FormField } from "../FormDialog.tsx";
import { useFormSave } from "../../lib/data/save.ts";
import type { TallySheetRow, WriteResult } from "./contracts.ts";

/**
 * Undoing a final tally (tally sheet undo role): the reason is asked for and kept in the status history and the
 * audit log of the sheet, its waybills and its bookings.
 */
export function UndoFinalTallyDialog({ sheet, undo, onClose, onDone }: {
  sheet: TallySheetRow | null;
  /** The side's undo call (outbound or inbound). */
  undo: (tallySheetNum: string, dateModified: string, reason: string) => Promise<WriteResult<TallySheetRow>>;
  onClose: () => void;
  onDone: () => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!sheet) return;
    if (!reason.trim()) return setError("Say why the final tally is undone.");
    void save(() => undo(sheet.tallySheetNum, sheet.dateModified, reason.trim()), {
      onSaved: () => {
        setReason("");
        onDone();
      },
      onFieldErrors: (fields) => setError(fields.reason),
    });
  };

  return (
    <FormDialog isOpen={sheet !== null} title={`Undo the final tally of ${sheet?.tallySheetNum ?? ""}`} saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="tally-undo-form" saveTestId="tally-undo-save">
      <p>The sheet opens again; its waybills go back on the load list and its bookings back to Outbound CTS Issued.</p>
      <FormField label="Reason" id="tally-undo-reason" required error={error}>
        <TextArea id="tally-undo-reason" fill value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="tally-undo-reason" />
      </FormField>
    </FormDialog>
  );
}
