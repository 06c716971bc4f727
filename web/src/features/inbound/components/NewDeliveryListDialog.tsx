import { HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { NewDispatchListDialog, type NewDispatchListDialogProps } from "../../../components/dispatch/NewDispatchListDialog.tsx";
import { FormField } from "../../../components/FormDialog.tsx";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { createDeliveryList, previewDeliveries } from "../api/dispatch.ts";

/**
 * Starts a delivery list: a voyage and one of the user's branches it calls at; the door deliveries released there
 * (their cargo release order made) are shown, and the list is made as a draft to be sent from the list.
 */
export function NewDeliveryListDialog(props: NewDispatchListDialogProps) {
  const { isOpen } = props;
  const user = useAtomValue(signedInUserAtom);
  const branches = user?.branches ?? [];
  const [voyageText, setVoyageText] = useState("");
  const [branchCode, setBranchCode] = useState("");

  useEffect(() => {
    if (!isOpen) return;
    setVoyageText("");
    setBranchCode((branches.find((b) => b.defaultBranch) ?? branches[0])?.branchCode ?? "");
  }, [isOpen]);

  const voyageNum = useDebounced(voyageText.trim());
  const preview = useRecord(isOpen && voyageNum && branchCode ? `${voyageNum}:${branchCode}` : null, () => previewDeliveries(voyageNum, branchCode),
    { keepStale: false, quiet: () => true });

  const count = preview.data?.data.length ?? 0;
  return (
    <NewDispatchListDialog
      {...props}
      voyageNum={voyageText.trim()}
      voyageMissing="Enter the voyage whose deliveries the list carries"
      voyageHelper={preview.data ? `${count} released door deliver${count === 1 ? "y" : "ies"} at ${preview.data.branchCode}.` : "The deliveries whose cargo release order is made."}
      voyageInput={(inputId, edited) => (
        <InputGroup id={inputId} placeholder="Voyage number" value={voyageText} onValueChange={(v) => {
          setVoyageText(v);
          edited();
        }} data-testid={inputId} />
      )}
      fieldsAfter={
        <FormField label="Branch" id="delivery-new-branch" required>
          <HTMLSelect id="delivery-new-branch" fill value={branchCode} onChange={(e) => setBranchCode(e.currentTarget.value)} data-testid="delivery-new-branch">
            {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
          </HTMLSelect>
        </FormField>
      }
      preview={preview}
      create={(remarks) => createDeliveryList({ voyageNum: voyageText.trim(), branchCode, remarks })}
    />
  );
}
