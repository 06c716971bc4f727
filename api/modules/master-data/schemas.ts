import { z } from "zod";
import { choice, code, containerNumber, date, decimal, email, entityContract, flag, int, money, ref, refs, text, time } from "../../shared/fields.ts";
import {
  CHARGE_PARTS,
  CONTAINER_VAN_CONDITIONS,
  RATE_UNITS,
  STRIPPING_TYPE_CODES,
  TAX_CLASS_LABELS,
  TAX_CLASSES,
  WITHHOLDING_LABELS,
  WITHHOLDING_SETTINGS,
} from "../../shared/reference-lists.ts";
import { HOLIDAY_TYPE_LABELS, HOLIDAY_TYPES } from "../../shared/dates.ts";

/**
 * Every master-data entity, declared once: its fields (with the labels and checks the screens show), the
 * fields that make a record unique, and the paths of its calls as 000 §7 and 001 §7 spell them. The server
 * makes services and routes from these (entities.ts); the web app makes list columns and forms from them.
 */

/** One property of every entry of a reference list, as the tuple z.enum takes. */
const values = <T extends readonly Record<string, string>[], K extends keyof T[number] & string>(list: T, key: K) =>
  list.map((entry) => (entry as Record<string, string>)[key]) as unknown as readonly [T[number][K] & string, ...(T[number][K] & string)[]];

/** How a branch's TIN is written: the nine digits of the company's TIN and the branch code, "123-456-789-00001". */
export const TIN_WITH_BRANCH_CODE = /^\d{3}-\d{3}-\d{3}-\d{3,5}$/;

/** A TIN with its branch code, or nothing yet (the branch then issues no invoice). */
const tinWithBranchCode = (label: string) => ({
  // The check sits under the default, so an update (which drops the default) checks it too.
  schema: z.string({ error: `${label} must be text` }).trim().max(20, `${label} can be at most 20 characters`)
    .refine((v) => v === "" || TIN_WITH_BRANCH_CODE.test(v), `${label} is written 123-456-789-00001 (the TIN and the branch code)`)
    .default(""),
  meta: { label, kind: "text" as const, required: false, max: 20, listed: false },
});

export const branchContract = entityContract({
  label: "Branch",
  resource: "Branches",
  searchHint: "Search code or name",
  fields: {
    code: code("Branch code"),
    name: text("Branch name"),
    address: text("Address", { max: 300, required: false }),
    baseBranchId: text("Accounting base id", { max: 40, required: false, unlisted: true }),
    // The seller as the branch's invoices print it (domain notes §6); a branch issues none until all three are set.
    registeredName: text("Registered name", { max: 200, required: false, unlisted: true }),
    businessStyle: text("Business style", { max: 200, required: false, unlisted: true }),
    tin: tinWithBranchCode("TIN with branch code"),
  },
});

export const portContract = entityContract({
  label: "Port",
  resource: "ports",
  searchHint: "Search code, name, branch or location",
  fields: {
    code: code("Port code"),
    name: text("Port name"),
    branchCode: ref("Branch", "Branches"),
    location: text("Location", { max: 200, required: false }),
  },
});

export const areaContract = entityContract({
  label: "Area",
  resource: "areas",
  searchHint: "Search code, name, branch, province or city",
  fields: {
    code: code("Area code"),
    name: text("Area name"),
    branchCode: ref("Branch", "Branches"),
    portCode: ref("Port", "ports", { required: false }),
    province: text("Province", { max: 80, required: false }),
    city: text("City or municipality", { max: 80, required: false }),
    isBackLoad: flag("Back-load area"),
  },
});

export const cargoTypeContract = entityContract({
  label: "Cargo type",
  resource: "CargoTypes",
  searchHint: "Search code or name",
  fields: {
    code: code("Cargo type code"),
    name: text("Cargo type name"),
    description: text("Description", { max: 300, required: false }),
    isContainerized: flag("Containerized", { default: true }),
  },
});

export const serviceModeContract = entityContract({
  label: "Service mode",
  resource: "ServiceModes",
  searchHint: "Search code or name",
  fields: {
    code: code("Service mode code"),
    name: text("Service mode name"),
    doorOrigin: flag("Door pick-up at origin"),
    doorDestination: flag("Door delivery at destination"),
  },
});

