import { z } from "zod";
import { route, type RouteDef } from "../../../http/route.ts";
import { optionalCode, requiredCode, tag } from "../route-shapes.ts";
import { listQuery } from "../../../shared/contracts.ts";
import { dateText } from "../../../shared/fields.ts";
import {
  areaContract,
  branchCodeQuery,
  commodityCategoryContract,
  commodityContract,
  holidayContract,
  routeContract,
} from "../schemas.ts";
import {
  activeAreasOfBranch,
  addWorkingDaysForBranch,
  allActiveCommodities,
  branchIdFromBase,
  checkRouteFollowed,
  commoditiesOfCategoryPage,
  holidaysForBranchPage,
  localHolidaysOfBranch,
  MAX_ADDED_WORKING_DAYS,
  readCommodityByCategory,
  routeByCode,
  routeDestinations,
  workingDaysOfBranch,
} from "./service.ts";


const yearField = z.coerce.number({ error: "year must be a number" }).int("year must be a whole number")
  .min(1900, "year must be between 1900 and 2200").max(2200, "year must be between 1900 and 2200");

const rangeQuery = z.object({
  year: yearField.optional(),
  dateFrom: dateText("dateFrom").optional(),
  dateTo: dateText("dateTo").optional(),
});

const holidayRow = holidayContract.row;
const namedHoliday = holidayRow.and(z.object({ isNational: z.boolean() }));
const commodityWithCategory = commodityContract.row.and(z.object({ categoryName: z.string() }));
const routeRow = routeContract.row;
const weekdays = z.array(z.number().int().min(0).max(6));

