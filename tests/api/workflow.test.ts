import { and, between, eq, gte, sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../../api/shared/errors.ts";
import { nextNumber, nextNumberBlocks } from "../../api/shared/numbering.ts";
import { defineWorkflow, historyOf, initialStatus, transition, transitionWhere, type WorkflowActor } from "../../api/shared/workflow.ts";
import type { DatabaseHandle, Db } from "../../db/client.ts";
import { auditLog, statusHistory } from "../../db/schema/index.ts";
import { backend, openTestDatabase } from "../support/test-db.ts";

/**
 * The shared pieces every workflow module stands on: a status change that checks who acts and where the record
 * stands, keeps the history in the same transaction and lets exactly one of many racing changes through; and
 * reference numbers that are unique and gapless per series, branch and year. Concurrency proves itself on
 * PostgreSQL (PGlite runs one statement at a time, where the same assertions hold trivially).
 */

let handle: DatabaseHandle;

const trials = pgTable("wf_trials", {
  id: integer("id").primaryKey(),
  status: text("status").notNull(),
  dateModified: timestamp("date_modified", { withTimezone: true, precision: 3 }).notNull(),
});
const target = { table: trials, id: trials.id, status: trials.status, dateModified: trials.dateModified };

const trialFlow = defineWorkflow({
  entity: "trial",
  noun: "trial",
  statuses: ["Draft", "For Approval", "Approved", "Denied"],
  actions: {
    submit: { from: ["Draft", "Denied"], to: "For Approval", who: "sales staff", allowed: (a) => a.menus.has("SALESQUOTATION"), notice: "Submitted" },
    approve: { from: ["For Approval"], to: "Approved", who: "an approver", allowed: (a) => a.capabilities.has("APPROVER"), notice: "Approved" },
    deny: { from: ["For Approval"], to: "Denied", who: "an approver", allowed: (a) => a.capabilities.has("APPROVER"), notice: "Denied" },
  },
});

const actor = (userId: string, menus: string[], capabilities: string[] = []): WorkflowActor =>
  ({ userId, menus: new Set(menus), capabilities: new Set(capabilities) });
const clerk = actor("clerk", ["SALESQUOTATION"]);
const boss = actor("boss", ["SALESQUOTATION"], ["APPROVER"]);

const statusOf = async (id: number) => (await handle.db.select().from(trials).where(eq(trials.id, id)))[0]?.status;

const failure = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (err) {
    if (err instanceof AppError) return err;
    throw err;
  }
  throw new Error("expected a refusal");
};

beforeAll(async () => {
  handle = await openTestDatabase();
  await handle.db.execute(sql`create table wf_trials (id integer primary key, status text not null, date_modified timestamptz(3) not null default now())`);
  await handle.db.execute(sql`insert into wf_trials (id, status) values (1, 'Draft'), (2, 'Draft'), (3, 'For Approval')`);
});
afterAll(() => handle?.close());

describe("status changes", () => {
  it("moves a record along its workflow, keeping who, when, what and why", async () => {
    expect(await transition(handle.db, trialFlow, target, { id: 1, action: "submit", actor: clerk })).toEqual({
      from: "Draft", to: "For Approval", message: "Submitted",
    });
    await transition(handle.db, trialFlow, target, { id: 1, action: "deny", actor: boss, remarks: " Rates too low " });
    await transition(handle.db, trialFlow, target, { id: 1, action: "submit", actor: clerk });
    await transition(handle.db, trialFlow, target, { id: 1, action: "approve", actor: boss });
    expect(await statusOf(1)).toBe("Approved");
    const history = await historyOf(handle.db, trialFlow, 1);
    expect(history.map((h) => [h.action, h.fromStatus, h.toStatus, h.actor, h.remarks])).toEqual([
      ["submit", "Draft", "For Approval", "clerk", ""],
      ["deny", "For Approval", "Denied", "boss", "Rates too low"],
      ["submit", "Denied", "For Approval", "clerk", ""],
      ["approve", "For Approval", "Approved", "boss", ""],
    ]);
  });

  it("refuses an actor out of turn (403) and a step that no longer applies (409), changing nothing", async () => {
    const forbidden = await failure(transition(handle.db, trialFlow, target, { id: 3, action: "approve", actor: clerk }));
    expect(forbidden.status).toBe(403);
    expect(forbidden.message).toBe("Only an approver may approve a trial.");
    const stale = await failure(transition(handle.db, trialFlow, target, { id: 2, action: "approve", actor: boss }));
    expect(stale.status).toBe(409);
    expect(stale.message).toContain("This trial is Draft");
    const missing = await failure(transition(handle.db, trialFlow, target, { id: 99, action: "submit", actor: clerk }));
    expect(missing.status).toBe(404);
    expect(await statusOf(3)).toBe("For Approval");
    expect(await statusOf(2)).toBe("Draft");
    expect(await historyOf(handle.db, trialFlow, 2)).toEqual([]);
  });

  it("lets exactly one of 50 concurrent approvals through", async () => {
    const answers = await Promise.allSettled(
      Array.from({ length: 50 }, () => transition(handle.db, trialFlow, target, { id: 3, action: "approve", actor: boss })),
    );
    const done = answers.filter((a) => a.status === "fulfilled");
    const refused = answers.filter((a): a is PromiseRejectedResult => a.status === "rejected");
    expect(done).toHaveLength(1);
    expect(refused.every((r) => r.reason instanceof AppError && r.reason.status === 409)).toBe(true);
    expect((await historyOf(handle.db, trialFlow, 3)).filter((h) => h.action === "approve")).toHaveLength(1);
    expect(await statusOf(3)).toBe("Approved");
  });

  it("starts a new record in the first status the workflow lists", () => {
    expect(initialStatus(trialFlow)).toBe("Draft");
  });

  it("refuses to define a workflow that names a status it does not list", () => {
    expect(() => defineWorkflow({
      entity: "broken", noun: "thing", statuses: ["Draft"],
      actions: { go: { from: ["Draft"], to: "Done" as "Draft", who: "anyone", allowed: () => true, notice: "" } },
    })).toThrow("go names unknown status Done");
  });
});

