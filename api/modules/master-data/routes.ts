import { z } from "zod";
import { crudRoutes } from "../../http/crud-routes.ts";
import { route, type RouteDef } from "../../http/route.ts";
import { branchService, containerYardService, portService } from "./entities.ts";
import { activePortsOfBranch, branchWithPorts } from "./ports.ts";
import { referenceRoutes } from "./reference-routes.ts";
import {
  branchCodeQuery,
  branchInput,
  branchRow,
  containerYardInput,
  containerYardRow,
  containerYardUpdate,
  portFilters,
  portInput,
  portRow,
  portUpdate,
} from "./schemas.ts";

const tag = "Master data";

export const masterDataRoutes: RouteDef[] = [
  ...crudRoutes({
    resource: "Branches", tag, permission: "MASTERDATA", service: branchService,
    createBody: branchInput, updateBody: branchInput.partial().extend({ isActive: z.boolean().optional() }), row: branchRow,
  }),
  route({
    method: "get", path: "/ports/getIsActivePortsBranch", permission: "authenticated", tag, query: branchCodeQuery,
    summary: "Active ports of one branch", response: z.object({ data: z.array(portRow) }),
  }, async ({ deps, query }) => ({ data: await activePortsOfBranch(deps.db, query.BranchCode) })),
  route({
    method: "get", path: "/ports/BranchWithPorts", permission: "authenticated", tag, query: branchCodeQuery,
    summary: "A branch with all of its ports", response: z.object({ data: branchRow.extend({ ports: z.array(portRow) }) }),
  }, async ({ deps, query }) => ({ data: await branchWithPorts(deps.db, query.BranchCode) })),
  ...crudRoutes({
    resource: "ports", tag, permission: "MASTERDATA", service: portService,
    createBody: portInput, updateBody: portUpdate, row: portRow, filters: portFilters,
  }),
  ...crudRoutes({
    resource: "ContainerYards", tag, permission: "MASTERDATA", service: containerYardService,
    createBody: containerYardInput, updateBody: containerYardUpdate, row: containerYardRow, filters: portFilters,
  }),
  ...referenceRoutes,
];
