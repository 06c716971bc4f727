import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import type { loadListEntries, loadListReleases, unloadListEntries, unloadListReleases } from "../../db/schema/index.ts";
import { waybills } from "../../db/schema/index.ts";
import type { RemovedEntry } from "./cargo-lists.ts";

/**
 * How the load list (outbound) and the unload list (inbound) read their releases, written once: each list has a
 * release table and an entries table of the same shape, and passes its own. What a list does with its releases
 * (who may change them, which waybills go on, the stages) stays in its module.
 */
type EntriesTable = typeof loadListEntries | typeof unloadListEntries;
type ReleaseRecord = typeof loadListReleases.$inferSelect | typeof unloadListReleases.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The releases as rows: each with the waybills on it now and their TEU, in the order given. */
export async function releaseRowsOf<T extends string>(db: Db, entries: EntriesTable, records: readonly ReleaseRecord[]) {
  if (records.length === 0) return [];
  const sizes = await db.select({ releaseId: entries.releaseId, waybills: count(), teu: sql<number>`coalesce(sum(${waybills.quantityTeu}), 0)`.mapWith(Number) })
    .from(entries as typeof loadListEntries).innerJoin(waybills, eq(waybills.wayBillRef, entries.wayBillRef))
    .where(and(inArray(entries.releaseId, records.map((r) => r.releaseId)), isNull(entries.dateRemoved)))
    .groupBy(entries.releaseId);
  return records.map((r) => {
    const size = sizes.find((s) => s.releaseId === r.releaseId);
    return {
      id: r.id,
      releaseId: r.releaseId,
      releaseType: r.releaseType as T,
      voyageNum: r.voyageNum,
      branchCode: r.branchCode,
      remarks: r.remarks,
      waybillCount: Number(size?.waybills ?? 0),
      teu: size?.teu ?? 0,
      dateCreated: r.dateCreated.toISOString(),
      userCreated: r.userCreated ?? "",
      dateReleased: iso(r.dateReleased),
      releasedBy: r.releasedBy,
      dateCancelled: iso(r.dateCancelled),
      cancelledBy: r.cancelledBy,
      dateModified: r.dateModified.toISOString(),
    };
  });
}

/** The waybills taken off a release, in the order they were put on. */
export async function removedFromRelease(db: Db, entries: EntriesTable, releaseId: string): Promise<RemovedEntry[]> {
  const rows = await db.select({
    id: entries.id, wayBillRef: entries.wayBillRef, dateAdded: entries.dateAdded, addedBy: entries.addedBy, dateRemoved: entries.dateRemoved, removedBy: entries.removedBy,
  }).from(entries as typeof loadListEntries)
    .where(and(eq(entries.releaseId, releaseId), sql`${entries.dateRemoved} is not null`)).orderBy(asc(entries.id));
  return rows.map((e) => ({
    wayBillRef: e.wayBillRef, dateAdded: e.dateAdded.toISOString(), addedBy: e.addedBy, dateRemoved: e.dateRemoved!.toISOString(), removedBy: e.removedBy ?? "",
  }));
}