describe("status changes of many records at once", () => {
  const historyRows = async (from: number, to: number) =>
    (await handle.db.select().from(statusHistory).where(and(eq(statusHistory.entity, "trial"), between(statusHistory.recordId, from, to))))
      .map((h) => [h.recordId, h.action, h.fromStatus, h.toStatus, h.actor, h.remarks]).sort((a, b) => Number(a[0]) - Number(b[0]));

  /** The same database seen through a second drizzle that writes down every statement it sends. */
  async function recording(): Promise<{ db: Db; statements: string[] }> {
    const statements: string[] = [];
    const logger = { logQuery: (query: string) => void statements.push(query) };
    const client = (handle.db as unknown as { $client: unknown }).$client;
    const db = backend === "postgres"
      ? (await import("drizzle-orm/postgres-js")).drizzle(client as never, { logger })
      : (await import("drizzle-orm/pglite")).drizzle(client as never, { logger });
    return { db: db as never, statements };
  }

  beforeAll(async () => {
    await handle.db.execute(sql`insert into wf_trials (id, status) values
      (10, 'Draft'), (11, 'Denied'), (12, 'Approved'), (13, 'For Approval'), (14, 'Draft'), (15, 'Draft')`);
  });

  it("moves every record of the condition that is in a starting status, with one history row each", async () => {
    const result = await transitionWhere(handle.db, trialFlow, target, {
      action: "submit", actor: clerk, where: between(trials.id, 10, 14), remarks: " Month end ", returning: { modified: trials.dateModified },
    });
    expect(result.to).toBe("For Approval");
    expect(result.moved.map((r) => [r.id, r.from])).toEqual([[10, "Draft"], [11, "Denied"], [14, "Draft"]]);
    expect(result.moved.every((r) => r.modified instanceof Date)).toBe(true);
    expect(await Promise.all([10, 11, 12, 13, 14, 15].map(statusOf)))
      .toEqual(["For Approval", "For Approval", "Approved", "For Approval", "For Approval", "Draft"]);
    expect(await historyRows(10, 15)).toEqual([
      [10, "submit", "Draft", "For Approval", "clerk", "Month end"],
      [11, "submit", "Denied", "For Approval", "clerk", "Month end"],
      [14, "submit", "Draft", "For Approval", "clerk", "Month end"],
    ]);
  });

  it("moves nothing, and writes no history, when no record of the condition is in a starting status", async () => {
    const result = await transitionWhere(handle.db, trialFlow, target, { action: "submit", actor: clerk, where: between(trials.id, 10, 14) });
    expect(result).toEqual({ to: "For Approval", moved: [] });
    expect(await statusOf(12)).toBe("Approved");
    expect(await historyRows(10, 15)).toHaveLength(3);
  });

  it("refuses an actor the action does not allow, moving nothing", async () => {
    const forbidden = await failure(transitionWhere(handle.db, trialFlow, target, { action: "approve", actor: clerk, where: gte(trials.id, 10) }));
    expect(forbidden.status).toBe(403);
    expect(await statusOf(13)).toBe("For Approval");
  });

  it("moves many records in one UPDATE and writes their history and their audit rows in one INSERT each", async () => {
    await handle.db.execute(sql`insert into wf_trials (id, status) select n, 'For Approval' from generate_series(100, 139) n`);
    const { db, statements } = await recording();
    const result = await transitionWhere(db, trialFlow, target, { action: "approve", actor: boss, where: between(trials.id, 100, 139) });
    expect(result.moved).toHaveLength(40);
    const writes = statements.filter((q) => /^(update|insert|delete)\b/i.test(q.trim()));
    expect(writes.map((q) => q.trim().split(/\s+/).slice(0, 3).join(" "))).toEqual([
      'update "wf_trials" set',
      'insert into "status_history"',
      'insert into "audit_log"',
    ]);
    expect(await historyRows(100, 139)).toHaveLength(40);
    const audited = await handle.db.select().from(auditLog)
      .where(and(eq(auditLog.action, "STATUS_CHANGED"), sql`${auditLog.target} like 'trial:1__'`));
    expect(audited).toHaveLength(40);
    expect(audited.find((a) => a.target === "trial:117")).toMatchObject({
      actor: "boss",
      detail: { recordId: 117, action: "approve", before: { status: "For Approval" }, after: { status: "Approved" } },
    });
  });

  it("moves each record once when two runs race", async () => {
    await handle.db.execute(sql`insert into wf_trials (id, status) select n, 'For Approval' from generate_series(200, 259) n`);
    const runs = await Promise.all(Array.from({ length: 4 }, () =>
      transitionWhere(handle.db, trialFlow, target, { action: "deny", actor: boss, where: between(trials.id, 200, 259) })
    ));
    expect(runs.flatMap((r) => r.moved.map((m) => m.id)).sort((a, b) => a - b)).toEqual(Array.from({ length: 60 }, (_, i) => 200 + i));
    const history = await historyRows(200, 259);
    expect(history).toHaveLength(60);
    expect(history.every((h) => h[2] === "For Approval" && h[3] === "Denied")).toBe(true);
  });
});

