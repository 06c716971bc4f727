import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, numeric, pgTable, text, unique } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";

/**
 * Master data (000 §3, 001 §3 and §7). Records point at each other by code, with ON UPDATE CASCADE so a
 * corrected code follows everywhere; a record in use cannot be deleted (deactivate it instead). Lists of
 * codes (a charge's branches, a trucker's branches, a route's destinations) are text arrays whose entries
 * the services check. Money is numeric(14,2), policy values numeric(14,4), business dates are `date`.
 */

const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const businessDate = (name: string) => date(name, { mode: "string" });

export const branches = pgTable("branches", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  /** The branch's id in the accounting base system (POST /Branches/getBranchIdFromBase). */
  baseBranchId: text("base_branch_id").notNull().default(""),
  /** The seller as its invoices print it (domain notes §6): registered name, business style, TIN with the branch code. */
  registeredName: text("registered_name").notNull().default(""),
  businessStyle: text("business_style").notNull().default(""),
  tin: text("tin").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
});

export const ports = pgTable("ports", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  location: text("location").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
}, (t) => [
  index("ports_branch_code_idx").on(t.branchCode),
  index("ports_name_trgm_idx").using("gin", t.name.op("gin_trgm_ops")),
  index("ports_code_trgm_idx").using("gin", t.code.op("gin_trgm_ops")),
]);

export const areas = pgTable("areas", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  portCode: text("port_code").references(() => ports.code, { onUpdate: "cascade" }),
  province: text("province").notNull().default(""),
  city: text("city").notNull().default(""),
  /** Cargo picked up here rides a returning truck (back-load rate). */
  isBackLoad: boolean("is_back_load").notNull().default(false),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("areas_branch_code_idx").on(t.branchCode)]);

export const cargoTypes = pgTable("cargo_types", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  description: text("description").notNull().default(""),
  isContainerized: boolean("is_containerized").notNull().default(true),
  ...activeColumn,
  ...auditColumns,
});

export const serviceModes = pgTable("service_modes", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  doorOrigin: boolean("door_origin").notNull().default(false),
  doorDestination: boolean("door_destination").notNull().default(false),
  ...activeColumn,
  ...auditColumns,
});

export const containerYards = pgTable("container_yards", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  address: text("address").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("container_yards_branch_code_idx").on(t.branchCode)]);

export const routes = pgTable("routes", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  originBranchCode: text("origin_branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** Destination branches in calling order. */
  destinationBranchCodes: text("destination_branch_codes").array().notNull().default(sql`'{}'::text[]`),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("routes_origin_branch_code_idx").on(t.originBranchCode)]);

export const charges = pgTable("charges", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  printName: text("print_name").notNull().default(""),
  category: text("category").notNull(),
  chargeClass: text("charge_class").notNull(),
  unitOfMeasure: text("unit_of_measure").notNull(),
  cargoType: text("cargo_type").references(() => cargoTypes.code, { onUpdate: "cascade" }),
  effectiveDateBasis: text("effective_date_basis").notNull(),
  openVanApply: boolean("open_van_apply").notNull().default(false),
  backLoadApply: boolean("back_load_apply").notNull().default(false),
  isVatable: boolean("is_vatable").notNull().default(true),
  showInSq: boolean("show_in_sq").notNull().default(true),
  isDangerousCargo: boolean("is_dangerous_cargo").notNull().default(false),
  isShipperOwn: boolean("is_shipper_own").notNull().default(false),
  isInsurancePremium: boolean("is_insurance_premium").notNull().default(false),
  isLiftOnOff: boolean("is_lift_on_off").notNull().default(false),
  isStrippingStuffingCharge: boolean("is_stripping_stuffing_charge").notNull().default(false),
  isVanOut: boolean("is_van_out").notNull().default(false),
  /** The permit fee (016): billed on a waybill only when its cargo travels with a permit. */
  isPermitFee: boolean("is_permit_fee").notNull().default(false),
  isSpecialCharge: boolean("is_special_charge").notNull().default(false),
  appliedBranches: text("applied_branches").array().notNull().default(sql`'{}'::text[]`),
  glAccount: text("gl_account").notNull().default(""),
  /** VATABLE, EXEMPT or ZERO_RATED (domain notes §7); isVatable false reads as EXEMPT for older rows. */
  taxClass: text("tax_class").notNull().default("VATABLE"),
  /** Billed by the port to the consignee directly: kept off Lading's invoice and out of its VAT and CWT bases. */
  passThrough: boolean("pass_through").notNull().default(false),
  /** 010, 011, 012 or ALL (001 §5) for stripping and stuffing charges. */
  strippingType: text("stripping_type"),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("charges_category_idx").on(t.category)]);

