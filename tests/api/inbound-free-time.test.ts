import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { runFreeTimeAccrual } from "../../api/modules/inbound/index.ts";
import { FREE_TIME_JOB, freeTimeJob } from "../../api/modules/inbound/demurrage/jobs.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { auditLog, companyPolicies, freeTimeCharges, holidays } from "../../db/schema/index.ts";
import { writeInvoice } from "../support/accounting.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { type BookingWorld, seedBookingWorld } from "../support/bookings.ts";
import { HOLIDAYS_2025 } from "../support/holidays-2025.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";

/**
 * The nightly accrual of storage, demurrage and detention and the read of a waybill's free time, on waybills of
 * the booking world (Manila to Cebu, 20' vans) whose cargo stages are recorded as the inbound documents will
 * record them: the final inbound tally (6), van-out on the inbound CTS (8) and van-in (9). The calendar is the 2025
 * one of the domain notes, the policies its test rates: 3 free storage days, 5 free detention days, demurrage 500,
 * detention 1,000, storage 900 (no storage policy). Cebu skips Sundays and holidays, as Davao does in case B.
 */

let handle: DatabaseHandle;
let t: TestApp;
let w: BookingWorld;
/** W1 stays in the yard; W2 leaves it on 24 Apr and its van comes back later; W3 is not discharged. */
let W1: { wayBillRef: string; bookingRef: string };
let W2: { wayBillRef: string; bookingRef: string };
let W3: { wayBillRef: string; bookingRef: string };
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
const manila = (date: string, time = "09:00") => new Date(`${date}T${time}:00+08:00`);

