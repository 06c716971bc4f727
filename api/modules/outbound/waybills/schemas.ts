import { z } from "zod";
import { dateModifiedField, MAX_TAKE } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import { RATE_UNITS, STRIPPING_TYPE_CODES } from "../../../shared/reference-lists.ts";
import { WAYBILL_PAGE_SIZE, WAYBILL_STATUSES } from "./rules.ts";

/** Contracts of the waybill calls; zod and pure modules only, so the web app uses them as they are. */

const required = (label: string, max: number) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);
const text = (label: string, max: number) =>
  z.string({ error: `${label} must be text` }).trim().max(max, `${label} can be at most ${max} characters`);
const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
const decimal = (label: string, scale: number) =>
  z.union([z.string(), z.number()], { error: `${label} must be a number` }).transform((v) => String(v).trim() || "0")
    .pipe(z.string().regex(new RegExp(`^\\d{1,12}(\\.\\d{1,${scale}})?$`), `${label} must be a number of at most ${scale} decimals, not negative`));
const count = (label: string, max: number) =>
  z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`).min(0, `${label} cannot be negative`).max(max, `${label} can be at most ${max}`);

export const wayBillRefParam = z.object({ wayBillRef: required("wayBillRef", 40) });

export const createWaybillBody = z.object({
  bookingRef: required("bookingRef", 40),
  /** On a tandem lane: the booking whose 20' van shares the trailer, carried on the same waybill. */
  tandemBookingRef: z.preprocess((v) => (v === "" || v === null ? undefined : v), required("tandemBookingRef", 40).optional()),
});
export type CreateWaybillInput = z.infer<typeof createWaybillBody>;

/** A booking whose van is out on a transfer slip and that is on no waybill yet: what a new waybill is made for. */
export const waybillCandidateRow = z.object({
  bookingRef: z.string(),
  ctsNum: z.string(),
  voyageNum: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  containerVanNum: z.string(),
  shipperName: z.string(),
  /** The quotation lane the booking was priced on; a tandem lane's bookings pair their 20' vans. */
  sqdocNum: z.string().nullable(),
  isTandem: z.boolean(),
  /** The van's size ("20", "40"); "" for a shipper's van. */
  size: z.string(),
});
export type WaybillCandidate = z.infer<typeof waybillCandidateRow>;

const RATE_UNIT_IDS = RATE_UNITS.map((u) => u.id) as [string, ...string[]];
const STRIPPING_CODES = STRIPPING_TYPE_CODES.map((s) => s.code) as [string, ...string[]];

/** A charge line as staff keep it: the quantity comes from the waybill by the rate's unit. */
export const chargeLineInput = z.object({
  chargeCode: required("chargeCode", 20),
  part: z.enum(["FREIGHT", "PORT_ORIGIN", "PORT_DESTINATION", "TRUCKING_ORIGIN", "TRUCKING_DESTINATION", "OTHER"], {
    error: "part must be FREIGHT, PORT_ORIGIN, PORT_DESTINATION, TRUCKING_ORIGIN, TRUCKING_DESTINATION or OTHER",
  }),
  rateUnit: z.enum(RATE_UNIT_IDS, { error: `rateUnit must be one of: ${RATE_UNIT_IDS.join(", ")}` }),
  rate: decimal("rate", 2),
});

/** What staff may change while the waybill is Draft; a field left out keeps its value. */
export const updateWaybillBody = z.object({
  dateModified: dateModifiedField,
  shipperPreferredName: text("shipperPreferredName", 120).optional(),
  consigneeName: text("consigneeName", 120).optional(),
  consigneePreferredName: text("consigneePreferredName", 120).optional(),
  consigneeAddress: text("consigneeAddress", 300).optional(),
  goods: text("goods", 200).optional(),
  goodsOthers: text("goodsOthers", 200).optional(),
  packaging: text("packaging", 40).optional(),
  packagingOthers: text("packagingOthers", 80).optional(),
  quantity: count("quantity", 10_000_000).optional(),
  quantityTeu: count("quantityTeu", 1000).optional(),
  unit: text("unit", 20).optional(),
  cargoWeight: decimal("cargoWeight", 3).optional(),
  cargoVolume: decimal("cargoVolume", 3).optional(),
  declaredValue: decimal("declaredValue", 2).optional(),
  sealNum: text("sealNum", 40).optional(),
  strippingType: z.enum(STRIPPING_CODES, { error: `strippingType must be one of: ${STRIPPING_CODES.join(", ")}` }).nullable().optional(),
  isStuffing: flag("isStuffing").optional(),
  isTandem: flag("isTandem").optional(),
  isOpenVan: flag("isOpenVan").optional(),
  isVia: flag("isVia").optional(),
  isDangerousCargo: flag("isDangerousCargo").optional(),
  isWithPermit: flag("isWithPermit").optional(),
  imdgClass: text("imdgClass", 5).optional(),
  unNumber: text("unNumber", 4).optional(),
  isSplitCharge: flag("isSplitCharge").optional(),
  originBackload: flag("originBackload").optional(),
  placeIssuedAddress: text("placeIssuedAddress", 200).optional(),
  /** When the stuffed van came back into the yard (an ISO timestamp) and the day it was grounded. */
  cyIn: z.iso.datetime({ offset: true, error: "cyIn must be an ISO timestamp" }).nullable().optional(),
  dateGrounded: dateText("dateGrounded").nullable().optional(),
  plateNum: text("plateNum", 30).optional(),
  driver: text("driver", 80).optional(),
  /** The whole list of charge lines, replacing the waybill's; a code may appear once per part. */
  charges: z.array(chargeLineInput, { error: "charges must be a list" }).max(60, "At most 60 charge lines").optional(),
});
export type UpdateWaybillInput = z.infer<typeof updateWaybillBody>;

export const waybillListQuery = z.object({
  skip: z.number({ error: "skip must be a whole number" }).int("skip must be a whole number").min(0, "skip cannot be negative").max(1_000_000).default(0),
  take: z.number({ error: "take must be a whole number" }).int("take must be a whole number").min(1, "take must be at least 1")
    .max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(WAYBILL_PAGE_SIZE),
  search: text("search", 100).default(""),
  voyageNum: text("voyageNum", 40).default(""),
  status: z.enum(WAYBILL_STATUSES, { error: `status must be one of: ${WAYBILL_STATUSES.join(", ")}` }).optional(),
  branchCode: text("branchCode", 30).default(""),
});
export type WaybillListQuery = z.infer<typeof waybillListQuery>;

export const waybillChargeRow = z.object({
  chargeCode: z.string(),
  part: z.string(),
  particulars: z.string(),
  rateUnit: z.string(),
  quantity: z.string(),
  rate: z.string(),
  chargeValue: z.string(),
  availableTo: z.string(),
  isVatable: z.boolean(),
  source: z.string(),
  /** An insurance premium: its amount follows the declared value (waybillInsurance), not rate times quantity. */
  isInsurancePremium: z.boolean(),
  /** What approved overrides moved the computed value by (signed), and the line's value after them. */
  overridden: z.string(),
  value: z.string(),
  /** What approved waivers forgave of the line, and what is left to pay on it. */
  waived: z.string(),
  due: z.string(),
});

const totals = z.object({
  prepaid: z.string(), collect: z.string(), accountOrigin: z.string(), accountDestination: z.string(), total: z.string(),
  vat: z.object({ vatableInclusive: z.string(), vatableNet: z.string(), vat: z.string(), exempt: z.string() }),
});

export const waybillRow = z.object({
  id: z.number(),
  wayBillRef: z.string(),
  status: z.string(),
  bookingRef: z.string(),
  ctsNum: z.string(),
  branchCode: z.string(),
  destinationBranchCode: z.string(),
  voyageNum: z.string(),
  customerCode: z.string(),
  shipperName: z.string(),
  shipperPreferredName: z.string(),
  consigneeName: z.string(),
  consigneePreferredName: z.string(),
  consigneeAddress: z.string(),
  shipperPickUpAddress: z.string(),
  goods: z.string(),
  goodsOthers: z.string(),
  packaging: z.string(),
  packagingOthers: z.string(),
  quantity: z.number(),
  quantityTeu: z.number(),
  unit: z.string(),
  cargoWeight: z.string(),
  cargoVolume: z.string(),
  declaredValue: z.string(),
  modeOfDelivery: z.string(),
  modeOfPayment: z.string(),
  containerVanNum: z.string(),
  /** The second booking of a tandem, its slip and its 20' van; null and "" on a waybill of one van. */
  tandemBookingRef: z.string().nullable(),
  tandemCtsNum: z.string().nullable(),
  tandemContainerVanNum: z.string(),
  isShipperOwned: z.boolean(),
  sealNum: z.string(),
  size: z.string(),
  strippingType: z.string().nullable(),
  isStuffing: z.boolean(),
  isTandem: z.boolean(),
  isOpenVan: z.boolean(),
  isVia: z.boolean(),
  isDangerousCargo: z.boolean(),
  imdgClass: z.string(),
  unNumber: z.string(),
  isWithPermit: z.boolean(),
  isSplitCharge: z.boolean(),
  originBackload: z.boolean(),
  placeIssuedAddress: z.string(),
  cyIn: z.string().nullable(),
  dateGrounded: z.string().nullable(),
  releaseType: z.string(),
  releaseTag: z.string(),
  ctsDate: z.string(),
  bookingDate: z.string(),
  actualVessel: z.string(),
  /** The unit the freight is charged in: "Per TEU", "Per BAG" or "Per TON". */
  ratesApplied: z.string(),
  shipperAreaCode: z.string().nullable(),
  shipperAreaName: z.string(),
  shipperAreaProvince: z.string(),
  shipperAreaIsBackLoad: z.boolean(),
  consigneeAreaCode: z.string().nullable(),
  consigneeAreaName: z.string(),
  consigneeAreaProvince: z.string(),
  truckingCode: z.string(),
  plateNum: z.string(),
  driver: z.string(),
  remarks: z.string(),
  sqRefNum: z.string().nullable(),
  sqdocNum: z.string().nullable(),
  datePrepared: z.string(),
  preparedBy: z.string(),
  dateModified: z.string(),
  charges: z.array(waybillChargeRow),
  /** By payment side and with the VAT, on the lines' values after approved overrides. */
  totals,
  /** What approved waivers forgave on the whole waybill, and what they leave to pay. */
  waived: z.string(),
  due: z.string(),
  insurancePremium: z.string(),
  /** The policies an insurance premium on this waybill is worked out with (C0004, C0005); null when none is in force. */
  insurance: z.object({ insuredValuePerTeu: z.string(), rate: z.string() }).nullable(),
});
export type WaybillRow = z.infer<typeof waybillRow>;
