import { z } from "zod";
import { fileResponse } from "../../../http/files.ts";
import { route, type RouteDef } from "../../../http/route.ts";
import { listAnswer, optionalCode, pageAnswer, requiredCode, tag, trueFalse } from "../route-shapes.ts";
import { idParam, INT4_MAX, listQuery } from "../../../shared/contracts.ts";
import { containerVanContract, truckingContract } from "../schemas.ts";
import { truckingsWorkbook } from "./documents.ts";
import {
  allTruckings,
  authorizedTruckings,
  hustlingTruckers,
  loadVansForCts,
  searchVansForCts,
  searchVansForHustling,
  setTruckingActive,
  setVansUsed,
  truckingsForAtw,
  truckingsForCtsReports,
  truckingsForTallySheet,
  truckingsOfBranches,
  updateVanStatus,
  vansInBookings,
} from "./service.ts";


const placeQuery = { cyCode: optionalCode("cyCode"), branchCode: optionalCode("branchCode") };
const vanPageQuery = listQuery.pick({ skip: true, take: true, search: true }).extend(placeQuery);

/**
 * Several branch codes, sent as one comma-separated value or as the parameter repeated; both spellings of the
 * name the older screens used are taken.
 */
const branchList = z.union([z.string(), z.array(z.string())]).optional()
  .transform((v) => (v === undefined ? [] : (Array.isArray(v) ? v : [v])).flatMap((s) => s.split(",")).map((s) => s.trim()).filter((s) => s !== ""))
  .pipe(z.array(z.string().max(30, "A branch code can be at most 30 characters")).max(50, "At most 50 branch codes"));
const branchesQuery = z.object({ branchCodes: branchList, BranchCode: branchList, branchCode: branchList })
  .transform((q) => [...q.branchCodes, ...q.BranchCode, ...q.branchCode]);

const vanRow = containerVanContract.row;
const truckingRow = truckingContract.row;

