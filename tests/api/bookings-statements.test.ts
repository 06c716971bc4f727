import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asc, desc, eq, inArray } from "drizzle-orm";
import { type DatabaseHandle, readTableRows } from "../../db/client.ts";
import { bookingCharges, bookings } from "../../db/schema/index.ts";
import { makeTestApp } from "../support/app.ts";
import { type BookingWorld, DTD_BOOKING, PTP_BOOKING, seedBookingWorld } from "../support/bookings.ts";
import { countStatements, repeated, type StatementCounter } from "../support/statement-count.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";

/**
 * What a batch costs the database: the statements one request sends, counted at the driver. Writing 100 bookings
 * must cost what writing 10 costs, so a lookup or a write made once per booking (an N+1) fails here however
 * fast the machine is.
 */

let handle: DatabaseHandle;
let counter: StatementCounter;
let w: BookingWorld;

const json = (res: Response) => res.json() as Promise<any>;

/** n bookings, port-to-port and door-to-door in turn (the door lane carries insurance), each its own goods. */
const someBookings = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ ...(i % 2 === 0 ? PTP_BOOKING : DTD_BOOKING), goods: `Lot ${i + 1}` }));

/** Sends one request through the counted handle; answers its status, body and the statements it sent. */
async function counted(method: string, path: string, body: unknown) {
  let res!: Response;
  const statements = await counter.measure(async () => {
    res = await w.call("staff", method, path, body);
  });
  const answer = await json(res);
  return { status: res.status, body: answer, statements, sent: counter.statements };
}

async function openBatch(n: number) {
  const run = await counted("POST", "/Bookings/batch", { voyageNum: w.voyageNum, customerCode: "PHT", remarks: "", bookings: someBookings(n) });
  expect(run.status, JSON.stringify(run.body)).toBe(201);
  expect(run.body.data.bookings).toHaveLength(n);
  return run;
}

/** The failure message: the statements repeated, so the loop that came back is named. */
const why = (sent: readonly string[]) => JSON.stringify(repeated(sent, 3).slice(0, 5), null, 1);

beforeAll(async () => {
  handle = await openTestDatabase();
  counter = await countStatements(handle);
  w = await seedBookingWorld(counter.db, makeTestApp(counter.db));
}, 60_000);
afterAll(() => handle?.close());

