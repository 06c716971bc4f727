import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { type Db, queryRows, readTableRows, type Tx } from "../../../db/client.ts";
import { areas, bookingBatches, bookingCharges, bookings, branches, customers, truckings } from "../../../db/schema/index.ts";
import { EMPTY_LIST_MESSAGE, type ListResult } from "../../shared/contracts.ts";
import { type BranchScope, branchCondition, coversBranch, EVERY_BRANCH } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { searchAny } from "../../shared/list-filters.ts";
import { nextNumberBlocks, nextNumbers } from "../../shared/numbering.ts";
import { initialStatus, transition, type WorkflowActor } from "../../shared/workflow.ts";
import { randomToken } from "../../shared/tokens.ts";
import {
  batchByRef,
  batchRowOf,
  batchRows,
  bookableVoyage,
  bookingByRef,
  bookingLookups,
  type BookingRecord,
  bookingRow,
  bookingsOfBatch,
  type CheckedBooking,
  checkBooking,
  type ChargeLine,
  customerOf,
  rowsOf,
  today,
  toRows,
  voyageOf,
  writeChargesMany,
} from "./records.ts";
import { type LaneChoice, lanesFor, sharedLaneReader } from "./pricing.ts";
import type { ScheduleRow } from "../voyages/index.ts";
import { batchWorkflow, bookingWorkflow, EDITABLE_STATUSES, serviceRemarks } from "./rules.ts";
import type {
  BatchWithBookings,
  BookingInput,
  BookingListQuery,
  BookingRow,
  BookingUpdate,
  CreateBatchInput,
  LaneQuery,
} from "./schemas.ts";
import { groupBy } from "../../shared/grouping.ts";

/**
 * Booking batches and their bookings: creating, changing and deleting them, the lists, the lanes a booking may
 * use and the live price. Also the steps the other booking services share: the workflow targets, writing a
 * new booking, and a batch following its bookings once none of them waits.
 */

/** Who works on bookings: the workflow's actor with the branches they work for (api/shared/branch-scope.ts). */
export type BookingActor = WorkflowActor & BranchScope;

export const BOOKING_SERIES = "BK";
export const BATCH_SERIES = "BB";

/** The rows the workflows of rules.ts move: a booking (its reference names it in messages) and a batch. */
export const bookingTarget = { table: bookings, id: bookings.id, status: bookings.status, dateModified: bookings.dateModified, label: bookings.bookingRef };
export const batchTarget = {
  table: bookingBatches, id: bookingBatches.id, status: bookingBatches.status, dateModified: bookingBatches.dateModified, label: bookingBatches.bookingBatchRef,
};

/**
 * A batch with its bookings and their charges, in four reads at once whatever the batch's size: the batch (the
 * scope check), its bookings, their charge lines, and every name the rows show in one small read, joined by key.
 * The three keyed on the batch find its stored reference themselves (any letter case, as batchByRef does), so
 * they need not wait for the scope check; a batch outside the caller's branches still answers only the 404.
 * The names come apart from the bookings: joined into that read, mapping the wider rows cost more than the read.
 */
export async function batchWithBookings(db: Db, bookingBatchRef: string, scope: BranchScope): Promise<BatchWithBookings> {
  const storedRef = sql`(select ${bookingBatches.bookingBatchRef} from ${bookingBatches} where lower(${bookingBatches.bookingBatchRef}) = lower(${bookingBatchRef}) limit 1)`;
  const ofBatch = sql`(select ${bookings.bookingRef} from ${bookings} where ${bookings.bookingBatchRef} = ${storedRef})`;
  const [batch, records, lines, names] = await Promise.all([
    batchByRef(db, bookingBatchRef, scope),
    readTableRows(db, bookings, eq(bookings.bookingBatchRef, storedRef), [asc(bookings.id)]),
    readTableRows(db, bookingCharges, sql`${bookingCharges.bookingRef} in ${ofBatch}`, [asc(bookingCharges.id)]),
    queryRows<{ kind: "customer" | "branch" | "trucker" | "area"; code: string; name: string | null; email: string | null; back_load: boolean | null }>(db, sql`
      select 'customer' as kind, code, company as name, customer_contact_email as email, null::boolean as back_load from ${customers}
        where code = (select customer_code from ${bookingBatches} where booking_batch_ref = ${storedRef})
          or code in (select customer_code from ${bookings} where booking_batch_ref = ${storedRef})
      union all select 'branch', code, name, null, null from ${branches} where code in (select destination_branch_code from ${bookings} where booking_batch_ref = ${storedRef})
      union all select 'trucker', code, name, null, null from ${truckings} where code in (select trucking_code from ${bookings} where booking_batch_ref = ${storedRef})
      union all select 'area', code, null, null, is_back_load from ${areas} where code in (select pick_up_area_code from ${bookings} where booking_batch_ref = ${storedRef})`),
  ]);
  const of = <K extends string>(kind: K) => names.filter((n) => n.kind === kind);
  const customer = of("customer").find((c) => c.code === batch.customerCode);
  const rows = rowsOf(records, {
    charges: lines,
    customers: of("customer").map((c) => ({ code: c.code, company: c.name ?? "" })),
    branches: of("branch").map((b) => ({ code: b.code, name: b.name ?? "" })),
    truckers: of("trucker").map((t) => ({ code: t.code, name: t.name ?? "" })),
    areas: of("area").map((a) => ({ code: a.code, isBackLoad: a.back_load === true })),
  });
  return { ...batchRowOf(batch, customer && { company: customer.name ?? "", email: customer.email }, records.length), bookings: rows };
}

