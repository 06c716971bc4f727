import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import { searchAny, statusFilter } from "./list-filters.ts";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client.ts";
import { AppError, databaseErrorCode } from "./errors.ts";
import { EMPTY_LIST_MESSAGE, type ListQuery, type ListResult, type WriteResult } from "./contracts.ts";

/** The columns every master table has (db/schema/columns.ts) plus its code. */
type MasterColumns = {
  id: AnyPgColumn;
  code: AnyPgColumn;
  isActive: AnyPgColumn;
  userCreated: AnyPgColumn;
  userModified: AnyPgColumn;
  dateModified: AnyPgColumn;
};
export type MasterTable = PgTable & MasterColumns;

export interface ParentReference {
  /** Input field holding the parent's code, e.g. branchCode. */
  field: string;
  label: string;
  table: PgTable & { code: AnyPgColumn };
}

/**
 * One master-data entity, described once. The service and the routes are made from this; an entity adds its
 * own code only where the specification gives it more than the shared pattern.
 */
export interface EntityDescription<T extends MasterTable> {
  /** Singular label used in notices: 'Port' gives 'Port added successfully'. */
  label: string;
  table: T;
  /** Columns matched by `search` (case-insensitive substring). */
  searchable: AnyPgColumn[];
  /** Sort of the list calls; must end with a unique column so that pages never overlap. */
  orderBy: AnyPgColumn[];
  /** Query parameters that narrow a list to rows whose column equals the value. */
  filterColumns?: Record<string, AnyPgColumn>;
  parent?: ParentReference;
}

export interface Actor {
  userId: string;
}