describe("statements per request, 10 bookings against 100", () => {
  it("opens a batch of 100 bookings in 12 statements, 5 of them writes, as many as a batch of 10", async () => {
    const ten = await openBatch(10);
    const hundred = await openBatch(100);
    expect(hundred.statements, why(hundred.sent)).toBe(ten.statements);
    // The session check and 6 reads: the voyage with its calls, the customer, the ports, the quoted lanes with their
    // charges, the areas and the insurance policies. The answer is built from the rows written: no read back.
    expect(hundred.statements, why(hundred.sent)).toBe(12);
    // The batch's and the bookings' numbers (BB and BK in one statement), the batch, the bookings, their charges,
    // and the audit rows of their prices.
    const writes = hundred.sent.filter((s) => /^(insert|update|delete)\b/.test(s)).map((s) => s.split(" ").slice(0, 3).join(" "));
    expect(writes).toEqual([
      'insert into "number_series"',
      'insert into "booking_batches"',
      'insert into "bookings"',
      'insert into "booking_charges"',
      'insert into "audit_log"',
    ]);
  });

  it("clones 100 bookings in 16 statements and a batch of 100 in 19, as many as 10", async () => {
    const ten = (await openBatch(10)).body.data;
    const hundred = (await openBatch(100)).body.data;
    const refs = (batch: any) => batch.bookings.map((b: any) => b.bookingRef);
    const cloneTen = await counted("POST", "/Bookings/clone", { bookingRefs: refs(ten) });
    const cloneHundred = await counted("POST", "/Bookings/clone", { bookingRefs: refs(hundred) });
    expect(cloneHundred.status, JSON.stringify(cloneHundred.body)).toBe(200);
    expect(cloneHundred.body.data).toHaveLength(100);
    expect(cloneHundred.statements, why(cloneHundred.sent)).toBe(16);
    expect(cloneHundred.statements, why(cloneHundred.sent)).toBe(cloneTen.statements);

    const batchTen = await counted("POST", "/Bookings/cloneBatch", { bookingBatchRef: ten.bookingBatchRef });
    const batchHundred = await counted("POST", "/Bookings/cloneBatch", { bookingBatchRef: hundred.bookingBatchRef });
    expect(batchHundred.status, JSON.stringify(batchHundred.body)).toBe(200);
    // The clones of the first call are copied too: they are Drafts of the batch, not renewed originals.
    expect(batchHundred.body.data.bookings).toHaveLength(200);
    expect(batchHundred.statements, why(batchHundred.sent)).toBe(19);
    expect(batchHundred.statements, why(batchHundred.sent)).toBe(batchTen.statements);
  });

  it("changes 100 bookings at once in 14 statements, as many as 10", async () => {
    const change = (batch: any) =>
      batch.bookings.map((b: any, i: number) => ({
        bookingRef: b.bookingRef,
        updateBooking: { ...(i % 2 === 0 ? PTP_BOOKING : DTD_BOOKING), goods: `Changed ${i + 1}`, quantityTeu: 2, dateModified: b.dateModified },
      }));
    const ten = await counted("PUT", "/Bookings/multipleUpdate", change((await openBatch(10)).body.data));
    const hundred = await counted("PUT", "/Bookings/multipleUpdate", change((await openBatch(100)).body.data));
    expect(hundred.status, JSON.stringify(hundred.body)).toBe(200);
    const byRef = (a: any, b: any) => a.bookingRef.localeCompare(b.bookingRef);
    expect([...hundred.body.data].sort(byRef).map((b: any) => [b.goods, b.quantityTeu])).toEqual(
      Array.from({ length: 100 }, (_, i) => [`Changed ${i + 1}`, 2]),
    );
    expect(hundred.statements, why(hundred.sent)).toBe(14);
    expect(hundred.statements, why(hundred.sent)).toBe(ten.statements);
  });

  it("confirms a batch of 100 in 19 statements (15 on PostgreSQL) and 100 chosen bookings in 21 (17), as many as 10", async () => {
    const ten = await counted("POST", "/Bookings/confirmBatch", { bookingBatchRef: (await openBatch(10)).body.data.bookingBatchRef });
    const hundred = await counted("POST", "/Bookings/confirmBatch", { bookingBatchRef: (await openBatch(100)).body.data.bookingBatchRef });
    expect(hundred.status, JSON.stringify(hundred.body)).toBe(200);
    expect(hundred.body.data.bookings.map((b: any) => b.status)).toEqual(Array(100).fill("Confirmed"));
    // PostgreSQL answers the workflow's checks in fewer statements than the embedded database.
    expect(hundred.statements, why(hundred.sent)).toBe(backend === "postgres" ? 15 : 19);
    expect(hundred.statements, why(hundred.sent)).toBe(ten.statements);

    const refs = async (n: number) => (await openBatch(n)).body.data.bookings.map((b: any) => b.bookingRef);
    const chosenTen = await counted("POST", "/Bookings/confirm", { bookingRefs: await refs(10) });
    const chosenHundred = await counted("POST", "/Bookings/confirm", { bookingRefs: await refs(100) });
    expect(chosenHundred.status, JSON.stringify(chosenHundred.body)).toBe(200);
    expect(chosenHundred.body.data.map((b: any) => b.status)).toEqual(Array(100).fill("Confirmed"));
    expect(chosenHundred.statements, why(chosenHundred.sent)).toBe(backend === "postgres" ? 17 : 21);
    expect(chosenHundred.statements, why(chosenHundred.sent)).toBe(chosenTen.statements);
  });
});

describe("reading a batch", () => {
  it("reads a batch of 100 bookings in 5 statements, as many as 10: the session check and four reads at once", async () => {
    const ten = (await openBatch(10)).body.data;
    const hundred = (await openBatch(100)).body.data;
    const readTen = await counted("GET", `/Bookings/batch/${ten.bookingBatchRef}`, undefined);
    // Any letter case finds the batch, as it always has.
    const readHundred = await counted("GET", `/Bookings/batch/${hundred.bookingBatchRef.toLowerCase()}`, undefined);
    expect(readHundred.status, JSON.stringify(readHundred.body)).toBe(200);
    expect(readHundred.body.data.bookingBatchRef).toBe(hundred.bookingBatchRef);
    expect(readHundred.body.data.bookings.map((b: any) => b.goods)).toEqual(Array.from({ length: 100 }, (_, i) => `Lot ${i + 1}`));
    // What the batch answered when it was opened (built from the rows written) is what it reads back.
    expect(readHundred.body.data.bookings).toEqual(hundred.bookings);
    expect(readHundred.statements, why(readHundred.sent)).toBe(5);
    expect(readHundred.statements, why(readHundred.sent)).toBe(readTen.statements);
  });

  it("reads rows with readTableRows exactly as drizzle's select reads them: dates, decimals, nulls and order", async () => {
    const batch = (await openBatch(10)).body.data;
    const where = eq(bookings.bookingBatchRef, batch.bookingBatchRef);
    const fast = await readTableRows(handle.db, bookings, where, [desc(bookings.id)]);
    const plain = await handle.db.select().from(bookings).where(where).orderBy(desc(bookings.id));
    expect(fast).toHaveLength(10);
    expect(fast).toEqual(plain);
    expect(fast[0].dateModified).toBeInstanceOf(Date);
    const lines = await readTableRows(handle.db, bookingCharges, inArray(bookingCharges.bookingRef, fast.map((b) => b.bookingRef)), [asc(bookingCharges.id)]);
    expect(lines.length).toBeGreaterThan(10);
    expect(lines).toEqual(await handle.db.select().from(bookingCharges).where(inArray(bookingCharges.bookingRef, fast.map((b) => b.bookingRef))).orderBy(asc(bookingCharges.id)));
  });
});
