import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { statusHistory } from "../../db/schema/index.ts";
import { type AuditEntry, recordAudits } from "./audit.ts";
import { AppError } from "./errors.ts";

export {
  type ApprovalChain,
  type ApprovalStep,
  defineWorkflow,
  initialStatus,
  type TransitionRule,
  type Workflow,
  type WorkflowActor,
} from "./workflow-definition.ts";
import { approvalStepOf, type Workflow, type WorkflowActor } from "./workflow-definition.ts";

/**
 * The table a workflow moves: a key column and a status column; dateModified moves along when present. The
 * label (the record's reference) names the record in the audit log and in messages; the drafter column (who
 * created the record) is required of a workflow with an approval chain, for the four-eyes rule.
 */
export interface WorkflowTable {
  table: PgTable;
  id: AnyPgColumn;
  status: AnyPgColumn;
  dateModified?: AnyPgColumn;
  label?: AnyPgColumn;
  drafter?: AnyPgColumn;
}

/** What the four-eyes rule and the audit row need of a record about to move. */
interface MovingRecord {
  id: number;
  status: string;
  label: string;
  drafter: string | null;
}

/** The columns read of each record before it moves: its status, its reference and its drafter. */
function movingColumns(workflow: Workflow<string, string>, target: WorkflowTable) {
  if (workflow.approvals && !target.drafter) {
    throw new Error(`${workflow.entity}: a workflow with an approval chain needs the table's drafter column`);
  }
  return {
    id: target.id,
    status: target.status,
    label: target.label ?? target.id,
    drafter: target.drafter ?? sql<null>`null`,
  };
}

function asMoving(row: Record<string, unknown>): MovingRecord {
  return { id: Number(row.id), status: String(row.status), label: String(row.label), drafter: row.drafter == null ? null : String(row.drafter) };
}

/**
 * Four eyes (see ApprovalChain): refuses an approval action by the record's drafter, by the person who started
 * the current chain, or by someone who already acted at another step of it. Read from the status history in the
 * moving transaction; the chain is the history from the latest action that starts one.
 */
async function refuseSameEyes(
  tx: Db,
  workflow: Workflow<string, string>,
  action: string,
  actor: WorkflowActor,
  records: readonly MovingRecord[],
  named: boolean,
): Promise<void> {
  const step = approvalStepOf(workflow, action);
  if (!step || !workflow.approvals) return;
  const { startedBy, steps } = workflow.approvals;
  const history = await tx.select({ recordId: statusHistory.recordId, action: statusHistory.action, actor: statusHistory.actor })
    .from(statusHistory)
    .where(and(eq(statusHistory.entity, workflow.entity), inArray(statusHistory.recordId, records.map((r) => r.id))))
    .orderBy(asc(statusHistory.id));
  for (const record of records) {
    const name = named ? `${workflow.noun} ${record.label}` : `this ${workflow.noun}`;
    refuseDrafter(name, record.drafter, actor, step.verb);
    const own = history.filter((h) => h.recordId === record.id);
    const start = own.findLastIndex((h) => (startedBy as readonly string[]).includes(h.action));
    if (start < 0) continue;
    const chain = own.slice(start);
    if (chain[0].actor === actor.userId) {
      throw new AppError("FORBIDDEN", `You sent ${name} for approval; another person must ${step.verb} it.`);
    }
    // Another step only: an earlier act at this same step means the record has moved on, which the status check
    // answers (a racing second click is a 409, not a refusal of the person).
    const earlier = chain.slice(1).find((h) => h.actor === actor.userId && steps[h.action] !== undefined && steps[h.action]!.step !== step.step);
    if (earlier) {
      throw new AppError(
        "FORBIDDEN",
        `You already acted on ${name} at the ${steps[earlier.action]!.step} step; another person must ${step.verb} it at the ${step.step} step.`,
      );
    }
  }
}

