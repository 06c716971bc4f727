import { Button, Callout, Checkbox, HTMLSelect, InputGroup, Spinner, TextArea } from "@blueprintjs/core";
import { Add, Refresh, Trash } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { DataTable } from "../../../components/DataTable.tsx";
import { FormDialog, FormField, FormFieldset, TextField } from "../../../components/FormDialog.tsx";
import { ApiError, serverMessage } from "../../../lib/api.ts";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { deliveryModeLabel, paymentModeLabel, rateUnitLabel } from "../../../lib/labels.ts";
import { useUnsavedChanges } from "../../../lib/leave-guard.ts";
import { PAYMENT_SIDE_NAMES, type PaymentSide, RATE_UNITS, type RateUnit, STRIPPING_TYPE_CODES, type WaybillRow } from "../api/contracts.ts";
import { readWaybill, updateWaybill } from "../api/waybills.ts";
import {
  changesOf,
  type ChargePart,
  draftErrors,
  type DraftField,
  draftOf,
  hasChanges,
  isRateText,
  LINE_PARTS,
  lineRateProblem,
  liveLines,
  liveTotals,
  PART_TEXT,
  type WaybillDraft,
} from "../waybill-draft.ts";
import { WaybillStatusTag } from "./WaybillStatusTag.tsx";

/** A line being added below the charge table. */
interface NewLine {
  chargeCode: string;
  part: ChargePart;
  rateUnit: RateUnit;
  rate: string;
}

const NO_LINE: NewLine = { chargeCode: "", part: "FREIGHT", rateUnit: "perTeu", rate: "" };

/** The flags of the waybill, in the order the paper lists them. */
const FLAGS: { field: DraftField; label: string }[] = [
  { field: "isSplitCharge", label: "Split charge" },
  { field: "isTandem", label: "Tandem" },
  { field: "isOpenVan", label: "Open van" },
  { field: "isVia", label: "Via" },
  { field: "isDangerousCargo", label: "Dangerous cargo" },
  { field: "isWithPermit", label: "With permit" },
  { field: "isStuffing", label: "Stuffing" },
  { field: "originBackload", label: "Origin backload" },
];

const SIDES: PaymentSide[] = ["P", "C", "AO", "AD"];

const sideTestId = (side: PaymentSide) => ({ P: "prepaid", C: "collect", AO: "account-origin", AD: "account-destination" })[side];

/**
 * One waybill: what it carries and for whom (both vans of a tandem), its flags, and its charge lines, whose rates
 * are changed in place, with the totals by payment side and the VAT, worked out again in the page as the rates,
 * the lines, the quantities or the split change. Only a Draft waybill can be changed; a refusal of the server is
 * shown as written, and one over a change made meanwhile offers to read the waybill again.
 */
