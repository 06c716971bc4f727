import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { FormField } from "../../../components/FormDialog.tsx";
import { useDebounced, useOpenings, useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { loadHustlingVoyages } from "../api/hustlings.ts";

interface Branch {
  branchCode: string;
  branchName: string;
  defaultBranch: boolean;
}

/**
 * Starts a hustling: the branch it is hauled at and the voyage it is for (one leaving from or calling at the
 * branch). A voyage that has its hustling at the branch already opens that one.
 */
export function NewHustlingDialog(props: { isOpen: boolean; branches: Branch[]; onClose: () => void; onChosen: (branchCode: string, voyageNum: string) => void }) {
  const { isOpen, branches, onClose, onChosen } = props;
  const opening = useOpenings(isOpen);
  const [branchCode, setBranchCode] = useState("");
  const [voyageNum, setVoyageNum] = useState("");
  const [search, setSearch] = useState("");
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (!isOpen) return;
    setBranchCode((branches.find((b) => b.defaultBranch) ?? branches[0])?.branchCode ?? "");
    setVoyageNum("");
    setSearch("");
    setError(undefined);
  }, [isOpen, branches]);

  const settled = useDebounced(search.trim());
  const voyages = useRecord(isOpen && branchCode ? JSON.stringify([opening, branchCode, settled]) : null, () => loadHustlingVoyages(branchCode, settled));
  const offered = voyages.data?.data ?? [];
  const chosen = offered.find((v) => v.voyageNum === voyageNum);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!voyageNum) {
      setError("Choose the voyage the vans are hustled for");
      return;
    }
    onChosen(branchCode, voyageNum);
  };

  return (
    <Dialog isOpen={isOpen} title="New hustling" onClose={onClose} canOutsideClickClose={false} className="lading-form-dialog">
      <form onSubmit={submit} noValidate data-testid="hustling-new-form">
      <DialogBody>
      <FormField label="Branch" id="hustling-new-branch" required>
        <HTMLSelect id="hustling-new-branch" fill value={branchCode} onChange={(e) => { setBranchCode(e.currentTarget.value); setVoyageNum(""); }}
          data-testid="hustling-new-branch">
          {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
        </HTMLSelect>
      </FormField>
      <FormField label="Find a voyage" id="hustling-new-search">
        <InputGroup id="hustling-new-search" type="search" leftIcon={<Search />} placeholder="Voyage number, reference or vessel"
          value={search} onValueChange={setSearch} data-testid="hustling-new-search" />
      </FormField>
      <FormField label="Voyage" id="hustling-new-voyage" required error={error}
        helper={!voyages.loading && offered.length === 0 ? voyages.data?.message ?? "No voyage matches." : undefined}>
        <HTMLSelect id="hustling-new-voyage" fill value={voyageNum} onChange={(e) => { setVoyageNum(e.currentTarget.value); setError(undefined); }}
          data-testid="hustling-new-voyage">
          <option value="">Choose a voyage…</option>
          {offered.map((v) => (
            <option key={v.voyageNum} value={v.voyageNum}>
              {v.voyageNum} · {v.voyageRef} · {v.vesselName}{v.hustlingCstNum ? ` (hustling ${v.hustlingCstNum})` : ""}
            </option>
          ))}
        </HTMLSelect>
      </FormField>
      {chosen && (
        <Callout intent={chosen.hustlingCstNum ? "primary" : "none"} data-testid="hustling-new-voyage-summary">
          {chosen.vesselName}, departing {chosen.originBranchCode} {formatDateTime(chosen.estimatedTimeDeparture)}.
          {chosen.hustlingCstNum ? ` Its hustling at ${branchCode} is ${chosen.hustlingCstNum}; it opens to be changed.` : ""}
        </Callout>
      )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cancel" onClick={onClose} />
            <Button type="submit" intent="primary" text={chosen?.hustlingCstNum ? "Open it" : "Continue"} data-testid="hustling-new-continue" />
          </>
        }
      />
      </form>
    </Dialog>
  );
}