/** The accounting item code of a charge at a branch (createItemCodes of POST /Charges/multipleInsert). */
export const chargeItemCodes = pgTable("charge_item_codes", {
  ...idColumn,
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade", onDelete: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  itemCode: text("item_code").notNull(),
  description: text("description").notNull().default(""),
  ...auditColumns,
}, (t) => [unique("charge_item_codes_charge_branch_uq").on(t.chargeCode, t.branchCode)]);

/** Which charges a service mode brings for a cargo type, and on which part of the trip. */
export const chargeServicesMatrices = pgTable("charge_services_matrices", {
  ...idColumn,
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade", onDelete: "cascade" }),
  serviceModeCode: text("service_mode_code").notNull().references(() => serviceModes.code, { onUpdate: "cascade" }),
  cargoTypeCode: text("cargo_type_code").notNull().references(() => cargoTypes.code, { onUpdate: "cascade" }),
  chargePart: text("charge_part").notNull(),
  isRequired: boolean("is_required").notNull().default(true),
  ...activeColumn,
  ...auditColumns,
}, (t) => [unique("charge_services_matrices_uq").on(t.chargeCode, t.serviceModeCode, t.cargoTypeCode)]);

export const companyPolicies = pgTable("company_policies", {
  ...idColumn,
  code: text("code").notNull(),
  description: text("description").notNull().default(""),
  defaultValueDecimal: numeric("default_value_decimal", { precision: 14, scale: 4 }),
  dateEffective: businessDate("date_effective").notNull(),
  inputtedString: text("inputted_string").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
}, (t) => [unique("company_policies_code_date_uq").on(t.code, t.dateEffective)]);

export const freightRates = pgTable("freight_rates", {
  ...idColumn,
  dateEffective: businessDate("date_effective").notNull(),
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade" }),
  portCodeOrigin: text("port_code_origin").notNull().references(() => ports.code, { onUpdate: "cascade" }),
  portCodeDestination: text("port_code_destination").notNull().references(() => ports.code, { onUpdate: "cascade" }),
  branchCodeOrigin: text("branch_code_origin").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  branchCodeDestination: text("branch_code_destination").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** The standard rate before VAT. */
  fastandardRates: money("fastandard_rates"),
  stdRateWvat: money("std_rate_wvat").notNull(),
  ...activeColumn,
  ...auditColumns,
}, (t) => [
  unique("freight_rates_uq").on(t.chargeCode, t.portCodeOrigin, t.portCodeDestination, t.dateEffective),
  index("freight_rates_lane_idx").on(t.portCodeOrigin, t.portCodeDestination),
]);

export const portRates = pgTable("port_rates", {
  ...idColumn,
  dateEffective: businessDate("date_effective").notNull(),
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  portCode: text("port_code").notNull().references(() => ports.code, { onUpdate: "cascade" }),
  stdRateWvat: money("std_rate_wvat").notNull(),
  ...activeColumn,
  ...auditColumns,
}, (t) => [unique("port_rates_uq").on(t.chargeCode, t.portCode, t.dateEffective)]);

export const truckingRates = pgTable("trucking_rates", {
  ...idColumn,
  dateEffective: businessDate("date_effective").notNull(),
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade" }),
  areaCode: text("area_code").notNull().references(() => areas.code, { onUpdate: "cascade" }),
  portCode: text("port_code").notNull().references(() => ports.code, { onUpdate: "cascade" }),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  stdRateWvat: money("std_rate_wvat").notNull(),
  backloadRateWvat: money("backload_rate_wvat"),
  stdRateTandemRates: money("std_rate_tandem_rates"),
  ...activeColumn,
  ...auditColumns,
}, (t) => [unique("trucking_rates_uq").on(t.chargeCode, t.areaCode, t.portCode, t.dateEffective)]);

