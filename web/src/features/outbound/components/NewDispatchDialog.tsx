import { HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import type { DispatchRow } from "../../../components/dispatch/contracts.ts";
import { DispatchLinesTable } from "../../../components/dispatch/DispatchLinesTable.tsx";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useDebounced, useOpenings, useRecord } from "../../../lib/data/load.ts";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { createDispatchList, previewDispatch } from "../api/dispatch.ts";
import { loadOutboundVoyages } from "../api/voyage-documents.ts";

const VOYAGE_INPUT = "dispatch-new-voyage";

/**
 * Starts a pick-up list: a voyage of the user's branches is chosen (the one the page was opened for, if any), its
 * door pick-ups at the origin are shown, and the list is made as a draft to be sent from the list.
 */
export function NewDispatchDialog(props: { isOpen: boolean; voyageNum?: string; onClose: () => void; onCreated: (row: DispatchRow) => void }) {
  const { isOpen, onClose, onCreated } = props;
  const given = props.voyageNum ?? "";
  const opening = useOpenings(isOpen);
  const [search, setSearch] = useState("");
  const [voyageNum, setVoyageNum] = useState("");
  const [remarks, setRemarks] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setSearch(given);
    setVoyageNum(given);
    setRemarks("");
    setError(undefined);
  }, [isOpen, given]);

  const settled = useDebounced(search.trim());
  const voyages = useRecord(isOpen && opening ? `${opening}:${settled}` : null, () => loadOutboundVoyages({ skip: 0, take: 50, search: settled }));
  const preview = useRecord(isOpen && voyageNum ? voyageNum : null, () => previewDispatch(voyageNum), { keepStale: false, quiet: () => true });
  // Pick-ups are made at the voyage's origin: the voyages the user only sees as a port of call are not offered.
  const offered = (voyages.data?.data ?? []).filter((v) => v.atOrigin);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!voyageNum) {
      setError("Choose the voyage whose pick-ups the list carries");
      focusSoon(VOYAGE_INPUT);
      return;
    }
    await save(() => createDispatchList({ voyageNum, remarks: remarks.trim() }), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => setError(fieldErrors.voyageNum ?? fieldErrors.branchCode),
    });
  };

  return (
    <FormDialog isOpen={isOpen} title="New pick-up list" saving={saving} onClose={onClose} onSubmit={(e) => void submit(e)}
      formTestId="dispatch-new-form" saveTestId="dispatch-new-save" className="lading-wide-form lading-full-controls">
      <FormField label="Find a voyage" id="dispatch-new-search">
        <InputGroup id="dispatch-new-search" type="search" leftIcon={<Search />} placeholder="Voyage no., ref, vessel or route"
          value={search} onValueChange={setSearch} data-testid="dispatch-new-search" />
      </FormField>
      <FormField label="Voyage" id={VOYAGE_INPUT} required error={error ?? (preview.error ? serverMessage(preview.error) : undefined)}
        helper={voyageNum && preview.data ? `${preview.data.data.length} door pick-up${preview.data.data.length === 1 ? "" : "s"} at ${preview.data.branchCode}.` : "The pick-ups are those at the voyage's origin."}>
        <HTMLSelect id={VOYAGE_INPUT} fill value={voyageNum} onChange={(e) => {
          setVoyageNum(e.currentTarget.value);
          setError(undefined);
        }} data-testid={VOYAGE_INPUT}>
          <option value="">Choose a voyage…</option>
          {voyageNum && !offered.some((v) => v.voyageNum === voyageNum) && <option value={voyageNum}>{voyageNum}</option>}
          {offered.map((v) => <option key={v.voyageNum} value={v.voyageNum}>{v.voyageNum} · {v.voyageRef} · {v.vesselName} · from {v.originBranchCode}</option>)}
        </HTMLSelect>
      </FormField>
      {preview.data && preview.data.data.length > 0 && <DispatchLinesTable lines={preview.data.data} testId="dispatch-new-lines" />}
      {preview.data && preview.data.data.length === 0 && <p className="lading-cts-booking" data-testid="dispatch-new-none">{preview.data.message}</p>}
      <FormField label="Remarks" id="dispatch-new-remarks" helper="Goes to the dispatch team with the list.">
        <TextArea id="dispatch-new-remarks" fill value={remarks} maxLength={500} onChange={(e) => setRemarks(e.currentTarget.value)}
          data-testid="dispatch-new-remarks" />
      </FormField>
    </FormDialog>
  );
}
