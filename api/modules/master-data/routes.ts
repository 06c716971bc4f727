import { z } from "zod";
import { crudRoutes } from "../../http/crud-routes.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { ENTITY_SERVICES } from "./entities.ts";
import { activePortsOfBranch, branchWithPorts } from "./ports.ts";
import { referenceRoutes } from "./reference-routes.ts";
import { chargesRoutes } from "./charges/routes.ts";
import { ratesRoutes } from "./rates/routes.ts";
import { customersRoutes } from "./customers/routes.ts";
import { vesselsRoutes } from "./vessels/routes.ts";
import { equipmentRoutes } from "./equipment/routes.ts";
import { placesRoutes } from "./places/routes.ts";
import { addressesRoutes } from "./addresses/routes.ts";
import { branchCodeQuery, branchRow, ENTITY_CONTRACTS, type EntityName, portRow } from "./schemas.ts";

const tag = "Master data";

/** Entities kept from a screen outside Master Data: routes are drawn up on the Voyage screens (001 §2). */
const ENTITY_MENU: Partial<Record<EntityName, "VOYAGE">> = { routes: "VOYAGE" };

/**
 * 000 §7 lists the calls of these entities as path words ("create, update/{id}, get/{id}"), so a client written
 * from it posts to /Routes/create where the shared pattern creates with POST /Routes: both are answered.
 */
const createWord = (resource: string) => ({ create: [{ method: "post", path: `/${resource}/create` }] } as const);
const ENTITY_SPELLINGS: Partial<Record<EntityName, Parameters<typeof crudRoutes>[0]["aliases"]>> = {
  routes: createWord("Routes"),
  chargeServicesMatrices: createWord("ChargeServicesMatrices"),
  companyPolicies: createWord("CompanyPolicies"),
  freightRates: createWord("FreightRates"),
  portRates: createWord("PortRates"),
  truckingRates: createWord("TruckingRates"),
  vessels: createWord("Vessels"),
};

/** The shared calls of every entity, made from its description. */
const sharedRoutes: RouteDef[] = (Object.keys(ENTITY_CONTRACTS) as EntityName[]).flatMap((name) =>
  crudRoutes({
    contract: ENTITY_CONTRACTS[name],
    service: ENTITY_SERVICES[name] as never,
    permission: ENTITY_MENU[name] ?? "MASTERDATA",
    tag,
    aliases: ENTITY_SPELLINGS[name],
  })
);

// The special calls come first: a fixed path such as /Customers/getWithDetailsV1/{id} must not be read as a
// shared call's parameter.
export const masterDataRoutes: RouteDef[] = [
  ...chargesRoutes,
  ...ratesRoutes,
  ...customersRoutes,
  ...vesselsRoutes,
  ...equipmentRoutes,
  ...placesRoutes,
  ...addressesRoutes,

  route({
    method: "get", path: "/ports/getIsActivePortsBranch", permission: "authenticated", tag, query: branchCodeQuery,
    summary: "Active ports of one branch", response: z.object({ data: z.array(portRow) }),
  }, async ({ deps, query }) => ({ data: await activePortsOfBranch(deps.db, query.BranchCode) })),
  route({
    method: "get", path: "/ports/BranchWithPorts", permission: "authenticated", tag, query: branchCodeQuery,
    summary: "A branch with all of its ports", response: z.object({ data: branchRow.extend({ ports: z.array(portRow) }) }),
  }, async ({ deps, query }) => ({ data: await branchWithPorts(deps.db, query.BranchCode) })),
  ...sharedRoutes,
  ...referenceRoutes,
];
