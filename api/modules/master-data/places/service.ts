import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { areas, branches, commodities, commodityCategories, routes } from "../../../../db/schema/master-data.ts";
import { EMPTY_LIST_MESSAGE, type ListQuery, type ListResult } from "../../../shared/contracts.ts";
import type { BaseDirectory } from "../../../shared/base-directory.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny, statusFilter } from "../../../shared/list-filters.ts";

export * from "./calendar.ts";

type Branch = typeof branches.$inferSelect;
type Commodity = typeof commodities.$inferSelect;
type CommodityCategory = typeof commodityCategories.$inferSelect;
type Route = typeof routes.$inferSelect;

/** A branch named in a query or body; codes compare without regard to letter case. */
export async function branchByCode(db: Db, code: string, field = "branchCode"): Promise<Branch> {
  const [row] = await db.select().from(branches).where(sql`lower(${branches.code}) = lower(${code})`);
  if (!row) throw new AppError("NOT_FOUND", `Branch ${code} was not found.`, { [field]: [`Branch ${code} does not exist`] });
  return row;
}

// ---------------------------------------------------------------------------------------------- branches

/**
 * The accounting base id of a branch. With a BASE configured it is BASE's answer, kept on the branch as the local
 * mirror; when BASE cannot be asked, the mirror answers. A branch BASE does not know, or one not linked yet, is
 * reported, not guessed.
 */
export async function branchIdFromBase(db: Db, branchCode: string, directory?: BaseDirectory | null) {
  const branch = await branchByCode(db, branchCode);
  const answer = directory ? await directory.branchId(branch.code) : null;
  if (answer?.kind === "unknown") {
    throw new AppError("NOT_FOUND", `BASE does not know branch ${branch.code}.`, { branchCode: [`BASE does not know branch ${branch.code}`] });
  }
  if (answer?.kind === "found") {
    if (answer.value !== branch.baseBranchId) await db.update(branches).set({ baseBranchId: answer.value }).where(eq(branches.id, branch.id));
    return { branchCode: branch.code, branchName: branch.name, baseBranchId: answer.value, source: "BASE" as const };
  }
  if (!branch.baseBranchId) {
    throw new AppError("NOT_FOUND", `Branch ${branch.code} has no accounting base id yet.`, {
      branchCode: [`Branch ${branch.code} has no accounting base id`],
    });
  }
  return { branchCode: branch.code, branchName: branch.name, baseBranchId: branch.baseBranchId, source: "mirror" as const };
}

// ---------------------------------------------------------------------------------------------- areas

/** Active areas of one branch, for the address pickers of quotations and bookings. */
export async function activeAreasOfBranch(db: Db, branchCode: string) {
  const branch = await branchByCode(db, branchCode, "BranchCode");
  return await db.select().from(areas)
    .where(and(eq(areas.branchCode, branch.code), eq(areas.isActive, true)))
    .orderBy(asc(areas.name), asc(areas.code));
}

// ---------------------------------------------------------------------------------------------- commodities

export type CommodityWithCategory = Commodity & { categoryName: string };

const commodityColumns = {
  id: commodities.id,
  code: commodities.code,
  name: commodities.name,
  categoryCode: commodities.categoryCode,
  isDangerousCargo: commodities.isDangerousCargo,
  isActive: commodities.isActive,
  userCreated: commodities.userCreated,
  userModified: commodities.userModified,
  dateCreated: commodities.dateCreated,
  dateModified: commodities.dateModified,
  categoryName: commodityCategories.name,
};

/** Every active commodity of an active category, grouped by category, for the goods pickers. */
export async function allActiveCommodities(db: Db): Promise<CommodityWithCategory[]> {
  const rows = await db.select(commodityColumns).from(commodities)
    .innerJoin(commodityCategories, eq(commodityCategories.code, commodities.categoryCode))
    .where(and(eq(commodities.isActive, true), eq(commodityCategories.isActive, true)))
    .orderBy(asc(commodityCategories.name), asc(commodities.name), asc(commodities.code));
  return rows as CommodityWithCategory[];
}

/** A category named in a body: an unknown one is a mistake in the input. */
async function categoryByCode(db: Db, code: string): Promise<CommodityCategory> {
  const [row] = await db.select().from(commodityCategories)
    .where(sql`lower(${commodityCategories.code}) = lower(${code})`);
  if (!row) {
    throw new AppError("NOT_FOUND", `Commodity category ${code} was not found.`, {
      categoryCode: [`Commodity category ${code} does not exist`],
    });
  }
  return row;
}

/** One page of the commodities of a category (all statuses unless filtered). */
export async function commoditiesOfCategoryPage(
  db: Db,
  query: ListQuery & { categoryCode: string },
): Promise<ListResult<Commodity> & { category: CommodityCategory }> {
  const category = await categoryByCode(db, query.categoryCode);
  const where = and(
    eq(commodities.categoryCode, category.code),
    statusFilter(commodities.isActive, query.filter),
    searchAny([commodities.code, commodities.name], query.search),
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(commodities).where(where).orderBy(asc(commodities.code)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(commodities).where(where),
  ]);
  const result: ListResult<Commodity> & { category: CommodityCategory } = { data: rows, total: Number(total), category };
  if (rows.length === 0) result.message = EMPTY_LIST_MESSAGE;
  return result;
}

/** A category with its active commodities, for a picker that first asks for the category. */
export async function readCommodityByCategory(db: Db, categoryCode: string) {
  const category = await categoryByCode(db, categoryCode);
  const list = await db.select().from(commodities)
    .where(and(eq(commodities.categoryCode, category.code), eq(commodities.isActive, true)))
    .orderBy(asc(commodities.name), asc(commodities.code));
  return { ...category, commodities: list };
}

