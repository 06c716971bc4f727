import { and, asc, eq, gt, gte, inArray, isNull, ne, or, sql } from "drizzle-orm";
import type { Db, Executor, Tx } from "../../../../db/client.ts";
import { companyPolicies, freeTimeCharges, holidays, waybills } from "../../../../db/schema/index.ts";
import { type AuditEntry, recordAudits } from "../../../shared/audit.ts";
import { type BranchScope, findInScope } from "../../../shared/branch-scope.ts";
import { inChunks } from "../../../shared/chunks.ts";
import { addCalendarDays, type HolidayType, manilaDate, manilaStartOfDay, manilaToday } from "../../../shared/dates.ts";
import { formatCentavos, parseDecimal, toCentavos } from "../../../shared/money.ts";
import { cargoStageReached, cargoStageTimes } from "../../bookings/index.ts";
import {
  CLOCKS, type ClockEvent, computeFreeTime, FREE_TIME_CHARGE_NAMES, FREE_TIME_CHARGE_TYPES, FREE_TIME_EVENTS, FREE_TIME_POLICY_CODES,
  FREE_TIME_STAGES, type FreeTimeChargeType, type FreeTimeComputation, type FreeTimeHoliday, type FreeTimePolicy, FreeTimeRuleError,
  type FreeTimeSide, freeDaysLeft, freeTimeBilledSide, OUTBOUND_DEMURRAGE_POLICY, outboundDemurrageOn, storageDue,
} from "./rules.ts";
import type { AccrualLine, FreeTimeChargeView, FreeTimeView } from "./schemas.ts";
import { groupBy } from "../../../shared/grouping.ts";

/**
 * Free time of waybills (domain notes §5): the computation of a waybill's charges as of a day, read from where its
 * cargo is (the progress stages the bookings module records, api/modules/bookings) and the calendar and policies of
 * the master data; and the nightly accrual that writes them to free_time_charges.
 */

type WaybillRecord = typeof waybills.$inferSelect;
type ChargeRecord = typeof freeTimeCharges.$inferSelect;
type NewChargeRecord = typeof freeTimeCharges.$inferInsert;

/**
 * A waybill whose van came back this many days before a run has nothing left to change: its detention was made
 * final by the first run after the van-in, and storage and demurrage ended before that. The nightly run leaves it
 * out, so the set it walks stays the cargo still at or near the yard.
 */
export const SETTLED_AFTER_DAYS = 31;

/** What a computation of one waybill reads, gathered for many at once. */
interface WaybillFacts {
  waybill: WaybillRecord;
  /** When its booking's cargo reached the stages that start and stop the clocks. */
  stages: Map<number, Date>;
}

interface Calendar {
  policies: FreeTimePolicy[];
  holidays: FreeTimeHoliday[];
}

const STAGES = Object.values(FREE_TIME_STAGES);

async function factsOf(db: Executor, records: readonly WaybillRecord[]): Promise<WaybillFacts[]> {
  const times = await cargoStageTimes(db, records.map((w) => w.bookingRef), STAGES);
  return records.map((waybill) => ({ waybill, stages: times.get(waybill.bookingRef) ?? new Map() }));
}

/** The policies the rule set reads, every version, and the holiday rows of the branches from `from` on. */
async function calendarOf(db: Executor, branchCodes: readonly string[], from: string): Promise<Calendar> {
  const [policyRows, holidayRows] = await Promise.all([
    db.select().from(companyPolicies).where(inArray(companyPolicies.code, [...FREE_TIME_POLICY_CODES])),
    db.select().from(holidays).where(and(
      eq(holidays.isActive, true),
      gte(holidays.holidayDate, from),
      branchCodes.length ? or(isNull(holidays.branchCode), inArray(holidays.branchCode, [...new Set(branchCodes)])) : isNull(holidays.branchCode),
    )),
  ]);
  return {
    policies: policyRows,
    holidays: holidayRows.map((h) => ({ date: h.holidayDate, branchCode: h.branchCode, holidayType: h.holidayType as HolidayType, name: h.name })),
  };
}

/** The sizes of the waybill's vans: a tandem carries two of its size; loose cargo none. */
function vanSizesOf(w: WaybillRecord): string[] {
  if (!w.containerVanNum) return [];
  return w.isTandem && w.tandemContainerVanNum ? [w.size, w.size] : [w.size];
}