/** Writes one checked booking in the caller's transaction; its number comes from the origin branch's BK series. */
export async function insertBooking(
  tx: Tx,
  actor: BookingActor,
  batch: NewBookingBatch,
  checked: CheckedBooking,
  extra: { clonedFrom?: string } = {},
): Promise<string> {
  const { records } = await insertBookings(tx, actor, [{ batch, checked, clonedFrom: extra.clonedFrom }]);
  return records[0].bookingRef;
}

type NewBooking = { batch: NewBookingBatch; checked: CheckedBooking; clonedFrom?: string };

/** What insertBookings wrote: the bookings as stored, in the order given, and their charge lines. */
export interface WrittenBookings {
  records: BookingRecord[];
  lines: ChargeLine[];
}

/**
 * The rows of bookings just written, built from what is in hand instead of read back: the stored rows and
 * lines, the customers and voyages their checks read (the destination names are the voyage's calls), and the
 * trucker and pick-up area each check found. The same rows toRows would read.
 */
export function writtenRows(
  written: WrittenBookings,
  items: readonly NewBooking[],
  known: { customers: readonly { code: string; company: string }[]; voyages: readonly ScheduleRow[] },
): BookingRow[] {
  return rowsOf(written.records, { charges: written.lines, customers: known.customers, ...namesOfChecks(items.map((i) => i.checked), known.voyages) });
}

/** The names a booking row shows that its check already read: destinations (the voyages' calls), truckers, areas. */
function namesOfChecks(checked: readonly CheckedBooking[], voyages: readonly ScheduleRow[]) {
  return {
    branches: voyages.flatMap((v) => v.destinations.map((d) => ({ code: d.destinationBranchCode, name: d.destinationBranchName }))),
    truckers: checked.flatMap((c) => (c.trucker ? [c.trucker] : [])),
    areas: checked.flatMap((c) => (c.values.pickUpAreaCode ? [{ code: c.values.pickUpAreaCode, isBackLoad: c.isBackLoad }] : [])),
  };
}

type NewBookingBatch = { bookingBatchRef: string; voyageNum: string; customerCode: string; branchCode: string };

/** Rows per insert: a booking has some 55 columns, and PostgreSQL takes at most 65,535 parameters a statement. */
const INSERT_CHUNK = 1000;

/**
 * Writes checked bookings in the caller's transaction, in a fixed number of statements whatever their number:
 * one block of BK numbers per branch (in the order given, so references rise with the rows' ids), one insert of
 * the bookings, one of their charges and one of the charges' audit rows. Answers the rows as stored, in order.
 * `numbered`: BK numbers the caller already took for the items, in order (with its batch's, in one statement).
 */
