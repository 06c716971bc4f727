import "../hustling.css";
import { AnchorButton, Button, Callout, Card, H5, HTMLSelect, InputGroup, NonIdealState, Spinner, TextArea } from "@blueprintjs/core";
import { Add, FloppyDisk, Print, Search, Trash } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { manilaDateTime, manilaInstant } from "../../../../../api/shared/dates.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { DataTable } from "../../../components/DataTable.tsx";
import { FormField, TextField } from "../../../components/FormDialog.tsx";
import { RowAction, RowActions } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { HUSTLING_REDIRECT_MS, type HustlingRow, TO_REFERENCES, type ToReference } from "../api/contracts.ts";
import {
  type ContainerVan,
  createHustling,
  deleteHustling,
  hustlingPrintUrl,
  loadHustlingTruckers,
  loadHustlingVans,
  loadHustlingVoyages,
  platesOf,
  readHustlingOfVoyage,
  updateHustling,
} from "../api/hustlings.ts";

interface LineDraft {
  containerVanNum: string;
  containerType: string;
  size: string;
  plateNum: string;
  driver: string;
  detailsRemarks: string;
}

interface Draft {
  toReference: ToReference;
  hustVoyageNum: string;
  toPortCode: string;
  fromCyCode: string;
  toCyCode: string;
  truckingCode: string;
  /** Manila wall clock, as the datetime-local inputs hold it. */
  timeIn: string;
  timeOut: string;
  remarks: string;
  lines: LineDraft[];
}

type Errors = Record<string, string | undefined>;

const ID = {
  hustVoyageNum: "hustling-hustVoyageNum",
  toPortCode: "hustling-toPortCode",
  fromCyCode: "hustling-fromCyCode",
  toCyCode: "hustling-toCyCode",
  truckingCode: "hustling-truckingCode",
  dateTimeIn: "hustling-dateTimeIn",
  dateTimeOut: "hustling-dateTimeOut",
  lines: "hustling-van",
} as const;

function draftOf(row: HustlingRow | null): Draft {
  if (!row) {
    const now = manilaDateTime(new Date());
    return { toReference: "To Vessel", hustVoyageNum: "", toPortCode: "", fromCyCode: "", toCyCode: "", truckingCode: "", timeIn: now, timeOut: now, remarks: "", lines: [] };
  }
  return {
    toReference: row.toReference,
    hustVoyageNum: row.hustVoyageNum ?? "",
    toPortCode: row.toPortCode ?? "",
    fromCyCode: row.fromCyCode,
    toCyCode: row.toCyCode,
    truckingCode: row.truckingCode,
    timeIn: manilaDateTime(row.dateTimeIn),
    timeOut: manilaDateTime(row.dateTimeOut),
    remarks: row.remarks,
    lines: row.lines.map((l) => ({ ...l })),
  };
}

/** A datetime-local value read as Manila time; null while incomplete. */
function instantOf(value: string): string | null {
  try {
    return manilaInstant(value.slice(0, 10), value.slice(11, 16));
  } catch {
    return null;
  }
}

/** What the server would refuse outright, said where the field is. */
function localErrors(d: Draft): Errors {
  const e: Errors = {};
  if (d.toReference === "To Vessel" && !d.hustVoyageNum) e.hustVoyageNum = "Choose the voyage of the vessel the vans go to";
  if (d.toReference === "To Port" && !d.toPortCode) e.toPortCode = "Choose the port the vans go to";
  if (!d.fromCyCode) e.fromCyCode = "fromCyCode is required";
  if (!d.toCyCode) e.toCyCode = "toCyCode is required";
  if (!d.truckingCode) e.truckingCode = "truckingCode is required";
  const timeIn = instantOf(d.timeIn);
  const timeOut = instantOf(d.timeOut);
  if (!timeIn) e.dateTimeIn = "dateTimeIn must be a date and time";
  if (!timeOut) e.dateTimeOut = "dateTimeOut must be a date and time";
  if (timeIn && timeOut && Date.parse(timeOut) < Date.parse(timeIn)) e.dateTimeOut = "Date and time out cannot be before date and time in";
  if (d.lines.length === 0) e.lines = "Add at least one container van";
  d.lines.forEach((l, i) => {
    if (!l.plateNum.trim()) e[`lines.${i}.plateNum`] = "plateNum is required";
    if (!l.driver.trim()) e[`lines.${i}.driver`] = "driver is required";
  });
  return e;
}

