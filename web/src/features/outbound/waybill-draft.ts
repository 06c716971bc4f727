import { formatAmount, normalizeAmount } from "../../../../api/shared/money.ts";
import { rateUnitLabel } from "../../lib/labels.ts";
import {
  chargeAmount,
  type ChargeLineInput,
  chargeLineInput,
  dangerousCargoProblem,
  insuranceParticulars,
  type PaymentSide,
  paymentSideOf,
  type RateUnit,
  type UpdateWaybillInput,
  type WaybillChargeRow,
  type WaybillRow,
  type WaybillTotals,
  waybillInsurance,
  waybillTotals,
} from "./api/contracts.ts";

/**
 * The waybill form's working copy and what it shows while the user types: each charge line's amount and the
 * side that bills it, and the totals and VAT, worked out by the same rules the server applies on save.
 */

export type ChargePart = ChargeLineInput["part"];
export const LINE_PARTS: readonly ChargePart[] = chargeLineInput.shape.part.options;

export const PART_TEXT: Record<ChargePart, string> = {
  FREIGHT: "Freight",
  PORT_ORIGIN: "Port · origin",
  PORT_DESTINATION: "Port · destination",
  TRUCKING_ORIGIN: "Trucking · origin",
  TRUCKING_DESTINATION: "Trucking · destination",
  OTHER: "Other",
};

/** A charge line of the form: the four things staff keep, and what the saved line was, when there was one. */
export interface LineDraft {
  chargeCode: string;
  chargeName: string;
  part: ChargePart;
  rateUnit: RateUnit;
  rate: string;
  isVatable: boolean;
  /** An insurance premium: its amount follows the declared value and the TEU, not its rate. */
  isInsurance: boolean;
}

/** The fields of updateWaybillBody as the inputs hold them (counts as typed text). */
export interface WaybillDraft {
  shipperPreferredName: string;
  consigneeName: string;
  consigneePreferredName: string;
  consigneeAddress: string;
  goods: string;
  goodsOthers: string;
  packaging: string;
  packagingOthers: string;
  quantity: string;
  quantityTeu: string;
  unit: string;
  cargoWeight: string;
  cargoVolume: string;
  declaredValue: string;
  sealNum: string;
  imdgClass: string;
  unNumber: string;
  strippingType: string;
  isStuffing: boolean;
  isTandem: boolean;
  isOpenVan: boolean;
  isVia: boolean;
  isDangerousCargo: boolean;
  isWithPermit: boolean;
  isSplitCharge: boolean;
  originBackload: boolean;
  placeIssuedAddress: string;
  plateNum: string;
  driver: string;
  lines: LineDraft[];
}

export type DraftField = Exclude<keyof WaybillDraft, "lines">;

const TEXT_FIELDS = [
  "shipperPreferredName", "consigneeName", "consigneePreferredName", "consigneeAddress", "goods", "goodsOthers", "packaging",
  "packagingOthers", "unit", "sealNum", "imdgClass", "unNumber", "placeIssuedAddress", "plateNum", "driver",
] as const;
const DECIMAL_FIELDS = { cargoWeight: 3, cargoVolume: 3, declaredValue: 2 } as const;
const COUNT_FIELDS = { quantity: 10_000_000, quantityTeu: 1000 } as const;
const FLAG_FIELDS = ["isStuffing", "isTandem", "isOpenVan", "isVia", "isDangerousCargo", "isWithPermit", "isSplitCharge", "originBackload"] as const;

/** A decimal as the form shows it: "12.500" reads 12.5, "250000.00" reads 250000; empty stays empty. */
const plainDecimal = (value: string) => (value.includes(".") ? value.replace(/\.?0+$/, "") : value);

