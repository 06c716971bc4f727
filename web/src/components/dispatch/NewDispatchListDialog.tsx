import { TextArea } from "@blueprintjs/core";
import { type ReactNode, useEffect, useState } from "react";
import { FormDialog, FormField } from "../FormDialog.tsx";
import { serverMessage } from "../../lib/api.ts";
import type { RecordState } from "../../lib/data/load.ts";
import { focusSoon, useFormSave } from "../../lib/data/save.ts";
import type { DispatchPreview, DispatchRow, WriteResult } from "./contracts.ts";
import { DispatchLinesTable } from "./DispatchLinesTable.tsx";
import type { DispatchWords } from "./DispatchListsScreen.tsx";

/** The new-list dialog as the screen opens it; the direction's dialog adds how its voyage is chosen. */
export interface NewDispatchListDialogProps {
  words: DispatchWords;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (row: DispatchRow) => void;
}

/**
 * Starts a dispatch list of either direction: the direction chooses the voyage (and what else it needs) and says
 * what the voyage would carry; the lines are shown, remarks added, and the list is made as a draft to be sent from
 * the list.
 */
export function NewDispatchListDialog(props: NewDispatchListDialogProps & {
  /** The voyage chosen or typed, trimmed; empty while there is none. */
  voyageNum: string;
  /** The error when the list is saved without a voyage. */
  voyageMissing: string;
  voyageHelper: string;
  /** The voyage's input; `edited` clears the field's error as the user changes it. */
  voyageInput: (inputId: string, edited: () => void) => ReactNode;
  /** Fields before the voyage's (a search for it) and after it (the branch). */
  fieldsBefore?: ReactNode;
  fieldsAfter?: ReactNode;
  /** The voyage the page opened the dialog for: when the address changes it while open, the form starts afresh. */
  givenVoyage?: string;
  preview: RecordState<DispatchPreview>;
  create: (remarks: string) => Promise<WriteResult<DispatchRow>>;
}) {
  const { words, isOpen, onClose, onCreated, voyageNum, givenVoyage, preview } = props;
  const id = (what: string) => `${words.testIdPrefix}-new-${what}`;
  const voyageInputId = id("voyage");
  const [remarks, setRemarks] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setRemarks("");
    setError(undefined);
  }, [isOpen, givenVoyage]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!voyageNum) {
      setError(props.voyageMissing);
      focusSoon(voyageInputId);
      return;
    }
    await save(() => props.create(remarks.trim()), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => setError(fieldErrors.voyageNum ?? fieldErrors.branchCode),
    });
  };

  const lines = preview.data?.data ?? [];
  return (
    <FormDialog isOpen={isOpen} title={`New ${words.list}`} saving={saving} onClose={onClose} onSubmit={(e) => void submit(e)}
      formTestId={id("form")} saveTestId={id("save")} className="lading-wide-form lading-full-controls">
      {props.fieldsBefore}
      <FormField label="Voyage" id={voyageInputId} required error={error ?? (preview.error ? serverMessage(preview.error) : undefined)} helper={props.voyageHelper}>
        {props.voyageInput(voyageInputId, () => setError(undefined))}
      </FormField>
      {props.fieldsAfter}
      {preview.data && lines.length > 0 && <DispatchLinesTable lines={lines} testId={id("lines")} />}
      {preview.data && lines.length === 0 && <p className="lading-cts-booking" data-testid={id("none")}>{preview.data.message}</p>}
      <FormField label="Remarks" id={id("remarks")} helper="Goes to the dispatch team with the list.">
        <TextArea id={id("remarks")} fill value={remarks} maxLength={500} onChange={(e) => setRemarks(e.currentTarget.value)}
          data-testid={id("remarks")} />
      </FormField>
    </FormDialog>
  );
}
