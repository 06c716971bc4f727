import * as s from "../../../db/schema/master-data.ts";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { type CodedTable, type EntityDescription, type ListReference, makeCrudService, type MasterTable } from "../../shared/crud.ts";
import { ENTITY_CONTRACTS, type EntityName } from "./schemas.ts";

/**
 * The server half of each entity's description: its table, what the search matches, the list order, the
 * list filters and which tables its code fields point into. The other half is its contract in schemas.ts.
 */
type ServerSide<T extends MasterTable> = Omit<EntityDescription<T>, "contract" | "listedIn">;

const describe = <T extends MasterTable>(name: EntityName, side: ServerSide<T>) =>
  makeCrudService<T>({ contract: ENTITY_CONTRACTS[name], ...side, listedIn: () => listsNaming(side.table) });

/** The code-list (refs) fields of every entity whose codes point into `table`: a trucker's branches, a route's stops. */
function listsNaming(table: PgTable): ListReference[] {
  return Object.values(ENTITY_SERVICES).flatMap(({ description: other }) =>
    Object.entries(other.parents ?? {})
      .filter(([field, parent]) => parent === table && other.contract.fields.find((f) => f.name === field)?.kind === "refs")
      .map(([field]) => ({
        table: other.table,
        field,
        column: (other.table as unknown as Record<string, AnyPgColumn>)[field],
        label: other.contract.label,
      }))
  );
}

const { branches, ports, areas, cargoTypes, serviceModes, containerYards, charges } = s;

export const branchService = describe("branches", {
  table: branches,
  searchable: [branches.code, branches.name],
  orderBy: [branches.code],
  // The seller's particulars every invoice of the branch prints.
  audit: { kind: "branch", family: "TAX_PARTICULARS", reference: "code", fields: ["registeredName", "businessStyle", "tin", "address"] },
});

export const portService = describe("ports", {
  table: ports,
  searchable: [ports.code, ports.name, ports.branchCode, ports.location],
  orderBy: [ports.code],
  filterColumns: { branchCode: ports.branchCode },
  parents: { branchCode: branches },
});

export const areaService = describe("areas", {
  table: areas,
  searchable: [areas.code, areas.name, areas.branchCode, areas.province, areas.city],
  orderBy: [areas.code],
  filterColumns: { branchCode: areas.branchCode },
  parents: { branchCode: branches, portCode: ports },
});

export const cargoTypeService = describe("cargoTypes", {
  table: cargoTypes,
  searchable: [cargoTypes.code, cargoTypes.name],
  orderBy: [cargoTypes.code],
});

export const serviceModeService = describe("serviceModes", {
  table: serviceModes,
  searchable: [serviceModes.code, serviceModes.name],
  orderBy: [serviceModes.code],
});

export const containerYardService = describe("containerYards", {
  table: containerYards,
  searchable: [containerYards.code, containerYards.name, containerYards.branchCode],
  orderBy: [containerYards.code],
  filterColumns: { branchCode: containerYards.branchCode },
  parents: { branchCode: branches },
});

export const routeService = describe("routes", {
  table: s.routes,
  searchable: [s.routes.code, s.routes.name, s.routes.originBranchCode],
  orderBy: [s.routes.code],
  filterColumns: { originBranchCode: s.routes.originBranchCode },
  parents: { originBranchCode: branches, destinationBranchCodes: branches },
});

export const chargeService = describe("charges", {
  table: charges,
  searchable: [charges.code, charges.name, charges.printName],
  orderBy: [charges.code],
  filterColumns: { category: charges.category },
  parents: { cargoType: cargoTypes, appliedBranches: branches },
  audit: { kind: "charge", family: "CHARGE", reference: "code" },
});

export const chargeServicesMatrixService = describe("chargeServicesMatrices", {
  table: s.chargeServicesMatrices,
  searchable: [s.chargeServicesMatrices.chargeCode, s.chargeServicesMatrices.serviceModeCode, s.chargeServicesMatrices.cargoTypeCode],
  orderBy: [s.chargeServicesMatrices.chargeCode, s.chargeServicesMatrices.serviceModeCode, s.chargeServicesMatrices.id],
  filterColumns: { chargeCode: s.chargeServicesMatrices.chargeCode, serviceModeCode: s.chargeServicesMatrices.serviceModeCode },
  parents: { chargeCode: charges, serviceModeCode: serviceModes, cargoTypeCode: cargoTypes },
});

export const companyPolicyService = describe("companyPolicies", {
  table: s.companyPolicies,
  searchable: [s.companyPolicies.code, s.companyPolicies.description],
  orderBy: [s.companyPolicies.code, s.companyPolicies.dateEffective, s.companyPolicies.id],
  filterColumns: { code: s.companyPolicies.code },
  audit: { kind: "company-policy", family: "POLICY" },
});

