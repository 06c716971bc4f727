import { and, asc, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { statusHistory } from "../../db/schema/index.ts";
import { AppError } from "./errors.ts";

export { defineWorkflow, type TransitionRule, type Workflow, type WorkflowActor } from "./workflow-definition.ts";
import type { Workflow, WorkflowActor } from "./workflow-definition.ts";

/** The table a workflow moves: a key column and a status column; dateModified moves along when present. */
export interface WorkflowTable {
  table: PgTable;
  id: AnyPgColumn;
  status: AnyPgColumn;
  dateModified?: AnyPgColumn;
}

export interface TransitionRequest<A extends string> {
  id: number;
  action: A;
  actor: WorkflowActor;
  remarks?: string;
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
  return await db.transaction(async (tx) => {
    const [current] = await tx.select({ status: target.status }).from(target.table).where(eq(target.id, request.id));
    if (!current) throw new AppError("NOT_FOUND", `The ${workflow.noun} was not found.`);
    const from = current.status as S;
    if (!rule.from.includes(from)) {
      throw new AppError("CONFLICT", `This ${workflow.noun} is ${from}; it cannot be moved to ${rule.to} from there. Reload it to see its state.`);
    }
    const set: Record<string, unknown> = { [columnKey(target.table, target.status)]: rule.to };
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
    return { from, to: rule.to, message: rule.notice };
  });
}

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