export async function insertBookings(
  tx: Tx,
  actor: BookingActor,
  items: readonly NewBooking[],
  numbered?: readonly string[],
): Promise<WrittenBookings> {
  if (items.length === 0) return { records: [], lines: [] };
  const refs: string[] = numbered ? [...numbered] : new Array(items.length);
  if (!numbered) {
    const perBranch = groupBy(items.keys(), (i) => items[i].batch.branchCode);
    for (const [branchCode, indexes] of perBranch) {
      const block = await nextNumbers(tx, { series: BOOKING_SERIES, branchCode }, indexes.length);
      indexes.forEach((index, k) => refs[index] = block[k]);
    }
  }
  const bookingDate = today();
  const status = initialStatus(bookingWorkflow);
  const rows = items.map(({ batch, checked, clonedFrom }, i) => ({
    ...checked.values,
    bookingRef: refs[i],
    bookingBatchRef: batch.bookingBatchRef,
    voyageNum: batch.voyageNum,
    customerCode: batch.customerCode,
    branchCode: batch.branchCode,
    status,
    publicId: randomToken(16),
    bookingDate,
    clonedFrom: clonedFrom ?? null,
    userCreated: actor.userId,
    userModified: actor.userId,
  }));
  const records: BookingRecord[] = [];
  for (let at = 0; at < rows.length; at += INSERT_CHUNK) records.push(...await tx.insert(bookings).values(rows.slice(at, at + INSERT_CHUNK)).returning());
  // Ids rise in the order of the rows given, which is the order of the references.
  records.sort((a, b) => a.id - b.id);
  const lines = await writeChargesMany(tx, actor.userId, items.map((item, i) => ({ bookingRef: refs[i], charges: item.checked.priced.charges })), { fresh: true });
  return { records, lines };
}

/**
 * Once no booking of a Draft or Sent batch waits any more, the batch follows its bookings: Confirmed when any
 * of them went ahead, Expired when none did. Called after every change that can end a booking's wait.
 */
export async function settleBatch(tx: Tx, actor: BookingActor, bookingBatchRef: string) {
  // The batch of bookings the caller was already allowed to move: no second scope check.
  const batch = await batchByRef(tx, bookingBatchRef, EVERY_BRANCH);
  if (batch.status !== "Draft" && batch.status !== "Sent") return;
  const records = await bookingsOfBatch(tx, bookingBatchRef);
  if (records.length === 0 || records.some((b) => b.status === "Draft" || b.status === "Sent")) return;
  const wentAhead = records.some((b) => b.status !== "Expired" && b.status !== "Cloned");
  await transition(tx, batchWorkflow, batchTarget, { id: batch.id, action: wentAhead ? "confirm" : "expire", actor });
}

/**
 * A batch belongs to its voyage's origin branch, so only a user of that branch opens one there ("a Cebu user
 * opened a batch on a Manila voyage"). A 400 on voyageNum, not a 404: voyages are not branch-scoped (every
 * branch reads the schedule, and a voyage calls at other branches), so the voyage is no secret; the request
 * is what is wrong, and the answer names the field.
 */
export function assertVoyageBranch(actor: BranchScope, voyage: { voyageNum: string; originBranchCode: string }) {
  if (coversBranch(actor, voyage.originBranchCode)) return;
  const text = `Voyage ${voyage.voyageNum} leaves from branch ${voyage.originBranchCode}, which is not one of your branches.`;
  throw new AppError("VALIDATION", text, { voyageNum: [text] });
}

export async function createBatch(db: Db, actor: BookingActor, input: CreateBatchInput) {
  const voyage = await bookableVoyage(db, input.voyageNum);
  assertVoyageBranch(actor, voyage);
  const customer = await customerOf(db, input.customerCode);
  const scope = { voyage, customerCode: customer.code, bookingDate: today() };
  const readLanes = sharedLaneReader(db, { voyage, customerCode: customer.code, on: scope.bookingDate });
  const lookups = bookingLookups(db, input.bookings);
  const checked: CheckedBooking[] = [];
  for (const [i, booking] of input.bookings.entries()) {
    try {
      checked.push(await checkBooking(db, { ...scope, readLanes, lookups }, booking));
    } catch (err) {
      if (err instanceof AppError && err.code === "VALIDATION") {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [`bookings.${i}.${k}`, v]));
        throw new AppError("VALIDATION", `Booking ${i + 1}: ${err.message}`, fields);
      }
      throw err;
    }
  }
  const data = await db.transaction(async (tx) => {
    // The batch's number and its bookings' numbers in one statement, the batch's series first as everywhere.
    const [[ref], bookingRefs] = await nextNumberBlocks(tx, [
      { series: BATCH_SERIES, branchCode: voyage.originBranchCode, count: 1 },
      { series: BOOKING_SERIES, branchCode: voyage.originBranchCode, count: checked.length },
    ]);
    const batch = { bookingBatchRef: ref, voyageNum: voyage.voyageNum, customerCode: customer.code, branchCode: voyage.originBranchCode };
    const [record] = await tx.insert(bookingBatches)
      .values({ ...batch, status: initialStatus(batchWorkflow), remarks: input.remarks, userCreated: actor.userId, userModified: actor.userId })
      .returning();
    const items = checked.map((one) => ({ batch, checked: one }));
    const written = await insertBookings(tx, actor, items, bookingRefs);
    // The answer is what was just written and read for the checks: nothing is read back.
    const row = batchRowOf(record, { company: customer.company, email: customer.customerContactEmail }, written.records.length);
    return { ...row, bookings: writtenRows(written, items, { customers: [customer], voyages: [voyage] }) };
  });
  return { data, message: "Booking batch added successfully" };
}