export const customers = pgTable("customers", {
  ...idColumn,
  code: text("code").notNull().unique(),
  company: text("company").notNull(),
  firstName: text("first_name").notNull().default(""),
  middleInitial: text("middle_initial").notNull().default(""),
  lastName: text("last_name").notNull().default(""),
  address: text("address").notNull().default(""),
  contactNum: text("contact_num").notNull().default(""),
  customerContactEmail: text("customer_contact_email").notNull(),
  tin: text("tin").notNull().default(""),
  /** VAT-registered: its TIN is then required on an invoice of 1,000.00 or more (domain notes §6). */
  vatRegistered: boolean("vat_registered").notNull().default(false),
  /** What it withholds when it pays (domain notes §8): NONE, PRIVATE (2% EWT) or GOVERNMENT (2% EWT and 5% VAT). */
  withholding: text("withholding").notNull().default("NONE"),
  /** A top withholding agent records WC160 instead of WC120. */
  isTopWithholdingAgent: boolean("is_top_withholding_agent").notNull().default(false),
  /** SHIPPER, CONSIGNEE or BOTH. */
  customerType: text("customer_type").notNull(),
  isPayor: boolean("is_payor").notNull().default(true),
  isCollectionPayor: boolean("is_collection_payor").notNull().default(false),
  /** Rated per bag instead of per TEU (the rates-basis calls). */
  isPerBag: boolean("is_per_bag").notNull().default(false),
  accountExecutiveId: text("account_executive_id"),
  branchCode: text("branch_code").references(() => branches.code, { onUpdate: "cascade" }),
  ...activeColumn,
  ...auditColumns,
}, (t) => [
  index("customers_company_trgm_idx").using("gin", t.company.op("gin_trgm_ops")),
  index("customers_code_trgm_idx").using("gin", t.code.op("gin_trgm_ops")),
  index("customers_first_name_trgm_idx").using("gin", t.firstName.op("gin_trgm_ops")),
  index("customers_last_name_trgm_idx").using("gin", t.lastName.op("gin_trgm_ops")),
  index("customers_email_trgm_idx").using("gin", t.customerContactEmail.op("gin_trgm_ops")),
  index("customers_ae_idx").on(t.accountExecutiveId),
  index("customers_company_id_idx").on(t.company, t.id),
]);

/** A customer's pick-up and delivery addresses (the details of the V1 customer calls). */
export const customerAddresses = pgTable("customer_addresses", {
  ...idColumn,
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade", onDelete: "cascade" }),
  label: text("label").notNull().default(""),
  street: text("street").notNull().default(""),
  barangay: text("barangay").notNull().default(""),
  city: text("city").notNull(),
  province: text("province").notNull(),
  zipCode: text("zip_code").notNull().default(""),
  areaCode: text("area_code").references(() => areas.code, { onUpdate: "cascade" }),
  isDefault: boolean("is_default").notNull().default(false),
  ...auditColumns,
}, (t) => [index("customer_addresses_customer_idx").on(t.customerCode)]);

/** Charges agreed with one customer at a fixed amount (customerChargesV1). */
export const customerCharges = pgTable("customer_charges", {
  ...idColumn,
  customerCode: text("customer_code").notNull().references(() => customers.code, { onUpdate: "cascade", onDelete: "cascade" }),
  chargeCode: text("charge_code").notNull().references(() => charges.code, { onUpdate: "cascade" }),
  amount: money("amount").notNull(),
  ...auditColumns,
}, (t) => [unique("customer_charges_uq").on(t.customerCode, t.chargeCode)]);

export const vessels = pgTable("vessels", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  vesselType: text("vessel_type").notNull(),
  capacityTeu: integer("capacity_teu").notNull().default(0),
  grossTonnage: numeric("gross_tonnage", { precision: 14, scale: 4 }),
  /** The vessel's profit center in the accounting base system (getProfitCenterFromBase). */
  profitCenter: text("profit_center").notNull().default(""),
  ...activeColumn,
  ...auditColumns,
});

/** A slot of a stowage grid: where it sits (row, column), how many cells it spans, and its bay position label. */
export interface StowageSlot {
  row: number;
  column: number;
  width: number;
  height: number;
  position: string;
}

