import { Button, Callout, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { Tick } from "@blueprintjs/icons";
import { useState } from "react";
import { FormField } from "../FormDialog.tsx";
import { containerTypeLabel } from "../../lib/labels.ts";
import {
  CONTAINER_TYPES, type ContainerType, EMPTY, FULL, type TallyCandidate, type TallyEntryInput, tallyEntryBody, type TallyView, VAN_SIZES,
} from "./contracts.ts";

interface Draft {
  wayBillRef: string;
  containerType: ContainerType;
  containerVanNum: string;
  size: string;
  sealNum: string;
  truckingCode: string;
  plateNum: string;
  driver: string;
  cyPullOutCode: string;
  remarks: string;
}

const BLANK: Draft = {
  wayBillRef: "", containerType: FULL, containerVanNum: "", size: "", sealNum: "", truckingCode: "", plateNum: "", driver: "", cyPullOutCode: "", remarks: "",
};

function draftOf(entry: TallyEntryInput | undefined): Draft {
  if (!entry) return BLANK;
  return {
    wayBillRef: entry.wayBillRef ?? "", containerType: entry.containerType, containerVanNum: entry.containerVanNum, size: entry.size ?? "",
    sealNum: entry.sealNum, truckingCode: entry.truckingCode ?? "", plateNum: entry.plateNum, driver: entry.driver, cyPullOutCode: entry.cyPullOutCode ?? "",
    remarks: entry.remarks,
  };
}

export interface TallyEntryFormProps {
  view: TallyView;
  /** The waybills whose vans may be counted now: on the list for this destination, not counted yet. */
  candidates: TallyCandidate[];
  /** An entry to change (one the server refused); its entryId stays, a new entry gets a fresh one. */
  entry?: TallyEntryInput;
  newEntryId: () => string;
  submitText: string;
  idPrefix: string;
  onSubmit: (entry: TallyEntryInput) => Promise<void> | void;
}

/**
 * One van as the pier counts it: a full van picked by its waybill (its van, size, seal and truck filled in from
 * the waybill), or an empty van of the line by its number. Checked here with the server's own contract before it
 * goes into the queue, so what waits offline is at least well formed.
 */
export function TallyEntryForm({ view, candidates, entry, newEntryId, submitText, idPrefix, onSubmit }: TallyEntryFormProps) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(entry));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (change: Partial<Draft>) => setDraft((d) => ({ ...d, ...change }));
  const id = (name: string) => `${idPrefix}-${name}`;
  // A van is picked by its waybill and its number together: a tandem waybill offers each of its two vans.
  const keyOf = (c: { wayBillRef: string; containerVanNum: string }) => `${c.wayBillRef}|${c.containerVanNum}`;
  const pickedKey = draft.wayBillRef ? keyOf(draft) : "";
  const picked = candidates.find((c) => keyOf(c) === pickedKey);
  const known = entry?.wayBillRef && !picked ? [{ wayBillRef: entry.wayBillRef, containerVanNum: entry.containerVanNum }] : [];

  const pick = (key: string) => {
    const c = candidates.find((x) => keyOf(x) === key);
    if (!c) return set({ wayBillRef: "", containerVanNum: "" });
    set({
      wayBillRef: c.wayBillRef, containerType: FULL, containerVanNum: c.containerVanNum, size: c.size || "20", sealNum: c.sealNum,
      truckingCode: c.truckingCode, plateNum: c.plateNum, driver: c.driver,
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const full = draft.containerType === FULL;
    const parsed = tallyEntryBody.safeParse({
      entryId: entry?.entryId ?? newEntryId(),
      wayBillRef: full ? draft.wayBillRef : undefined,
      containerVanNum: draft.containerVanNum,
      containerType: draft.containerType,
      size: draft.size,
      sealNum: draft.sealNum,
      truckingCode: draft.truckingCode,
      plateNum: draft.plateNum,
      driver: draft.driver,
      cyPullOutCode: draft.cyPullOutCode,
      remarks: draft.remarks,
      timeTallied: entry?.timeTallied ?? new Date().toISOString(),
    });
    if (full && !draft.wayBillRef) return setError("Pick the waybill of the full van.");
    if (!full && !draft.containerVanNum.trim()) return setError("Give the number of the empty van.");
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Please correct the entry.");
    setError(null);
    setBusy(true);
    try {
      await onSubmit(parsed.data);
      if (!entry) setDraft({ ...BLANK, truckingCode: draft.truckingCode, cyPullOutCode: draft.cyPullOutCode });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid={`${idPrefix}-form`}>
      {error && <Callout intent="danger" className="lading-tally-conflicts" data-testid={`${idPrefix}-error`}>{error}</Callout>}
      <div className="lading-tally-form">
        <FormField label="Type" id={id("type")}>
          <HTMLSelect id={id("type")} value={draft.containerType} fill
            onChange={(e) => set({ containerType: e.currentTarget.value as ContainerType, wayBillRef: "", containerVanNum: "", sealNum: "" })}
            data-testid={`${idPrefix}-type`}>
            {CONTAINER_TYPES.map((t) => <option key={t} value={t}>{t} · {containerTypeLabel(t)}</option>)}
          </HTMLSelect>
        </FormField>
        {draft.containerType === FULL ? (
          <FormField label="Waybill" id={id("waybill")} required helper={picked ? `${picked.shipperName} · ${picked.goods}` : undefined}>
            <HTMLSelect id={id("waybill")} value={pickedKey} fill onChange={(e) => pick(e.currentTarget.value)} data-testid={`${idPrefix}-waybill`}>
              <option value="">Pick the waybill…</option>
              {[...candidates, ...known].map((c) => <option key={keyOf(c)} value={keyOf(c)}>{c.wayBillRef} · {c.containerVanNum}</option>)}
            </HTMLSelect>
          </FormField>
        ) : null}
        <FormField label="Van No." id={id("van")} required>
          <InputGroup id={id("van")} value={draft.containerVanNum} readOnly={draft.containerType === FULL}
            onValueChange={(v) => set({ containerVanNum: v.toUpperCase() })} data-testid={`${idPrefix}-van`} />
        </FormField>
        <FormField label="Size" id={id("size")}>
          <HTMLSelect id={id("size")} value={draft.size} fill onChange={(e) => set({ size: e.currentTarget.value })} data-testid={`${idPrefix}-size`}>
            <option value="">{draft.containerType === EMPTY ? "The van's own" : "The waybill's"}</option>
            {VAN_SIZES.map((s) => <option key={s} value={s}>{s}'</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Seal No." id={id("seal")}>
          <InputGroup id={id("seal")} value={draft.sealNum} onValueChange={(v) => set({ sealNum: v })} data-testid={`${idPrefix}-seal`} />
        </FormField>
        <FormField label="Trucker" id={id("trucker")}>
          <HTMLSelect id={id("trucker")} value={draft.truckingCode} fill onChange={(e) => set({ truckingCode: e.currentTarget.value })}
            data-testid={`${idPrefix}-trucker`}>
            <option value="">None</option>
            {view.truckers.map((t) => <option key={t.code} value={t.code}>{t.code} · {t.name}</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Plate No." id={id("plate")}>
          <InputGroup id={id("plate")} value={draft.plateNum} onValueChange={(v) => set({ plateNum: v })} data-testid={`${idPrefix}-plate`} />
        </FormField>
        <FormField label="Driver" id={id("driver")}>
          <InputGroup id={id("driver")} value={draft.driver} onValueChange={(v) => set({ driver: v })} data-testid={`${idPrefix}-driver`} />
        </FormField>
        <FormField label="CY pull-out" id={id("cy")}>
          <HTMLSelect id={id("cy")} value={draft.cyPullOutCode} fill onChange={(e) => set({ cyPullOutCode: e.currentTarget.value })} data-testid={`${idPrefix}-cy`}>
            <option value="">None</option>
            {view.yards.map((y) => <option key={y.code} value={y.code}>{y.code} · {y.name}</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Remarks" id={id("remarks")} className="lading-tally-form-wide">
          <InputGroup id={id("remarks")} value={draft.remarks} onValueChange={(v) => set({ remarks: v })} data-testid={`${idPrefix}-remarks`} />
        </FormField>
      </div>
      <Button type="submit" intent="primary" icon={<Tick />} text={submitText} loading={busy} data-testid={`${idPrefix}-submit`} />
    </form>
  );
}
