import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { vessels, voyageScheduleDestinations, voyageSchedules, voyageSoundings } from "../../../../db/schema/index.ts";
import { manilaDayRange, monthBounds } from "../../../shared/dates.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { formatCentavos, toCentavos } from "../../../shared/money.ts";
import { SOUNDING_LIQUIDS, type SoundingInput, type SoundingReport, type SoundingReportQuery, type SoundingRow } from "./schemas.ts";

/**
 * Tank soundings of a vessel on its voyages, and the monthly sounding report: per voyage, what was on board at
 * departure from the origin, at the final arrival, and what the voyage used in between.
 */

type Stored = typeof voyageSoundings.$inferSelect;

const invalid = (field: string, text: string) => new AppError("VALIDATION", text, { [field]: [text] });

function rowOut(s: Stored): SoundingRow {
  return {
    id: s.id,
    voyageNum: s.voyageNum,
    soundingType: s.soundingType as SoundingRow["soundingType"],
    branchCode: s.branchCode,
    takenAt: s.takenAt.toISOString(),
    fuelOil: s.fuelOil,
    dieselOil: s.dieselOil,
    lubeOil: s.lubeOil,
    freshWater: s.freshWater,
    remarks: s.remarks,
  };
}

/** A departure is sounded at the origin or a port of call; an arrival only at a port of call. */
async function checkedPlace(db: Db, input: SoundingInput) {
  const [voyage] = await db.select().from(voyageSchedules).where(sql`lower(${voyageSchedules.voyageNum}) = lower(${input.voyageNum})`);
  if (!voyage) throw invalid("voyageNum", `Voyage ${input.voyageNum} does not exist.`);
  const calls = (await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum))).map((c) => c.code);
  const places = input.soundingType === "Departure" ? [voyage.originBranchCode, ...calls] : calls;
  const branchCode = places.find((p) => p.toLowerCase() === input.branchCode.toLowerCase());
  if (!branchCode) {
    throw invalid("branchCode", `An ${input.soundingType.toLowerCase()} sounding of voyage ${voyage.voyageNum} is taken at ${places.join(", ")}, not ${input.branchCode}.`);
  }
  return { voyage, branchCode };
}

function duplicate(err: unknown, input: SoundingInput, branchCode: string): never {
  if (databaseErrorCode(err) === "23505") {
    throw new AppError("CONFLICT", `Voyage ${input.voyageNum} already has a ${input.soundingType.toLowerCase()} sounding at ${branchCode}; change that one instead.`);
  }
  throw err;
}

export async function createSounding(db: Db, caller: { userId: string }, input: SoundingInput) {
  const { voyage, branchCode } = await checkedPlace(db, input);
  const [row] = await db.insert(voyageSoundings).values({
    ...input, voyageNum: voyage.voyageNum, branchCode, takenAt: new Date(input.takenAt), userCreated: caller.userId, userModified: caller.userId,
  }).returning().catch((err) => duplicate(err, input, branchCode));
  return { data: rowOut(row), message: `${input.soundingType} sounding of voyage ${voyage.voyageNum} at ${branchCode} added successfully` };
}

export async function updateSounding(db: Db, caller: { userId: string }, id: number, input: SoundingInput) {
  const [existing] = await db.select().from(voyageSoundings).where(eq(voyageSoundings.id, id));
  if (!existing) throw new AppError("NOT_FOUND", "The sounding was not found.");
  const { voyage, branchCode } = await checkedPlace(db, input);
  const [row] = await db.update(voyageSoundings).set({
    ...input, voyageNum: voyage.voyageNum, branchCode, takenAt: new Date(input.takenAt), dateModified: new Date(), userModified: caller.userId,
  }).where(eq(voyageSoundings.id, id)).returning().catch((err) => duplicate(err, input, branchCode));
  return { data: rowOut(row), message: `${input.soundingType} sounding of voyage ${voyage.voyageNum} at ${branchCode} updated successfully` };
}