/** An event as of `asOf`: one that happened after that day has not happened yet. */
function eventAsOf(name: keyof typeof FREE_TIME_EVENTS, at: Date | null | undefined, asOf: string): ClockEvent | null {
  if (!at || manilaDate(at) > asOf) return null;
  return { event: FREE_TIME_EVENTS[name], at };
}

function eventTimes(f: WaybillFacts, asOf: string): Record<keyof typeof FREE_TIME_EVENTS, ClockEvent | null> {
  return {
    cyIn: eventAsOf("cyIn", f.waybill.cyIn, asOf),
    loaded: eventAsOf("loaded", f.stages.get(FREE_TIME_STAGES.loaded), asOf),
    finalTally: eventAsOf("finalTally", f.stages.get(FREE_TIME_STAGES.finalTally), asOf),
    vanOut: eventAsOf("vanOut", f.stages.get(FREE_TIME_STAGES.vanOut), asOf),
    vanIn: eventAsOf("vanIn", f.stages.get(FREE_TIME_STAGES.vanIn), asOf),
  };
}

/** One clock of a waybill as of a day: not started, computed, or refused with the reason. */
interface ClockResult {
  chargeType: FreeTimeChargeType;
  side: FreeTimeSide;
  branchCode: string;
  billedSide: string;
  computation: FreeTimeComputation | null;
  problem: string | null;
}

/**
 * The clocks of a waybill as of `asOf`: storage, demurrage and detention at its destination, and demurrage at its
 * origin when outbound demurrage was on the day after its van came back to the yard. `billed` gives, per charge
 * type and side, the last day an invoice already billed.
 */
function clocksOf(f: WaybillFacts, asOf: string, calendar: Calendar, billed: (type: FreeTimeChargeType, side: FreeTimeSide) => string | null): ClockResult[] {
  const events = eventTimes(f, asOf);
  const w = f.waybill;
  const out: ClockResult[] = [];
  const run = (side: FreeTimeSide, chargeType: FreeTimeChargeType) => {
    const clock = CLOCKS[side][chargeType]!;
    const branchCode = side === "destination" ? w.destinationBranchCode : w.branchCode;
    const base = { chargeType, side, branchCode, billedSide: freeTimeBilledSide(w.modeOfPayment, side) };
    const start = events[clock.start];
    if (!start) return out.push({ ...base, computation: null, problem: null });
    try {
      const computation = computeFreeTime({
        chargeType, side, branchCode, start, end: events[clock.end], asOf, vanSizes: vanSizesOf(w), bookedTeu: w.quantityTeu,
        policies: calendar.policies, holidays: calendar.holidays, billedThrough: billed(chargeType, side),
      });
      out.push({ ...base, computation, problem: null });
    } catch (err) {
      if (!(err instanceof FreeTimeRuleError)) throw err;
      out.push({ ...base, computation: null, problem: err.message });
    }
  };
  for (const type of FREE_TIME_CHARGE_TYPES) run("destination", type);
  if (w.cyIn && outboundDemurrageOn(calendar.policies, addCalendarDays(manilaDate(w.cyIn), 1))) run("origin", "DEM");
  return out;
}

/** The last day billed per charge type and side, from a waybill's rows. */
function billedThroughOf(rows: readonly ChargeRecord[]) {
  return (type: FreeTimeChargeType, side: FreeTimeSide): string | null => {
    const billed = rows.filter((r) => r.chargeType === type && r.side === side && r.invoiceId !== null).map((r) => r.periodTo).sort();
    return billed.at(-1) ?? null;
  };
}

const rowView = (r: ChargeRecord) => ({
  id: r.id, chargeType: r.chargeType, side: r.side, billedSide: r.billedSide, seq: r.seq, periodFrom: r.periodFrom, periodTo: r.periodTo,
  days: r.days, units: r.units, rate: r.rate, amount: r.amount, isFinal: r.isFinal, computedOn: r.computedOn, invoiceId: r.invoiceId,
});

