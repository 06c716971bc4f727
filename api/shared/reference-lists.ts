/**
 * Fixed reference lists of 001 §5 and §9, served by GET /Dbconstants. Plain data without zod so the web app
 * can import the same lists (and their types) for pickers and labels. Entries and their order follow the spec.
 */

/** How a charge is taxed (domain notes §7): VATable unless marked VAT-exempt or zero-rated. */
export const TAX_CLASSES = ["VATABLE", "EXEMPT", "ZERO_RATED"] as const;
export type TaxClass = (typeof TAX_CLASSES)[number];
export const TAX_CLASS_LABELS: Record<TaxClass, string> = { VATABLE: "VATable", EXEMPT: "VAT-exempt", ZERO_RATED: "Zero-rated" };

/** What a customer withholds when it pays (domain notes §8). */
export const WITHHOLDING_SETTINGS = ["NONE", "PRIVATE", "GOVERNMENT"] as const;
export type WithholdingSetting = (typeof WITHHOLDING_SETTINGS)[number];
export const WITHHOLDING_LABELS: Record<WithholdingSetting, string> = {
  NONE: "None",
  PRIVATE: "Private (2% EWT)",
  GOVERNMENT: "Government (2% EWT and 5% VAT)",
};

/** Packaging a cargo line can name (001 §9). */
export const PACKAGING_TYPES = ["Box", "Crates", "Drum", "Rolls", "Sacks"] as const;
export type PackagingType = (typeof PACKAGING_TYPES)[number];

/** Activities a vessel can report, grouped by the vessel's status (001 §9). */
export const VESSEL_STATUS_ACTIVITIES = [
  {
    status: "Docking",
    activities: ["Loading", "Unloading", "Dry Dock", "Repair", "Awaiting Cargo", "Awaiting Departure", "Pull Out"],
  },
  { status: "In Transit", activities: ["In Transit", "Repair", "Shelter"] },
  {
    status: "Anchorage",
    activities: [
      "For Loading",
      "For Unloading",
      "Repair",
      "Awaiting Cargo",
      "Awaiting Departure",
      "Pull Out",
      "Waiting Berthing Window",
    ],
  },
  { status: "Drydocking", activities: ["Repair and Maintenance", "Examination"] },
] as const;
export type VesselStatus = (typeof VESSEL_STATUS_ACTIVITIES)[number]["status"];
export type VesselActivity = (typeof VESSEL_STATUS_ACTIVITIES)[number]["activities"][number];

/** Conditions a container van can be recorded in (001 §9). */
export const CONTAINER_VAN_CONDITIONS = [
  "Full",
  "Empty",
  "Sold",
  "For Scrap",
  "In Repair",
  "Storage",
  "Container Van Office",
] as const;
export type ContainerVanCondition = (typeof CONTAINER_VAN_CONDITIONS)[number];

/** Parts of a van a damage entry can point at (001 §9). */
export const DAMAGE_PARTS = [
  "Roof Panel",
  "Bottom Side Rail",
  "Front End Frame",
  "Joint Strip",
  "Endwall Panel",
  "Threshold Plate",
  "Ventilator",
  "Door Assembly",
  "Sidewall Panel",
  "Rear End Frame",
  "Marking Panel",
  "Top Side Rail",
  "Forklift Pocket",
  "Cross Member",
] as const;
export type DamagePart = (typeof DAMAGE_PARTS)[number];

/** Kinds of damage (001 §9). */
export const DAMAGE_TYPES = [
  "Cracked",
  "Collapsed",
  "Torn",
  "Scratched",
  "Dented",
  "Loose",
  "Missing",
  "Punctured",
  "Corroded",
] as const;
export type DamageType = (typeof DAMAGE_TYPES)[number];

/** Stripping type codes (001 §5); ALL stands for both CY stripping kinds. */
export const STRIPPING_TYPE_CODES = [
  { code: "011", name: "CY Stripping Mano" },
  { code: "010", name: "CY Stripping Area" },
  { code: "ALL", name: "Both" },
  { code: "012", name: "Door Delivery with Stripping Mano" },
] as const;
export type StrippingTypeCode = (typeof STRIPPING_TYPE_CODES)[number]["code"];

/** The parts a charge is split into on a waybill (001 §9). */
export const CHARGE_PARTS = [
  "FREIGHT",
  "PORT_ORIGIN",
  "PORT_DESTINATION",
  "TRUCKING_ORIGIN",
  "TRUCKING_DESTINATION",
] as const;
export type ChargePart = (typeof CHARGE_PARTS)[number];

export interface ChargeCodeEntry {
  code: string;
  name: string;
  /** Only where the spec ties the code to one part. */
  part?: ChargePart;
  /** How a printout labels the charge, or how the code relates to its neighbours. */
  note?: string;
}

/**
 * Charge codes of 001 §9, in the spec's order. 014 to 017 are described together as lift on/off, DG and
 * open van fees, with 016 named separately as the permit fee; 020 and VOFD both mean van out.
 */