export const containerYardContract = entityContract({
  label: "Container Yard",
  resource: "ContainerYards",
  searchHint: "Search code, name or branch",
  fields: {
    code: code("Container yard code"),
    name: text("Container yard name"),
    branchCode: ref("Branch", "Branches"),
    address: text("Address", { max: 300, required: false }),
  },
});

export const routeContract = entityContract({
  label: "Route",
  resource: "Routes",
  searchHint: "Search code, name or origin branch",
  paths: { listActive: "getRouteIsActive" },
  fields: {
    code: code("Route code"),
    name: text("Route name"),
    originBranchCode: ref("Origin branch", "Branches"),
    destinationBranchCodes: refs("Destination branches", "Branches", { min: 1 }),
  },
});

export const CHARGE_CATEGORIES = ["FREIGHT", "PORT", "TRUCKING", "STRIPPING_STUFFING", "INSURANCE", "OTHER"] as const;
export const CHARGE_CLASSES = ["ORIGIN", "DESTINATION", "BOTH"] as const;
export const EFFECTIVE_DATE_BASES = ["BOOKING_DATE", "SQ_DATE", "DEPARTURE_DATE"] as const;

/** The words a screen shows for the stored codes above (the codes stay what is stored and sent). */
export const CHARGE_CATEGORY_LABELS: Record<(typeof CHARGE_CATEGORIES)[number], string> = {
  FREIGHT: "Freight",
  PORT: "Port",
  TRUCKING: "Trucking",
  STRIPPING_STUFFING: "Stripping and stuffing",
  INSURANCE: "Insurance",
  OTHER: "Other",
};
export const CHARGE_CLASS_LABELS: Record<(typeof CHARGE_CLASSES)[number], string> = {
  ORIGIN: "Origin",
  DESTINATION: "Destination",
  BOTH: "Origin and destination",
};
export const EFFECTIVE_DATE_BASIS_LABELS: Record<(typeof EFFECTIVE_DATE_BASES)[number], string> = {
  BOOKING_DATE: "Booking date",
  SQ_DATE: "Quotation date",
  DEPARTURE_DATE: "Departure date",
};

export const chargeContract = entityContract({
  label: "Charge",
  resource: "Charges",
  searchHint: "Search code, name or print name",
  paths: { update: "update/{code}" },
  checks: [{
    field: "strippingType",
    message: "A stripping type can only be set on a stripping or stuffing charge",
    holds: (charge) => !charge.strippingType || charge.isStrippingStuffingCharge === true,
  }, {
    // The waybill works its VAT out from isVatable, the invoice from the tax class: the two must not disagree.
    field: "taxClass",
    message: "A VAT-exempt or zero-rated charge is not VAT-able: untick VAT-able",
    holds: (charge) => charge.taxClass === undefined || charge.taxClass === "VATABLE" || charge.isVatable === false,
  }],
  fields: {
    code: code("Charge code"),
    name: text("Charge name"),
    printName: text("Print name", { required: false }),
    category: choice("Category", CHARGE_CATEGORIES, { labels: CHARGE_CATEGORY_LABELS }),
    chargeClass: choice("Charge class", CHARGE_CLASSES, { labels: CHARGE_CLASS_LABELS }),
    unitOfMeasure: choice("Unit of measure", values(RATE_UNITS, "id"), {
      labels: Object.fromEntries(RATE_UNITS.map((u) => [u.id, u.label])),
    }),
    cargoType: ref("Cargo type", "CargoTypes", { required: false, unlisted: true }),
    effectiveDateBasis: choice("Effective date basis", EFFECTIVE_DATE_BASES, { unlisted: true, labels: EFFECTIVE_DATE_BASIS_LABELS }),
    isVatable: flag("VAT-able", { default: true }),
    taxClass: choice("Tax class", TAX_CLASSES, { labels: TAX_CLASS_LABELS, unlisted: true, default: "VATABLE" }),
    passThrough: flag("Pass-through (billed by the port to the consignee)", { unlisted: true }),
    showInSq: flag("Show in sales quotation", { default: true, unlisted: true }),
    openVanApply: flag("Applies to open vans", { unlisted: true }),
    backLoadApply: flag("Applies to back-load", { unlisted: true }),
    isDangerousCargo: flag("Dangerous cargo", { unlisted: true }),
    isShipperOwn: flag("Shipper-owned container", { unlisted: true }),
    isInsurancePremium: flag("Insurance premium", { unlisted: true }),
    isLiftOnOff: flag("Lift on/off", { unlisted: true }),
    isStrippingStuffingCharge: flag("Stripping or stuffing", { unlisted: true }),
    isVanOut: flag("Van out", { unlisted: true }),
    isPermitFee: flag("Permit fee", { unlisted: true }),
    isSpecialCharge: flag("Special charge", { unlisted: true }),
    appliedBranches: refs("Applied branches", "Branches", { unlisted: true }),
    glAccount: text("GL account", { max: 40, required: false, unlisted: true }),
    strippingType: choice("Stripping type", values(STRIPPING_TYPE_CODES, "code"), {
      required: false,
      unlisted: true,
      labels: Object.fromEntries(STRIPPING_TYPE_CODES.map((s) => [s.code, `${s.code} ${s.name}`])),
    }),
  },
});