export function draftOf(row: WaybillRow): WaybillDraft {
  return {
    shipperPreferredName: row.shipperPreferredName,
    consigneeName: row.consigneeName,
    consigneePreferredName: row.consigneePreferredName,
    consigneeAddress: row.consigneeAddress,
    goods: row.goods,
    goodsOthers: row.goodsOthers,
    packaging: row.packaging,
    packagingOthers: row.packagingOthers,
    quantity: String(row.quantity),
    quantityTeu: String(row.quantityTeu),
    unit: row.unit,
    cargoWeight: plainDecimal(row.cargoWeight),
    cargoVolume: plainDecimal(row.cargoVolume),
    declaredValue: plainDecimal(row.declaredValue),
    sealNum: row.sealNum,
    imdgClass: row.imdgClass,
    unNumber: row.unNumber,
    strippingType: row.strippingType ?? "",
    isStuffing: row.isStuffing,
    isTandem: row.isTandem,
    isOpenVan: row.isOpenVan,
    isVia: row.isVia,
    isDangerousCargo: row.isDangerousCargo,
    isWithPermit: row.isWithPermit,
    isSplitCharge: row.isSplitCharge,
    originBackload: row.originBackload,
    placeIssuedAddress: row.placeIssuedAddress,
    plateNum: row.plateNum,
    driver: row.driver,
    lines: row.charges.map((c) => ({
      chargeCode: c.chargeCode,
      // The particulars read "name, per teu, 1 x 12,500.00" (an insurance premium "name, 0.25% of 100,000.00"); the
      // name is what comes before.
      chargeName: c.particulars.replace(/, per (teu|bag|ton), .*$/i, "").replace(/, [\d.]+% of .*$/, "") || c.chargeCode,
      part: c.part as ChargePart,
      rateUnit: c.rateUnit as RateUnit,
      rate: normalizeAmount(c.rate),
      isVatable: c.isVatable,
      isInsurance: c.isInsurancePremium,
    })),
  };
}

