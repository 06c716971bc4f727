import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { searchAny, statusFilter, textArray } from "./list-filters.ts";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { type AuditAction, changedValues, recordAudits } from "./audit.ts";
import { AppError, databaseErrorCode } from "./errors.ts";
import { EMPTY_LIST_MESSAGE, type ListQuery, type ListResult, type WriteResult } from "./contracts.ts";

/** The columns every master table has (db/schema/columns.ts). */
type MasterColumns = {
  id: AnyPgColumn;
  isActive: AnyPgColumn;
  userCreated: AnyPgColumn;
  userModified: AnyPgColumn;
  dateModified: AnyPgColumn;
};
export type MasterTable = PgTable & MasterColumns;

/** A table whose records other records point at by code. */
export type CodedTable = PgTable & { code: AnyPgColumn };

/** What the service needs of the entity's shared contract (api/shared/fields.ts). */
export interface ContractFacts {
  label: string;
  uniqueBy: string[];
  fields: { name: string; label: string; kind: string }[];
  /** Rules across fields (a stripping type only on a stripping charge), checked on the record as it would be stored. */
  checks?: { field: string; message: string; holds: (record: Row) => boolean }[];
}

/**
 * One master-data entity, described once. The service and the routes are made from this; an entity adds its
 * own code only where the specification gives it more than the shared pattern.
 */
export interface EntityDescription<T extends MasterTable> {
  contract: ContractFacts;
  table: T;
  /** Columns matched by `search` (case-insensitive substring). */
  searchable: AnyPgColumn[];
  /** Sort of the list calls; must end with a unique column so that pages never overlap. */
  orderBy: AnyPgColumn[];
  /** Query parameters that narrow a list to rows whose column equals the value. */
  filterColumns?: Record<string, AnyPgColumn>;
  /** Fields holding codes of other records (ref or refs fields), with the table that must hold each code. */
  parents?: Record<string, CodedTable>;
  /**
   * Code-list columns of other tables that hold this entity's codes (a trucker's branches). A foreign key
   * cannot guard a list, so the service does: a changed code is changed in the lists too, and a record a list
   * still names is not deleted. A function, because the other entities are described after this one.
   */
  listedIn?: () => ListReference[];
  /** A money record (a rate, a charge, a policy): every change writes an audit row with the values before and after. */
  audit?: AuditedAs;
}

/** How the audit log names an entity's records and its changes. */
export interface AuditedAs {
  /** The record kind of the log's target, "freight-rate". */
  kind: string;
  /** The words of its changes: RATE gives RATE_ADDED, RATE_CHANGED, RATE_DELETED. */
  family: "RATE" | "CHARGE" | "POLICY" | "TAX_PARTICULARS";
  /** The field naming a record in the target (a charge's code); the id when none. */
  reference?: string;
  /**
   * Only these fields are money (a branch's or a customer's tax particulars): a change of them is audited, a
   * change of any other field is not. Every field when left out.
   */
  fields?: readonly string[];
}

/** A text[] column of another table whose entries are codes of this entity. */
export interface ListReference {
  table: PgTable;
  /** The list's property name on the table. */
  field: string;
  column: AnyPgColumn;
  /** The other entity's label, for the refusal: "Trucking". */
  label: string;
}

export interface Actor {
  userId: string;
}

type Row = Record<string, unknown>;