/**
 * The first of the four eyes, for any approval: the record's drafter never takes it. The chains of a workflow
 * check it in transition(); a one-step sign-off outside a status workflow (a voyage's approval) calls it itself.
 */
export function refuseDrafter(name: string, drafter: string | null, actor: Pick<WorkflowActor, "userId">, verb = "approve"): void {
  if (drafter !== null && drafter === actor.userId) {
    throw new AppError("FORBIDDEN", `You drafted ${name}; another person must ${verb} it.`);
  }
}

/** One audit row per moved record: who, the record, the action and the status before and after. */
function statusAudit(
  workflow: Workflow<string, string>,
  action: string,
  actor: WorkflowActor,
  remarks: string,
  moved: readonly { id: number; label: string; from: string; to: string }[],
): AuditEntry[] {
  const step = approvalStepOf(workflow, action);
  return moved.map((r) => ({
    actor: actor.userId,
    action: "STATUS_CHANGED",
    target: `${workflow.entity}:${r.label}`,
    detail: {
      recordId: r.id,
      action,
      ...(step ? { step: step.step } : {}),
      before: { status: r.from },
      after: { status: r.to },
      ...(remarks ? { remarks } : {}),
    },
  }));
}

export interface TransitionRequest<A extends string> {
  id: number;
  action: A;
  actor: WorkflowActor;
  remarks?: string;
  /** Other columns the move writes along with the status (who changed it). */
  set?: Record<string, unknown>;
}

export interface TransitionResult<S extends string> {
  from: S;
  to: S;
  message: string;
}

/** Applies `action` to record `id`: 404 when missing, 403 when the actor may not, 409 when its status moved on. */
export async function transition<S extends string, A extends string>(
  db: Db,
  workflow: Workflow<S, A>,
  target: WorkflowTable,
  request: TransitionRequest<A>,
): Promise<TransitionResult<S>> {
  const rule = workflow.actions[request.action];
  if (!rule) throw new AppError("VALIDATION", `Unknown action ${String(request.action)}.`, { action: [`Unknown action ${String(request.action)}`] });
  if (!rule.allowed(request.actor)) {
    throw new AppError("FORBIDDEN", `Only ${rule.who} may ${String(request.action)} a ${workflow.noun}.`);
  }
  const columns = movingColumns(workflow, target);
  return await db.transaction(async (tx) => {
    const [row] = await tx.select(columns).from(target.table).where(eq(target.id, request.id));
    if (!row) throw new AppError("NOT_FOUND", `The ${workflow.noun} was not found.`);
    const current = asMoving(row);
    const from = current.status as S;
    if (!rule.from.includes(from)) {
      throw new AppError("CONFLICT", `This ${workflow.noun} is ${from}; it cannot be moved to ${rule.to} from there. Reload it to see its state.`);
    }
    await refuseSameEyes(tx, workflow, String(request.action), request.actor, [current], false);
    const set: Record<string, unknown> = { ...request.set, [columnKey(target.table, target.status)]: rule.to };
    if (target.dateModified) set[columnKey(target.table, target.dateModified)] = new Date();
    // Only a record still in the status read above moves: of two racing changes, the second finds none.
    const moved = await tx.update(target.table).set(set as never)
      .where(and(eq(target.id, request.id), eq(target.status, from))).returning({ id: target.id });
    if (moved.length === 0) {
      throw new AppError("CONFLICT", `This ${workflow.noun} was changed by someone else a moment ago. Reload it to see its state.`);
    }
    await tx.insert(statusHistory).values({
      entity: workflow.entity,
      recordId: request.id,
      action: String(request.action),
      fromStatus: from,
      toStatus: rule.to,
      actor: request.actor.userId,
      remarks: request.remarks?.trim() ?? "",
    });
    await recordAudits(tx, statusAudit(workflow, String(request.action), request.actor, request.remarks?.trim() ?? "", [
      { id: request.id, label: current.label, from, to: rule.to },
    ]));
    return { from, to: rule.to, message: rule.notice };
  });
}