export const CHARGE_CODES = [
  { code: "001", name: "Freight", part: "FREIGHT" },
  { code: "002", name: "Freight", part: "FREIGHT" },
  { code: "003", name: "Freight", part: "FREIGHT" },
  { code: "004", name: "Port charge", note: "Printed as arrastre on the arrival notice" },
  { code: "007", name: "Port charge", note: "Printed as arrastre on the arrival notice" },
  { code: "008", name: "Port charge", note: "Printed as arrastre on the arrival notice" },
  { code: "005", name: "Wharfage", note: "Printed as weighing fee on the arrival notice" },
  { code: "006", name: "Trucking tariff" },
  { code: "009", name: "CY stuffing" },
  { code: "010", name: "CY stripping" },
  { code: "011", name: "CY stripping MANO" },
  { code: "012", name: "Stripping (destination trucking MANO)", part: "TRUCKING_DESTINATION" },
  { code: "013", name: "Stuffing (origin trucking MANO)", part: "TRUCKING_ORIGIN" },
  { code: "014", name: "Lift on/off, DG or open van fee" },
  { code: "015", name: "Lift on/off, DG or open van fee" },
  { code: "016", name: "Permit fee", note: "Inside the 014 to 017 range of lift on/off, DG and open van fees" },
  { code: "017", name: "Lift on/off, DG or open van fee" },
  { code: "018", name: "Stuffing mano" },
  { code: "020", name: "Van out" },
  { code: "VOFD", name: "Van out" },
  { code: "SOC", name: "SOC", note: "Shipper-owned container" },
  { code: "INS", name: "Insurance premium" },
  { code: "AMF", name: "Amendment fee" },
  { code: "BSC", name: "Fuel surcharge" },
] as const satisfies readonly ChargeCodeEntry[];
export type ChargeCode = (typeof CHARGE_CODES)[number]["code"];

/** How a rate is applied (ratesApplied): the stored id and the label shown (001 §9). */
export const RATE_UNITS = [
  { id: "perTeu", label: "Per TEU" },
  { id: "perBag", label: "Per BAG" },
  { id: "perTon", label: "Per TON" },
] as const;
export type RateUnit = (typeof RATE_UNITS)[number]["id"];

/** Policy codes (001 §9) and what each policy value holds. */
export const POLICY_CODES = [
  { code: "C0001", meaning: "Free storage days" },
  { code: "C0002", meaning: "Free detention days" },
  { code: "C0003", meaning: "Demurrage per day" },
  { code: "C0004", meaning: "Insured value per 20-foot van (insurance)" },
  { code: "C0005", meaning: "Insurance rate" },
  { code: "C0007", meaning: "Claim days" },
  { code: "C0013", meaning: "Detention fee" },
  { code: "VAN-OUT FEE IN PESO", meaning: "Van-out fee, in pesos" },
  // The amendment fee (AMF) of a booking change approved once the cargo is loaded, unless the customer has an agreed amount.
  { code: "AMENDMENT FEE", meaning: "Amendment fee (AMF) of a booking change, VAT included" },
  // The line's own settings of free time (domain notes §4, §12), read by api/modules/inbound/demurrage/rules.ts.
  { code: "STORAGE FEE PER TEU", meaning: "Storage fee per TEU per day (900.00 while no row is in force)" },
  { code: "FREE TIME RATE BASIS", meaning: "Demurrage (C0003) and detention (C0013) charged per TEU or per van: text value TEU or VAN (TEU unless VAN)" },
  { code: "OUTBOUND DEMURRAGE", meaning: "Demurrage also charged at the origin, from CY-in to loading: text value ON or OFF (OFF unless ON)" },
] as const;
export type PolicyCode = (typeof POLICY_CODES)[number]["code"];

/** Every list by the key GET /Dbconstants answers it under; GET /Dbconstants/{list} takes the same keys. */
export const REFERENCE_LISTS = {
  packagingTypes: PACKAGING_TYPES,
  vesselStatusActivities: VESSEL_STATUS_ACTIVITIES,
  containerVanConditions: CONTAINER_VAN_CONDITIONS,
  damageParts: DAMAGE_PARTS,
  damageTypes: DAMAGE_TYPES,
  strippingTypeCodes: STRIPPING_TYPE_CODES,
  chargeCodes: CHARGE_CODES,
  chargeParts: CHARGE_PARTS,
  rateUnits: RATE_UNITS,
  policyCodes: POLICY_CODES,
} as const;
export type ReferenceLists = typeof REFERENCE_LISTS;
export type ReferenceListKey = keyof ReferenceLists;
export const REFERENCE_LIST_KEYS = Object.keys(REFERENCE_LISTS) as ReferenceListKey[];

/** The key of a list, whatever the letter case it was asked for in; undefined for an unknown name. */
export function referenceListKey(name: string): ReferenceListKey | undefined {
  const wanted = name.trim().toLowerCase();
  return REFERENCE_LIST_KEYS.find((key) => key.toLowerCase() === wanted);
}

/** The label of a rate unit id (perTeu -> "Per TEU"); the id itself when it is not one of the three. */
export function rateUnitLabel(id: string): string {
  return RATE_UNITS.find((unit) => unit.id === id)?.label ?? id;
}