export async function deleteSounding(db: Db, id: number) {
  const [row] = await db.delete(voyageSoundings).where(eq(voyageSoundings.id, id)).returning();
  if (!row) throw new AppError("NOT_FOUND", "The sounding was not found.");
  return { message: `${row.soundingType} sounding of voyage ${row.voyageNum} deleted successfully` };
}

export async function soundingsOfVoyage(db: Db, voyageNum: string) {
  const rows = await db.select().from(voyageSoundings).where(sql`lower(${voyageSoundings.voyageNum}) = lower(${voyageNum})`)
    .orderBy(asc(voyageSoundings.takenAt), asc(voyageSoundings.id));
  return { data: rows.map(rowOut) };
}

const zero = () => ({ fuelOil: 0n, dieselOil: 0n, lubeOil: 0n, freshWater: 0n });

/**
 * The sounding report of a vessel for a month (Manila): the vessel's voyages departing in it, earliest first;
 * for each the departure sounding at the origin and the last arrival sounding, and the difference. A voyage
 * missing either is listed and counted as incomplete; the totals add up the complete ones.
 */
export async function soundingReport(db: Db, query: SoundingReportQuery): Promise<SoundingReport> {
  const [vessel] = await db.select().from(vessels).where(sql`lower(${vessels.code}) = lower(${query.vesselCode})`);
  if (!vessel) throw invalid("vesselCode", `Vessel ${query.vesselCode} does not exist.`);
  const month = monthBounds(query.year, query.month);
  const departing = manilaDayRange(month.first, month.last);
  const voyages = await db.select().from(voyageSchedules).where(and(
    eq(voyageSchedules.vesselCode, vessel.code),
    gte(voyageSchedules.estimatedTimeDeparture, departing.start!),
    lt(voyageSchedules.estimatedTimeDeparture, departing.end!),
  )).orderBy(asc(voyageSchedules.estimatedTimeDeparture), asc(voyageSchedules.voyageNum));
  const soundings = voyages.length === 0 ? [] : await db.select().from(voyageSoundings)
    .where(inArray(voyageSoundings.voyageNum, voyages.map((v) => v.voyageNum)))
    .orderBy(asc(voyageSoundings.takenAt), asc(voyageSoundings.id));
  const totals = zero();
  let incomplete = 0;
  const data = voyages.map((voyage) => {
    const own = soundings.filter((s) => s.voyageNum === voyage.voyageNum);
    const departure = own.find((s) => s.soundingType === "Departure" && s.branchCode === voyage.originBranchCode) ?? null;
    const arrival = own.filter((s) => s.soundingType === "Arrival").at(-1) ?? null;
    let consumed: Record<string, string> | null = null;
    if (departure && arrival) {
      consumed = {};
      for (const { key } of SOUNDING_LIQUIDS) {
        const used = toCentavos(departure[key]) - toCentavos(arrival[key]);
        totals[key] += used;
        consumed[key] = formatCentavos(used);
      }
    } else {
      incomplete += 1;
    }
    return {
      voyageNum: voyage.voyageNum,
      voyageRef: voyage.voyageRef,
      estimatedTimeDeparture: voyage.estimatedTimeDeparture.toISOString(),
      departure: departure && rowOut(departure),
      arrival: arrival && rowOut(arrival),
      consumed: consumed as SoundingReport["totals"] | null,
    };
  });
  const report: SoundingReport = {
    vesselCode: vessel.code,
    vesselName: vessel.name,
    year: query.year,
    month: query.month,
    data,
    totals: {
      fuelOil: formatCentavos(totals.fuelOil),
      dieselOil: formatCentavos(totals.dieselOil),
      lubeOil: formatCentavos(totals.lubeOil),
      freshWater: formatCentavos(totals.freshWater),
    },
    voyages: data.length,
    incomplete,
  };
  if (data.length === 0) report.message = "No data found";
  return report;
}