function stateOf(c: ClockResult): FreeTimeChargeView["state"] {
  if (!c.computation) return "NOT_STARTED";
  const s = c.computation.snapshot;
  if (s.final) return "ENDED";
  return s.days > 0 ? "CHARGING" : "FREE";
}

/**
 * A waybill's free time as of `asOf` (today in Manila unless given): each charge with its snapshot, the storage
 * due date and what a further day costs, the countdown of the free days, and what the nightly run has written. A
 * waybill is seen by the staff of its destination branch; for anyone else it does not exist.
 */
export async function freeTimeOfWaybill(db: Db, scope: BranchScope, wayBillRef: string, asOf = manilaToday()): Promise<{ data: FreeTimeView }> {
  const waybill = await findInScope(
    db, waybills, waybills.destinationBranchCode, scope, sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`, `Waybill ${wayBillRef} was not found.`,
  );
  const [facts] = await factsOf(db, [waybill]);
  const rows = await db.select().from(freeTimeCharges).where(eq(freeTimeCharges.wayBillRef, waybill.wayBillRef))
    .orderBy(asc(freeTimeCharges.chargeType), asc(freeTimeCharges.side), asc(freeTimeCharges.seq));
  const firstEvent = [facts.waybill.cyIn, ...facts.stages.values()].filter((d): d is Date => !!d).map((d) => manilaDate(d)).sort()[0] ?? asOf;
  const calendar = await calendarOf(db, [waybill.branchCode, waybill.destinationBranchCode], firstEvent);
  const clocks = clocksOf(facts, asOf, calendar, billedThroughOf(rows));
  const events = eventTimes(facts, asOf);
  const at = (e: ClockEvent | null) => (e ? new Date(e.at).toISOString() : null);
  const storage = clocks.find((c) => c.side === "destination" && c.chargeType === "STO")?.computation ?? null;
  const demurrage = clocks.find((c) => c.side === "destination" && c.chargeType === "DEM")?.computation ?? null;
  const total = clocks.reduce((sum, c) => sum + (c.computation?.amountCentavos ?? 0n), 0n);
  return {
    data: {
      wayBillRef: waybill.wayBillRef,
      bookingRef: waybill.bookingRef,
      originBranchCode: waybill.branchCode,
      destinationBranchCode: waybill.destinationBranchCode,
      modeOfPayment: waybill.modeOfPayment,
      asOf,
      events: { cyIn: at(events.cyIn), loaded: at(events.loaded), finalTally: at(events.finalTally), vanOut: at(events.vanOut), vanIn: at(events.vanIn) },
      charges: clocks.map((c) => ({
        chargeType: c.chargeType,
        name: c.side === "origin" ? `Outbound ${FREE_TIME_CHARGE_NAMES[c.chargeType].toLowerCase()}` : FREE_TIME_CHARGE_NAMES[c.chargeType],
        side: c.side,
        billedSide: c.billedSide,
        state: stateOf(c),
        problem: c.problem,
        snapshot: c.computation?.snapshot ?? null,
        countdown: c.computation ? freeDaysLeft(c.computation.snapshot, asOf) : null,
      })),
      storageDue: storage ? storageDue(storage, demurrage) : null,
      total: formatCentavos(total),
      accrued: rows.map(rowView),
    },
  };
}

// ---------------------------------------------------------------------------------------------------------
// The nightly accrual

/**
 * The last free storage day at the destination of each waybill given, as freeTimeOfWaybill answers it in its
 * storage due date, for many waybills in four reads whatever their number (the home page counts the whole yard).
 * A waybill whose storage has not started (not discharged) is left out. The caller picks the waybills, in scope.
 */
export async function lastFreeStorageDays(db: Executor, records: readonly WaybillRecord[], asOf: string): Promise<Map<string, string>> {
  const due = new Map<string, string>();
  if (records.length === 0) return due;
  const [facts, rows] = await Promise.all([
    factsOf(db, records),
    db.select().from(freeTimeCharges).where(inArray(freeTimeCharges.wayBillRef, records.map((r) => r.wayBillRef))),
  ]);
  const earliest = facts.flatMap((f) => [f.waybill.cyIn, ...f.stages.values()]).filter((d): d is Date => !!d).map((d) => manilaDate(d)).sort()[0] ?? asOf;
  const calendar = await calendarOf(db, records.flatMap((r) => [r.branchCode, r.destinationBranchCode]), earliest);
  const rowsOf = groupBy(rows, (row) => row.wayBillRef);
  for (const f of facts) {
    const clocks = clocksOf(f, asOf, calendar, billedThroughOf(rowsOf.get(f.waybill.wayBillRef) ?? []));
    const storage = clocks.find((c) => c.side === "destination" && c.chargeType === "STO")?.computation;
    if (storage) due.set(f.waybill.wayBillRef, storage.snapshot.lastFreeDay);
  }
  return due;
}

export interface AccrualRun {
  date: string;
  dryRun: boolean;
  /** Each charge added or changed (or that would be, in a dry run), by waybill. */
  charged: AccrualLine[];
  /** Charges that stayed as the last run wrote them. */
  unchanged: number;
  /** Waybills whose charges could not be worked out, with the reason (a policy missing). */
  problems: { wayBillRef: string; chargeType: FreeTimeChargeType; side: FreeTimeSide; problem: string }[];
}

/** The figures a row is compared by: a run that finds them the same writes nothing. */
/** A decimal as a key that compares equal whatever zeros a numeric column pads it with: "500.0000" and "500" alike. */
function decimalKey(value: string): string {
  let { units, scale } = parseDecimal(value);
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale -= 1;
  }
  return `${units}e-${scale}`;
}

const figuresOf = (r: Pick<NewChargeRecord, "periodFrom" | "periodTo" | "days" | "units" | "rate" | "amount" | "isFinal" | "billedSide">) =>
  JSON.stringify([r.periodFrom, r.periodTo, r.days, decimalKey(r.units), decimalKey(r.rate), decimalKey(r.amount), r.isFinal ?? false, r.billedSide]);

/** A row's figures as the audit log keeps them. */
const auditedFigures = (r: Pick<NewChargeRecord, "periodFrom" | "periodTo" | "days" | "amount" | "isFinal">) => ({
  periodFrom: r.periodFrom, periodTo: r.periodTo, days: r.days, amount: formatCentavos(toCentavos(r.amount)), isFinal: r.isFinal ?? false,
});

/** The waybills the run walks, by key: cargo discharged at the destination, or back at an origin's yard when outbound demurrage is on. */
function dueWaybills(date: string, outbound: boolean) {
  const endOfDay = manilaStartOfDay(addCalendarDays(date, 1));
  const settled = manilaStartOfDay(addCalendarDays(date, -SETTLED_AFTER_DAYS));
  const inbound = and(
    cargoStageReached(waybills.bookingRef, FREE_TIME_STAGES.finalTally, endOfDay),
    sql`not ${cargoStageReached(waybills.bookingRef, FREE_TIME_STAGES.vanIn, settled)}`,
  );
  const origin = outbound
    ? and(sql`${waybills.cyIn} is not null and ${waybills.cyIn} < ${endOfDay.toISOString()}::timestamptz`, sql`not ${cargoStageReached(waybills.bookingRef, FREE_TIME_STAGES.loaded, settled)}`)
    : undefined;
  return and(ne(waybills.status, "Cancelled"), origin ? or(inbound, origin) : inbound);
}

/**
 * Works out every waybill's free-time charges for `date` (today in Manila unless given) and writes what changed:
 * a new row for a charge that has days to charge and none open, the open row's new figures (audited before and
 * after), nothing for figures already written, so a second run on the same day charges nothing more. A billed
 * row is left as it is; days after it go on a new row. In chunks (api/shared/chunks.ts), each in its own short
 * transaction. A dry run reads the same and writes nothing.
 */
export async function runFreeTimeAccrual(
  db: Db,
  options: { date?: string; dryRun?: boolean; actor?: string; now?: Date; size?: number } = {},
): Promise<AccrualRun> {
  const now = options.now ?? new Date();
  const date = options.date ?? manilaToday(now);
  const dryRun = options.dryRun === true;
  const actor = options.actor ?? "system";
  const [anyOutbound] = await db.select({ id: companyPolicies.id }).from(companyPolicies)
    .where(and(eq(companyPolicies.code, OUTBOUND_DEMURRAGE_POLICY), eq(companyPolicies.isActive, true), sql`upper(trim(${companyPolicies.inputtedString})) = 'ON'`)).limit(1);
  const due = dueWaybills(date, !!anyOutbound);
  const result: AccrualRun = { date, dryRun, charged: [], unchanged: 0, problems: [] };

  await inChunks(db, {
    size: options.size,
    next: async (tx, after, limit) => {
      const rows = await tx.select({ id: waybills.id }).from(waybills).where(and(due, gt(waybills.id, after))).orderBy(asc(waybills.id)).limit(limit);
      return rows.map((r) => r.id);
    },
    work: async (tx, ids) => {
      const outcome = await accrueChunk(tx, ids, { date, dryRun, actor, now });
      result.charged.push(...outcome.charged);
      result.unchanged += outcome.unchanged;
      result.problems.push(...outcome.problems);
      return [];
    },
  });
  return result;
}

/** One chunk of the run: the waybills' charges computed, compared with their rows, and the changes written set-based. */
async function accrueChunk(tx: Tx, ids: number[], o: { date: string; dryRun: boolean; actor: string; now: Date }): Promise<Omit<AccrualRun, "date" | "dryRun">> {
  const records = await tx.select().from(waybills).where(inArray(waybills.id, ids)).orderBy(asc(waybills.id));
  const facts = await factsOf(tx, records);
  const rows = records.length
    ? await tx.select().from(freeTimeCharges).where(inArray(freeTimeCharges.wayBillRef, records.map((r) => r.wayBillRef)))
    : [];
  const earliest = facts.flatMap((f) => [f.waybill.cyIn, ...f.stages.values()]).filter((d): d is Date => !!d).map((d) => manilaDate(d)).sort()[0] ?? o.date;
  const calendar = await calendarOf(tx, records.flatMap((r) => [r.branchCode, r.destinationBranchCode]), earliest);

  const out: Omit<AccrualRun, "date" | "dryRun"> = { charged: [], unchanged: 0, problems: [] };
  const pending: { line: AccrualLine; row: NewChargeRecord; before: ChargeRecord | null }[] = [];
  for (const f of facts) {
    const mine = rows.filter((r) => r.wayBillRef === f.waybill.wayBillRef);
    for (const clock of clocksOf(f, o.date, calendar, billedThroughOf(mine))) {
      if (clock.problem) {
        out.problems.push({ wayBillRef: f.waybill.wayBillRef, chargeType: clock.chargeType, side: clock.side, problem: clock.problem });
        continue;
      }
      if (!clock.computation) continue;
      const s = clock.computation.snapshot;
      const open = mine.find((r) => r.chargeType === clock.chargeType && r.side === clock.side && r.invoiceId === null) ?? null;
      // Nothing to charge and nothing charged yet: no row. An open row whose days went back to none is set to none.
      if (!open && s.days === 0) continue;
      // A run for an earlier day leaves the figures a later day's run wrote.
      if (open && open.computedOn > o.date) {
        out.unchanged += 1;
        continue;
      }
      const seq = open?.seq ?? Math.max(0, ...mine.filter((r) => r.chargeType === clock.chargeType && r.side === clock.side).map((r) => r.seq)) + 1;
      const row: NewChargeRecord = {
        wayBillRef: f.waybill.wayBillRef, chargeType: clock.chargeType, side: clock.side, billedSide: clock.billedSide, branchCode: clock.branchCode, seq,
        periodFrom: s.chargeableFrom ?? s.countedThrough, periodTo: s.chargeableTo ?? s.countedThrough, days: s.days, units: s.units, rate: s.rate,
        amount: s.amount, isFinal: s.final, computedOn: o.date, computedAt: o.now, snapshot: s as unknown as Record<string, unknown>,
        userCreated: o.actor, userModified: o.actor, dateModified: o.now,
      };
      if (open && figuresOf(open) === figuresOf(row)) {
        out.unchanged += 1;
        continue;
      }
      pending.push({
        row,
        before: open,
        line: {
          wayBillRef: row.wayBillRef, chargeType: clock.chargeType, side: clock.side, branchCode: row.branchCode, seq, days: s.days, amount: s.amount,
          isFinal: s.final, change: open ? "changed" : "new", before: open ? { days: open.days, amount: open.amount } : null,
        },
      });
    }
  }
  if (o.dryRun || pending.length === 0) {
    out.charged.push(...pending.map((p) => p.line));
    return out;
  }

  // One statement for the chunk: new rows go in; an open row takes the new figures, unless someone wrote the same
  // figures meanwhile (then it is not returned, and not audited twice).
  const written = await tx.insert(freeTimeCharges).values(pending.map((p) => p.row))
    .onConflictDoUpdate({
      target: [freeTimeCharges.wayBillRef, freeTimeCharges.chargeType, freeTimeCharges.side],
      targetWhere: sql`invoice_id is null`,
      set: {
        billedSide: sql`excluded.billed_side`, branchCode: sql`excluded.branch_code`, periodFrom: sql`excluded.period_from`, periodTo: sql`excluded.period_to`,
        days: sql`excluded.days`, units: sql`excluded.units`, rate: sql`excluded.rate`, amount: sql`excluded.amount`, isFinal: sql`excluded.is_final`,
        computedOn: sql`excluded.computed_on`, computedAt: sql`excluded.computed_at`, snapshot: sql`excluded.snapshot`,
        userModified: sql`excluded.user_modified`, dateModified: sql`excluded.date_modified`,
      },
      setWhere: sql`(${freeTimeCharges.periodFrom}, ${freeTimeCharges.periodTo}, ${freeTimeCharges.days}, ${freeTimeCharges.units}, ${freeTimeCharges.rate},
        ${freeTimeCharges.amount}, ${freeTimeCharges.isFinal}, ${freeTimeCharges.billedSide})
        is distinct from (excluded.period_from, excluded.period_to, excluded.days, excluded.units, excluded.rate, excluded.amount, excluded.is_final, excluded.billed_side)`,
    })
    .returning({ wayBillRef: freeTimeCharges.wayBillRef, chargeType: freeTimeCharges.chargeType, side: freeTimeCharges.side, seq: freeTimeCharges.seq });

  const landed = new Set(written.map((r) => `${r.wayBillRef}|${r.chargeType}|${r.side}|${r.seq}`));
  const audits: AuditEntry[] = [];
  for (const { line, row, before } of pending) {
    if (!landed.has(`${line.wayBillRef}|${line.chargeType}|${line.side}|${line.seq}`)) {
      out.unchanged += 1;
      continue;
    }
    out.charged.push(line);
    audits.push({
      actor: o.actor,
      action: before ? "FREE_TIME_CHANGED" : "FREE_TIME_CHARGED",
      target: `waybill:${line.wayBillRef}`,
      detail: {
        chargeType: line.chargeType, side: line.side, seq: line.seq, computedOn: o.date,
        before: before ? auditedFigures(before) : null,
        after: auditedFigures(row),
      },
    });
  }
  await recordAudits(tx, audits);
  return out;
}

/**
 * The final inbound tally of these waybills was undone: the storage and demurrage their discharge started are no
 * longer owed from that day. Their open rows (not invoiced) are taken back, each audited with the figures it held,
 * in the undoing transaction; a new final tally starts the clocks again and the next run charges from there. A row
 * already on an invoice stays: an invoice is corrected by cancelling it in accounting, never here.
 */
export async function withdrawDischargeCharges(tx: Tx, actor: string, wayBillRefs: readonly string[], reason: string): Promise<number> {
  if (wayBillRefs.length === 0) return 0;
  const taken = await tx.delete(freeTimeCharges).where(and(
    inArray(freeTimeCharges.wayBillRef, [...wayBillRefs]),
    inArray(freeTimeCharges.chargeType, [...DISCHARGE_CHARGES]),
    eq(freeTimeCharges.side, "destination"),
    isNull(freeTimeCharges.invoiceId),
  )).returning();
  await recordAudits(tx, taken.map((row) => ({
    actor,
    action: "FREE_TIME_WITHDRAWN" as const,
    target: `waybill:${row.wayBillRef}`,
    detail: { chargeType: row.chargeType, side: row.side, seq: row.seq, reason, before: auditedFigures(row), after: null },
  })));
  return taken.length;
}

/** The charges whose clock the final inbound tally starts: storage and demurrage at the destination. */
const DISCHARGE_CHARGES = ["STO", "DEM"] as const;