export interface BulkTransitionRequest<A extends string> {
  ids: readonly number[];
  action: A;
  actor: WorkflowActor;
  remarks?: string;
  /** Other columns the move writes along with the status (who confirmed, when). */
  set?: Record<string, unknown>;
}

/**
 * Applies `action` to several records in one transaction: all of them move or none does. A record not in a
 * starting status, or moved by someone else meanwhile, makes the whole call a 409 naming it.
 */
export async function transitionMany<S extends string, A extends string>(
  db: Db,
  workflow: Workflow<S, A>,
  target: WorkflowTable & { label: AnyPgColumn },
  request: BulkTransitionRequest<A>,
): Promise<TransitionResult<S>> {
  const rule = workflow.actions[request.action];
  if (!rule) throw new AppError("VALIDATION", `Unknown action ${String(request.action)}.`, { action: [`Unknown action ${String(request.action)}`] });
  if (!rule.allowed(request.actor)) {
    throw new AppError("FORBIDDEN", `Only ${rule.who} may ${String(request.action)} a ${workflow.noun}.`);
  }
  const ids = [...new Set(request.ids)];
  if (ids.length === 0) throw new AppError("VALIDATION", `Choose at least one ${workflow.noun}.`);
  const columns = movingColumns(workflow, target);
  return await db.transaction(async (tx) => {
    const current = (await tx.select(columns).from(target.table).where(inArray(target.id, ids)).orderBy(asc(target.id)))
      .map(asMoving) as (MovingRecord & { status: S })[];
    if (current.length !== ids.length) throw new AppError("NOT_FOUND", `A ${workflow.noun} you chose was not found. Reload the list.`);
    const stuck = current.filter((r) => !rule.from.includes(r.status));
    if (stuck.length > 0) {
      const named = stuck.map((r) => `${r.label} is ${r.status}`).join("; ");
      throw new AppError("CONFLICT", `Only a ${workflow.noun} that is ${rule.from.join(" or ")} can be moved to ${rule.to}: ${named}.`);
    }
    await refuseSameEyes(tx, workflow, String(request.action), request.actor, current, true);
    const set: Record<string, unknown> = { ...request.set, [columnKey(target.table, target.status)]: rule.to };
    if (target.dateModified) set[columnKey(target.table, target.dateModified)] = new Date();
    const moved = await tx.update(target.table).set(set as never)
      .where(and(inArray(target.id, ids), inArray(target.status, [...rule.from]))).returning({ id: target.id });
    if (moved.length !== ids.length) {
      throw new AppError("CONFLICT", `Some of these ${workflow.noun}s were changed by someone else a moment ago. Reload them to see their state.`);
    }
    await tx.insert(statusHistory).values(current.map((r) => ({
      entity: workflow.entity,
      recordId: r.id,
      action: String(request.action),
      fromStatus: r.status,
      toStatus: rule.to,
      actor: request.actor.userId,
      remarks: request.remarks?.trim() ?? "",
    })));
    await recordAudits(tx, statusAudit(workflow, String(request.action), request.actor, request.remarks?.trim() ?? "",
      current.map((r) => ({ id: r.id, label: r.label, from: r.status, to: rule.to }))));
    // Every record moves to the same status; `from` is the first one's, for callers that care.
    return { from: current[0].status, to: rule.to, message: rule.notice };
  });
}

export interface SetTransitionRequest<A extends string> {
  action: A;
  actor: WorkflowActor;
  /** Which records move, besides being in one of the action's starting statuses: "valid until before today". */
  where: SQL | undefined;
  remarks?: string;
  /** Other columns the move writes along with the status (who changed it). */
  set?: Record<string, unknown>;
  /** Columns of the moved rows to answer along with their key and former status. */
  returning?: Record<string, AnyPgColumn>;
}

