import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOfUser } from "../../api/modules/auth/index.ts";
import { waitingFor } from "../../api/modules/home/index.ts";
import { firstStart } from "../../api/modules/index.ts";
import { addCalendarDays } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { postDatedCheques, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo.ts";
import { recordCargoStage } from "../../api/modules/bookings/index.ts";
import { freeTimeOfWaybill } from "../../api/modules/inbound/index.ts";
import { companyPolicies, holidays } from "../../db/schema/index.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { seedBookingWorld } from "../support/bookings.ts";
import { HOLIDAYS_2025 } from "../support/holidays-2025.ts";
import { countStatements, repeated } from "../support/statement-count.ts";
import { openTestDatabase } from "../support/test-db.ts";
import { bookingsWithVansOut, openYard, waybillsOf } from "../support/voyage-cargo.ts";


/**
 * Each role's home (issue 26, Build 5) on the demo line of a first start: what waits for the signed-in user, only
 * the lists their role opens, only within their branches, each count the total of the list it links to.
 */

let handle: DatabaseHandle;
let t: TestApp;
const json = (res: Response) => res.json() as Promise<any>;

async function home(userId: string, password = DEMO_PASSWORD) {
  const token = await signIn(t, userId, password);
  const res = await t.call("GET", "/api/Home/waiting", { token });
  return { status: res.status, body: await json(res), token };
}

beforeAll(async () => {
  handle = await openTestDatabase();
  await firstStart(handle.db, { adminPassword: "demo-admin-password-1", linkBase: "http://localhost:8000" });
  t = makeTestApp(handle.db);
}, 120_000);
afterAll(() => handle?.close());

describe("what waits for each demo role", () => {
  it("shows the sales manager the quotation and the customer request waiting for their approval, linked to their lists", async () => {
    const { status, body, token } = await home("demo.sm");
    expect(status).toBe(200);
    expect(body).toEqual({
      data: [
        { key: "sq-SM", label: "Quotations waiting for your approval (sales manager)", count: 1, link: "/sales_quotation?list=SM" },
        { key: "customer-requests", label: "Customer requests for approval", count: 1, link: "/customerRequest/forApproval" },
      ],
    });
    // Each count is what the list behind the link holds.
    const sq = await json(await t.call("GET", "/api/SalesQuotations/loadSM", { token }));
    expect(sq.total).toBe(1);
    const cr = await json(await t.call("GET", "/api/RequestedCustomers/load?list=forApproval", { token }));
    expect(cr.total).toBe(1);
  });

  it("shows the auditor and the finance approver their own step only", async () => {
    expect((await home("demo.aud")).body.data).toEqual([
      { key: "sq-AUD", label: "Quotations waiting for your approval (audit)", count: 1, link: "/sales_quotation?list=AUD" },
    ]);
    expect((await home("demo.fa")).body.data.map((i: any) => [i.key, i.count])).toEqual([["sq-FA", 1]]);
  });

  it("shows the waiver approver the waiver and the override waiting, and the management approver the booking change", async () => {
    expect((await home("demo.approver")).body.data).toEqual([
      { key: "waivers-approve", label: "Waivers for approval", count: 1, link: "/waiver/draft?list=forApproval" },
      { key: "overrides-approve", label: "Charge overrides for approval", count: 1, link: "/overrideCharge/draft?list=forApproval" },
    ]);
    expect((await home("demo.bcapprover")).body.data).toEqual([
      { key: "booking-changes-approve", label: "Booking changes for approval", count: 1, link: "/bookingChanges/draft?list=forApproval" },
    ]);
  });

  it("shows the Cebu inbound clerk the discharged freight-collect waybill its consignee has not paid for yet", async () => {
    expect((await home("demo.inbound")).body).toEqual({
      data: [{ key: "releases-due", label: "Discharged waybills waiting for a cargo release order", count: 1, link: "/inbound/cargoReleaseOrder" }],
    });
  });

  it("says nothing waits to a role whose lists hold nothing for it: the account executive's own quotations wait for others", async () => {
    for (const userId of ["demo.ae", "demo.waiver", "demo.endorser", "demo.bc", "demo.ops", "demo.cashier"]) {
      const { status, body } = await home(userId);
      expect(status, userId).toBe(200);
      expect(body, userId).toEqual({ data: [], message: "Nothing waits for you" });
    }
  });
});

describe("branches and days", () => {
  it("counts nothing for a sales manager of a branch where no quotation waits", async () => {
    await createUser(handle.db, { userId: "home-sm-ceb", password: "home-pass-12345", menus: ["SALESQUOTATION", "SQ_SM"], branches: ["CEB"] });
    const { body } = await home("home-sm-ceb", "home-pass-12345");
    expect(body).toEqual({ data: [], message: "Nothing waits for you" });
  });

  it("counts the cashier's received cheque once its date comes, and not before", async () => {
    const [cashier] = await handle.db.select().from(users).where(eq(users.userId, "demo.cashier"));
    const caller = await callerOfUser(handle.db, cashier.id);
    const cheques = await handle.db.select().from(postDatedCheques).orderBy(asc(postDatedCheques.id));
    const received = cheques.filter((c) => c.status === "RECEIVED");
    expect(received).toHaveLength(1);
    const due = received[0].chequeDate;
    expect(await waitingFor(handle.db, caller, { today: addCalendarDays(due, -1) })).toEqual({ data: [], message: "Nothing waits for you" });
    expect(await waitingFor(handle.db, caller, { today: due })).toEqual({
      data: [{ key: "pdcs-due", label: "Post-dated cheques due for deposit", count: 1, link: "/CROAccounting/PdcClearing" }],
    });
  });

  it("refuses a caller not signed in", async () => {
    const res = await t.call("GET", "/api/Home/waiting");
    expect(res.status).toBe(401);
  });
});

describe("the inbound pier's releases due and free days running out", () => {
  let yard: DatabaseHandle;
  let ceb: Awaited<ReturnType<typeof callerOfUser>>;
  let mnl: Awaited<ReturnType<typeof callerOfUser>>;
  let W: { wayBillRef: string; bookingRef: string }[];
  const manila = (date: string) => new Date(`${date}T09:00:00+08:00`);

  beforeAll(async () => {
    yard = await openTestDatabase();
    const app = makeTestApp(yard.db);
    const w = await seedBookingWorld(yard.db, app, { yard: ["OUTBOUND"] });
    await openYard(yard.db);
    const { refs } = await bookingsWithVansOut(yard.db, w, 3);
    W = await waybillsOf(w, refs);
    await yard.db.insert(holidays).values(HOLIDAYS_2025.map((h) => ({ holidayDate: h.date, name: h.name, holidayType: h.holidayType, branchCode: null })));
    await yard.db.insert(companyPolicies).values([
      { code: "C0001", defaultValueDecimal: "3", dateEffective: "2025-01-01" },
      { code: "C0002", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
      { code: "C0003", defaultValueDecimal: "500", dateEffective: "2025-01-01" },
      { code: "C0013", defaultValueDecimal: "1000", dateEffective: "2025-01-01" },
    ]);
    // Discharged at Cebu: the first on Tue 15 Apr 2025, the second on Tue 22 Apr; the third is still at sea.
    await recordCargoStage(yard.db, W[0].bookingRef, 6, manila("2025-04-15"));
    await recordCargoStage(yard.db, W[1].bookingRef, 6, manila("2025-04-22"));
    for (const [who, branch] of [["ceb", "CEB"], ["mnl", "MNL"]] as const) {
      const user = await createUser(yard.db, { userId: `home-${who}`, password: "home-pass-12345", menus: ["INBOUND"], branches: [branch] });
      if (who === "ceb") ceb = await callerOfUser(yard.db, user.id);
      else mnl = await callerOfUser(yard.db, user.id);
    }
  }, 180_000);
  afterAll(() => yard?.close());

  const releases = { key: "releases-due", label: "Discharged waybills waiting for a cargo release order", count: 2, link: "/inbound/cargoReleaseOrder" };
  const freeDays = (count: number) => ({ key: "free-days", label: "Waybills whose free storage days end by tomorrow", count, link: "/inbound/unpaidWaybills" });

  it("reads the last free days the free-time screen shows: 3 free days skipping Holy Week and Sundays", async () => {
    expect((await freeTimeOfWaybill(yard.db, ceb, W[0].wayBillRef, "2025-04-21")).data.storageDue?.dueDate).toBe("2025-04-22");
    expect((await freeTimeOfWaybill(yard.db, ceb, W[1].wayBillRef, "2025-04-24")).data.storageDue?.dueDate).toBe("2025-04-25");
  });

  it("counts the two discharged waybills without a release order, and those whose free days end by tomorrow", async () => {
    expect(await waitingFor(yard.db, ceb, { today: "2025-04-20" })).toEqual({ data: [releases] });
    // The first's last free day is tomorrow.
    expect(await waitingFor(yard.db, ceb, { today: "2025-04-21" })).toEqual({ data: [releases, freeDays(1)] });
    // The first is past its free days, the second's last free day is tomorrow.
    expect(await waitingFor(yard.db, ceb, { today: "2025-04-24" })).toEqual({ data: [releases, freeDays(2)] });
  });

  it("leaves out a van gone out of the yard, and shows another branch's pier nothing", async () => {
    await recordCargoStage(yard.db, W[0].bookingRef, 8, manila("2025-04-24"));
    expect(await waitingFor(yard.db, ceb, { today: "2025-04-24" })).toEqual({ data: [releases, freeDays(1)] });
    expect(await waitingFor(yard.db, mnl, { today: "2025-04-24" })).toEqual({ data: [], message: "Nothing waits for you" });
  });

  it("counts a yard of two waybills in as many statements as a yard of one", async () => {
    const counter = await countStatements(yard);
    const one = await counter.measure(async () => {
      expect(await waitingFor(counter.db, ceb, { today: "2025-04-24" })).toEqual({ data: [releases, freeDays(1)] });
    });
    // The third comes in on Thu 24 Apr: it waits for a release with the other two (the first went out without one),
    // and its free days have not run out by tomorrow.
    await recordCargoStage(yard.db, W[2].bookingRef, 6, manila("2025-04-24"));
    const two = await counter.measure(async () => {
      expect(await waitingFor(counter.db, ceb, { today: "2025-04-24" })).toEqual({ data: [{ ...releases, count: 3 }, freeDays(1)] });
    });
    expect(two, JSON.stringify(repeated(counter.statements))).toBe(one);
  });
});