export function WaybillDialog(props: { wayBillRef: string | null; onClose: () => void; onSaved: (row: WaybillRow) => void }) {
  const { wayBillRef, onClose, onSaved } = props;
  const isOpen = wayBillRef !== null;
  const opening = useOpenings(isOpen);
  const [draft, setDraft] = useState<WaybillDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server refused the save because the waybill changed (or moved on) since it was read: offer to read it again.
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [reloaded, setReloaded] = useState(false);
  const [adding, setAdding] = useState<NewLine>(NO_LINE);
  const [addError, setAddError] = useState<string | null>(null);
  const { saving, save } = useFormSave();
  const record = useRecord(isOpen && opening ? `${opening}:${wayBillRef}` : null, () => readWaybill(wayBillRef!).then((r) => r.data), {
    keepStale: false,
    onAnswer: (row) => {
      setDraft(draftOf(row));
      setErrors({});
      setRefusal(null);
      setReloaded(reloading);
      setReloading(false);
      setStale(false);
      setAdding(NO_LINE);
      setAddError(null);
    },
  });
  const charges = usePicker("charges", { enabled: isOpen });
  const row = record.data;
  const ready = row !== null && draft !== null && !record.loading;
  const editable = ready && row.status === "Draft";
  const dirty = ready && hasChanges(row, draft);
  useUnsavedChanges(isOpen && dirty);

  const lines = ready ? liveLines(row, draft) : [];
  const totals = liveTotals(lines);
  const disabled = !editable || saving;

  const change = (patch: Partial<WaybillDraft>) => {
    setDraft((d) => (d ? { ...d, ...patch } : d));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) next[key] = undefined;
      // The lines' refusals are shown under the charge table.
      if ("lines" in patch) next.charges = undefined;
      return next;
    });
    setRefusal(null);
    setReloaded(false);
  };

  /** A line's rate as typed in its row; the amount and the totals follow as it changes. */
  const changeRate = (index: number, rate: string) => {
    if (!draft) return;
    change({ lines: draft.lines.map((l, i) => (i === index ? { ...l, rate } : l)) });
  };

  const addLine = () => {
    if (!draft) return;
    const master = charges.find((c) => c.code === adding.chargeCode);
    if (!master) return setAddError("Choose the charge");
    if (!isRateText(adding.rate)) return setAddError("The rate is an amount of at most 2 decimals, not negative");
    if (draft.lines.some((l) => l.chargeCode === master.code && l.part === adding.part)) {
      return setAddError(`Charge ${master.code} is already listed for ${PART_TEXT[adding.part]}`);
    }
    change({
      lines: [...draft.lines, {
        chargeCode: master.code, chargeName: master.printName || master.name, part: adding.part, rateUnit: adding.rateUnit, rate: adding.rate.trim(),
        isVatable: master.isVatable, isInsurance: master.isInsurancePremium === true,
      }],
    });
    setAdding(NO_LINE);
    setAddError(null);
  };

  const chooseCharge = (code: string) => {
    const master = charges.find((c) => c.code === code);
    setAdding((a) => ({ ...a, chargeCode: code, rateUnit: (master?.unitOfMeasure as RateUnit | undefined) ?? a.rateUnit }));
    setAddError(null);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready || !editable) return;
    setRefusal(null);
    const local: Record<string, string | undefined> = draftErrors(draft);
    const rates = lineRateProblem(draft.lines);
    if (rates) local.charges = rates;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    await save(() =>
      updateWaybill(row.wayBillRef, changesOf(row, draft)).catch((error) => {
        setRefusal(serverMessage(error));
        setStale(error instanceof ApiError && error.status === 409);
        throw error;
      }), {
      onSaved: (result) => {
        record.set(result.data);
        onSaved(result.data);
      },
      onFieldErrors: setErrors,
    });
  };

  const text = (field: DraftField, label: string, maxLength: number, extra: { wide?: boolean; helper?: string } = {}) => (
    <TextField label={label} id={`waybill-${field}`} maxLength={maxLength} value={String(draft?.[field] ?? "")} disabled={disabled}
      error={errors[field]} helper={extra.helper} className={extra.wide ? "lading-form-wide-line" : undefined}
      onValueChange={(v) => change({ [field]: v })} data-testid={`waybill-${field}`} />
  );

  const lineCell = (render: (index: number) => React.ReactNode, numeric = false) => (index: number) => (
    <Cell className={numeric ? "lading-waybill-amount" : undefined}>{lines[index] ? render(index) : null}</Cell>
  );
  const lineText = (pick: (index: number) => string, column: string, numeric = false) =>
    lineCell((i) => <span data-testid={`waybill-line-${i}-${column}`}>{pick(i)}</span>, numeric);

  return (
    <FormDialog isOpen={isOpen} title={row ? `Waybill ${row.wayBillRef}` : "Waybill"} saving={saving} onClose={onClose}
      onSubmit={(e) => void submit(e)} formTestId="waybill-form" saveTestId="waybill-save" saveDisabled={!editable || !dirty}
      className="lading-wide-form lading-waybill-form lading-full-controls">
      {!ready && <Spinner size={30} />}
      {ready && (
        <>
          {refusal && (
            <Callout intent="danger" className="lading-cts-refusal" data-testid="waybill-error">
              <p data-testid="waybill-error-text">{refusal}</p>
              {stale && (
                <>
                  <p>Saving now would overwrite what was saved meanwhile. Read the waybill again as it is saved now, then make your changes again.</p>
                  <Button icon={<Refresh />} intent="primary" text="Reload" onClick={() => {
                    setReloading(true);
                    record.reload();
                  }} data-testid="waybill-reload" />
                </>
              )}
            </Callout>
          )}
          {reloaded && (
            <Callout compact intent="primary" className="lading-cts-refusal" data-testid="waybill-reloaded">
              Read again: the form shows the waybill as saved now; your earlier changes were not saved.
            </Callout>
          )}
          {!editable && (
            <Callout compact intent="warning" className="lading-cts-refusal" data-testid="waybill-not-editable">
              A waybill that is {row.status} can no longer be changed.
            </Callout>
          )}
          <dl className="lading-kv lading-waybill-facts" data-testid="waybill-facts">
            <dt>Waybill no.</dt>
            <dd data-testid="waybill-ref">{row.wayBillRef}</dd>
            <dt>Status</dt>
            <dd><WaybillStatusTag status={row.status} testId="waybill-status" /></dd>
            <dt>Booking</dt>
            <dd data-testid="waybill-booking">{row.bookingRef}</dd>
            <dt>CTS</dt>
            <dd data-testid="waybill-cts">{row.ctsNum}</dd>
            <dt>Voyage</dt>
            <dd data-testid="waybill-voyage">{row.voyageNum} · {row.branchCode} → {row.destinationBranchCode}</dd>
            <dt>Van</dt>
            <dd data-testid="waybill-van">{row.containerVanNum}{row.size ? ` · ${row.size}'` : ""}</dd>
            {row.tandemBookingRef && (
              <>
                <dt>Tandem booking</dt>
                <dd data-testid="waybill-tandem-booking">{row.tandemBookingRef}</dd>
                <dt>Tandem CTS</dt>
                <dd data-testid="waybill-tandem-cts">{row.tandemCtsNum}</dd>
                <dt>Tandem van</dt>
                <dd data-testid="waybill-tandem-van">{row.tandemContainerVanNum}</dd>
              </>
            )}
            <dt>Shipper</dt>
            <dd data-testid="waybill-shipper">{row.shipperName}</dd>
            <dt>Modes</dt>
            <dd data-testid="waybill-modes">{deliveryModeLabel(row.modeOfDelivery)} · {paymentModeLabel(row.modeOfPayment)}</dd>
            <dt>Remarks</dt>
            <dd data-testid="waybill-remarks">{row.remarks || "—"}</dd>
            <dt>Prepared</dt>
            <dd data-testid="waybill-prepared">{formatDateTime(row.datePrepared)} by {row.preparedBy}</dd>
          </dl>

          <div className="lading-form-grid">
            {text("shipperPreferredName", "Shipper's preferred name", 120)}
            {text("consigneeName", "Consignee", 120)}
            {text("consigneePreferredName", "Consignee's preferred name", 120)}
            <FormField label="Consignee address" id="waybill-consigneeAddress" error={errors.consigneeAddress}>
              <TextArea id="waybill-consigneeAddress" fill rows={2} maxLength={300} value={draft.consigneeAddress} disabled={disabled}
                onChange={(e) => change({ consigneeAddress: e.currentTarget.value })} data-testid="waybill-consigneeAddress" />
            </FormField>
            {text("goods", "Goods", 200)}
            {text("goodsOthers", "Goods (others)", 200)}
            {text("packaging", "Packaging", 40)}
            {text("packagingOthers", "Packaging (others)", 80)}
            {text("quantity", "Quantity", 9)}
            {text("unit", "Unit", 20)}
            {text("quantityTeu", "TEU", 5)}
            {text("cargoWeight", "Weight (tons)", 17)}
            {text("cargoVolume", "Volume (cbm)", 17)}
            {text("declaredValue", "Declared value", 16)}
            {text("sealNum", "Seal no.", 40)}
            {text("imdgClass", "IMDG class (dangerous cargo)", 5)}
            {text("unNumber", "UN number (dangerous cargo)", 4)}
            <FormField label="Stripping type" id="waybill-strippingType" error={errors.strippingType}>
              <HTMLSelect id="waybill-strippingType" fill value={draft.strippingType} disabled={disabled}
                onChange={(e) => change({ strippingType: e.currentTarget.value })} data-testid="waybill-strippingType">
                <option value="">None</option>
                {STRIPPING_TYPE_CODES.map((s) => <option key={s.code} value={s.code}>{s.code} · {s.name}</option>)}
              </HTMLSelect>
            </FormField>
            {text("placeIssuedAddress", "Place issued", 200)}
            {text("plateNum", "Plate no.", 30)}
            {text("driver", "Driver", 80)}
            <FormFieldset legend="Flags" className="lading-form-wide-line">
              <div className="lading-waybill-flags">
                {FLAGS.map(({ field, label }) => (
                  <Checkbox key={field} label={label} checked={Boolean(draft[field])} disabled={disabled}
                    onChange={(e) => change({ [field]: e.currentTarget.checked })} data-testid={`waybill-${field}`} />
                ))}
              </div>
            </FormFieldset>
          </div>

          <FormFieldset legend="Charges" error={errors.charges}>
            <DataTable numRows={lines.length} frozen={1} testId="waybill-charges" className="lading-waybill-charges">
              <Column name="Code" cellRenderer={lineText((i) => lines[i]!.chargeCode, "code")} />
              <Column name="Part" cellRenderer={lineText((i) => PART_TEXT[lines[i]!.part], "part")} />
              <Column name="Particulars" cellRenderer={lineText((i) => lines[i]!.particulars, "particulars")} />
              <Column name="Rate unit" cellRenderer={lineText((i) => rateUnitLabel(lines[i]!.rateUnit), "unit")} />
              <Column name="Rate" cellRenderer={(i) => {
                const line = lines[i];
                // A rate is changed in its row; an insurance premium follows the declared value instead.
                if (!line || disabled || line.isInsurance) return lineText(() => (line && isRateText(line.rate) ? formatAmount(line.rate) : line?.rate ?? ""), "rate", true)(i);
                return (
                  <Cell interactive className="lading-waybill-amount">
                    <InputGroup small aria-label={`Rate of ${line.chargeCode} ${PART_TEXT[line.part]}`} inputMode="decimal" maxLength={15}
                      className="lading-waybill-rate" intent={isRateText(line.rate) ? "none" : "danger"} value={line.rate}
                      onValueChange={(v) => changeRate(i, v)} data-testid={`waybill-line-${i}-rate-input`} />
                  </Cell>
                );
              }} />
              <Column name="Amount" cellRenderer={lineText((i) => (lines[i]!.chargeValue === null ? "—" : formatAmount(lines[i]!.chargeValue)), "amount", true)} />
              <Column name="Bill to" cellRenderer={lineText((i) => PAYMENT_SIDE_NAMES[lines[i]!.availableTo], "side")} />
              <Column name="Actions" cellRenderer={(i) => (
                <Cell interactive className="lading-actions-cell">
                  <Button variant="minimal" size="small" icon={<Trash />} aria-label={`Remove ${lines[i]?.chargeCode} ${lines[i]?.part}`} title="Remove"
                    disabled={disabled} onClick={() => change({ lines: draft.lines.filter((_, j) => j !== i) })} data-testid={`waybill-line-${i}-remove`} />
                </Cell>
              )} />
            </DataTable>
            {lines.length === 0 && <p className="lading-cts-booking" data-testid="waybill-no-charges">No charge line.</p>}
            {editable && (
              <div className="lading-waybill-add" data-testid="waybill-add-line">
                <HTMLSelect aria-label="Charge" value={adding.chargeCode} disabled={saving} onChange={(e) => chooseCharge(e.currentTarget.value)}
                  data-testid="waybill-add-charge">
                  <option value="">Charge…</option>
                  {charges.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.name}</option>)}
                </HTMLSelect>
                <HTMLSelect aria-label="Part" value={adding.part} disabled={saving}
                  onChange={(e) => {
                    const part = e.currentTarget.value as ChargePart;
                    setAdding((a) => ({ ...a, part }));
                  }} data-testid="waybill-add-part">
                  {LINE_PARTS.map((p) => <option key={p} value={p}>{PART_TEXT[p]}</option>)}
                </HTMLSelect>
                <HTMLSelect aria-label="Rate unit" value={adding.rateUnit} disabled={saving}
                  onChange={(e) => {
                    const rateUnit = e.currentTarget.value as RateUnit;
                    setAdding((a) => ({ ...a, rateUnit }));
                  }} data-testid="waybill-add-unit">
                  {RATE_UNITS.map((u) => <option key={u.id} value={u.id}>{u.label}</option>)}
                </HTMLSelect>
                <InputGroup aria-label="Rate" placeholder="Rate" inputMode="decimal" maxLength={15} value={adding.rate} disabled={saving}
                  onValueChange={(v) => setAdding((a) => ({ ...a, rate: v }))} data-testid="waybill-add-rate" />
                <Button icon={<Add />} text="Add line" disabled={saving} onClick={addLine} data-testid="waybill-add" />
                {addError && <span className="lading-waybill-add-error" data-testid="waybill-add-error">{addError}</span>}
              </div>
            )}
          </FormFieldset>

          <div className="lading-waybill-totals" data-testid="waybill-totals">
            <dl className="lading-kv">
              {SIDES.map((side) => (
                <FragmentPair key={side} label={PAYMENT_SIDE_NAMES[side]} value={totals ? formatAmount(sideTotal(totals, side)) : "—"}
                  testId={`waybill-total-${sideTestId(side)}`} />
              ))}
              <FragmentPair label="Total" value={totals ? formatAmount(totals.total) : "—"} testId="waybill-total" strong />
            </dl>
            <dl className="lading-kv">
              <FragmentPair label="VATable (incl. VAT)" value={totals ? formatAmount(totals.vat.vatableInclusive) : "—"} testId="waybill-vat-inclusive" />
              <FragmentPair label="VATable (net)" value={totals ? formatAmount(totals.vat.vatableNet) : "—"} testId="waybill-vat-net" />
              <FragmentPair label="VAT" value={totals ? formatAmount(totals.vat.vat) : "—"} testId="waybill-vat" />
              <FragmentPair label="VAT-exempt" value={totals ? formatAmount(totals.vat.exempt) : "—"} testId="waybill-vat-exempt" />
            </dl>
          </div>
        </>
      )}
    </FormDialog>
  );
}

function sideTotal(totals: NonNullable<ReturnType<typeof liveTotals>>, side: PaymentSide): string {
  return side === "P" ? totals.prepaid : side === "C" ? totals.collect : side === "AO" ? totals.accountOrigin : totals.accountDestination;
}

function FragmentPair({ label, value, testId, strong = false }: { label: string; value: string; testId: string; strong?: boolean }) {
  return (
    <>
      <dt>{label}</dt>
      <dd className={strong ? "lading-waybill-grand" : undefined} data-testid={testId}>{value}</dd>
    </>
  );
}