async function rows() {
  return await handle.db.select().from(freeTimeCharges).orderBy(asc(freeTimeCharges.wayBillRef), asc(freeTimeCharges.chargeType), asc(freeTimeCharges.seq));
}
/** The figures of the table as a person reads them. */
async function table() {
  const name = (ref: string) => (ref === W1.wayBillRef ? "W1" : ref === W2.wayBillRef ? "W2" : ref === W3.wayBillRef ? "W3" : ref);
  return (await rows()).map((r) => `${name(r.wayBillRef)} ${r.chargeType}#${r.seq} ${r.periodFrom}..${r.periodTo} ${r.days}d ${r.amount}${r.isFinal ? " final" : ""}`);
}
async function audits() {
  return await handle.db.select().from(auditLog).where(inArray(auditLog.action, ["FREE_TIME_CHARGED", "FREE_TIME_CHANGED"])).orderBy(asc(auditLog.id));
}
const lines = (run: Awaited<ReturnType<typeof runFreeTimeAccrual>>) =>
  run.charged.map((c) => `${c.wayBillRef === W1.wayBillRef ? "W1" : "W2"} ${c.chargeType} ${c.change} ${c.days}d ${c.amount}${c.before ? ` was ${c.before.days}d ${c.before.amount}` : ""}`);

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  w = await seedBookingWorld(handle.db, t, { yard: ["OUTBOUND"] });
  await openYard(handle.db);
  const { refs } = await bookingsWithVansOut(handle.db, w, 3);
  [W1, W2, W3] = await waybillsOf(w, refs);

  await handle.db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null })));
  await handle.db.insert(companyPolicies).values([
    { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
    { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
    { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
    { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
  ]);
  // Discharged at Cebu: the final inbound tally on Tue 15 Apr 2025; W2 trucked out on Thu 24 Apr.
  await recordCargoStage(handle.db, W1.bookingRef, 6, manila("2025-04-15"));
  await recordCargoStage(handle.db, W2.bookingRef, 6, manila("2025-04-15"));
  await recordCargoStage(handle.db, W2.bookingRef, 8, manila("2025-04-24", "10:00"));

  for (const [who, branch, menus] of [["ceb", "CEB", ["INBOUND"]], ["mnl", "MNL", ["INBOUND"]], ["cebOutbound", "CEB", ["OUTBOUND"]]] as const) {
    await createUser(handle.db, { userId: `ft-${who}`, password: "ft-password-123", menus, branches: [branch] });
    tokens[who] = await signIn(t, `ft-${who}`, "ft-password-123");
  }
}, 120_000);
afterAll(() => handle?.close());

describe("the nightly accrual", () => {
  it("run twice on the same day charges once", async () => {
    const first = await runFreeTimeAccrual(handle.db, { date: "2025-04-24" });
    // Free days 16, 21, 22 (17-19 holidays, 20 Sunday): 23 and 24 Apr are charged. W2's van left on the 24th, so its
    // storage and demurrage are final; its detention is still within its free days.
    expect(lines(first)).toEqual(["W1 STO new 2d 1800.00", "W1 DEM new 2d 1000.00", "W2 STO new 2d 1800.00", "W2 DEM new 2d 1000.00"]);
    expect(await table()).toEqual([
      "W1 DEM#1 2025-04-23..2025-04-24 2d 1000.00",
      "W1 STO#1 2025-04-23..2025-04-24 2d 1800.00",
      "W2 DEM#1 2025-04-23..2025-04-24 2d 1000.00 final",
      "W2 STO#1 2025-04-23..2025-04-24 2d 1800.00 final",
    ]);
    const written = await rows();
    expect((await audits()).map((a) => [a.action, a.target, (a.detail as any).chargeType, (a.detail as any).after.amount])).toEqual([
      ["FREE_TIME_CHARGED", `waybill:${W1.wayBillRef}`, "STO", "1800.00"],
      ["FREE_TIME_CHARGED", `waybill:${W1.wayBillRef}`, "DEM", "1000.00"],
      ["FREE_TIME_CHARGED", `waybill:${W2.wayBillRef}`, "STO", "1800.00"],
      ["FREE_TIME_CHARGED", `waybill:${W2.wayBillRef}`, "DEM", "1000.00"],
    ]);

    const second = await runFreeTimeAccrual(handle.db, { date: "2025-04-24" });
    expect([second.charged, second.unchanged, second.problems]).toEqual([[], 4, []]);
    expect(await rows()).toEqual(written);
    expect(await audits()).toHaveLength(4);
  });

  it("charges the next day's growth on the open rows, audited before and after, and leaves the ended ones", async () => {
    const next = await runFreeTimeAccrual(handle.db, { date: "2025-04-25" });
    expect(lines(next)).toEqual(["W1 STO changed 3d 2700.00 was 2d 1800.00", "W1 DEM changed 3d 1500.00 was 2d 1000.00"]);
    expect(next.unchanged).toBe(2);
    const changed = (await audits()).slice(4);
    expect(changed.map((a) => [a.action, a.actor, a.detail])).toEqual([
      ["FREE_TIME_CHANGED", "system", {
        chargeType: "STO", side: "destination", seq: 1, computedOn: "2025-04-25",
        before: { periodFrom: "2025-04-23", periodTo: "2025-04-24", days: 2, amount: "1800.00", isFinal: false },
        after: { periodFrom: "2025-04-23", periodTo: "2025-04-25", days: 3, amount: "2700.00", isFinal: false },
      }],
      ["FREE_TIME_CHANGED", "system", {
        chargeType: "DEM", side: "destination", seq: 1, computedOn: "2025-04-25",
        before: { periodFrom: "2025-04-23", periodTo: "2025-04-24", days: 2, amount: "1000.00", isFinal: false },
        after: { periodFrom: "2025-04-23", periodTo: "2025-04-25", days: 3, amount: "1500.00", isFinal: false },
      }],
    ]);
    // A run for an earlier day leaves what a later day's run wrote.
    const late = await runFreeTimeAccrual(handle.db, { date: "2025-04-24" });
    expect([late.charged, late.unchanged]).toEqual([[], 4]);
    expect((await table()).slice(0, 2)).toEqual(["W1 DEM#1 2025-04-23..2025-04-25 3d 1500.00", "W1 STO#1 2025-04-23..2025-04-25 3d 2700.00"]);
  });

  it("a dry run writes nothing and tells what it would charge", async () => {
    const before = await rows();
    const auditCount = (await audits()).length;
    const dry = await runFreeTimeAccrual(handle.db, { date: "2025-04-28", dryRun: true });
    expect(dry.dryRun).toBe(true);
    expect(lines(dry)).toEqual(["W1 STO changed 6d 5400.00 was 3d 2700.00", "W1 DEM changed 6d 3000.00 was 3d 1500.00"]);
    expect(await rows()).toEqual(before);
    expect(await audits()).toHaveLength(auditCount);
  });

  it("stops accruing detention once the van is back", async () => {
    // Van-out Thu 24 Apr: free days 25, 26, 28, 29, 30 (27 a Sunday); 1 and 2 May charged.
    const running = await runFreeTimeAccrual(handle.db, { date: "2025-05-02" });
    expect(lines(running).filter((l) => l.startsWith("W2"))).toEqual(["W2 DET new 2d 2000.00"]);
    await recordCargoStage(handle.db, W2.bookingRef, 9, manila("2025-05-03", "11:00"));
    const back = await runFreeTimeAccrual(handle.db, { date: "2025-05-05" });
    expect(lines(back).filter((l) => l.startsWith("W2"))).toEqual(["W2 DET changed 3d 3000.00 was 2d 2000.00"]);
    const weeksLater = await runFreeTimeAccrual(handle.db, { date: "2025-05-20" });
    expect(lines(weeksLater).filter((l) => l.startsWith("W2"))).toEqual([]);
    expect((await table()).filter((l) => l.startsWith("W2"))).toEqual([
      "W2 DEM#1 2025-04-23..2025-04-24 2d 1000.00 final",
      "W2 DET#1 2025-05-01..2025-05-03 3d 3000.00 final",
      "W2 STO#1 2025-04-23..2025-04-24 2d 1800.00 final",
    ]);
    const [det] = (await rows()).filter((r) => r.wayBillRef === W2.wayBillRef && r.chargeType === "DET");
    expect(det.snapshot).toMatchObject({
      startEvent: { event: "Inbound CTS Issued", date: "2025-04-24" }, endEvent: { event: "Van-In", date: "2025-05-03" },
      lastFreeDay: "2025-04-30", sundaysSkipped: ["2025-04-27"], holidaysSkipped: [], freeDays: 5, rate: "1000.00", units: "1",
    });
  });
});

describe("GET /InBound/demurrage/{wayBillRef}", () => {
  const read = (who: string, ref: string, query = "") => t.call("GET", `/api/InBound/demurrage/${ref}${query}`, { token: tokens[who] });

  it("answers the destination's staff the charges as of a day, each with its snapshot, the storage due date and the countdown", async () => {
    const res = await read("ceb", W1.wayBillRef, "?date=2025-04-25");
    expect(res.status).toBe(200);
    const view = (await json(res)).data;
    expect([view.asOf, view.destinationBranchCode, view.events.finalTally, view.events.vanOut]).toEqual(["2025-04-25", "CEB", "2025-04-15T01:00:00.000Z", null]);
    expect(view.charges.map((c: any) => [c.chargeType, c.side, c.state, c.snapshot?.days ?? null, c.snapshot?.amount ?? null])).toEqual([
      ["STO", "destination", "CHARGING", 3, "2700.00"],
      ["DEM", "destination", "CHARGING", 3, "1500.00"],
      ["DET", "destination", "NOT_STARTED", null, null],
    ]);
    const storage = view.charges[0];
    expect(storage.snapshot).toMatchObject({
      branchCode: "CEB", calendarBasis: "SKIP_SUN_HOL", startDay: "2025-04-16", lastFreeDay: "2025-04-22", freeDays: 3,
      freeDaysCounted: ["2025-04-16", "2025-04-21", "2025-04-22"], sundaysSkipped: ["2025-04-20"],
      holidaysSkipped: [
        { date: "2025-04-17", name: "Maundy Thursday", holidayType: "REGULAR", branchCode: null },
        { date: "2025-04-18", name: "Good Friday", holidayType: "REGULAR", branchCode: null },
        { date: "2025-04-19", name: "Black Saturday", holidayType: "SPECIAL_NON_WORKING", branchCode: null },
      ],
      rate: "900.00", rateSource: { kind: "DEFAULT", code: null, id: null, dateEffective: null }, teu: "1", final: false, countedThrough: "2025-04-25",
    });
    expect(storage.countdown).toEqual({ on: "2025-04-25", lastFreeDay: "2025-04-22", freeDaysLeft: 0, daysOverdue: 3, isLastFreeDay: false });
    expect(view.storageDue).toEqual({ dueDate: "2025-04-22", perDay: { storage: "900.00", demurrage: "500.00", total: "1400.00" } });
    expect(view.total).toBe("4200.00");
    // What the nightly run wrote last, for 20 May.
    expect(view.accrued.map((a: any) => [a.chargeType, a.seq, a.periodFrom, a.periodTo, a.days, a.amount, a.isFinal, a.computedOn, a.invoiceId])).toEqual([
      ["DEM", 1, "2025-04-23", "2025-05-20", 28, "14000.00", false, "2025-05-20", null],
      ["STO", 1, "2025-04-23", "2025-05-20", 28, "25200.00", false, "2025-05-20", null],
    ]);
  });

  it("counts the free days down before they run out", async () => {
    const view = (await json(await read("ceb", W1.wayBillRef, "?date=2025-04-21"))).data;
    expect(view.charges.map((c: any) => [c.state, c.countdown?.freeDaysLeft ?? null])).toEqual([["FREE", 2], ["FREE", 2], ["NOT_STARTED", null]]);
    expect(view.total).toBe("0.00");
  });

  it("answers a waybill not yet discharged with nothing started", async () => {
    const view = (await json(await read("ceb", W3.wayBillRef))).data;
    expect(view.charges.map((c: any) => c.state)).toEqual(["NOT_STARTED", "NOT_STARTED", "NOT_STARTED"]);
    expect([view.storageDue, view.total, view.accrued]).toEqual([null, "0.00", []]);
  });

  it("answers another branch's staff as if the waybill did not exist, and refuses what it cannot read", async () => {
    const elsewhere = await read("mnl", W1.wayBillRef);
    const missing = await read("ceb", "WB-CEB-2025-999999");
    expect([elsewhere.status, missing.status]).toEqual([404, 404]);
    expect((await expectErrorBody(elsewhere)).message).toBe(`Waybill ${W1.wayBillRef} was not found.`);
    expect((await expectErrorBody(missing)).message).toBe("Waybill WB-CEB-2025-999999 was not found.");
    expect((await read("cebOutbound", W1.wayBillRef)).status).toBe(403);
    const badDate = await read("ceb", W1.wayBillRef, "?date=2025-02-30");
    expect(badDate.status).toBe(400);
    expect((await expectErrorBody(badDate)).errors.date).toEqual(["date is not a real date"]);
  });
});

describe("billing and the schedule", () => {
  it("never changes a billed charge: the days after it go on a new row", async () => {
    const [storage] = (await rows()).filter((r) => r.wayBillRef === W1.wayBillRef && r.chargeType === "STO");
    expect([storage.periodTo, storage.amount]).toEqual(["2025-05-20", "25200.00"]);
    const invoice = await writeInvoice(handle.db, {
      branchCode: "CEB", payer: { code: "PHT", company: "Pacific Harvest Trading" }, wayBillRef: W1.wayBillRef, billedSide: "C",
      totals: { vatableSales: "22500.00", vatAmount: "2700.00", total: "25200.00" }, invoiceDate: "2025-05-20",
    });
    await handle.db.update(freeTimeCharges).set({ invoiceId: invoice.id }).where(eq(freeTimeCharges.id, storage.id));
    const later = await runFreeTimeAccrual(handle.db, { date: "2025-05-22" });
    expect(lines(later)).toEqual(["W1 STO new 2d 1800.00", "W1 DEM changed 30d 15000.00 was 28d 14000.00"]);
    expect((await table()).filter((l) => l.startsWith("W1 STO"))).toEqual([
      "W1 STO#1 2025-04-23..2025-05-20 28d 25200.00",
      "W1 STO#2 2025-05-21..2025-05-22 2d 1800.00",
    ]);
    const [billed] = await handle.db.select().from(freeTimeCharges).where(eq(freeTimeCharges.id, storage.id));
    expect(billed).toEqual({ ...storage, invoiceId: invoice.id });
    const [second] = await handle.db.select().from(freeTimeCharges)
      .where(and(eq(freeTimeCharges.wayBillRef, W1.wayBillRef), eq(freeTimeCharges.chargeType, "STO"), eq(freeTimeCharges.seq, 2)));
    expect(second.snapshot).toMatchObject({ billedThrough: "2025-05-20", chargeableFrom: "2025-05-21", chargeableTo: "2025-05-22", lastFreeDay: "2025-04-22" });
  });

  it("runs as the scheduled job for the Manila day of its occurrence", async () => {
    expect([freeTimeJob.name, freeTimeJob.cron]).toEqual([FREE_TIME_JOB, "20 0 * * *"]);
    // 00:20 in Manila on 23 May is 16:20 UTC on the 22nd.
    const account = await freeTimeJob.run(handle.db, { occurrence: new Date("2025-05-22T16:20:00Z"), runner: "test", log: () => {} });
    expect(account).toEqual({ date: "2025-05-23", charged: 0, changed: 2, unchanged: 3, problems: 0 });
  });
});
