import { HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import type { DispatchRow } from "../../../components/dispatch/contracts.ts";
import { DispatchLinesTable } from "../../../components/dispatch/DispatchLinesTable.tsx";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { createDeliveryList, previewDeliveries } from "../api/dispatch.ts";

const VOYAGE_INPUT = "delivery-new-voyage";

/**
 * Starts a delivery list: a voyage and one of the user's branches it calls at; the door deliveries released there
 * (their cargo release order made) are shown, and the list is made as a draft to be sent from the list.
 */
export function NewDeliveryListDialog(props: { isOpen: boolean; onClose: () => void; onCreated: (row: DispatchRow) => void }) {
  const { isOpen, onClose, onCreated } = props;
  const user = useAtomValue(signedInUserAtom);
  const branches = user?.branches ?? [];
  const [voyageText, setVoyageText] = useState("");
  const [branchCode, setBranchCode] = useState("");
  const [remarks, setRemarks] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setVoyageText("");
    setBranchCode((branches.find((b) => b.defaultBranch) ?? branches[0])?.branchCode ?? "");
    setRemarks("");
    setError(undefined);
  }, [isOpen]);

  const voyageNum = useDebounced(voyageText.trim());
  const preview = useRecord(isOpen && voyageNum && branchCode ? `${voyageNum}:${branchCode}` : null, () => previewDeliveries(voyageNum, branchCode),
    { keepStale: false, quiet: () => true });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!voyageText.trim()) {
      setError("Enter the voyage whose deliveries the list carries");
      focusSoon(VOYAGE_INPUT);
      return;
    }
    await save(() => createDeliveryList({ voyageNum: voyageText.trim(), branchCode, remarks: remarks.trim() }), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => setError(fieldErrors.voyageNum ?? fieldErrors.branchCode),
    });
  };

  const count = preview.data?.data.length ?? 0;
  return (
    <FormDialog isOpen={isOpen} title="New delivery list" saving={saving} onClose={onClose} onSubmit={(e) => void submit(e)}
      formTestId="delivery-new-form" saveTestId="delivery-new-save" className="lading-wide-form lading-full-controls">
      <FormField label="Voyage" id={VOYAGE_INPUT} required error={error ?? (preview.error ? serverMessage(preview.error) : undefined)}
        helper={preview.data ? `${count} released door deliver${count === 1 ? "y" : "ies"} at ${preview.data.branchCode}.` : "The deliveries whose cargo release order is made."}>
        <InputGroup id={VOYAGE_INPUT} placeholder="Voyage number" value={voyageText} onValueChange={(v) => {
          setVoyageText(v);
          setError(undefined);
        }} data-testid={VOYAGE_INPUT} />
      </FormField>
      <FormField label="Branch" id="delivery-new-branch" required>
        <HTMLSelect id="delivery-new-branch" fill value={branchCode} onChange={(e) => setBranchCode(e.currentTarget.value)} data-testid="delivery-new-branch">
          {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
        </HTMLSelect>
      </FormField>
      {preview.data && count > 0 && <DispatchLinesTable lines={preview.data.data} testId="delivery-new-lines" />}
      {preview.data && count === 0 && <p className="lading-cts-booking" data-testid="delivery-new-none">{preview.data.message}</p>}
      <FormField label="Remarks" id="delivery-new-remarks" helper="Goes to the dispatch team with the list.">
        <TextArea id="delivery-new-remarks" fill value={remarks} maxLength={500} onChange={(e) => setRemarks(e.currentTarget.value)}
          data-testid="delivery-new-remarks" />
      </FormField>
    </FormDialog>
  );
}