/** Bookings are added to a batch only while it is still being prepared (Draft or Sent). */
export async function addBooking(db: Db, actor: BookingActor, bookingBatchRef: string, input: BookingInput) {
  const batch = await batchByRef(db, bookingBatchRef, actor);
  if (batch.status !== "Draft" && batch.status !== "Sent") {
    throw new AppError("CONFLICT", `Booking batch ${batch.bookingBatchRef} is ${batch.status}; it takes no more bookings.`);
  }
  const voyage = await bookableVoyage(db, batch.voyageNum);
  const checked = await checkBooking(db, { voyage, customerCode: batch.customerCode, bookingDate: today() }, input);
  const bookingRef = await db.transaction((tx) => insertBooking(tx, actor, batch, checked));
  return { data: await bookingRow(db, bookingRef, actor), message: "Booking added successfully" };
}

function assertEditable(booking: BookingRecord) {
  if (!EDITABLE_STATUSES.includes(booking.status as never)) {
    throw new AppError("CONFLICT", `Booking ${booking.bookingRef} is ${booking.status}; only a Draft or Sent booking can be changed.`);
  }
}

const conflictOf = (booking: BookingRecord) =>
  new AppError("CONFLICT", `Booking ${booking.bookingRef} was changed by someone else since you opened it. Reload it and make your change again.`);

/**
 * Checks and prices each change in order (the first refusal is the answer), then writes them all in one update
 * and their charges in the statements of writeChargesMany. `named(i, err)` words the refusal of the i-th change.
 */
async function applyUpdates(
  tx: Tx,
  actor: BookingActor,
  changes: readonly { booking: BookingRecord; input: BookingUpdate }[],
  named: (i: number, err: unknown) => unknown = (_i, err) => err,
): Promise<{ checked: CheckedBooking[]; lines: ChargeLine[]; voyages: ScheduleRow[] }> {
  const voyages = new Map<string, Promise<ScheduleRow>>();
  const lanes = new Map<string, () => Promise<LaneChoice[]>>();
  const lookups = bookingLookups(tx, changes.map((c) => c.input));
  const checked: CheckedBooking[] = [];
  for (const [i, { booking, input }] of changes.entries()) {
    try {
      assertEditable(booking);
      const voyageKey = booking.voyageNum.toLowerCase();
      if (!voyages.has(voyageKey)) voyages.set(voyageKey, voyageOf(tx, booking.voyageNum));
      const voyage = await voyages.get(voyageKey)!;
      const laneKey = JSON.stringify([voyage.voyageNum, booking.customerCode, booking.bookingDate]);
      if (!lanes.has(laneKey)) lanes.set(laneKey, sharedLaneReader(tx, { voyage, customerCode: booking.customerCode, on: booking.bookingDate }));
      const scope = { voyage, customerCode: booking.customerCode, bookingDate: booking.bookingDate, readLanes: lanes.get(laneKey), lookups };
      checked.push(await checkBooking(tx, scope, input));
      // A stale copy is refused in its turn; the update below still guards a change made since this read.
      if (input.dateModified && new Date(input.dateModified).getTime() !== new Date(booking.dateModified).getTime()) throw conflictOf(booking);
    } catch (err) {
      throw named(i, err);
    }
  }
  const changed = new Set(await updateRows(tx, actor, changes.map((c, i) => ({ id: c.booking.id, stamp: c.input.dateModified ? new Date(c.input.dateModified) : null, values: checked[i].values }))));
  const stale = changes.findIndex((c) => !changed.has(c.booking.id));
  if (stale >= 0) throw named(stale, conflictOf(changes[stale].booking));
  const lines = await writeChargesMany(tx, actor.userId, changes.map((c, i) => ({ bookingRef: c.booking.bookingRef, charges: checked[i].priced.charges })));
  return { checked, lines, voyages: await Promise.all(voyages.values()) };
}