export const chargeServicesMatrixContract = entityContract({
  label: "Charge Service Matrix",
  resource: "ChargeServicesMatrices",
  searchHint: "Search charge, service mode or cargo type",
  uniqueBy: ["chargeCode", "serviceModeCode", "cargoTypeCode"],
  paths: { delete: "delete/{id}" },
  fields: {
    chargeCode: ref("Charge", "Charges"),
    serviceModeCode: ref("Service mode", "ServiceModes"),
    cargoTypeCode: ref("Cargo type", "CargoTypes"),
    chargePart: choice("Charge part", CHARGE_PARTS),
    isRequired: flag("Required", { default: true }),
  },
});

export const companyPolicyContract = entityContract({
  label: "Company policy",
  resource: "CompanyPolicies",
  searchHint: "Search code or description",
  uniqueBy: ["code", "dateEffective"],
  fields: {
    code: code("Policy code", { max: 30 }),
    description: text("Description", { max: 200, required: false }),
    defaultValueDecimal: decimal("Value", { required: false }),
    dateEffective: date("Date effective"),
    inputtedString: text("Text value", { max: 200, required: false }),
  },
});

export const freightRateContract = entityContract({
  label: "Freight rate",
  resource: "FreightRates",
  searchHint: "Search charge, ports or branches",
  uniqueBy: ["chargeCode", "portCodeOrigin", "portCodeDestination", "dateEffective"],
  fields: {
    dateEffective: date("Date effective"),
    chargeCode: ref("Charge", "Charges"),
    branchCodeOrigin: ref("Origin branch", "Branches"),
    portCodeOrigin: ref("Origin port", "ports"),
    branchCodeDestination: ref("Destination branch", "Branches"),
    portCodeDestination: ref("Destination port", "ports"),
    fastandardRates: money("Standard rate", { required: false }),
    stdRateWvat: money("Standard rate with VAT"),
  },
});

export const portRateContract = entityContract({
  label: "Port rate",
  resource: "PortRates",
  searchHint: "Search charge, branch or port",
  uniqueBy: ["chargeCode", "portCode", "dateEffective"],
  fields: {
    dateEffective: date("Date effective"),
    chargeCode: ref("Charge", "Charges"),
    branchCode: ref("Branch", "Branches"),
    portCode: ref("Port", "ports"),
    stdRateWvat: money("Standard rate with VAT"),
  },
});

export const truckingRateContract = entityContract({
  label: "Trucking rate",
  resource: "TruckingRates",
  searchHint: "Search charge, area, port or branch",
  uniqueBy: ["chargeCode", "areaCode", "portCode", "dateEffective"],
  fields: {
    dateEffective: date("Date effective"),
    chargeCode: ref("Charge", "Charges"),
    branchCode: ref("Branch", "Branches"),
    portCode: ref("Port", "ports"),
    areaCode: ref("Area", "areas"),
    stdRateWvat: money("Standard rate with VAT"),
    backloadRateWvat: money("Back-load rate with VAT", { required: false }),
    stdRateTandemRates: money("Tandem rate with VAT", { required: false }),
  },
});

export const CUSTOMER_TYPES = ["SHIPPER", "CONSIGNEE", "BOTH"] as const;