/** Calls of the places and calendar part of master data beyond the shared pattern (000 §7, 001 §7). */
export const placesRoutes: RouteDef[] = [
  // ----------------------------------------------------------------------------------------- branches, areas
  route({
    method: "post", path: "/Branches/getBranchIdFromBase", permission: "authenticated", tag,
    body: z.object({ branchCode: requiredCode("Branch code") }),
    summary: "The accounting base id of a branch: BASE's answer when BASE is configured (kept as the local mirror), else the mirror's (404 when unknown or not linked yet)",
    response: z.object({ data: z.object({ branchCode: z.string(), branchName: z.string(), baseBranchId: z.string(), source: z.enum(["BASE", "mirror"]) }) }),
  }, async ({ deps, body }) => ({ data: await branchIdFromBase(deps.db, body.branchCode, deps.baseDirectory) })),

  route({
    method: "get", path: "/areas/getIsActiveAreas", permission: "authenticated", tag, query: branchCodeQuery,
    summary: "Active areas of one branch (404 for an unknown branch)", response: z.object({ data: z.array(areaContract.row) }),
  }, async ({ deps, query }) => ({ data: await activeAreasOfBranch(deps.db, query.BranchCode) })),

  // ----------------------------------------------------------------------------------------- commodities
  route({
    method: "get", path: "/CommodityGoods/getAllCommodity", permission: "authenticated", tag,
    summary: "Every active commodity of an active category, with the category name",
    response: z.object({ data: z.array(commodityWithCategory) }),
  }, async ({ deps }) => ({ data: await allActiveCommodities(deps.db) })),

  route({
    method: "post", path: "/CommodityGoods/loadByCategory", permission: "MASTERDATA", tag,
    body: listQuery.extend({ categoryCode: requiredCode("Category code") }),
    summary: "The commodities of one category a page at a time (404 for an unknown category)",
    response: z.object({
      data: z.array(commodityContract.row), total: z.number(), message: z.string().optional(), category: commodityCategoryContract.row,
    }),
  }, ({ deps, body }) => commoditiesOfCategoryPage(deps.db, body)),

  route({
    method: "post", path: "/CommodityGoods/readCommodityByCategory", permission: "authenticated", tag,
    body: z.object({ categoryCode: requiredCode("Category code") }),
    summary: "A commodity category with its active commodities (404 for an unknown category)",
    response: z.object({ data: commodityCategoryContract.row.and(z.object({ commodities: z.array(commodityContract.row) })) }),
  }, async ({ deps, body }) => ({ data: await readCommodityByCategory(deps.db, body.categoryCode) })),

  // ----------------------------------------------------------------------------------------- routes
  route({
    method: "get", path: "/Routes/getRoute/{code}", permission: "authenticated", tag,
    params: z.object({ code: requiredCode("Route code") }),
    summary: "One route by code, with its origin and destinations named in calling order",
    response: z.object({
      data: routeRow.and(z.object({
        originBranchName: z.string(),
        destinations: z.array(z.object({ code: z.string(), name: z.string() })),
      })),
    }),
  }, async ({ deps, params }) => ({ data: await routeByCode(deps.db, params.code) })),

  route({
    method: "get", path: "/Routes/getRouteDestination", permission: "authenticated", tag,
    query: z.object({ OriginBranchCode: optionalCode("OriginBranchCode"), BranchCode: optionalCode("BranchCode") })
      .refine((q) => Boolean(q.OriginBranchCode || q.BranchCode), {
        message: "OriginBranchCode is required", path: ["OriginBranchCode"],
      }),
    summary: "The branches the active routes of an origin call at, each with the routes reaching it",
    response: z.object({
      data: z.array(z.object({ destinationBranchCode: z.string(), destinationBranchName: z.string(), routeCodes: z.array(z.string()) })),
    }),
  }, async ({ deps, query }) => ({ data: await routeDestinations(deps.db, (query.OriginBranchCode || query.BranchCode)!) })),

  route({
    method: "post", path: "/Routes/validateRoute", permission: "authenticated", tag,
    body: z.object({
      originBranchCode: requiredCode("Origin branch"),
      destinationBranchCodes: z.array(requiredCode("Destination branch"), { error: "destinationBranchCodes must be a list of branch codes" })
        .min(1, "Give at least one destination branch").max(30, "A voyage can call at most 30 destinations"),
    }),
    summary: "Whether an origin and its destinations (in calling order) follow an active route",
    response: z.object({
      data: z.object({
        valid: z.boolean(), originBranchCode: z.string(), destinationBranchCodes: z.array(z.string()),
        routeCodes: z.array(z.string()), message: z.string(),
      }),
    }),
  }, async ({ deps, body }) => ({ data: await checkRouteFollowed(deps.db, body.originBranchCode, body.destinationBranchCodes) })),

  // ----------------------------------------------------------------------------------------- calendar
  route({
    method: "get", path: "/Calendar/readLocalHolidaybyBranch", permission: "authenticated", tag,
    query: branchCodeQuery.extend(rangeQuery.shape),
    summary: "National holidays and the branch's own in a year (default this year) or a date range",
    response: z.object({
      data: z.object({ branchCode: z.string(), dateFrom: z.string(), dateTo: z.string(), holidays: z.array(namedHoliday) }),
    }),
  }, async ({ deps, query }) => ({ data: await localHolidaysOfBranch(deps.db, query.BranchCode, query) })),

  route({
    method: "get", path: "/Calendar/holidays/loadForBranch", permission: "MASTERDATA", tag,
    query: listQuery.extend({ forBranch: optionalCode("forBranch"), year: yearField.optional() }),
    summary: "Holidays a page at a time; with forBranch, that branch's and the national ones; with year, that year's",
    response: z.object({ data: z.array(holidayRow), total: z.number(), message: z.string().optional() }),
  }, ({ deps, query }) => holidaysForBranchPage(deps.db, query)),

  route({
    method: "get", path: "/Calendar/workingDays", permission: "authenticated", tag,
    query: branchCodeQuery.extend({ date: dateText("date").optional(), dateFrom: dateText("dateFrom").optional(), dateTo: dateText("dateTo").optional() }),
    summary: "Whether a date, or each date of a range, is a working day of the branch (with the reason when not)",
    response: z.object({
      data: z.object({
        branchCode: z.string(), dateFrom: z.string(), dateTo: z.string(), workSchedule: weekdays, workingDayCount: z.number(),
        days: z.array(z.object({ date: z.string(), weekday: z.number(), isWorkingDay: z.boolean(), reason: z.string().nullable() })),
      }),
    }),
  }, async ({ deps, query }) => ({ data: await workingDaysOfBranch(deps.db, query.BranchCode, query) })),

  route({
    method: "get", path: "/Calendar/addWorkingDays", permission: "authenticated", tag,
    query: branchCodeQuery.extend({
      date: dateText("date"),
      days: z.coerce.number({ error: "days must be a number" }).int("days must be a whole number")
        .min(0, "days cannot be negative").max(MAX_ADDED_WORKING_DAYS, `days can be at most ${MAX_ADDED_WORKING_DAYS}`),
    }),
    summary: "The date a number of working days after a date, for a branch (the start date is not counted)",
    response: z.object({
      data: z.object({ branchCode: z.string(), date: z.string(), days: z.number(), result: z.string(), workSchedule: weekdays }),
    }),
  }, async ({ deps, query }) => ({ data: await addWorkingDaysForBranch(deps.db, query.BranchCode, query.date, query.days) })),
];