/**
 * One UPDATE ... FROM (VALUES ...) writing each booking its own checked values, only while it is still editable
 * and, when the change carries the dateModified it was made on, unchanged since. Answers the ids it wrote.
 */
async function updateRows(
  tx: Tx,
  actor: BookingActor,
  rows: readonly { id: number; stamp: Date | null; values: CheckedBooking["values"] }[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const keys = Object.keys(rows[0].values) as (keyof CheckedBooking["values"])[];
  const columns = keys.map((k) => bookings[k] as PgColumn);
  const typed = (value: unknown, column: PgColumn) => sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`;
  const values = sql.join(rows.map((row) =>
    sql`(${row.id}::integer, ${typed(row.stamp, bookings.dateModified)}, ${sql.join(keys.map((k, j) => typed(row.values[k] ?? null, columns[j])), sql`, `)})`
  ), sql`, `);
  const names = sql.join([sql.identifier("id"), sql.identifier("stamp"), ...columns.map((c) => sql.identifier(c.name))], sql`, `);
  const assignments = sql.join(columns.map((c) => sql`${sql.identifier(c.name)} = v.${sql.identifier(c.name)}`), sql`, `);
  const editable = sql.join(EDITABLE_STATUSES.map((status) => sql`${status}`), sql`, `);
  const written = await queryRows<{ id: number }>(tx, sql`
    update ${bookings} set ${assignments},
      ${sql.identifier(bookings.userModified.name)} = ${actor.userId},
      ${sql.identifier(bookings.dateModified.name)} = ${typed(new Date(), bookings.dateModified)}
    from (values ${values}) as v(${names})
    where ${bookings.id} = v.id and ${bookings.status} in (${editable})
      and (v.stamp is null or ${bookings.dateModified} = v.stamp)
    returning ${bookings.id} as id`);
  return written.map((r) => Number(r.id));
}

export async function updateBooking(db: Db, actor: BookingActor, bookingRef: string, input: BookingUpdate) {
  const booking = await bookingByRef(db, bookingRef, actor);
  await db.transaction((tx) => applyUpdates(tx, actor, [{ booking, input }]));
  return { data: await bookingRow(db, booking.bookingRef, actor), message: "Booking updated successfully" };
}

/** multipleUpdate: pairs of bookingRef and updateBooking, all applied or none. */
export async function updateBookings(db: Db, actor: BookingActor, pairs: { bookingRef: string; updateBooking: BookingUpdate }[]) {
  const refs = new Set<string>();
  for (const pair of pairs) {
    const key = pair.bookingRef.toLowerCase();
    if (refs.has(key)) throw new AppError("VALIDATION", `Booking ${pair.bookingRef} is named twice.`, { bookingRef: [`Booking ${pair.bookingRef} is named twice.`] });
    refs.add(key);
  }
  const done = await db.transaction(async (tx) => {
    // Every booking read at once; one not found (or of another branch) is refused as bookingByRef would.
    const found = await tx.select().from(bookings)
      .where(and(inArray(sql`lower(${bookings.bookingRef})`, [...refs]), branchCondition(actor, bookings.branchCode)));
    const byRef = new Map(found.map((b) => [b.bookingRef.toLowerCase(), b]));
    const changes = pairs.map((pair) => {
      const booking = byRef.get(pair.bookingRef.toLowerCase());
      if (!booking) throw new AppError("NOT_FOUND", `Booking ${pair.bookingRef} was not found.`);
      return { booking, input: pair.updateBooking };
    });
    const applied = await applyUpdates(tx, actor, changes, (i, err) => {
      if (err instanceof AppError) {
        const fields = Object.fromEntries(Object.entries(err.fieldErrors).map(([k, v]) => [`${i}.updateBooking.${k}`, v]));
        return new AppError(err.code, `${changes[i].booking.bookingRef}: ${err.message}`, fields);
      }
      return err;
    });
    return { refs: changes.map((c) => c.booking.bookingRef), ...applied };
  });
  // The rows as written, named from what the checks read; only the customers' names are read for the answer.
  const records = await db.select().from(bookings).where(inArray(bookings.bookingRef, done.refs));
  const customerRows = await db.select({ code: customers.code, company: customers.company }).from(customers)
    .where(inArray(customers.code, [...new Set(records.map((r) => r.customerCode))]));
  const rows = rowsOf(records, { charges: done.lines, customers: customerRows, ...namesOfChecks(done.checked, done.voyages) });
  return { data: rows, message: "Bookings updated successfully" };
}

export async function deleteBooking(db: Db, actor: BookingActor, bookingRef: string) {
  const booking = await bookingByRef(db, bookingRef, actor);
  assertEditable(booking);
  await db.transaction(async (tx) => {
    const gone = await tx.delete(bookings).where(and(eq(bookings.id, booking.id), inArray(bookings.status, [...EDITABLE_STATUSES])))
      .returning({ id: bookings.id });
    if (gone.length === 0) throw new AppError("CONFLICT", `Booking ${booking.bookingRef} was changed a moment ago; reload it.`);
    await settleBatch(tx, actor, booking.bookingBatchRef);
  });
  return { message: "Booking deleted successfully" };
}

export async function listBookings(db: Db, query: BookingListQuery, scope: BranchScope): Promise<ListResult<BookingRow>> {
  const where = and(
    branchCondition(scope, bookings.branchCode),
    query.voyageNum ? sql`lower(${bookings.voyageNum}) = lower(${query.voyageNum})` : undefined,
    query.bookingBatchRef ? sql`lower(${bookings.bookingBatchRef}) = lower(${query.bookingBatchRef})` : undefined,
    query.status ? eq(bookings.status, query.status) : undefined,
    query.modeOfDelivery ? eq(bookings.modeOfDelivery, query.modeOfDelivery) : undefined,
    searchAny([bookings.bookingRef, bookings.consigneeName, bookings.goods, bookings.customerCode, bookings.pickUpCity, bookings.plateNum], query.search),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(bookings).where(where).orderBy(desc(bookings.id)).offset(query.skip).limit(query.take),
    db.select({ total: count() }).from(bookings).where(where),
  ]);
  const data = await toRows(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

export async function listBatches(db: Db, query: { voyageNum: string; skip: number; take: number; search?: string }, scope: BranchScope) {
  const where = and(
    branchCondition(scope, bookingBatches.branchCode),
    sql`lower(${bookingBatches.voyageNum}) = lower(${query.voyageNum})`,
    searchAny([bookingBatches.bookingBatchRef, bookingBatches.customerCode, bookingBatches.remarks], query.search),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(bookingBatches).where(where).orderBy(desc(bookingBatches.id)).offset(query.skip).limit(query.take),
    db.select({ total: count() }).from(bookingBatches).where(where),
  ]);
  const data = await batchRows(db, records);
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}

export async function bookingLanes(db: Db, actor: BranchScope, query: LaneQuery) {
  const voyage = await voyageOf(db, query.voyageNum);
  // The lanes show the shipper's quoted prices: only to those who may book on the voyage.
  assertVoyageBranch(actor, voyage);
  const customer = await customerOf(db, query.customerCode);
  const lanes = await lanesFor(db, { voyage, customerCode: customer.code, destinationBranchCode: query.destinationBranchCode, modeOfDelivery: query.modeOfDelivery, on: today() });
  const data = lanes.map(({ charges: _charges, ...lane }) => lane);
  return data.length === 0 ? { data, message: "No SQ Found!" } : { data };
}

/** The live price of the booking form: the same pricing a save applies, without saving. */
export async function previewPrice(db: Db, actor: BranchScope, input: BookingInput & { voyageNum: string; customerCode: string }) {
  const voyage = await voyageOf(db, input.voyageNum);
  assertVoyageBranch(actor, voyage);
  const customer = await customerOf(db, input.customerCode);
  const checked = await checkBooking(db, { voyage, customerCode: customer.code, bookingDate: today() }, input);
  return {
    data: {
      sqRefNum: checked.priced.sqRefNum,
      sqdocNum: checked.priced.sqdocNum,
      charges: checked.priced.charges,
      insurancePremium: checked.priced.insurancePremium,
      serviceRemarks: serviceRemarks({ ...input, isBackLoad: checked.isBackLoad }),
      total: checked.priced.total,
    },
  };
}
