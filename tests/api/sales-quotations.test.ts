import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "../../db/client.ts";
import { cargoTypes, customers, notifications, userBranches } from "../../db/schema/index.ts";
import { createRole, createUser, ensureBranch, expectErrorBody, type Grant, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { PORT_LANE, seedRateBook } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/** The approval chain of a quotation through the API, as the five sales roles use it. */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });
const step = (who: string, id: number, action: string, remarks = "") =>
  as(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${id}`, { action, remarks });
const draft = async (who = "ae") => {
  const res = await as(who, "POST", "/SalesQuotations", { customerCode: "SQC1", cargoTypeCode: "SQDRY", sqDate: "2026-06-01" });
  expect(res.status).toBe(201);
  const quotation = (await json(res)).data;
  // A quotation is submitted with at least one lane.
  const lane = await as(who, "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: quotation.sqRefNum, documents: [PORT_LANE] });
  expect(lane.status).toBe(201);
  return quotation;
};
const notified = async (userId: string) =>
  (await handle.db.select().from(notifications).where(eq(notifications.userId, userId))).map((n) => n.message);

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  const mnl = await ensureBranch(db, "SQMNL", "Manila");
  await seedRateBook(db);
  await db.insert(customers).values({ code: "SQC1", company: "Pacific Harbor Trading", customerContactEmail: "ops@pacific.example", customerType: "BOTH" });
  await db.insert(cargoTypes).values({ code: "SQDRY", name: "Dry cargo" });
  const roles: [string, Grant[]][] = [
    ["ae", ["SALESQUOTATION", "SQ_AE"]], ["ae2", ["SALESQUOTATION", "SQ_AE"]], ["sm", ["SALESQUOTATION", "SQ_SM"]],
    ["aud", ["SALESQUOTATION", "SQ_AUD"]], ["fa", ["SALESQUOTATION", "SQ_FA"]], ["sbm", ["SALESQUOTATION", "SQ_SBM"]],
  ];
  for (const [who, grants] of roles) {
    const role = await createRole(db, grants);
    const user = await createUser(db, { userId: `sq-${who}`, password: "sq-password-123", roleKey: role.id });
    await db.insert(userBranches).values({ userKey: user.id, branchId: mnl.id, defaultBranch: true });
    tokens[who] = await signIn(t, `sq-${who}`, "sq-password-123");
  }
});
afterAll(() => handle?.close());

describe("drafting", () => {
  it("numbers a draft from the AE's branch series and lists it as the AE's", async () => {
    const first = await draft();
    const second = await draft();
    expect(first).toMatchObject({ status: "Draft", userId: "sq-ae", branchCode: "SQMNL", sqDate: "2026-06-01", validUntil: "2026-07-01" });
    expect(first.sqRefNum).toMatch(/^SQ-SQMNL-\d{4}-\d{6}$/);
    expect(Number(second.sqRefNum.slice(-6))).toBe(Number(first.sqRefNum.slice(-6)) + 1);
    const mine = await json(await as("ae", "GET", "/SalesQuotations/loadAE"));
    expect(mine.data.map((q: any) => q.sqRefNum)).toEqual(expect.arrayContaining([first.sqRefNum, second.sqRefNum]));
    expect((await json(await as("ae2", "GET", "/SalesQuotations/loadAE"))).message).toBe("No SQ Found!");
  });

  it("refuses a non-AE, an unknown customer and a validity before the date", async () => {
    expect((await as("sm", "POST", "/SalesQuotations", { customerCode: "SQC1", cargoTypeCode: "SQDRY" })).status).toBe(403);
    const unknown = await as("ae", "POST", "/SalesQuotations", { customerCode: "NOPE", cargoTypeCode: "SQDRY" });
    expect(unknown.status).toBe(400);
    expect((await expectErrorBody(unknown)).errors.customerCode[0]).toContain("NOPE");
    const backwards = await as("ae", "POST", "/SalesQuotations", { customerCode: "SQC1", cargoTypeCode: "SQDRY", sqDate: "2026-06-10", validUntil: "2026-06-01" });
    expect(backwards.status).toBe(400);
  });
});

describe("the approval chain", () => {
  it("goes from draft to finance approval, each step with its notice, its history and the next approver told", async () => {
    const q = await draft();
    const notices: string[] = [];
    for (const [who, action] of [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]]) {
      const res = await step(who, q.id, action, `${action} by ${who}`);
      expect(res.status, `${who} ${action}`).toBe(200);
      notices.push((await json(res)).message);
    }
    expect(notices).toEqual([
      "Sales quotation submitted for approval",
      "Sales quotation approved",
      "Sales quotation approved and forwarded to finance",
      "Sales quotation approved",
    ]);
    const read = (await json(await as("fa", "GET", `/SalesQuotations/read/${q.sqRefNum}`))).data;
    expect(read.status).toBe("FA Approved");
    expect(read.history.map((h: any) => [h.actor, h.fromStatus, h.toStatus, h.remarks])).toEqual([
      ["sq-ae", "Draft", "For Approval", "submit by ae"],
      ["sq-sm", "For Approval", "SM Approved", "smApprove by sm"],
      ["sq-aud", "SM Approved", "AUD Approved", "audApprove by aud"],
      ["sq-fa", "AUD Approved", "FA Approved", "faApprove by fa"],
    ]);
    expect(await notified("sq-sm")).toContain(`Sales quotation ${q.sqRefNum} is For Approval.`);
    expect(await notified("sq-sbm")).toContain(`Sales quotation ${q.sqRefNum} is For Approval.`);
    expect(await notified("sq-aud")).toContain(`Sales quotation ${q.sqRefNum} is SM Approved.`);
    expect(await notified("sq-fa")).toContain(`Sales quotation ${q.sqRefNum} is AUD Approved.`);
    expect(await notified("sq-ae")).toContain(`Sales quotation ${q.sqRefNum} is FA Approved.`);
  });

  it("goes back to the AE when denied, who moves it to draft and submits it again", async () => {
    const q = await draft();
    await step("ae", q.id, "submit");
    const denied = await step("sm", q.id, "smDeny", "Freight below floor");
    expect((await json(denied)).message).toBe("Sales quotation denied");
    expect(await notified("sq-ae")).toContain(`Sales quotation ${q.sqRefNum} is SM Denied.`);
    expect((await json(await step("ae", q.id, "moveToDraft"))).message).toBe("Sales quotation moved to draft");
    expect((await json(await step("ae", q.id, "submit"))).data.status).toBe("For Approval");
    const queue = await json(await as("sm", "GET", "/SalesQuotations/loadSM"));
    expect(queue.data.map((r: any) => r.sqRefNum)).toContain(q.sqRefNum);
  });

  it("refuses another role's step (403), another AE's quotation (403) and a step not due (409)", async () => {
    const q = await draft();
    const otherRole = await step("sm", q.id, "faApprove");
    expect(otherRole.status).toBe(403);
    expect((await expectErrorBody(otherRole)).message).toBe("Only a finance approver may faApprove a quotation.");
    // The finance approver's own step, but the quotation is not there.
    const early = await step("fa", q.id, "faApprove");
    expect(early.status).toBe(409);
    expect((await step("ae2", q.id, "submit")).status).toBe(403);
    const notDue = await step("sm", q.id, "smApprove");
    expect(notDue.status).toBe(409);
    expect((await expectErrorBody(notDue)).message).toContain("This quotation is Draft");
    expect((await step("ae", q.id, "fly")).status).toBe(400);
    expect((await step("ae", 999999, "submit")).status).toBe(404);
    expect((await json(await as("ae", "GET", `/SalesQuotations/read/${q.sqRefNum}`))).data.history).toEqual([]);
    expect((await as("ae", "GET", "/SalesQuotations/loadFA")).status).toBe(403);
  });

  it("makes exactly one change of 50 concurrent approvals", async () => {
    const q = await draft();
    await step("ae", q.id, "submit");
    const answers = await Promise.all(Array.from({ length: 50 }, () => step("sm", q.id, "smApprove")));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const read = (await json(await as("sm", "GET", `/SalesQuotations/read/${q.sqRefNum}`))).data;
    expect(read.history.filter((h: any) => h.toStatus === "SM Approved")).toHaveLength(1);
  });
});

describe("expiry", () => {
  it("expires exactly the quotations past their validity, once, whoever runs it and however often", async () => {
    const { salesQuotations, statusHistory } = await import("../../db/schema/index.ts");
    const { expireQuotations } = await import("../../api/modules/sales-quotations/service.ts");
    const { runDailyExpiry } = await import("../../api/modules/sales-quotations/jobs.ts");
    // Everything drafted so far is valid to 2026-07-01; these four are set apart.
    const made = [await draft(), await draft(), await draft(), await draft()];
    const setTo = (i: number, values: Partial<typeof salesQuotations.$inferInsert>) =>
      handle.db.update(salesQuotations).set(values).where(eq(salesQuotations.id, made[i].id));
    await setTo(0, { validUntil: "2026-01-31" });
    await setTo(1, { validUntil: "2026-01-31", status: "FA Approved" });
    await setTo(2, { validUntil: "2026-01-31", status: "Cancelled" });
    await setTo(3, { validUntil: "2026-02-01" });
    await handle.db.update(salesQuotations).set({ validUntil: "2026-12-31" }).where(eq(salesQuotations.validUntil, "2026-07-01"));

    const preview = await expireQuotations(handle.db, { today: "2026-02-01", dryRun: true });
    expect(preview.data.expired).toEqual([made[0].sqRefNum, made[1].sqRefNum].sort());
    expect((await handle.db.select().from(salesQuotations).where(eq(salesQuotations.id, made[0].id)))[0].status).toBe("Draft");

    // Two servers at once: between them each due quotation expires once.
    const [a, b] = await Promise.all([
      expireQuotations(handle.db, { today: "2026-02-01" }),
      expireQuotations(handle.db, { today: "2026-02-01" }),
    ]);
    expect([...a.data.expired, ...b.data.expired].sort()).toEqual([made[0].sqRefNum, made[1].sqRefNum].sort());
    const again = await expireQuotations(handle.db, { today: "2026-02-01" });
    expect(again.data.expired).toEqual([]);
    const states = await handle.db.select({ id: salesQuotations.id, status: salesQuotations.status }).from(salesQuotations);
    const statusOf = (i: number) => states.find((s) => s.id === made[i].id)!.status;
    expect([0, 1, 2, 3].map(statusOf)).toEqual(["Expired", "Expired", "Cancelled", "Draft"]);
    const expiries = await handle.db.select().from(statusHistory).where(eq(statusHistory.action, "expire"));
    expect(expiries.map((h) => [h.recordId, h.fromStatus]).sort()).toEqual([[made[0].id, "Draft"], [made[1].id, "FA Approved"]].sort());

    // The daily job runs on one server per day.
    const day = new Date("2026-02-02T01:00:00Z");
    expect(await runDailyExpiry(handle.db, "server-a", day)).not.toBeNull();
    expect(await runDailyExpiry(handle.db, "server-b", day)).toBeNull();
    expect((await handle.db.select().from(salesQuotations).where(eq(salesQuotations.id, made[3].id)))[0].status).toBe("Expired");
  });

  it("answers the expiry call with what it expired", async () => {
    const res = await as("sm", "POST", "/SalesQuotations/sqExpiration", { dryRun: true });
    expect(res.status).toBe(200);
    expect((await json(res)).message).toMatch(/quotation\(s\) would expire$/);
    expect((await as("sm", "POST", "/SalesQuotations/sqExpiration", { dryRun: "yes" })).status).toBe(400);
  });
});
