import { and, asc, count, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../db/client.ts";
import type { loadListEntries, loadListReleases, unloadListEntries, unloadListReleases } from "../../db/schema/index.ts";
import { tallySheetLines, tallySheets, waybills } from "../../db/schema/index.ts";
import { OPEN_RELEASE, type RemovedEntry } from "./cargo-lists.ts";
import { AppError, databaseErrorCode } from "./errors.ts";

/**
 * How the load list (outbound) and the unload list (inbound) read and guard their releases, written once: each
 * list has a release table and an entries table of the same shape, and passes its own. What a list does with its
 * releases (who may change them, which waybills go on, the stages, whom it tells) stays in its module.
 */
type EntriesTable = typeof loadListEntries | typeof unloadListEntries;
type ReleasesTable = typeof loadListReleases | typeof unloadListReleases;
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

// ---------------------------------------------------------------------------------------------------------
// Guards of a change to a release

/** The refusal of a change made from a release as it was before someone else changed it. */
export const staleRelease = (record: Pick<ReleaseRecord, "releaseId">) =>
  new AppError("CONFLICT", `Release ${record.releaseId} was changed by someone else after you opened it. Reload it and try again.`);

/** Refuses a change made from an older reading of the release than the one stored. */
export function assertReleaseFresh(record: ReleaseRecord, dateModified: string) {
  if (new Date(dateModified).getTime() !== record.dateModified.getTime()) throw staleRelease(record);
}

/** Only a Partial Release takes waybills on or off; a released or cancelled one is refused in words saying which. */
export function assertReleaseOpen(record: ReleaseRecord) {
  if (record.releaseType === OPEN_RELEASE) return;
  const why = record.releaseType === "Final Release" ? "it was released" : "it was cancelled";
  throw new AppError("CONFLICT", `Release ${record.releaseId} is ${record.releaseType}: ${why}, so its waybills no longer change.`);
}

/**
 * Takes the release's row for this change: only if it is still as the user read it, so of two changes made from
 * the same reading the second is refused, and the row stays locked until the change commits.
 */
export async function claimRelease(tx: Tx, releases: ReleasesTable, record: ReleaseRecord, actor: { userId: string }, set: { remarks?: string } = {}) {
  const table = releases as typeof loadListReleases;
  const claimed = await tx.update(table).set({ ...set, userModified: actor.userId, dateModified: new Date() })
    .where(and(eq(table.id, record.id), eq(table.dateModified, record.dateModified))).returning({ id: table.id });
  if (claimed.length === 0) throw staleRelease(record);
}

/**
 * Refuses to take a waybill off the list while a van of it is counted on a tally sheet of that side (the loading
 * tally for the load list, the unloading tally for the unload list): the van comes off the sheet first.
 */
export async function refuseCountedVans(db: Executor, refs: readonly string[], side: { tallySheetType: "Loading" | "Unloading"; list: string }) {
  if (refs.length === 0) return;
  const [c] = await db.select({ wayBillRef: tallySheetLines.wayBillRef, containerVanNum: tallySheetLines.containerVanNum, tallySheetNum: tallySheets.tallySheetNum })
    .from(tallySheetLines).innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
    .where(and(inArray(tallySheetLines.wayBillRef, [...refs]), eq(tallySheets.tallySheetType, side.tallySheetType), isNull(tallySheetLines.dateRemoved)))
    .limit(1);
  if (!c) return;
  throw new AppError(
    "CONFLICT",
    `Waybill ${c.wayBillRef} stays on the ${side.list}: its van ${c.containerVanNum} is counted on tally sheet ${c.tallySheetNum}. Take the van off the sheet first.`,
    { wayBillRef: [`${c.wayBillRef} is counted on tally sheet ${c.tallySheetNum}`] },
  );
}

/**
 * A waybill another clerk put on another release between our read and our write (the waybill's move or its
 * entry refused): the error naming it and that release, rather than a general "changed by someone else". Any
 * other error is answered as it is.
 */
export async function explainLostRace(db: Db, entries: EntriesTable, error: unknown, added: readonly string[], releaseId: string): Promise<unknown> {
  const lost = error instanceof AppError && error.code === "CONFLICT";
  if (!(lost || databaseErrorCode(error) === "23505") || added.length === 0) return error;
  const table = entries as typeof loadListEntries;
  const [taken] = await db.select({ wayBillRef: table.wayBillRef, releaseId: table.releaseId }).from(table)
    .where(and(inArray(table.wayBillRef, [...added]), isNull(table.dateRemoved), sql`${table.releaseId} <> ${releaseId}`));
  if (!taken) return error;
  return new AppError("CONFLICT", `Waybill ${taken.wayBillRef} was put on release ${taken.releaseId} by someone else a moment ago.`, {
    entries: [`${taken.wayBillRef} is on release ${taken.releaseId}`],
  });
}
