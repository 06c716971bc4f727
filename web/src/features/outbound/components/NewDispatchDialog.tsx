import { HTMLSelect, InputGroup } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { NewDispatchListDialog, type NewDispatchListDialogProps } from "../../../components/dispatch/NewDispatchListDialog.tsx";
import { FormField } from "../../../components/FormDialog.tsx";
import { useDebounced, useOpenings, useRecord } from "../../../lib/data/load.ts";
import { createDispatchList, previewDispatch } from "../api/dispatch.ts";
import { loadOutboundVoyages } from "../api/voyage-documents.ts";

/**
 * Starts a pick-up list: a voyage of the user's branches is chosen (the one the page was opened for, if any), its
 * door pick-ups at the origin are shown, and the list is made as a draft to be sent from the list.
 */
export function NewDispatchDialog(props: NewDispatchListDialogProps & { voyageNum?: string }) {
  const { isOpen } = props;
  const given = props.voyageNum ?? "";
  const opening = useOpenings(isOpen);
  const [search, setSearch] = useState("");
  const [voyageNum, setVoyageNum] = useState("");

  useEffect(() => {
    if (!isOpen) return;
    setSearch(given);
    setVoyageNum(given);
  }, [isOpen, given]);

  const settled = useDebounced(search.trim());
  const voyages = useRecord(isOpen && opening ? `${opening}:${settled}` : null, () => loadOutboundVoyages({ skip: 0, take: 50, search: settled }));
  const preview = useRecord(isOpen && voyageNum ? voyageNum : null, () => previewDispatch(voyageNum), { keepStale: false, quiet: () => true });
  // Pick-ups are made at the voyage's origin: the voyages the user only sees as a port of call are not offered.
  const offered = (voyages.data?.data ?? []).filter((v) => v.atOrigin);

  return (
    <NewDispatchListDialog
      {...props}
      voyageNum={voyageNum}
      givenVoyage={given}
      voyageMissing="Choose the voyage whose pick-ups the list carries"
      voyageHelper={voyageNum && preview.data ? `${preview.data.data.length} door pick-up${preview.data.data.length === 1 ? "" : "s"} at ${preview.data.branchCode}.` : "The pick-ups are those at the voyage's origin."}
      fieldsBefore={
        <FormField label="Find a voyage" id="dispatch-new-search">
          <InputGroup id="dispatch-new-search" type="search" leftIcon={<Search />} placeholder="Voyage no., ref, vessel or route"
            value={search} onValueChange={setSearch} data-testid="dispatch-new-search" />
        </FormField>
      }
      voyageInput={(inputId, edited) => (
        <HTMLSelect id={inputId} fill value={voyageNum} onChange={(e) => {
          setVoyageNum(e.currentTarget.value);
          edited();
        }} data-testid={inputId}>
          <option value="">Choose a voyage…</option>
          {voyageNum && !offered.some((v) => v.voyageNum === voyageNum) && <option value={voyageNum}>{voyageNum}</option>}
          {offered.map((v) => <option key={v.voyageNum} value={v.voyageNum}>{v.voyageNum} · {v.voyageRef} · {v.vesselName} · from {v.originBranchCode}</option>)}
        </HTMLSelect>
      )}
      preview={preview}
      create={(remarks) => createDispatchList({ voyageNum, remarks })}
    />
  );
}