/**
 * /Hustling/{branchCode}/{voyageNum}: the voyage's hustling at the branch (001 §3), or the form that writes it.
 * Where the vans go (another vessel at the branch, or a port), the two yards, the hauling trucker, the times,
 * and the vans, picked from the from yard's full and empty vans. After a save or a delete the screen goes back
 * to the list a second later (001 §9).
 */
export default function HustlingPage({ params }: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  const branchCode = params.a ?? "";
  const voyageNum = params.b ?? "";
  const works = user?.branches.some((b) => b.branchCode.toLowerCase() === branchCode.toLowerCase()) ?? false;
  const key = works ? `${branchCode}/${voyageNum}` : null;

  const [draft, setDraft] = useState<Draft>(() => draftOf(null));
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [vanSearch, setVanSearch] = useState("");
  const [chosenVan, setChosenVan] = useState<ContainerVan | null>(null);
  const [leaving, setLeaving] = useState(false);
  const { saving, save } = useFormSave();

  const existing = useRecord(key, () => readHustlingOfVoyage(branchCode, voyageNum), { onAnswer: (answer) => setDraft(draftOf(answer.data)) });
  const voyages = useRecord(key ? branchCode : null, () => loadHustlingVoyages(branchCode));
  const truckers = useRecord(key ? branchCode : null, () => loadHustlingTruckers(branchCode));
  const yards = usePicker("containerYards", { enabled: works });
  const ports = usePicker("ports", { enabled: works });
  const settledVanSearch = useDebounced(vanSearch.trim());
  const vans = useRecord(key && draft.fromCyCode ? JSON.stringify([draft.fromCyCode, settledVanSearch]) : null, () => loadHustlingVans(draft.fromCyCode, settledVanSearch));

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => navigate(PAGES.hustling), HUSTLING_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [leaving, navigate]);

  const header = existing.data?.data ?? null;
  const voyageList = voyages.data?.data ?? [];
  const voyage = voyageList.find((v) => v.voyageNum.toLowerCase() === voyageNum.toLowerCase());
  const haulers = truckers.data?.data ?? [];
  const plates = platesOf(haulers.find((t) => t.code === draft.truckingCode));
  const otherVessels = voyageList.filter((v) => v.voyageNum !== voyage?.voyageNum && v.vesselCode !== voyage?.vesselCode);
  const port = ports.find((p) => p.code === draft.toPortCode);
  const toBranch = draft.toReference === "To Port" ? port?.branchCode ?? "" : branchCode;
  const fromYards = yards.filter((y) => y.branchCode.toLowerCase() === branchCode.toLowerCase());
  const toYards = yards.filter((y) => y.branchCode.toLowerCase() === toBranch.toLowerCase());
  // The van picked stays on offer when a search typed earlier answers late without it: Add adds what is shown.
  const found = vans.data?.data ?? [];
  const offeredVans = [...(chosenVan && !found.some((v) => v.code === chosenVan.code) ? [chosenVan] : []), ...found]
    .filter((v) => !draft.lines.some((l) => l.containerVanNum === v.code));
  const crumbs = [{ text: "Hustling", href: PAGES.hustling }];

  const change = (patch: Partial<Draft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    // A field's errors go with its change; a changed list of lines takes the lines' errors along.
    const fields = Object.keys(patch);
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !fields.some((f) => k === f || k.startsWith(`${f}.`)))));
  };

  const setLine = (index: number, patch: Partial<LineDraft>) => {
    setDraft((d) => ({ ...d, lines: d.lines.map((l, i) => (i === index ? { ...l, ...patch } : l)) }));
    setErrors((e) => {
      const next = { ...e };
      for (const k of Object.keys(patch)) next[`lines.${index}.${k}`] = undefined;
      return next;
    });
  };

  const addVan = () => {
    const van = chosenVan;
    if (!van) return;
    change({ lines: [...draft.lines, { containerVanNum: van.code, containerType: van.vanType, size: van.size, plateNum: plates[0] ?? "", driver: "", detailsRemarks: "" }] });
    setChosenVan(null);
  };

  if (!works) {
    return (
      <div className="lading-page" data-testid="hustling-page">
        <PageHeader title="Hustling" crumbs={crumbs} />
        <NonIdealState title="Not your branch" description={`You do not work for branch ${branchCode}.`} data-testid="hustling-not-found" />
      </div>
    );
  }
  if (existing.loading || voyages.loading) {
    return <div className="lading-page" data-testid="hustling-page"><PageHeader title="Hustling" crumbs={crumbs} /><Spinner /></div>;
  }
  if (!voyage && !header) {
    return (
      <div className="lading-page" data-testid="hustling-page">
        <PageHeader title="Hustling" crumbs={crumbs} />
        <NonIdealState title="No such voyage here" description={`Voyage ${voyageNum} is not an active voyage leaving from or calling at branch ${branchCode}.`}
          data-testid="hustling-not-found" />
      </div>
    );
  }

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setRefusal(null);
    const local = localErrors(draft);
    const first = Object.keys(local).find((k) => local[k]);
    if (first) {
      setErrors(local);
      focusSoon(first in ID ? ID[first as keyof typeof ID] : `hustling-line-${first.split(".")[1]}-${first.split(".")[2]}`);
      return;
    }
    const details = {
      toReference: draft.toReference,
      hustVoyageNum: draft.toReference === "To Vessel" ? draft.hustVoyageNum : undefined,
      toPortCode: draft.toReference === "To Port" ? draft.toPortCode : undefined,
      fromCyCode: draft.fromCyCode,
      toCyCode: draft.toCyCode,
      truckingCode: draft.truckingCode,
      dateTimeIn: instantOf(draft.timeIn)!,
      dateTimeOut: instantOf(draft.timeOut)!,
      remarks: draft.remarks.trim(),
      lines: draft.lines.map((l) => ({ containerVanNum: l.containerVanNum, plateNum: l.plateNum.trim(), driver: l.driver.trim(), detailsRemarks: l.detailsRemarks.trim() })),
    };
    await save(() => {
      const work = header
        ? updateHustling(header.hustlingCstNum, { ...details, dateModified: header.dateModified })
        : createHustling({ branchCode, voyageNum: voyage?.voyageNum ?? voyageNum, ...details });
      return work.catch((error) => {
        setRefusal(serverMessage(error));
        throw error;
      });
    }, {
      onSaved: (result) => {
        existing.set({ data: result.data });
        setLeaving(true);
      },
      onFieldErrors: (fieldErrors) => setErrors(fieldErrors),
    });
  };

  const remove = async () => {
    if (!header) return;
    const confirmed = await confirmPrompt({
      title: "Delete hustling",
      description: `Delete hustling ${header.hustlingCstNum}? Its ${header.lines.length} van(s) go back to ${header.fromCyName}.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!confirmed) return;
    await save(() => deleteHustling(header.id), { onSaved: () => setLeaving(true), onFieldErrors: () => {} });
  };

  const lineError = (i: number, field: string) => errors[`lines.${i}.${field}`];
  const lineErrors = draft.lines.flatMap((l, i) =>
    ["containerVanNum", "plateNum", "driver", "detailsRemarks"].map((f) => lineError(i, f)).filter(Boolean).map((m) => `${l.containerVanNum}: ${m}`)
  );
  const input = (i: number, field: "plateNum" | "driver" | "detailsRemarks", label: string, max: number, list?: string) => (
    <Cell>
      <InputGroup id={`hustling-line-${i}-${field}`} aria-label={`${label} of ${draft.lines[i]?.containerVanNum}`} size="small" maxLength={max}
        list={list} value={draft.lines[i]?.[field] ?? ""} intent={lineError(i, field) ? "danger" : "none"}
        onValueChange={(v) => setLine(i, { [field]: v })} data-testid={`hustling-line-${field}-${draft.lines[i]?.containerVanNum}`} />
    </Cell>
  );

  return (
    <div className="lading-page lading-hustling-form" data-testid="hustling-page">
      <PageHeader
        title={header ? `Hustling ${header.hustlingCstNum}` : "New hustling"}
        crumbs={crumbs}
        actions={header && (
          <AnchorButton icon={<Print />} text="Print slip" href={hustlingPrintUrl(header.hustlingCstNum)} target="_blank" data-testid="hustling-print" />
        )}
      />
      <Card>
        <dl className="lading-kv lading-hustling-facts" data-testid="hustling-facts">
          <dt>Branch</dt><dd data-testid="hustling-branch">{branchCode}</dd>
          <dt>Voyage</dt><dd data-testid="hustling-voyage">{header?.voyageNum ?? voyage?.voyageNum} · {header?.voyageRef ?? voyage?.voyageRef}</dd>
          <dt>Vessel</dt><dd data-testid="hustling-vessel">{header?.hustVessel ?? voyage?.vesselName}</dd>
          <dt>Written</dt><dd>{header ? `${formatDateTime(header.dateCreated)} by ${header.userCreated ?? ""}` : "Not yet"}</dd>
        </dl>
        {refusal && <Callout intent="danger" className="lading-cts-refusal" data-testid="hustling-error">{refusal}</Callout>}
        <form onSubmit={(e) => void submit(e)} noValidate data-testid="hustling-form">
          <div className="lading-hustling-grid">
            <FormField label="To" id="hustling-toReference">
              <HTMLSelect id="hustling-toReference" fill value={draft.toReference}
                onChange={(e) => change({ toReference: e.currentTarget.value as ToReference, toCyCode: "" })} data-testid="hustling-toReference">
                {TO_REFERENCES.map((r) => <option key={r} value={r}>{r}</option>)}
              </HTMLSelect>
            </FormField>
            {draft.toReference === "To Vessel"
              ? (
                <FormField label="To vessel (its voyage)" id={ID.hustVoyageNum} required error={errors.hustVoyageNum}>
                  <HTMLSelect id={ID.hustVoyageNum} fill value={draft.hustVoyageNum} onChange={(e) => change({ hustVoyageNum: e.currentTarget.value })}
                    data-testid="hustling-hustVoyageNum">
                    <option value="">Choose the vessel's voyage…</option>
                    {otherVessels.map((v) => <option key={v.voyageNum} value={v.voyageNum}>{v.vesselName} · {v.voyageNum} · {v.voyageRef}</option>)}
                  </HTMLSelect>
                </FormField>
              )
              : (
                <FormField label="To port" id={ID.toPortCode} required error={errors.toPortCode}>
                  <HTMLSelect id={ID.toPortCode} fill value={draft.toPortCode} onChange={(e) => change({ toPortCode: e.currentTarget.value, toCyCode: "" })}
                    data-testid="hustling-toPortCode">
                    <option value="">Choose a port…</option>
                    {ports.map((p) => <option key={p.code} value={p.code}>{p.code} · {p.name}</option>)}
                  </HTMLSelect>
                </FormField>
              )}
            <FormField label="Trucker" id={ID.truckingCode} required error={errors.truckingCode}
              helper={!truckers.loading && haulers.length === 0 ? truckers.data?.message ?? `No Authorized Trucker on ${branchCode} Branch` : undefined}>
              <HTMLSelect id={ID.truckingCode} fill value={draft.truckingCode} onChange={(e) => change({ truckingCode: e.currentTarget.value })}
                data-testid="hustling-truckingCode">
                <option value="">Choose a hauling trucker…</option>
                {haulers.map((t) => <option key={t.code} value={t.code}>{t.code} · {t.name}</option>)}
              </HTMLSelect>
            </FormField>
            <FormField label="From CY" id={ID.fromCyCode} required error={errors.fromCyCode} helper="The yard the vans leave">
              <HTMLSelect id={ID.fromCyCode} fill value={draft.fromCyCode} data-testid="hustling-fromCyCode"
                onChange={(e) => {
                  change({ fromCyCode: e.currentTarget.value });
                  // A van picked at the other yard is not on offer at this one.
                  setChosenVan(null);
                }}>
                <option value="">Choose a yard…</option>
                {fromYards.map((y) => <option key={y.code} value={y.code}>{y.code} · {y.name}</option>)}
              </HTMLSelect>
            </FormField>
            <FormField label="To CY" id={ID.toCyCode} required error={errors.toCyCode} helper="The yard the vans go into">
              <HTMLSelect id={ID.toCyCode} fill value={draft.toCyCode} onChange={(e) => change({ toCyCode: e.currentTarget.value })}
                data-testid="hustling-toCyCode">
                <option value="">{draft.toReference === "To Port" && !port ? "Choose the port first" : "Choose a yard…"}</option>
                {toYards.map((y) => <option key={y.code} value={y.code}>{y.code} · {y.name}</option>)}
              </HTMLSelect>
            </FormField>
            <div />
            <TextField label="Date and time in" id={ID.dateTimeIn} type="datetime-local" required value={draft.timeIn} error={errors.dateTimeIn}
              helper="Manila time" onValueChange={(v) => change({ timeIn: v })} data-testid="hustling-dateTimeIn" />
            <TextField label="Date and time out" id={ID.dateTimeOut} type="datetime-local" required value={draft.timeOut} error={errors.dateTimeOut}
              helper="Manila time" onValueChange={(v) => change({ timeOut: v })} data-testid="hustling-dateTimeOut" />
            <FormField label="Remarks" id="hustling-remarks" error={errors.remarks} className="lading-hustling-wide">
              <TextArea id="hustling-remarks" fill rows={2} maxLength={500} value={draft.remarks} onChange={(e) => change({ remarks: e.currentTarget.value })}
                data-testid="hustling-remarks" />
            </FormField>
          </div>

          <H5>Container vans</H5>
          <div className="lading-hustling-picker">
            <FormField label="Find a van" id="hustling-van-search">
              <InputGroup id="hustling-van-search" type="search" leftIcon={<Search />} placeholder="Van number" disabled={!draft.fromCyCode}
                value={vanSearch} onValueChange={setVanSearch} data-testid="hustling-van-search" />
            </FormField>
            <FormField label="Van at the from CY" id={ID.lines} error={errors.lines}>
              <HTMLSelect id={ID.lines} value={chosenVan?.code ?? ""} disabled={!draft.fromCyCode}
                onChange={(e) => setChosenVan(offeredVans.find((v) => v.code === e.currentTarget.value) ?? null)}
                data-testid="hustling-van">
                <option value="">{draft.fromCyCode ? (vans.loading ? "Loading vans…" : `${offeredVans.length} van(s) to choose from…`) : "Choose the from CY first"}</option>
                {offeredVans.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.size}' {v.vanType} · {v.condition}</option>)}
              </HTMLSelect>
            </FormField>
            <Button icon={<Add />} text="Add van" disabled={!chosenVan} onClick={addVan} data-testid="hustling-van-add" />
          </div>
          <datalist id="hustling-plate-options">
            {plates.map((p) => <option key={p} value={p} />)}
          </datalist>
          {draft.lines.length > 0 && (
            <DataTable numRows={draft.lines.length} frozen={1} rowNumber={(row) => String(row + 1)} testId="hustling-lines" className="lading-hustling-lines">
              <Column name="Container Van No." cellRenderer={(i) => <Cell><span data-testid={`hustling-line-van-${draft.lines[i]?.containerVanNum}`}>{draft.lines[i]?.containerVanNum}</span></Cell>} />
              <Column name="Type" cellRenderer={(i) => <Cell>{draft.lines[i]?.containerType}</Cell>} />
              <Column name="Size" cellRenderer={(i) => <Cell>{draft.lines[i]?.size}'</Cell>} />
              <Column name="Plate No." cellRenderer={(i) => input(i, "plateNum", "Plate number", 30, "hustling-plate-options")} />
              <Column name="Driver" cellRenderer={(i) => input(i, "driver", "Driver", 80)} />
              <Column name="Remarks" cellRenderer={(i) => input(i, "detailsRemarks", "Remarks", 300)} />
              <Column name="Actions" cellRenderer={(i) => (
                <Cell interactive className="lading-actions-cell">
                  <RowActions>
                    <RowAction icon={<Trash />} intent="danger" label="Remove" hint="Take the van off this hustling"
                      onClick={() => change({ lines: draft.lines.filter((_, j) => j !== i) })} data-testid={`hustling-line-remove-${draft.lines[i]?.containerVanNum}`} />
                  </RowActions>
                </Cell>
              )} />
            </DataTable>
          )}
          {lineErrors.length > 0 && (
            <Callout intent="danger" data-testid="hustling-line-errors">
              {lineErrors.map((m) => <div key={m}>{m}</div>)}
            </Callout>
          )}
          <div className="lading-hustling-actions">
            <Button type="submit" intent="primary" icon={<FloppyDisk />} text={saving ? "Saving…" : header ? "Save changes" : "Save hustling"}
              loading={saving} disabled={leaving} data-testid="hustling-save" />
            {header && <Button icon={<Trash />} intent="danger" text="Delete" disabled={saving || leaving} onClick={() => void remove()} data-testid="hustling-delete" />}
          </div>
        </form>
      </Card>
    </div>
  );
}
