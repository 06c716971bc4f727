import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callerOfUser } from "../../api/modules/auth/index.ts";
import { waitingFor } from "../../api/modules/home/index.ts";
import { firstStart } from "../../api/modules/index.ts";
import { addCalendarDays } from "../../api/shared/dates.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { postDatedCheques, users } from "../../db/schema/index.ts";
import { DEMO_PASSWORD } from "../../db/seed/demo.ts";
import { createUser, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";


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

  it("says nothing waits to a role whose lists hold nothing for it: the account executive's own quotations wait for others", async () => {
    for (const userId of ["demo.ae", "demo.waiver", "demo.endorser", "demo.bc", "demo.ops", "demo.inbound", "demo.cashier"]) {
      const { status, body } = await home(userId);
      expect(status, userId).toBe(200);
      expect(body, userId).toEqual({ data: [], message: "Nothing waits for you" });
    }
  });
});

describe("branches and days", () => {
  it("counts nothing for a sales manager of a branch where no quotation waits", async () => {
    await createUser(handle.db, { userId: "home-sm-dvo", password: "home-pass-12345", menus: ["SALESQUOTATION", "SQ_SM"], branches: ["CEB"] });
    const { body } = await home("home-sm-dvo", "home-pass-12345");
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