const isDecimal = (text: string, scale: number) => new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`).test(text.trim());
const isCount = (text: string, max: number) => /^\d{1,8}$/.test(text.trim()) && Number(text) <= max;
export const isRateText = (text: string) => isDecimal(text, 2);

/** What the form refuses before asking the server: counts and decimals that are not numbers. */
export function draftErrors(d: WaybillDraft): Partial<Record<DraftField, string>> {
  const e: Partial<Record<DraftField, string>> = {};
  for (const [field, max] of Object.entries(COUNT_FIELDS) as [keyof typeof COUNT_FIELDS, number][]) {
    if (!isCount(d[field], max)) e[field] = `A whole number from 0 to ${max.toLocaleString("en-US")}`;
  }
  for (const [field, scale] of Object.entries(DECIMAL_FIELDS) as [keyof typeof DECIMAL_FIELDS, number][]) {
    if (d[field].trim() !== "" && !isDecimal(d[field], scale)) e[field] = `A number of at most ${scale} decimals, not negative`;
  }
  // The server's own rule, so the form says it before saving.
  const dangerous = dangerousCargoProblem({ isDangerousCargo: d.isDangerousCargo, imdgClass: d.imdgClass.trim(), unNumber: d.unNumber.trim() });
  if (dangerous) e[dangerous.field as DraftField] = dangerous.message;
  return e;
}

/** The quantity a rate is multiplied by, by its unit: the TEU, the bags, or the tons of the waybill. */
export function quantityFor(unit: RateUnit, d: Pick<WaybillDraft, "quantity" | "quantityTeu" | "cargoWeight">): string | null {
  const text = unit === "perTeu" ? d.quantityTeu : unit === "perBag" ? d.quantity : d.cargoWeight.trim() || "0";
  if (unit === "perTon") return isDecimal(text, 3) ? plainDecimal(text) || "0" : null;
  return isCount(text, Number.MAX_SAFE_INTEGER) ? String(Number(text)) : null;
}

/** A charge line as it stands in the form: its quantity and amount (null while a figure is not a number) and side. */
export interface LiveLine extends LineDraft {
  quantity: string | null;
  chargeValue: string | null;
  availableTo: PaymentSide;
  particulars: string;
}

/** The insurance premium of the waybill as the form stands (waybillInsurance); null while a figure is not a number. */
function livePremium(row: Pick<WaybillRow, "insurance">, d: WaybillDraft) {
  const teu = quantityFor("perTeu", d);
  const declared = d.declaredValue.trim() || "0";
  if (!row.insurance || teu === null || !isDecimal(declared, 2)) return null;
  return waybillInsurance({ declaredValue: declared, quantityTeu: Number(teu) }, row.insurance);
}

/**
 * Each line priced as the server prices it on save: the rate times the waybill's quantity in the rate's unit,
 * except that a saved line whose rate and quantity did not change keeps its amount, and an insurance premium follows
 * the declared value; its side follows the mode of payment and the split.
 */
export function liveLines(row: Pick<WaybillRow, "modeOfPayment" | "charges" | "insurance">, d: WaybillDraft): LiveLine[] {
  const mode = row.modeOfPayment as PaymentSide;
  const premium = livePremium(row, d);
  return d.lines.map((line) => {
    const side = paymentSideOf(mode, d.isSplitCharge, line.part);
    if (line.isInsurance && row.insurance) {
      return {
        ...line, quantity: quantityFor(line.rateUnit, d), chargeValue: premium?.premium ?? null, availableTo: side,
        particulars: premium ? insuranceParticulars(line.chargeName, premium.insuredValue, row.insurance.rate) : `${line.chargeName}, ?`,
      };
    }
    const quantity = quantityFor(line.rateUnit, d);
    const rateOk = isRateText(line.rate);
    // The saved line of the same code and part, removed and added again or not, is the one compared with.
    const saved: WaybillChargeRow | undefined = row.charges.find((c) => c.chargeCode === line.chargeCode && c.part === line.part);
    const unchanged = saved !== undefined && quantity !== null && rateOk && normalizeAmount(saved.rate) === normalizeAmount(line.rate) &&
      Number(saved.quantity) === Number(quantity);
    const chargeValue = unchanged ? saved.chargeValue : quantity !== null && rateOk ? chargeAmount(line.rate, line.rateUnit, quantity) : null;
    const particulars = unchanged && saved.rateUnit === line.rateUnit ? saved.particulars
      : `${line.chargeName}, ${rateUnitLabel(line.rateUnit).toLowerCase()}, ${quantity ?? "?"} x ${rateOk ? formatAmount(line.rate) : "?"}`;
    return { ...line, quantity, chargeValue, availableTo: side, particulars };
  });
}

/** The first line whose rate is not an amount, as the form says it; null when every rate is one. */
export function lineRateProblem(lines: readonly LineDraft[]): string | null {
  const bad = lines.find((l) => !isRateText(l.rate));
  return bad ? `The rate of ${bad.chargeCode} (${PART_TEXT[bad.part]}) is an amount of at most 2 decimals, not negative` : null;
}

/** The totals by side and the VAT of the lines as they stand; null while a line's amount cannot be worked out. */
export function liveTotals(lines: readonly LiveLine[]): WaybillTotals | null {
  if (lines.some((l) => l.chargeValue === null)) return null;
  return waybillTotals(lines.map((l) => ({ chargeValue: l.chargeValue!, availableTo: l.availableTo, isVatable: l.isVatable })));
}

/** The lines as the update call takes them; a rate still being typed ("5,6") goes as typed, for the form to refuse. */
const lineInputs = (lines: readonly LineDraft[]): ChargeLineInput[] =>
  lines.map((l) => ({ chargeCode: l.chargeCode, part: l.part, rateUnit: l.rateUnit, rate: isRateText(l.rate) ? normalizeAmount(l.rate) : l.rate }));

/** The update call's body: dateModified and what differs from the saved waybill; the charges only when they changed. */
export function changesOf(row: WaybillRow, d: WaybillDraft): UpdateWaybillInput {
  const before = draftOf(row);
  const out: UpdateWaybillInput = { dateModified: row.dateModified };
  const put = out as Record<string, unknown>;
  for (const f of TEXT_FIELDS) if (d[f].trim() !== before[f].trim()) put[f] = d[f].trim();
  for (const f of Object.keys(DECIMAL_FIELDS) as (keyof typeof DECIMAL_FIELDS)[]) {
    if (d[f].trim() !== before[f]) put[f] = d[f].trim() || "0";
  }
  for (const f of Object.keys(COUNT_FIELDS) as (keyof typeof COUNT_FIELDS)[]) {
    if (Number(d[f]) !== Number(before[f])) put[f] = Number(d[f]);
  }
  for (const f of FLAG_FIELDS) if (d[f] !== before[f]) put[f] = d[f];
  if (d.strippingType !== before.strippingType) put.strippingType = d.strippingType || null;
  const lines = lineInputs(d.lines);
  if (JSON.stringify(lines) !== JSON.stringify(lineInputs(before.lines))) out.charges = lines;
  return out;
}

/** Whether the form holds anything the saved waybill does not. */
export const hasChanges = (row: WaybillRow, d: WaybillDraft) => Object.keys(changesOf(row, d)).length > 1;