export const stowageTemplates = pgTable("stowage_templates", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  rows: integer("rows").notNull(),
  columns: integer("columns").notNull(),
  slots: jsonb("slots").$type<StowageSlot[]>().notNull().default(sql`'[]'::jsonb`),
  ...activeColumn,
  ...auditColumns,
});

export const vesselStowagePlans = pgTable("vessel_stowage_plans", {
  ...idColumn,
  vesselCode: text("vessel_code").notNull().references(() => vessels.code, { onUpdate: "cascade", onDelete: "cascade" }),
  name: text("name").notNull(),
  rows: integer("rows").notNull(),
  columns: integer("columns").notNull(),
  slots: jsonb("slots").$type<StowageSlot[]>().notNull().default(sql`'[]'::jsonb`),
  ...activeColumn,
  ...auditColumns,
}, (t) => [unique("vessel_stowage_plans_uq").on(t.vesselCode, t.name)]);

export const containerVans = pgTable("container_vans", {
  ...idColumn,
  code: text("code").notNull().unique(),
  size: text("size").notNull(),
  vanType: text("van_type").notNull(),
  condition: text("condition").notNull(),
  /** The yard the van is at; null while it is out (on a truck, on a vessel, at a customer). */
  cyCode: text("cy_code").references(() => containerYards.code, { onUpdate: "cascade" }),
  isShipperOwn: boolean("is_shipper_own").notNull().default(false),
  ownerName: text("owner_name").notNull().default(""),
  /** Taken by a booking or a transfer; free vans are offered for the next one. */
  isUsed: boolean("is_used").notNull().default(false),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("container_vans_cy_idx").on(t.cyCode), index("container_vans_code_trgm_idx").using("gin", t.code.op("gin_trgm_ops"))]);

export const truckings = pgTable("truckings", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  address: text("address").notNull().default(""),
  contactPerson: text("contact_person").notNull().default(""),
  contactNum: text("contact_num").notNull().default(""),
  plateNum: text("plate_num").notNull().default(""),
  /** Hauls containers between yards, port and vessel (hustling). */
  isHauling: boolean("is_hauling").notNull().default(false),
  /** Accredited to withdraw cargo (ATW) and to appear on tally sheets. */
  isAuthorized: boolean("is_authorized").notNull().default(true),
  branchCodes: text("branch_codes").array().notNull().default(sql`'{}'::text[]`),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("truckings_branch_codes_idx").using("gin", t.branchCodes)]);

export const commodityCategories = pgTable("commodity_categories", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  ...activeColumn,
  ...auditColumns,
});

export const commodities = pgTable("commodities", {
  ...idColumn,
  code: text("code").notNull().unique(),
  name: text("name").notNull(),
  categoryCode: text("category_code").notNull().references(() => commodityCategories.code, { onUpdate: "cascade" }),
  isDangerousCargo: boolean("is_dangerous_cargo").notNull().default(false),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("commodities_category_idx").on(t.categoryCode)]);

/**
 * A holiday: for one branch, or for every branch when branchCode is null. REGULAR and SPECIAL_NON_WORKING days
 * close the branch; a SPECIAL_WORKING day is kept on the calendar and worked (HOLIDAY_TYPES of api/shared/dates.ts).
 */
export const holidays = pgTable("holidays", {
  ...idColumn,
  holidayDate: businessDate("holiday_date").notNull(),
  name: text("name").notNull(),
  branchCode: text("branch_code").references(() => branches.code, { onUpdate: "cascade" }),
  holidayType: text("holiday_type").notNull().default("REGULAR"),
  ...activeColumn,
  ...auditColumns,
}, (t) => [
  unique("holidays_date_branch_uq").on(t.holidayDate, t.branchCode).nullsNotDistinct(),
  index("holidays_date_idx").on(t.holidayDate),
]);

/** Whether a branch works on a weekday (0 Sunday ... 6 Saturday), and its hours. */
export const workSchedules = pgTable("work_schedules", {
  ...idColumn,
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  dayOfWeek: integer("day_of_week").notNull(),
  isWorkingDay: boolean("is_working_day").notNull().default(true),
  startTime: text("start_time").notNull().default("08:00"),
  endTime: text("end_time").notNull().default("17:00"),
  ...activeColumn,
  ...auditColumns,
}, (t) => [unique("work_schedules_branch_day_uq").on(t.branchCode, t.dayOfWeek)]);