/** Calls of container vans and truckings beyond the shared pattern (000 §7, 001 §7). */
export const equipmentRoutes: RouteDef[] = [
  // Container vans
  route({
    method: "get", path: "/ContainerVans/loadCVCTS", permission: "authenticated", tag, query: vanPageQuery,
    summary: "A page of free, empty, active vans a container transfer slip may issue (yard or branch optional)", response: pageAnswer(vanRow),
  }, ({ deps, query }) => loadVansForCts(deps.db, query)),
  route({
    method: "get", path: "/ContainerVans/searchCVCTS", permission: "authenticated", tag,
    query: vanPageQuery.extend({ search: z.string({ error: "search is required" }).trim().min(1, "search is required").max(100, "search can be at most 100 characters") }),
    summary: "Vans a CTS may issue whose number, yard or owner contains the search text", response: pageAnswer(vanRow),
  }, ({ deps, query }) => searchVansForCts(deps.db, query)),
  route({
    method: "get", path: "/ContainerVans/getAllBookingContainer", permission: "authenticated", tag,
    query: z.object({ ...placeQuery, search: listQuery.shape.search }),
    summary: "All active vans taken by a booking or transfer", response: z.object({ data: z.array(vanRow) }),
  }, async ({ deps, query }) => ({ data: await vansInBookings(deps.db, query) })),
  route({
    method: "get", path: "/ContainerVans/searchCVHustling", permission: "authenticated", tag, query: vanPageQuery,
    summary: "A page of active full or empty vans a hustling transfer may move", response: pageAnswer(vanRow),
  }, ({ deps, query }) => searchVansForHustling(deps.db, query)),
  route({
    method: "post", path: "/ContainerVans/updateStatus", permission: "authenticated", tag,
    body: z.object({
      id: idParam.shape.id,
      condition: z.string({ error: "condition is required" }).trim().min(1, "condition is required").max(40, "condition can be at most 40 characters"),
      cyCode: z.string().trim().max(30, "cyCode can be at most 30 characters").nullable().optional()
        .transform((v) => (v === "" ? null : v)),
    }),
    summary: "Change a van's condition (one of the reference list) and optionally its yard",
    response: z.object({ data: vanRow, message: z.string() }),
  }, ({ deps, body, caller }) => updateVanStatus(deps.db, body, caller)),
  route({
    method: "put", path: "/ContainerVans/updateCvIsUsed", permission: "authenticated", tag,
    query: z.object({ isUsed: trueFalse("isUsed") }),
    body: z.union([
      z.array(z.number().int().positive().max(INT4_MAX)).min(1, "Give at least one van"),
      z.object({
        ids: z.array(z.number().int().positive().max(INT4_MAX)).max(500).optional(),
        codes: z.array(z.string().trim().min(1).max(30)).max(500).optional(),
      }),
    ], { error: "Send a list of van ids, or { ids } and/or { codes }" })
      .transform((v) => (Array.isArray(v) ? { ids: v } : v))
      .refine((v) => (v.ids?.length ?? 0) + (v.codes?.length ?? 0) > 0, "Give at least one van id or van number"),
    summary: "Mark vans taken or free (?isUsed=true|false); all or none",
    response: z.object({ data: z.array(vanRow), message: z.string() }),
  }, ({ deps, query, body, caller }) => setVansUsed(deps.db, body, query.isUsed, caller)),

  // Truckings
  route({
    method: "get", path: "/Truckings", permission: "authenticated", tag, query: z.object({ search: listQuery.shape.search }),
    summary: "Every trucking, active or not", response: z.object({ data: z.array(truckingRow) }),
  }, async ({ deps, query }) => ({ data: await allTruckings(deps.db, query.search) })),
  route({
    method: "get", path: "/Truckings/getAuthorizedTrucking", permission: "authenticated", tag,
    query: z.object({ BranchCode: optionalCode("BranchCode"), branchCode: optionalCode("branchCode") }),
    summary: "Active accredited truckers, optionally of one branch", response: listAnswer(truckingRow),
  }, ({ deps, query }) => authorizedTruckings(deps.db, query.BranchCode ?? query.branchCode)),
  route({
    method: "get", path: "/Truckings/getTruckingbyMultipleBranch", permission: "authenticated", tag, query: branchesQuery,
    summary: "Active truckers serving any of the branches (branchCodes=A,B)", response: listAnswer(truckingRow),
  }, async ({ deps, query }) => ({ data: await truckingsOfBranches(deps.db, query) })),
  route({
    method: "get", path: "/Truckings/getTruckingForTallySheetMultipleBranch", permission: "authenticated", tag, query: branchesQuery,
    summary: "Active accredited truckers serving any of the branches, for tally sheets", response: listAnswer(truckingRow),
  }, async ({ deps, query }) => ({ data: await truckingsForTallySheet(deps.db, query) })),
  route({
    method: "get", path: "/Truckings/TruckingForATWMutlipleBranch", permission: "authenticated", tag, query: branchesQuery,
    summary: "Active accredited truckers serving every one of the branches, for an authority to withdraw", response: listAnswer(truckingRow),
  }, async ({ deps, query }) => ({ data: await truckingsForAtw(deps.db, query) })),
  route({
    method: "get", path: "/Truckings/hustlingTrucker/{id}", permission: "authenticated", tag,
    params: z.object({ id: requiredCode("Branch") }),
    summary: "Active hauling truckers of one branch (branch id or code)", response: listAnswer(truckingRow),
  }, async ({ deps, params }) => ({ data: await hustlingTruckers(deps.db, params.id) })),
  route({
    method: "get", path: "/Truckings/download", permission: "MASTER_DATA_TRUCKING_DOWNLOAD", tag,
    query: z.object({ search: listQuery.shape.search }),
    summary: "The trucking master as an Excel workbook (the Master Data Trucking Download role)",
  }, async ({ deps, query }) => fileResponse(await truckingsWorkbook(deps.db, { search: query.search }))),
  route({
    method: "put", path: "/Truckings/isActived", permission: "MASTERDATA", tag,
    query: z.object({ id: idParam.shape.id, isActivated: trueFalse("isActivated") }),
    summary: "Activate or deactivate a trucking (?id&isActivated=true|false)",
    response: z.object({ data: truckingRow, message: z.string() }),
  }, ({ deps, query, caller }) => setTruckingActive(deps.db, query.id, query.isActivated, caller)),
  route({
    method: "post", path: "/Truckings/truckingForCtsreports", permission: "authenticated", tag,
    body: z.object({
      branchCodes: z.array(z.string().trim().min(1, "A branch code cannot be empty").max(30)).max(50, "At most 50 branch codes").optional(),
      search: listQuery.shape.search,
      isActive: z.boolean({ error: "isActive must be true or false" }).optional(),
    }),
    summary: "Truckers a CTS report can be filtered by (branches, search, active)", response: listAnswer(truckingRow),
  }, async ({ deps, body }) => ({ data: await truckingsForCtsReports(deps.db, body) })),
];
