import { and, asc, eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../api/shared/errors.ts";
import { defineWorkflow, transition, transitionMany, transitionWhere, type WorkflowActor } from "../../api/shared/workflow.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { cargoTypes, customers, statusHistory, userBranches } from "../../db/schema/index.ts";
import { createRole, createUser, ensureBranch, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { PORT_LANE, seedRateBook } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * Four eyes on an approval chain: the drafter of a quotation never approves or denies it, and one person acts
 * at no more than one step of one round of its chain, even when their role carries every approval flag. Each
 * submit starts a new round.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};

/** Four people whose one role holds every sales flag: AE, SM, AUD, FA and SBM. */
const PEOPLE = ["ann", "ben", "cai", "dee"] as const;
type Person = (typeof PEOPLE)[number];
const userIdOf = (who: Person) => `fe-${who}`;

const json = (res: Response) => res.json() as Promise<any>;
const as = (who: Person, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });
const step = (who: Person, id: number, action: string) =>
  as(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${id}`, { action, remarks: `${action} by ${who}` });
const statusOf = async (who: Person, sqRefNum: string) => (await json(await as(who, "GET", `/SalesQuotations/read/${sqRefNum}`))).data.status;
const chainOf = async (id: number) =>
  (await handle.db.select().from(statusHistory)
    .where(and(eq(statusHistory.entity, "sales-quotation"), eq(statusHistory.recordId, id))).orderBy(asc(statusHistory.id)))
    .map((h) => [h.action, h.actor]);

/** A quotation drafted by `who` with the freight asked at 1.00 a TEU, submitted by them. */
async function submittedAtOnePeso(who: Person) {
  const res = await as(who, "POST", "/SalesQuotations", { customerCode: "PHT", cargoTypeCode: "DRY", sqDate: "2026-06-01" });
  expect(res.status).toBe(201);
  const quotation = (await json(res)).data;
  const lane = await as(who, "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", {
    sqRefNum: quotation.sqRefNum,
    documents: [{ ...PORT_LANE, requestedRates: [{ chargeCode: "001", chargePart: "FREIGHT", requestedRate: "1.00" }] }],
  });
  expect(lane.status).toBe(201);
  const freight = (await json(lane)).data[0].charges.find((c: any) => c.chargeCode === "001");
  expect(freight).toMatchObject({ standardRate: "12500.00", requestedRate: "1.00", amount: "1.00" });
  const submitted = await step(who, quotation.id, "submit");
  expect(submitted.status).toBe(200);
  return quotation as { id: number; sqRefNum: string };
}

async function refused(res: Response, message: string) {
  expect(res.status).toBe(403);
  expect((await expectErrorBody(res)).message).toBe(message);
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  await seedRateBook(db);
  const mnl = await ensureBranch(db, "MNL");
  const everyFlag = await createRole(db, ["SALESQUOTATION", "SQ_AE", "SQ_SM", "SQ_AUD", "SQ_FA", "SQ_SBM"]);
  for (const who of PEOPLE) {
    const user = await createUser(db, { userId: userIdOf(who), password: "fe-password-123", roleKey: everyFlag.id });
    await db.insert(userBranches).values({ userKey: user.id, branchId: mnl.id, defaultBranch: true });
    tokens[who] = await signIn(t, userIdOf(who), "fe-password-123");
  }
});
afterAll(() => handle?.close());

describe("the quotation chain", () => {
  it("refuses the drafter at the SM step, approving or denying, and leaves the quotation waiting", async () => {
    const q = await submittedAtOnePeso("ann");
    await refused(await step("ann", q.id, "smApprove"), "You drafted this quotation; another person must approve it.");
    await refused(await step("ann", q.id, "smDeny"), "You drafted this quotation; another person must deny it.");
    expect(await statusOf("ann", q.sqRefNum)).toBe("For Approval");
    expect(await chainOf(q.id)).toEqual([["submit", "fe-ann"]]);
  });

  it("lets one person act at one step only, and completes with a different person at each step", async () => {
    const q = await submittedAtOnePeso("ann");
    expect((await step("ben", q.id, "smApprove")).status).toBe(200);

    await refused(
      await step("ben", q.id, "audApprove"),
      "You already acted on this quotation at the SM step; another person must approve it at the AUD step.",
    );
    await refused(
      await step("ben", q.id, "audDeny"),
      "You already acted on this quotation at the SM step; another person must deny it at the AUD step.",
    );
    await refused(await step("ann", q.id, "audApprove"), "You drafted this quotation; another person must approve it.");
    expect(await statusOf("ben", q.sqRefNum)).toBe("SM Approved");

    expect((await step("cai", q.id, "audApprove")).status).toBe(200);
    await refused(
      await step("ben", q.id, "faApprove"),
      "You already acted on this quotation at the SM step; another person must approve it at the FA step.",
    );
    await refused(
      await step("cai", q.id, "faApprove"),
      "You already acted on this quotation at the AUD step; another person must approve it at the FA step.",
    );
    await refused(await step("ann", q.id, "faDeny"), "You drafted this quotation; another person must deny it.");
    expect(await statusOf("cai", q.sqRefNum)).toBe("AUD Approved");

    expect((await step("dee", q.id, "faApprove")).status).toBe(200);
    expect(await statusOf("dee", q.sqRefNum)).toBe("FA Approved");
    expect(await chainOf(q.id)).toEqual([
      ["submit", "fe-ann"],
      ["smApprove", "fe-ben"],
      ["audApprove", "fe-cai"],
      ["faApprove", "fe-dee"],
    ]);
  });

  it("starts a new round with each submit: the earlier round's approvers may act at other steps, the drafter never", async () => {
    const q = await submittedAtOnePeso("ann");
    expect((await step("ben", q.id, "smApprove")).status).toBe(200);
    expect((await step("cai", q.id, "audDeny")).status).toBe(200);
    expect(await statusOf("ann", q.sqRefNum)).toBe("AUD Denied");

    // The AE changes nothing but sends it again: a new round.
    expect((await step("ann", q.id, "submit")).status).toBe(200);
    await refused(await step("ann", q.id, "smApprove"), "You drafted this quotation; another person must approve it.");
    expect((await step("cai", q.id, "smApprove")).status).toBe(200);
    expect((await step("ben", q.id, "audApprove")).status).toBe(200);
    await refused(
      await step("cai", q.id, "faApprove"),
      "You already acted on this quotation at the SM step; another person must approve it at the FA step.",
    );
    await refused(
      await step("ben", q.id, "faApprove"),
      "You already acted on this quotation at the AUD step; another person must approve it at the FA step.",
    );
    expect((await step("dee", q.id, "faApprove")).status).toBe(200);
    expect(await statusOf("dee", q.sqRefNum)).toBe("FA Approved");
  });

  it("keeps the rule after a denied quotation goes back to draft and is submitted again", async () => {
    const q = await submittedAtOnePeso("ann");
    expect((await step("ben", q.id, "smDeny")).status).toBe(200);
    expect((await step("ann", q.id, "moveToDraft")).status).toBe(200);
    expect((await step("ann", q.id, "submit")).status).toBe(200);
    await refused(await step("ann", q.id, "smApprove"), "You drafted this quotation; another person must approve it.");
    expect((await step("ben", q.id, "smApprove")).status).toBe(200);
    await refused(
      await step("ben", q.id, "audApprove"),
      "You already acted on this quotation at the SM step; another person must approve it at the AUD step.",
    );
    expect(await statusOf("ben", q.sqRefNum)).toBe("SM Approved");
  });
});

describe("the rule in the shared workflow", () => {
  // A bulk approval chain of its own, on a table of its own: the rule holds for transitionMany too, naming the
  // record, and refuses the whole set.
  const claims = pgTable("fe_claims", {
    id: integer("id").primaryKey(),
    ref: text("ref").notNull(),
    status: text("status").notNull(),
    createdBy: text("created_by").notNull(),
  });
  const target = { table: claims, id: claims.id, status: claims.status, label: claims.ref, drafter: claims.createdBy };
  const claimFlow = defineWorkflow({
    entity: "fe-claim",
    noun: "claim",
    statuses: ["Draft", "Submitted", "Checked", "Paid"],
    actions: {
      submit: { from: ["Draft"], to: "Submitted", who: "anyone", allowed: () => true, notice: "Submitted" },
      check: { from: ["Submitted"], to: "Checked", who: "a checker", allowed: () => true, notice: "Checked" },
      pay: { from: ["Checked"], to: "Paid", who: "a payer", allowed: () => true, notice: "Paid" },
    },
    approvals: { startedBy: ["submit"], steps: { check: { step: "check", verb: "check" }, pay: { step: "payment", verb: "pay" } } },
  });
  const person = (userId: string): WorkflowActor => ({ userId, menus: new Set(), capabilities: new Set() });
  const refusal = async (work: Promise<unknown>) => {
    try {
      await work;
    } catch (err) {
      if (err instanceof AppError) return [err.status, err.message];
      throw err;
    }
    throw new Error("expected a refusal");
  };
  const statuses = async () => (await handle.db.select().from(claims).orderBy(asc(claims.id))).map((c) => c.status);

  beforeAll(async () => {
    await handle.db.execute(sql`create table fe_claims (id integer primary key, ref text not null, status text not null, created_by text not null)`);
    await handle.db.execute(sql`insert into fe_claims values (1, 'CL-1', 'Draft', 'zoe'), (2, 'CL-2', 'Draft', 'yan')`);
  });

  it("refuses a bulk approval that holds one record its actor drafted, moving none of them", async () => {
    await transition(handle.db, claimFlow, target, { id: 1, action: "submit", actor: person("zoe") });
    await transition(handle.db, claimFlow, target, { id: 2, action: "submit", actor: person("yan") });
    expect(await refusal(transitionMany(handle.db, claimFlow, target, { ids: [1, 2], action: "check", actor: person("yan") })))
      .toEqual([403, "You drafted claim CL-2; another person must check it."]);
    expect(await statuses()).toEqual(["Submitted", "Submitted"]);

    await transitionMany(handle.db, claimFlow, target, { ids: [1, 2], action: "check", actor: person("xia") });
    expect(await refusal(transitionMany(handle.db, claimFlow, target, { ids: [1, 2], action: "pay", actor: person("xia") })))
      .toEqual([403, "You already acted on claim CL-1 at the check step; another person must pay it at the payment step."]);
    expect(await statuses()).toEqual(["Checked", "Checked"]);
    await transitionMany(handle.db, claimFlow, target, { ids: [1, 2], action: "pay", actor: person("wes") });
    expect(await statuses()).toEqual(["Paid", "Paid"]);
  });

  it("is declared, not forgotten: an approval workflow needs the drafter column, and no job approves by a condition", async () => {
    const { drafter: _drafter, ...withoutDrafter } = target;
    await expect(transition(handle.db, claimFlow, withoutDrafter, { id: 1, action: "submit", actor: person("zoe") }))
      .rejects.toThrow("fe-claim: a workflow with an approval chain needs the table's drafter column");
    await expect(transitionWhere(handle.db, claimFlow, target, { action: "check", actor: person("xia"), where: undefined }))
      .rejects.toThrow("fe-claim: check is an approval step; use transition() or transitionMany()");
    expect(() =>
      defineWorkflow({
        entity: "broken",
        noun: "thing",
        statuses: ["A", "B"],
        actions: { go: { from: ["A"], to: "B", who: "anyone", allowed: () => true, notice: "Gone" } },
        approvals: { startedBy: ["go"], steps: { approve: { step: "X", verb: "approve" } } as never },
      })
    ).toThrow("broken: the approval chain names unknown action approve");
  });
});