export const customerContract = entityContract({
  label: "Customer",
  resource: "Customers",
  searchHint: "Search code, company, name, contact or email",
  fields: {
    code: code("Customer code"),
    company: text("Company", { max: 200 }),
    firstName: text("First name", { max: 80, required: false }),
    middleInitial: text("Middle initial", { max: 5, required: false, unlisted: true }),
    lastName: text("Last name", { max: 80, required: false }),
    address: text("Address", { max: 300, required: false, unlisted: true }),
    contactNum: text("Contact number", { max: 40, required: false }),
    customerContactEmail: email("Email address"),
    tin: text("TIN", { max: 20, required: false, unlisted: true }),
    // The buyer's tax particulars: an invoice of 1,000.00 or more to a VAT-registered buyer names its TIN
    // (domain notes §6), and what it withholds decides the tax taken off its payments (§8).
    vatRegistered: flag("VAT-registered", { unlisted: true }),
    withholding: choice("Withholding", WITHHOLDING_SETTINGS, { labels: WITHHOLDING_LABELS, unlisted: true, default: "NONE" }),
    isTopWithholdingAgent: flag("Top withholding agent", { unlisted: true }),
    customerType: choice("Customer type", CUSTOMER_TYPES, { labels: { SHIPPER: "Shipper", CONSIGNEE: "Consignee", BOTH: "Shipper and consignee" } }),
    isPayor: flag("Payor", { default: true, unlisted: true }),
    isCollectionPayor: flag("Collection payor", { unlisted: true }),
    isPerBag: flag("Rated per bag", { unlisted: true }),
    accountExecutiveId: text("Account executive", { max: 50, required: false, unlisted: true }),
    branchCode: ref("Branch", "Branches", { required: false, unlisted: true }),
  },
});

export const VESSEL_TYPES = ["Container", "RoRo", "General Cargo", "Barge"] as const;

export const vesselContract = entityContract({
  label: "Vessel",
  resource: "Vessels",
  searchHint: "Search code or name",
  fields: {
    code: code("Vessel code"),
    name: text("Vessel name"),
    vesselType: choice("Vessel type", VESSEL_TYPES),
    capacityTeu: int("Capacity (TEU)", { max: 30_000, default: 0 }),
    grossTonnage: decimal("Gross tonnage", { required: false }),
    profitCenter: text("Profit center", { max: 40, required: false, unlisted: true }),
  },
});

/** A slot of a stowage grid (1-based row and column; width and height in cells; the bay position label). */
export const stowageSlot = z.object({
  row: z.number().int().min(1, "A slot's row starts at 1").max(60),
  column: z.number().int().min(1, "A slot's column starts at 1").max(60),
  width: z.number().int().min(1, "A slot is at least one cell wide").max(60),
  height: z.number().int().min(1, "A slot is at least one cell high").max(60),
  position: z.string().trim().min(1, "Every slot needs a position").max(20, "A position can be at most 20 characters"),
});
export type StowageSlot = z.infer<typeof stowageSlot>;
const gridShape = {
  rows: z.number({ error: "Rows is required" }).int().min(1, "Rows must be at least 1").max(60, "Rows can be at most 60"),
  columns: z.number({ error: "Columns is required" }).int().min(1, "Columns must be at least 1").max(60, "Columns can be at most 60"),
  slots: z.array(stowageSlot).max(3600).default([]),
};
export const stowageTemplateInput = z.object({ code: z.string().trim().min(1, "Template code is required").max(20), name: z.string().trim().min(1, "Template name is required").max(120), ...gridShape });
export const stowagePlanInput = z.object({ vesselCode: z.string().trim().min(1, "Vessel is required").max(30), name: z.string().trim().min(1, "Plan name is required").max(120), ...gridShape });

export const VAN_SIZES = ["20", "40"] as const;
export const VAN_TYPES = ["DRY", "REEFER", "OPEN TOP", "FLAT RACK"] as const;

export const containerVanContract = entityContract({
  label: "Container van",
  resource: "ContainerVans",
  searchHint: "Search van number, yard or owner",
  paths: { create: "create", get: "getContainer/{id}" },
  fields: {
    code: containerNumber("Van number"),
    size: choice("Size", VAN_SIZES, { labels: { "20": "20 ft", "40": "40 ft" } }),
    vanType: choice("Van type", VAN_TYPES),
    condition: choice("Condition", CONTAINER_VAN_CONDITIONS),
    cyCode: ref("Container yard", "ContainerYards", { required: false }),
    isShipperOwn: flag("Shipper-owned"),
    ownerName: text("Owner", { max: 120, required: false, unlisted: true }),
  },
});