// ---------------------------------------------------------------------------------------------- routes

export interface NamedBranch {
  code: string;
  name: string;
}

async function branchNames(db: Db, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, codes));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** A route by its code with the names of its branches, destinations in calling order. */
export async function routeByCode(db: Db, code: string) {
  const [route] = await db.select().from(routes).where(sql`lower(${routes.code}) = lower(${code})`);
  if (!route) throw new AppError("NOT_FOUND", `Route ${code} was not found.`);
  const names = await branchNames(db, [route.originBranchCode, ...route.destinationBranchCodes]);
  return {
    ...route,
    originBranchName: names.get(route.originBranchCode) ?? "",
    destinations: route.destinationBranchCodes.map((c): NamedBranch => ({ code: c, name: names.get(c) ?? "" })),
  };
}

async function activeRoutesFrom(db: Db, originBranchCode: string): Promise<Route[]> {
  return await db.select().from(routes)
    .where(and(eq(routes.originBranchCode, originBranchCode), eq(routes.isActive, true)))
    .orderBy(asc(routes.code));
}

/**
 * The branches a voyage from `originBranchCode` can call at: every destination of the origin's active routes,
 * each once, with the routes that reach it. A destination keeps the place of its first appearance.
 */
export async function routeDestinations(db: Db, originBranchCode: string) {
  const origin = await branchByCode(db, originBranchCode, "OriginBranchCode");
  const list = await activeRoutesFrom(db, origin.code);
  const byBranch = new Map<string, string[]>();
  for (const r of list) {
    for (const dest of r.destinationBranchCodes) {
      const reached = byBranch.get(dest) ?? [];
      if (!reached.includes(r.code)) reached.push(r.code);
      byBranch.set(dest, reached);
    }
  }
  const names = await branchNames(db, [...byBranch.keys()]);
  return [...byBranch.entries()].map(([code, routeCodes]) => ({
    destinationBranchCode: code,
    destinationBranchName: names.get(code) ?? "",
    routeCodes,
  }));
}

export interface RouteCheck {
  valid: boolean;
  originBranchCode: string;
  destinationBranchCodes: string[];
  /** Active routes the voyage follows: all of its destinations, in the route's calling order. */
  routeCodes: string[];
  message: string;
}

/** Whether `wanted` appears within `stops` in the same order (stops may be skipped, never reordered). */
function followsInOrder(stops: readonly string[], wanted: readonly string[]): boolean {
  let at = 0;
  for (const stop of stops) if (at < wanted.length && stop === wanted[at]) at += 1;
  return at === wanted.length;
}

/**
 * Checks that a voyage from an origin to its destinations (in calling order) follows an active route of that
 * origin. Malformed input (no destinations, a repeated branch, the origin as a destination, an unknown
 * branch) is refused with VALIDATION; a well-formed pair that no active route covers answers valid: false.
 */
export async function checkRouteFollowed(db: Db, originBranchCode: string, destinationBranchCodes: string[]): Promise<RouteCheck> {
  const origin = originBranchCode.trim().toUpperCase();
  const wanted = destinationBranchCodes.map((c) => c.trim().toUpperCase());
  if (!origin) throw new AppError("VALIDATION", "Origin branch is required.", { originBranchCode: ["Origin branch is required"] });
  if (wanted.length === 0 || wanted.some((c) => !c)) {
    throw new AppError("VALIDATION", "Give at least one destination branch.", { destinationBranchCodes: ["Give at least one destination branch"] });
  }
  const repeated = wanted.find((c, i) => wanted.indexOf(c) !== i);
  if (repeated) {
    const text = `Destination ${repeated} is listed more than once`;
    throw new AppError("VALIDATION", `${text}.`, { destinationBranchCodes: [text] });
  }
  if (wanted.includes(origin)) {
    const text = `The origin ${origin} cannot also be a destination`;
    throw new AppError("VALIDATION", `${text}.`, { destinationBranchCodes: [text] });
  }
  const known = await db.select({ code: branches.code }).from(branches)
    .where(inArray(sql`upper(${branches.code})`, [origin, ...wanted]));
  const canonical = new Map(known.map((k) => [k.code.toUpperCase(), k.code]));
  const missing = [origin, ...wanted].filter((c) => !canonical.has(c));
  if (missing.length > 0) {
    const text = `Branch ${missing.join(", ")} does not exist`;
    const field = missing.includes(origin) ? "originBranchCode" : "destinationBranchCodes";
    throw new AppError("VALIDATION", `${text}.`, { [field]: [text] });
  }
  const originCode = canonical.get(origin)!;
  const destinations = wanted.map((c) => canonical.get(c)!);
  const matching = (await activeRoutesFrom(db, originCode))
    .filter((r) => followsInOrder(r.destinationBranchCodes, destinations))
    .map((r) => r.code);
  const valid = matching.length > 0;
  return {
    valid,
    originBranchCode: originCode,
    destinationBranchCodes: destinations,
    routeCodes: matching,
    message: valid
      ? `The voyage follows route ${matching.join(", ")}.`
      : `No active route from ${originCode} calls at ${destinations.join(", ")} in this order.`,
  };
}

/** For callers that must refuse a voyage off every active route (the voyage schedule). */
export async function assertRouteFollowed(db: Db, originBranchCode: string, destinationBranchCodes: string[]): Promise<RouteCheck> {
  const check = await checkRouteFollowed(db, originBranchCode, destinationBranchCodes);
  if (!check.valid) throw new AppError("VALIDATION", check.message, { destinationBranchCodes: [check.message.slice(0, -1)] });
  return check;
}