describe("reference numbers", () => {
  it("numbers per series, branch and year, in Manila's year", async () => {
    const newYearsEveUtc = new Date("2026-12-31T17:00:00Z"); // already 1 January 2027 in Manila
    expect(await nextNumber(handle.db, { series: "SQ", branchCode: "mnl", on: new Date("2026-06-01T00:00:00Z") })).toBe("SQ-MNL-2026-000001");
    expect(await nextNumber(handle.db, { series: "SQ", branchCode: "MNL", on: new Date("2026-06-02T00:00:00Z") })).toBe("SQ-MNL-2026-000002");
    expect(await nextNumber(handle.db, { series: "SQ", branchCode: "CEB", on: new Date("2026-06-02T00:00:00Z") })).toBe("SQ-CEB-2026-000001");
    expect(await nextNumber(handle.db, { series: "SQ", branchCode: "MNL", on: newYearsEveUtc })).toBe("SQ-MNL-2027-000001");
    expect(await nextNumber(handle.db, { series: "BK", branchCode: "MNL", on: new Date("2026-06-02T00:00:00Z") })).toBe("BK-MNL-2026-000001");
  });

  it("gives a number back when the record's transaction rolls back, so the series has no gaps", async () => {
    const on = new Date("2026-07-01T00:00:00Z");
    await expect(handle.db.transaction(async (tx) => {
      await nextNumber(tx as never, { series: "RC", branchCode: "MNL", on });
      throw new Error("the record could not be written");
    })).rejects.toThrow("could not be written");
    expect(await nextNumber(handle.db, { series: "RC", branchCode: "MNL", on })).toBe("RC-MNL-2026-000001");
  });

  it("takes a batch's number and its bookings' block in one statement, each series going on without a gap", async () => {
    const on = new Date("2026-09-01T00:00:00Z");
    expect(await nextNumber(handle.db, { series: "BK", branchCode: "ILO", on })).toBe("BK-ILO-2026-000001");
    await expect(handle.db.transaction(async (tx) => {
      await nextNumberBlocks(tx as never, [{ series: "BB", branchCode: "ILO", on, count: 1 }, { series: "BK", branchCode: "ILO", on, count: 5 }]);
      throw new Error("the batch could not be written");
    })).rejects.toThrow("could not be written");
    expect(await nextNumberBlocks(handle.db, [{ series: "BB", branchCode: "ilo", on, count: 1 }, { series: "BK", branchCode: "ilo", on, count: 3 }]))
      .toEqual([["BB-ILO-2026-000001"], ["BK-ILO-2026-000002", "BK-ILO-2026-000003", "BK-ILO-2026-000004"]]);
    expect(await nextNumber(handle.db, { series: "BK", branchCode: "ILO", on })).toBe("BK-ILO-2026-000005");
  });

  it("hands 50 concurrent transactions 50 different, consecutive numbers", async () => {
    const on = new Date("2026-08-01T00:00:00Z");
    const numbers = await Promise.all(Array.from({ length: 50 }, () =>
      handle.db.transaction(async (tx) => {
        const number = await nextNumber(tx as never, { series: "WB", branchCode: "DVO", on });
        // Work inside the record's transaction keeps the series row locked meanwhile.
        await tx.execute(sql`select 1`);
        return number;
      })
    ));
    expect(new Set(numbers).size).toBe(50);
    expect(numbers.map((n) => Number(n.slice(-6))).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
  });
});