export interface SetTransitionResult<S extends string> {
  to: S;
  /** Every record that moved, ordered by key, with the status it left and the columns asked for. */
  moved: ({ id: number; from: S } & Record<string, unknown>)[];
}

/**
 * Applies `action` to every record in one of its starting statuses that matches `where`, for jobs such as the
 * daily expiry: one UPDATE moves them all and one insert writes their history rows, in one transaction. A
 * record in no starting status is left alone (no error; it simply does not move). The rows are locked as they
 * are read, so of two runs at once the second waits and finds them moved: each record moves once.
 */
export async function transitionWhere<S extends string, A extends string>(
  db: Db,
  workflow: Workflow<S, A>,
  target: WorkflowTable,
  request: SetTransitionRequest<A>,
): Promise<SetTransitionResult<S>> {
  const rule = workflow.actions[request.action];
  if (!rule) throw new AppError("VALIDATION", `Unknown action ${String(request.action)}.`, { action: [`Unknown action ${String(request.action)}`] });
  if (!rule.allowed(request.actor)) {
    throw new AppError("FORBIDDEN", `Only ${rule.who} may ${String(request.action)} a ${workflow.noun}.`);
  }
  if (approvalStepOf(workflow, request.action)) {
    // An approval is one person's decision on records they chose; a job selecting records by a condition never approves.
    throw new Error(`${workflow.entity}: ${String(request.action)} is an approval step; use transition() or transitionMany()`);
  }
  const due = and(inArray(target.status, [...rule.from]), request.where);
  return await db.transaction(async (tx) => {
    // The starting status of each row, read and locked in the same statement that moves it.
    const before = tx.select({ id: target.id, status: target.status }).from(target.table).where(due).for("update").as("wf_before");
    const set: Record<string, unknown> = { ...request.set, [columnKey(target.table, target.status)]: rule.to };
    if (target.dateModified) set[columnKey(target.table, target.dateModified)] = new Date();
    const rows = await tx.update(target.table).set(set as never).from(before)
      .where(and(eq(target.id, before.id), due))
      .returning({ ...request.returning, [AUDIT_LABEL]: target.label ?? target.id, id: target.id, from: before.status }) as
      ({ id: number; from: S } & Record<string, unknown>)[];
    rows.sort((a, b) => a.id - b.id);
    const labels = rows.map((r) => String(r[AUDIT_LABEL]));
    for (const r of rows) delete r[AUDIT_LABEL];
    if (rows.length > 0) {
      await tx.insert(statusHistory).values(rows.map((r) => ({
        entity: workflow.entity,
        recordId: r.id,
        action: String(request.action),
        fromStatus: r.from,
        toStatus: rule.to,
        actor: request.actor.userId,
        remarks: request.remarks?.trim() ?? "",
      })));
      await recordAudits(tx, statusAudit(workflow, String(request.action), request.actor, request.remarks?.trim() ?? "",
        rows.map((r, i) => ({ id: r.id, label: labels[i], from: r.from, to: rule.to }))));
    }
    return { to: rule.to, moved: rows };
  });
}

/** The key under which a set-based move reads each record's reference for its audit row. */
const AUDIT_LABEL = "__auditLabel";

/** The history of one record, oldest first. */
export async function historyOf(db: Db, workflow: Pick<Workflow<string, string>, "entity">, recordId: number) {
  return await db.select().from(statusHistory)
    .where(and(eq(statusHistory.entity, workflow.entity), eq(statusHistory.recordId, recordId)))
    .orderBy(asc(statusHistory.id));
}

/** The property name drizzle's set() wants for a column of the table. */
function columnKey(table: PgTable, column: AnyPgColumn): string {
  const entry = Object.entries(table as unknown as Record<string, unknown>).find(([, value]) => value === column);
  if (!entry) throw new Error(`Column ${column.name} is not on the table`);
  return entry[0];
}