export function makeCrudService<T extends MasterTable>(d: EntityDescription<T>) {
  const t = d.table as MasterTable;
  const lowerLabel = d.label.toLowerCase();

  function whereFor(query: ListQuery & Record<string, unknown>): SQL | undefined {
    const parts: (SQL | undefined)[] = [statusFilter(t.isActive, query.filter)];
    parts.push(searchAny(d.searchable, query.search));
    for (const [key, col] of Object.entries(d.filterColumns ?? {})) {
      const value = query[key];
      if (typeof value === "string" && value !== "") parts.push(eq(col, value));
    }
    return and(...parts);
  }

  async function get(db: Db, id: number) {
    const [row] = await db.select().from(t).where(eq(t.id, id));
    if (!row) throw new AppError("NOT_FOUND", `${d.label} with id ${id} was not found.`);
    return row;
  }

  async function checkParent(db: Db, input: Record<string, unknown>) {
    if (!d.parent) return;
    const code = input[d.parent.field];
    if (typeof code !== "string") return;
    const [found] = await db.select({ code: d.parent.table.code }).from(d.parent.table).where(eq(d.parent.table.code, code));
    if (!found) {
      throw new AppError("VALIDATION", `${d.parent.label} ${code} does not exist.`, { [d.parent.field]: [`${d.parent.label} ${code} does not exist`] });
    }
  }

  async function refuseDuplicate(db: Db, code: unknown, exceptId?: number) {
    if (typeof code !== "string") return;
    const [dup] = await db.select({ id: t.id }).from(t).where(sql`lower(${t.code}) = lower(${code})`);
    if (dup && dup.id !== exceptId) {
      throw new AppError("CONFLICT", `${d.label} code ${code} already exists.`, { code: [`${d.label} code ${code} already exists`] });
    }
  }

  /** Translates a unique violation that slipped past the check (a concurrent insert) into the same 409. */
  async function guardUnique<R>(code: unknown, work: () => Promise<R>): Promise<R> {
    try {
      return await work();
    } catch (err) {
      if (databaseErrorCode(err) === "23505") {
        throw new AppError("CONFLICT", `${d.label} code ${String(code)} already exists.`, { code: [`${d.label} code ${String(code)} already exists`] });
      }
      throw err;
    }
  }

  return {
    description: d,

    async load(db: Db, query: ListQuery & Record<string, unknown>): Promise<ListResult<T["$inferSelect"]>> {
      const where = whereFor(query);
      const [rows, [{ total }]] = await Promise.all([
        db.select().from(t).where(where).orderBy(...d.orderBy.map((c) => asc(c))).limit(query.take).offset(query.skip),
        db.select({ total: count() }).from(t).where(where),
      ]);
      const result: ListResult<T["$inferSelect"]> = { data: rows as T["$inferSelect"][], total: Number(total) };
      if (rows.length === 0) result.message = EMPTY_LIST_MESSAGE;
      return result;
    },

    get: get as (db: Db, id: number) => Promise<T["$inferSelect"]>,

    async listActive(db: Db, filters: Record<string, unknown> = {}): Promise<T["$inferSelect"][]> {
      const parts: SQL[] = [eq(t.isActive, true)];
      for (const [key, col] of Object.entries(d.filterColumns ?? {})) {
        const value = filters[key];
        if (typeof value === "string" && value !== "") parts.push(eq(col, value));
      }
      return await db.select().from(t).where(and(...parts)).orderBy(...d.orderBy.map((c) => asc(c))) as T["$inferSelect"][];
    },

    async create(db: Db, input: Record<string, unknown>, actor: Actor): Promise<WriteResult<T["$inferSelect"]>> {
      await checkParent(db, input);
      await refuseDuplicate(db, input.code);
      const now = new Date();
      const [row] = await guardUnique(input.code, () =>
        db.insert(t).values({ ...input, userCreated: actor.userId, userModified: actor.userId, dateCreated: now, dateModified: now } as never).returning()
      );
      return { data: row as T["$inferSelect"], message: `${d.label} added successfully` };
    },

    async update(db: Db, id: number, input: Record<string, unknown> & { dateModified: string }, actor: Actor): Promise<WriteResult<T["$inferSelect"]>> {
      const { dateModified, ...changes } = input;
      await get(db, id);
      await checkParent(db, changes);
      await refuseDuplicate(db, changes.code, id);
      const [row] = await guardUnique(changes.code, () =>
        db.update(t)
          .set({ ...changes, userModified: actor.userId, dateModified: new Date() } as never)
          .where(and(eq(t.id, id), eq(t.dateModified, new Date(dateModified))))
          .returning()
      );
      if (!row) {
        throw new AppError("CONFLICT", `This ${lowerLabel} was changed by someone else after you opened it. Reload it and try again.`);
      }
      return { data: row as T["$inferSelect"], message: `${d.label} updated successfully` };
    },

    async remove(db: Db, ids: number[]): Promise<WriteResult<{ ids: number[] }>> {
      const unique = [...new Set(ids)];
      return await db.transaction(async (tx) => {
        const found = await tx.select({ id: t.id }).from(t).where(inArray(t.id, unique));
        if (found.length !== unique.length) {
          const missing = unique.filter((id) => !found.some((f) => f.id === id));
          throw new AppError("NOT_FOUND", `${d.label} with id ${missing.join(", ")} was not found; nothing was deleted.`);
        }
        try {
          await tx.delete(t).where(inArray(t.id, unique));
        } catch (err) {
          if (databaseErrorCode(err) === "23503") {
            throw new AppError("CONFLICT", `This ${lowerLabel} is used by other records and cannot be deleted. Deactivate it instead.`);
          }
          throw err;
        }
        return { data: { ids: unique }, message: `${d.label} deleted successfully` };
      });
    },

    async activate(db: Db, id: number, isActive: boolean, actor: Actor): Promise<WriteResult<T["$inferSelect"]>> {
      await get(db, id);
      const [row] = await db.update(t)
        .set({ isActive, userModified: actor.userId, dateModified: new Date() } as never)
        .where(eq(t.id, id))
        .returning();
      return { data: row as T["$inferSelect"], message: `${d.label} ${isActive ? "activated" : "deactivated"} successfully` };
    },
  };
}

export type CrudService<T extends MasterTable> = ReturnType<typeof makeCrudService<T>>;