const f = s.freightRates;
export const freightRateService = describe("freightRates", {
  table: f,
  searchable: [f.chargeCode, f.portCodeOrigin, f.portCodeDestination, f.branchCodeOrigin, f.branchCodeDestination],
  orderBy: [f.chargeCode, f.portCodeOrigin, f.portCodeDestination, f.dateEffective, f.id],
  filterColumns: { chargeCode: f.chargeCode, branchCodeOrigin: f.branchCodeOrigin, portCodeOrigin: f.portCodeOrigin },
  parents: {
    chargeCode: charges,
    portCodeOrigin: ports,
    portCodeDestination: ports,
    branchCodeOrigin: branches,
    branchCodeDestination: branches,
  },
  audit: { kind: "freight-rate", family: "RATE" },
});

const p = s.portRates;
export const portRateService = describe("portRates", {
  table: p,
  searchable: [p.chargeCode, p.branchCode, p.portCode],
  orderBy: [p.chargeCode, p.portCode, p.dateEffective, p.id],
  filterColumns: { chargeCode: p.chargeCode, branchCode: p.branchCode, portCode: p.portCode },
  parents: { chargeCode: charges, branchCode: branches, portCode: ports },
  audit: { kind: "port-rate", family: "RATE" },
});

const tr = s.truckingRates;
export const truckingRateService = describe("truckingRates", {
  table: tr,
  searchable: [tr.chargeCode, tr.areaCode, tr.portCode, tr.branchCode],
  orderBy: [tr.chargeCode, tr.areaCode, tr.portCode, tr.dateEffective, tr.id],
  filterColumns: { chargeCode: tr.chargeCode, branchCode: tr.branchCode, areaCode: tr.areaCode },
  parents: { chargeCode: charges, branchCode: branches, portCode: ports, areaCode: areas },
  audit: { kind: "trucking-rate", family: "RATE" },
});

const c = s.customers;
export const customerService = describe("customers", {
  table: c,
  searchable: [c.code, c.company, c.firstName, c.lastName, c.customerContactEmail],
  orderBy: [c.company, c.id],
  filterColumns: { accountExecutiveId: c.accountExecutiveId, customerType: c.customerType },
  parents: { branchCode: branches },
  // The buyer's particulars an invoice prints and the tax its payments have withheld.
  audit: { kind: "customer", family: "TAX_PARTICULARS", reference: "code", fields: ["tin", "vatRegistered", "withholding", "isTopWithholdingAgent"] },
});

export const vesselService = describe("vessels", {
  table: s.vessels,
  searchable: [s.vessels.code, s.vessels.name],
  orderBy: [s.vessels.code],
});

const v = s.containerVans;
export const containerVanService = describe("containerVans", {
  table: v,
  searchable: [v.code, v.cyCode, v.ownerName],
  orderBy: [v.code],
  filterColumns: { cyCode: v.cyCode, condition: v.condition, size: v.size },
  parents: { cyCode: containerYards },
});

const t = s.truckings;
export const truckingService = describe("truckings", {
  table: t,
  searchable: [t.code, t.name, t.plateNum, t.contactPerson],
  orderBy: [t.code],
  parents: { branchCodes: branches },
});

export const commodityCategoryService = describe("commodityCategories", {
  table: s.commodityCategories,
  searchable: [s.commodityCategories.code, s.commodityCategories.name],
  orderBy: [s.commodityCategories.code],
});

export const commodityService = describe("commodities", {
  table: s.commodities,
  searchable: [s.commodities.code, s.commodities.name, s.commodities.categoryCode],
  orderBy: [s.commodities.code],
  filterColumns: { categoryCode: s.commodities.categoryCode },
  parents: { categoryCode: s.commodityCategories as CodedTable },
});

export const holidayService = describe("holidays", {
  table: s.holidays,
  searchable: [s.holidays.name, s.holidays.branchCode],
  orderBy: [s.holidays.holidayDate, s.holidays.id],
  filterColumns: { branchCode: s.holidays.branchCode },
  parents: { branchCode: branches },
});

export const workScheduleService = describe("workSchedules", {
  table: s.workSchedules,
  searchable: [s.workSchedules.branchCode],
  orderBy: [s.workSchedules.branchCode, s.workSchedules.dayOfWeek],
  filterColumns: { branchCode: s.workSchedules.branchCode },
  parents: { branchCode: branches },
});

/** Each entity's service by its name in schemas.ts. */
export const ENTITY_SERVICES = {
  branches: branchService,
  ports: portService,
  areas: areaService,
  cargoTypes: cargoTypeService,
  serviceModes: serviceModeService,
  containerYards: containerYardService,
  routes: routeService,
  charges: chargeService,
  chargeServicesMatrices: chargeServicesMatrixService,
  companyPolicies: companyPolicyService,
  freightRates: freightRateService,
  portRates: portRateService,
  truckingRates: truckingRateService,
  customers: customerService,
  vessels: vesselService,
  containerVans: containerVanService,
  truckings: truckingService,
  commodityCategories: commodityCategoryService,
  commodities: commodityService,
  holidays: holidayService,
  workSchedules: workScheduleService,
} satisfies Record<EntityName, unknown>;
