import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../../db/client.ts";
import * as md from "../../../db/schema/master-data.ts";
import * as demo from "../../../db/seed/demo.ts";

const SEEDER = "system";

/**
 * The demo data set table by table, parents before children so every code a record names already exists.
 * The keys are the table names of db/schema/master-data.ts; they are also the keys of the counts answered.
 */
const PLAN = [
  ["branches", md.branches, demo.DEMO_BRANCHES],
  ["ports", md.ports, demo.DEMO_PORTS],
  ["containerYards", md.containerYards, demo.DEMO_CONTAINER_YARDS],
  ["areas", md.areas, demo.DEMO_AREAS],
  ["cargoTypes", md.cargoTypes, demo.DEMO_CARGO_TYPES],
  ["serviceModes", md.serviceModes, demo.DEMO_SERVICE_MODES],
  ["routes", md.routes, demo.DEMO_ROUTES],
  ["charges", md.charges, demo.DEMO_CHARGES],
  ["chargeItemCodes", md.chargeItemCodes, demo.DEMO_CHARGE_ITEM_CODES],
  ["chargeServicesMatrices", md.chargeServicesMatrices, demo.DEMO_CHARGE_SERVICES_MATRICES],
  ["companyPolicies", md.companyPolicies, demo.DEMO_COMPANY_POLICIES],
  ["freightRates", md.freightRates, demo.DEMO_FREIGHT_RATES],
  ["portRates", md.portRates, demo.DEMO_PORT_RATES],
  ["truckingRates", md.truckingRates, demo.DEMO_TRUCKING_RATES],
  ["customers", md.customers, demo.DEMO_CUSTOMERS],
  ["customerAddresses", md.customerAddresses, demo.DEMO_CUSTOMER_ADDRESSES],
  ["customerCharges", md.customerCharges, demo.DEMO_CUSTOMER_CHARGES],
  ["vessels", md.vessels, demo.DEMO_VESSELS],
  ["stowageTemplates", md.stowageTemplates, demo.DEMO_STOWAGE_TEMPLATES],
  ["vesselStowagePlans", md.vesselStowagePlans, demo.DEMO_STOWAGE_PLANS],
  ["containerVans", md.containerVans, demo.DEMO_CONTAINER_VANS],
  ["truckings", md.truckings, demo.DEMO_TRUCKINGS],
  ["commodityCategories", md.commodityCategories, demo.DEMO_COMMODITY_CATEGORIES],
  ["commodities", md.commodities, demo.DEMO_COMMODITIES],
  ["holidays", md.holidays, demo.DEMO_HOLIDAYS],
  ["workSchedules", md.workSchedules, demo.DEMO_WORK_SCHEDULES],
] as const satisfies readonly (readonly [keyof typeof md, PgTable, readonly object[]])[];

export type DemoTable = (typeof PLAN)[number][0];
/** How many demo records went into each master-data table (all zero when the data set was skipped). */
export type DemoCounts = Record<DemoTable, number>;

/** The tables the demo data set fills, in the order it fills them. */
export const DEMO_TABLES: readonly DemoTable[] = PLAN.map(([name]) => name);

// Large lists go in slices so no single statement nears PostgreSQL's limit of bound parameters.
const SLICE = 200;

/**
 * Loads the demo data set into every master-data table in one transaction. Skipped when any branch exists,
 * so real data is never mixed with it and a second run adds nothing.
 */
export async function seedDemo(db: Db): Promise<DemoCounts> {
  const counts = Object.fromEntries(PLAN.map(([name]) => [name, 0])) as DemoCounts;
  const [{ n }] = await db.select({ n: count() }).from(md.branches);
  if (Number(n) > 0) return counts;
  await db.transaction(async (tx) => {
    for (const [name, table, rows] of PLAN) {
      const stamped = rows.map((row) => ({ ...row, userCreated: SEEDER, userModified: SEEDER }));
      for (let i = 0; i < stamped.length; i += SLICE) {
        await tx.insert(table as PgTable).values(stamped.slice(i, i + SLICE) as never);
      }
      counts[name] = rows.length;
    }
  });
  return counts;
}
