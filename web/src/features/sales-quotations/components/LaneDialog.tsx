import { Callout, Checkbox, HTMLSelect, Spinner, TextArea } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { FormDialog, FormField, FormFieldset, TextField } from "../../../components/FormDialog.tsx";
import { ApiError, serverMessage } from "../../../lib/api.ts";
import { useUnsavedChanges, whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { type FullQuotation, laneInput, type LaneRow } from "../api/contracts.ts";
import { type Picked, usePicker } from "../../../lib/data/pickers.ts";
import { useDebounced, useOpenings, useRecord } from "../../../lib/data/load.ts";
import { insertLanes, type PricedLane, priceLane, updateLane } from "../api/quotations.ts";
import { formatAmount } from "../../../lib/format.ts";
import {
  type DoorEnds,
  EMPTY_LANE,
  isRateText,
  type LaneForm,
  laneFormOf,
  laneGaps,
  laneInputOf,
  requestedRatesFor,
  totalsOf,
  type TypedRates,
  typedRatesOf,
  withTypedRate,
} from "../rules.ts";
import { ChargesTable } from "./ChargesTable.tsx";

type Area = Picked<"areas">;

/** Typing pauses this long before the lane is priced again. */
const PREVIEW_DELAY_MS = 350;

type Errors = Partial<Record<keyof LaneForm | "documents" | "requestedRates", string>>;

export interface LaneDialogProps {
  isOpen: boolean;
  quotation: Pick<FullQuotation, "sqRefNum" | "cargoTypeCode" | "sqDate">;
  /** The lane to change; null adds a new one. */
  lane: LaneRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** The areas offered at one end: those served from the chosen port, or all of them when none is tied to it. */
function areasAt(areas: readonly Area[], portCode: string): readonly Area[] {
  const tied = areas.filter((a) => a.portCode === portCode);
  return tied.length > 0 ? tied : areas;
}

/**
 * Adds or changes a lane. Whenever the lane is complete it is priced from the rate tables (nothing saved), so
 * the AE sees every charge at its standard rate and may type the rate the customer asked for beside it.
 */
export function LaneDialog({ isOpen, quotation, lane, onClose, onSaved }: LaneDialogProps) {
  const serviceModes = usePicker("serviceModes", { enabled: isOpen });
  const ports = usePicker("ports", { enabled: isOpen });
  const areas = usePicker("areas", { enabled: isOpen });
  const [form, setForm] = useState<LaneForm>(EMPTY_LANE);
  const [typed, setTyped] = useState<TypedRates>({});
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);
  useUnsavedChanges(isOpen && dirty);

  useEffect(() => {
    if (!isOpen) return;
    setForm(lane ? laneFormOf(lane) : EMPTY_LANE);
    setTyped(lane ? typedRatesOf(lane) : {});
    setDirty(false);
    setErrors({});
  }, [isOpen, lane]);

  const mode = serviceModes.find((m) => m.code === form.serviceModeCode);
  const doors: DoorEnds = useMemo(
    () => ({ doorOrigin: mode?.doorOrigin ?? false, doorDestination: mode?.doorDestination ?? false }),
    [mode],
  );
  const gaps = laneGaps(form, doors);
  // Only what decides the charges prices the lane again; the terms text and typed rates do not.
  const priceKey = JSON.stringify({ ...laneInputOf(form, doors), termsAndConditions: "" });
  const complete = Object.keys(gaps).length === 0;

  // The lane is priced once typing pauses, read again at each opening; a failure is shown in the dialog rather
  // than as a notice, since it explains what the lane lacks while it is edited.
  const opening = useOpenings(isOpen);
  const parsedLane = useMemo(() => laneInput.safeParse(JSON.parse(priceKey)), [priceKey]);
  const settledKey = useDebounced(priceKey, PREVIEW_DELAY_MS);
  const wanted = isOpen && complete && mode && parsedLane.success ? priceKey : null;
  const priceRead = useRecord<PricedLane>(
    wanted !== null && settledKey === wanted && opening !== null ? `${opening}|${wanted}` : null,
    (key) => priceLane(laneInput.parse(JSON.parse(key.slice(key.indexOf("|") + 1))), quotation.cargoTypeCode, quotation.sqDate).then((r) => r.data),
    { quiet: () => true, keepStale: false },
  );
  const preview = wanted === null || priceRead.error ? null : priceRead.data;
  const previewError = parsedLane.success
    ? (wanted !== null && priceRead.error ? serverMessage(priceRead.error) : null)
    : (parsedLane.error.issues[0]?.message ?? "The lane is not complete.");
  const pricing = wanted !== null && priceRead.loading;

  const shown = useMemo(() => (preview ? preview.charges.map((c) => withTypedRate(c, typed)) : []), [preview, typed]);
  const totals = totalsOf(shown);
  // Saving waits for the preview of the lane as it stands: the requested rates go by the charges it lists.
  const stale = wanted !== null && settledKey !== wanted;
  const badRates = Object.values(typed).some((text) => text.trim() !== "" && !isRateText(text));

  const set = <K extends keyof LaneForm>(field: K) => (value: LaneForm[K]) => {
    setForm((f) => ({ ...f, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined, documents: undefined }));
    setDirty(true);
  };
  const typeRate = (key: string, text: string) => {
    setTyped((t) => ({ ...t, [key]: text }));
    setErrors((e) => ({ ...e, requestedRates: undefined }));
    setDirty(true);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!complete) {
      setErrors(gaps);
      return;
    }
    if (badRates) {
      setErrors({ requestedRates: "A requested rate is an amount with at most two decimals." });
      return;
    }
    const parsed = laneInput.safeParse(laneInputOf(form, doors, requestedRatesFor(preview?.charges ?? [], typed)));
    if (!parsed.success) {
      const local: Errors = {};
      for (const issue of parsed.error.issues) local[issue.path[0] as keyof Errors] ??= issue.message;
      setErrors(local);
      return;
    }
    setSaving(true);
    try {
      const result = await whileSaving<{ message: string }>(() =>
        lane ? updateLane(lane.sqdocNum, parsed.data) : insertLanes(quotation.sqRefNum, [parsed.data])
      );
      notify.success(result.message);
      setDirty(false);
      onSaved();
    } catch (error) {
      notify.error(errorText(error));
      // Lanes sent in a list come back as documents.0.field; the dialog holds one lane. A refusal of the lane
      // as a whole (a duplicate area and province) keeps the server's full sentence in the dialog.
      const mapped: Errors = {};
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fieldErrors)) {
          mapped[field.replace(/^documents\.\d+\./, "") as keyof Errors] ??= message;
        }
        if (mapped.documents || error.status === 409) mapped.documents = serverMessage(error);
      }
      setErrors(mapped);
    } finally {
      setSaving(false);
    }
  };

  /** Closing drops what was typed, so edits are given up only on a yes. */
  const close = async () => {
    const discard = !dirty || await confirmPrompt({
      title: "Discard changes",
      description: "This lane has changes that are not saved. Discard them?",
      actionText: "Discard",
      intent: "danger",
    });
    if (discard) onClose();
  };

  const portOptions = (value: string) => (
    <>
      <option value="">Choose a port…</option>
      {ports.map((p) => <option key={p.code} value={p.code}>{p.code} · {p.name}</option>)}
      {value && !ports.some((p) => p.code === value) && <option value={value}>{value}</option>}
    </>
  );
  const areaOptions = (portCode: string, value: string) => {
    const offered = areasAt(areas, portCode);
    return (
      <>
        <option value="">Choose an area…</option>
        {offered.map((a) => <option key={a.code} value={a.code}>{a.code} · {a.name}{a.province ? ` (${a.province})` : ""}</option>)}
        {value && !offered.some((a) => a.code === value) && <option value={value}>{value}</option>}
      </>
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={lane ? `Edit lane ${lane.lineNo}` : "Add lane"}
      className="lading-wide-form lading-full-controls lading-sq-lane-dialog"
      saving={saving}
      onClose={() => void close()}
      onSubmit={(e) => void submit(e)}
      formTestId="sq-lane-form"
      saveTestId="sq-lane-save"
      saveDisabled={pricing || stale}
    >
      <div className="lading-form-grid lading-sq-lane-grid">
        <FormField label="Service mode" id="sq-lane-serviceModeCode" required error={errors.serviceModeCode}>
          <HTMLSelect id="sq-lane-serviceModeCode" fill value={form.serviceModeCode} onChange={(e) => set("serviceModeCode")(e.currentTarget.value)}>
            <option value="">Choose a service mode…</option>
            {serviceModes.map((m) => <option key={m.code} value={m.code}>{m.code} · {m.name}</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Origin port" id="sq-lane-originPortCode" required error={errors.originPortCode}>
          <HTMLSelect id="sq-lane-originPortCode" fill value={form.originPortCode} onChange={(e) => set("originPortCode")(e.currentTarget.value)}>
            {portOptions(form.originPortCode)}
          </HTMLSelect>
        </FormField>
        <FormField label="Destination port" id="sq-lane-destinationPortCode" required error={errors.destinationPortCode}>
          <HTMLSelect id="sq-lane-destinationPortCode" fill value={form.destinationPortCode}
            onChange={(e) => set("destinationPortCode")(e.currentTarget.value)}>
            {portOptions(form.destinationPortCode)}
          </HTMLSelect>
        </FormField>
        {/* Areas stand under their ports; the column under the service mode stays empty. */}
        {(doors.doorOrigin || doors.doorDestination) && <div />}
        {doors.doorOrigin ? (
          <FormField label="Origin area (pick-up)" id="sq-lane-originAreaCode" required error={errors.originAreaCode}>
            <HTMLSelect id="sq-lane-originAreaCode" fill value={form.originAreaCode} onChange={(e) => set("originAreaCode")(e.currentTarget.value)}>
              {areaOptions(form.originPortCode, form.originAreaCode)}
            </HTMLSelect>
          </FormField>
        ) : doors.doorDestination && <div />}
        {doors.doorDestination ? (
          <FormField label="Destination area (delivery)" id="sq-lane-destinationAreaCode" required error={errors.destinationAreaCode}>
            <HTMLSelect id="sq-lane-destinationAreaCode" fill value={form.destinationAreaCode}
              onChange={(e) => set("destinationAreaCode")(e.currentTarget.value)}>
              {areaOptions(form.destinationPortCode, form.destinationAreaCode)}
            </HTMLSelect>
          </FormField>
        ) : null}
      </div>
      <div className="lading-sq-lane-row">
        <TextField label="TEU" id="sq-lane-teu" inputMode="numeric" error={errors.teu} value={form.teu} onValueChange={set("teu")} />
        <TextField label="Bags" id="sq-lane-bags" inputMode="numeric" error={errors.bags} value={form.bags} onValueChange={set("bags")} />
        <TextField label="Tons" id="sq-lane-tons" inputMode="decimal" error={errors.tons} value={form.tons} onValueChange={set("tons")} />
        <FormFieldset legend="Options" error={errors.isTandem ?? errors.isOpenVan ?? errors.withInsurance}>
          <div className="lading-sq-options">
            <Checkbox label="Tandem" checked={form.isTandem} onChange={(e) => set("isTandem")(e.currentTarget.checked)} data-testid="sq-lane-isTandem" />
            <Checkbox label="Open van" checked={form.isOpenVan} onChange={(e) => set("isOpenVan")(e.currentTarget.checked)} data-testid="sq-lane-isOpenVan" />
            <Checkbox label="With insurance" checked={form.withInsurance} onChange={(e) => set("withInsurance")(e.currentTarget.checked)}
              data-testid="sq-lane-withInsurance" />
          </div>
        </FormFieldset>
      </div>
      <FormField label="Terms and conditions" id="sq-lane-termsAndConditions" error={errors.termsAndConditions}>
        <TextArea id="sq-lane-termsAndConditions" fill rows={2} maxLength={4000} value={form.termsAndConditions}
          onChange={(e) => set("termsAndConditions")(e.currentTarget.value)} />
      </FormField>

      <div className="lading-sq-preview" data-testid="sq-lane-preview">
        <div className="lading-sq-preview-head">
          <strong>Charges</strong>
          {(pricing || stale) && <Spinner size={14} aria-label="Pricing the lane" />}
          <span className="lading-sq-spacer" />
          {preview && (
            <span data-testid="sq-lane-preview-total">
              Total <span className="lading-sq-amount">{formatAmount(totals.total)}</span>
              <span className="bp6-text-muted"> (standard {formatAmount(totals.standardTotal)})</span>
            </span>
          )}
        </div>
        {errors.documents && <Callout intent="danger" compact data-testid="sq-lane-conflict">{errors.documents}</Callout>}
        {errors.requestedRates && <Callout intent="danger" compact>{errors.requestedRates}</Callout>}
        {!complete && <p className="bp6-text-muted">Choose the service mode, the ports and, at a door end, the area: the lane is priced from the rate tables.</p>}
        {complete && previewError && <Callout intent="warning" compact data-testid="sq-lane-preview-error">{previewError}</Callout>}
        {complete && preview && (
          <ChargesTable charges={shown} idPrefix="sq-lane-preview" typed={typed} onType={typeRate} disabled={saving} />
        )}
      </div>
    </FormDialog>
  );
}