export const truckingContract = entityContract({
  label: "Trucking",
  resource: "Truckings",
  searchHint: "Search code, name, plate number or contact",
  paths: { create: "createTruckingWithBranches", get: "getTrucking/{id}", update: "updateTruckingWithBranch/{id}" },
  fields: {
    code: code("Trucker code"),
    name: text("Trucker name"),
    plateNum: text("Plate number", { max: 200, required: false }),
    contactPerson: text("Contact person", { max: 120, required: false, unlisted: true }),
    contactNum: text("Contact number", { max: 40, required: false }),
    address: text("Address", { max: 300, required: false, unlisted: true }),
    isHauling: flag("Hauling"),
    isAuthorized: flag("Authorized", { default: true }),
    branchCodes: refs("Branches", "Branches", { min: 1 }),
  },
});

export const commodityCategoryContract = entityContract({
  label: "Commodity category",
  resource: "CommodityCategories",
  searchHint: "Search code or name",
  fields: {
    code: code("Category code"),
    name: text("Category name"),
  },
});

export const commodityContract = entityContract({
  label: "Commodity",
  resource: "CommodityGoods",
  searchHint: "Search code, name or category",
  paths: { create: "create", get: "getCommodityGoods/{id}" },
  fields: {
    code: code("Commodity code"),
    name: text("Commodity name"),
    categoryCode: ref("Category", "CommodityCategories"),
    isDangerousCargo: flag("Dangerous cargo"),
  },
});

export const holidayContract = entityContract({
  label: "Holiday",
  resource: "Calendar/holidays",
  searchHint: "Search name, date or branch",
  uniqueBy: ["holidayDate", "branchCode"],
  fields: {
    holidayDate: date("Date"),
    name: text("Holiday name"),
    branchCode: ref("Branch (empty for every branch)", "Branches", { required: false }),
    holidayType: choice("Type", HOLIDAY_TYPES, { labels: HOLIDAY_TYPE_LABELS, default: "REGULAR" }),
  },
});

export const workScheduleContract = entityContract({
  label: "Work schedule",
  resource: "Calendar/workSchedules",
  searchHint: "Search branch",
  uniqueBy: ["branchCode", "dayOfWeek"],
  fields: {
    branchCode: ref("Branch", "Branches"),
    dayOfWeek: int("Day of week (0 Sunday to 6 Saturday)", { min: 0, max: 6 }),
    isWorkingDay: flag("Working day", { default: true }),
    startTime: time("Start"),
    endTime: time("End"),
  },
});

// Types the web app and the services share.
export type Branch = z.infer<typeof branchContract.row>;
export type Port = z.infer<typeof portContract.row>;
export type PortInput = z.input<typeof portContract.input>;
export type ContainerYard = z.infer<typeof containerYardContract.row>;

// Names the earlier screens and tests use.
export const branchInput = branchContract.input;
export const branchRow = branchContract.row;
export const portInput = portContract.input;
export const portRow = portContract.row;
export const portFilters = z.object({ branchCode: z.string().trim().max(20).optional() });
export const branchCodeQuery = z.object({
  BranchCode: z.string({ error: "BranchCode is required" }).trim().min(1, "BranchCode is required").max(20),
});

/** Every entity contract, by the screen name the web app uses. */
export const ENTITY_CONTRACTS = {
  branches: branchContract,
  ports: portContract,
  areas: areaContract,
  cargoTypes: cargoTypeContract,
  serviceModes: serviceModeContract,
  containerYards: containerYardContract,
  routes: routeContract,
  charges: chargeContract,
  chargeServicesMatrices: chargeServicesMatrixContract,
  companyPolicies: companyPolicyContract,
  freightRates: freightRateContract,
  portRates: portRateContract,
  truckingRates: truckingRateContract,
  customers: customerContract,
  vessels: vesselContract,
  containerVans: containerVanContract,
  truckings: truckingContract,
  commodityCategories: commodityCategoryContract,
  commodities: commodityContract,
  holidays: holidayContract,
  workSchedules: workScheduleContract,
} as const;
export type EntityName = keyof typeof ENTITY_CONTRACTS;