export function makeCrudService<T extends MasterTable>(d: EntityDescription<T>) {
  const t = d.table as unknown as MasterTable & Record<string, AnyPgColumn>;
  const label = d.contract.label;
  const lowerLabel = label.toLowerCase();
  const fieldLabel = (name: string) => d.contract.fields.find((f) => f.name === name)?.label ?? name;
  const uniqueColumns = d.contract.uniqueBy.map((name) => {
    const column = t[name];
    if (!column) throw new Error(`${label}: unique field ${name} is not a column`);
    return [name, column] as const;
  });

  function duplicateError(input: Row): AppError {
    if (uniqueColumns.length === 1 && uniqueColumns[0][0] === "code") {
      const text = `${label} code ${String(input.code)} already exists.`;
      return new AppError("CONFLICT", text, { code: [text.slice(0, -1)] });
    }
    const what = uniqueColumns.map(([name]) => `${fieldLabel(name)} ${String(input[name] ?? "(none)")}`).join(", ");
    const text = `A ${lowerLabel} with ${what} already exists.`;
    return new AppError("CONFLICT", text, { [uniqueColumns[0][0]]: [text.slice(0, -1)] });
  }

  function whereFor(query: ListQuery & Row): SQL | undefined {
    const parts: (SQL | undefined)[] = [statusFilter(t.isActive, query.filter)];
    parts.push(searchAny(d.searchable, query.search));
    for (const [key, col] of Object.entries(d.filterColumns ?? {})) {
      const value = query[key];
      if (typeof value === "string" && value !== "") parts.push(eq(col, value));
    }
    return and(...parts);
  }

  function checkRecord(record: Row) {
    const broken = d.contract.checks?.find((check) => !check.holds(record));
    if (broken) throw new AppError("VALIDATION", `${broken.message}.`, { [broken.field]: [broken.message] });
  }

  async function get(db: Db, id: number) {
    const [row] = await db.select().from(t).where(eq(t.id, id));
    if (!row) throw new AppError("NOT_FOUND", `${label} with id ${id} was not found.`);
    return row;
  }

  async function checkParents(db: Db, input: Row) {
    for (const [field, table] of Object.entries(d.parents ?? {})) {
      const value = input[field];
      const codes = Array.isArray(value) ? value as string[] : typeof value === "string" ? [value] : [];
      if (codes.length === 0) continue;
      const found = await db.select({ code: table.code }).from(table).where(inArray(table.code, codes));
      const missing = codes.filter((c) => !found.some((f) => f.code === c));
      if (missing.length > 0) {
        const text = `${fieldLabel(field)} ${missing.join(", ")} does not exist.`;
        throw new AppError("VALIDATION", text, { [field]: [text.slice(0, -1)] });
      }
    }
  }

  /** The same key in another row (codes compare without regard to letter case). */
  async function refuseDuplicate(db: Db, input: Row, exceptId?: number) {
    if (uniqueColumns.some(([name]) => input[name] === undefined)) return;
    const matches = uniqueColumns.map(([name, column]) => {
      const value = input[name];
      if (value === null) return sql`${column} is null`;
      return name === "code" ? sql`lower(${column}) = lower(${value})` : eq(column, value);
    });
    const [dup] = await db.select({ id: t.id }).from(t).where(and(...matches));
    if (dup && dup.id !== exceptId) throw duplicateError(input);
  }

  /** Translates a unique violation that slipped past the check (a concurrent insert) into the same 409. */
  async function guardUnique<R>(input: Row, work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (err) {
      if (databaseErrorCode(err) === "23505") throw duplicateError(input);
      throw err;
    }
  }

  const ordered = () => d.orderBy.map((c) => asc(c));

  /** Runs a one-statement write in a transaction when its audit row must land with it; as it is otherwise. */
  const audited = <R>(db: Db, work: (tx: Db) => Promise<R>): Promise<R> => d.audit ? db.transaction((tx) => work(tx)) : work(db);

  /** The audit rows of a money entity's change: one per record whose values changed; none for other entities. */
  async function audit(db: Db, change: "ADDED" | "CHANGED" | "DELETED", actor: Actor, pairs: [Row | null, Row | null][]) {
    const a = d.audit;
    if (!a) return;
    const watched = (row: Row | null): Row | null => row && a.fields ? Object.fromEntries(a.fields.map((f) => [f, row[f]])) : row;
    await recordAudits(db, pairs.flatMap(([before, after]) => {
      const diff = changedValues(watched(before), watched(after));
      if (!diff) return [];
      const row = (after ?? before)!;
      return [{
        actor: actor.userId,
        action: `${a.family}_${change}` as AuditAction,
        target: `${a.kind}:${String(row[a.reference ?? "id"])}`,
        detail: { recordId: row.id, ...diff },
      }];
    }));
  }

  return {
    description: d,
    label,

    async load(db: Db, query: ListQuery & Row): Promise<ListResult<T["$inferSelect"]>> {
      const where = whereFor(query);
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(t).where(where).orderBy(...ordered()).limit(query.take).offset(query.skip),
        db.select({ total: count() }).from(t).where(where),
      ]);
      const result: ListResult<T["$inferSelect"]> = { data: rows as T["$inferSelect"][], total: Number(total) };
      if (rows.length === 0) result.message = EMPTY_LIST_MESSAGE;
      return result;
    },

    get: get as (db: Db, id: number) => Promise<T["$inferSelect"]>,

    /** The record with this code (any letter case); the table must have a code column. */
    async getByCode(db: Db, code: string): Promise<T["$inferSelect"]> {
      if (!t.code) throw new Error(`${label} has no code column`);
      const [row] = await db.select().from(t).where(sql`lower(${t.code}) = lower(${code})`);
      if (!row) throw new AppError("NOT_FOUND", `${label} ${code} was not found.`);
      return row as T["$inferSelect"];
    },

    async listActive(db: Db, filters: Row = {}): Promise<T["$inferSelect"][]> {
      const parts: SQL[] = [eq(t.isActive, true)];
      for (const [key, col] of Object.entries(d.filterColumns ?? {})) {
        const value = filters[key];
        if (typeof value === "string" && value !== "") parts.push(eq(col, value));
      }
      return await db.select().from(t).where(and(...parts)).orderBy(...ordered()) as T["$inferSelect"][];
    },

    async create(db: Db, input: Row, actor: Actor): Promise<WriteResult<T["$inferSelect"]>> {
      checkRecord(input);
      await checkParents(db, input);
      await refuseDuplicate(db, input);
      const now = new Date();
      const row = await audited(db, async (tx) => {
        const [written] = await guardUnique(input, () =>
          tx.insert(t).values({ ...input, userCreated: actor.userId, userModified: actor.userId, dateCreated: now, dateModified: now } as never).returning()
        );
        await audit(tx, "ADDED", actor, [[null, written as Row]]);
        return written;
      });
      return { data: row as T["$inferSelect"], message: `${label} added successfully` };
    },

    async update(db: Db, id: number, input: Row & { dateModified: string }, actor: Actor): Promise<WriteResult<T["$inferSelect"]>> {
      const { dateModified, ...changes } = input;
      const current = await get(db, id) as Row;
      checkRecord({ ...current, ...changes });
      await checkParents(db, changes);
      await refuseDuplicate(db, { ...current, ...changes }, id);
      const renamed = typeof changes.code === "string" && changes.code !== current.code ? changes.code : undefined;
      const row = await db.transaction(async (tx) => {
        const [written] = await guardUnique({ ...current, ...changes }, () =>
          tx.update(t)
            .set({ ...changes, userModified: actor.userId, dateModified: new Date() } as never)
            .where(and(eq(t.id, id), eq(t.dateModified, new Date(dateModified))))
            .returning()
        );
        if (!written) {
          throw new AppError("CONFLICT", `This ${lowerLabel} was changed by someone else after you opened it. Reload it and try again.`);
        }
        await audit(tx, "CHANGED", actor, [[current, written as Row]]);
        // Foreign keys carry a new code into single references; lists are rewritten here, in the same transaction.
        if (renamed !== undefined) {
          for (const list of d.listedIn?.() ?? []) {
            await tx.update(list.table)
              .set({ [list.field]: sql`array_replace(${list.column}, ${current.code}, ${renamed})` } as never)
              .where(sql`${current.code} = any(${list.column})`);
          }
        }
        return written;
      });
      return { data: row as T["$inferSelect"], message: `${label} updated successfully` };
    },

    async remove(db: Db, ids: number[], actor: Actor): Promise<WriteResult<{ ids: number[] }>> {
      const unique = [...new Set(ids)];
      return await db.transaction(async (tx) => {
        const found = await tx.select().from(t).where(inArray(t.id, unique)).orderBy(asc(t.id)) as Row[];
        if (found.length !== unique.length) {
          const missing = unique.filter((id) => !found.some((f) => f.id === id));
          throw new AppError("NOT_FOUND", `${label} with id ${missing.join(", ")} was not found; nothing was deleted.`);
        }
        const lists = d.listedIn?.() ?? [];
        if (lists.length > 0) {
          const codes = (await tx.select({ code: t.code }).from(t).where(inArray(t.id, unique))).map((r) => String(r.code));
          for (const list of lists) {
            const [used] = await tx.select({ n: count() }).from(list.table)
              .where(sql`${list.column} && ${textArray(codes)}`);
            if (Number(used.n) > 0) {
              throw new AppError(
                "CONFLICT",
                `This ${lowerLabel} is named by ${Number(used.n)} ${list.label.toLowerCase()} record(s) and cannot be deleted. Deactivate it instead.`,
              );
            }
          }
        }
        try {
          await tx.delete(t).where(inArray(t.id, unique));
          await audit(tx, "DELETED", actor, found.map((row) => [row, null]));
        } catch (err) {
          if (databaseErrorCode(err) === "23503") {
            throw new AppError("CONFLICT", `This ${lowerLabel} is used by other records and cannot be deleted. Deactivate it instead.`);
          }
          throw err;
        }
        return { data: { ids: unique }, message: `${label} deleted successfully` };
      });
    },

    async activate(db: Db, id: number, isActive: boolean, actor: Actor): Promise<WriteResult<T["$inferSelect"]>> {
      const row = await audited(db, async (tx) => {
        const current = await get(tx, id) as Row;
        const [written] = await tx.update(t)
          .set({ isActive, userModified: actor.userId, dateModified: new Date() } as never)
          .where(eq(t.id, id))
          .returning();
        await audit(tx, "CHANGED", actor, [[current, written as Row]]);
        return written;
      });
      return { data: row as T["$inferSelect"], message: `${label} ${isActive ? "activated" : "deactivated"} successfully` };
    },
  };
}

export type CrudService<T extends MasterTable> = ReturnType<typeof makeCrudService<T>>;
