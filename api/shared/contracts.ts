import { z } from "zod";

/**
 * Shapes shared by every module's HTTP contract. Imports only zod, so the web app uses the same schemas.
 */
export const MAX_TAKE = 200;

/** The largest value of a PostgreSQL integer column: every record id and count the database keeps. */
export const INT4_MAX = 2_147_483_647;

/**
 * A whole number as a path or query gives it (digits, as text) or a body gives it (a JSON number). Nothing else
 * is read as a number: not "", " ", "0x10", "1e3", null, false or a list, which Number() and z.coerce would turn
 * into 0, 16, 1000 or 1. `max` defaults to the integer column's limit, so an id of 23 digits is a 400, not a
 * database error.
 */
export const wholeNumber = (label: string, o: { min?: number; max?: number; tooSmall?: string } = {}) => {
  const min = o.min ?? 0;
  const max = o.max ?? INT4_MAX;
  const schema = z.union([z.number(), z.string()], { error: `${label} must be a number` })
    .transform((v) => (typeof v === "number" ? v : /^\s*-?\d+(\.\d+)?\s*$/.test(v) ? Number(v) : Number.NaN))
    .pipe(
      z.number({ error: `${label} must be a number` })
        .min(min, o.tooSmall ?? `${label} must be at least ${min}`)
        .max(max, `${label} can be at most ${max}`)
        // Not .int(): it also calls 1e23 "not whole", where "too large" is the one thing wrong with it.
        .refine(Number.isInteger, `${label} must be a whole number`),
    );
  WHOLE_NUMBERS.set(schema, { minimum: min, maximum: max });
  return schema;
};

/**
 * The bounds of every wholeNumber(), for the API description: its input is "digits or a number", which JSON
 * Schema would show as a bare union; a client should see an integer with its range.
 */
export const WHOLE_NUMBERS = new WeakMap<z.ZodType, { minimum: number; maximum: number }>();

export const listQuery = z.object({
  skip: wholeNumber("skip", { tooSmall: "skip cannot be negative" }).default(0),
  take: wholeNumber("take", { min: 1, max: MAX_TAKE }).default(20),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
  filter: z.string().trim().max(50, "filter can be at most 50 characters").optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const idParam = z.object({
  id: wholeNumber("id", { min: 1, tooSmall: "id must be positive" }),
});

/** DELETE bodies: a list of ids, given bare or as { ids }. */
const deleteId = z.number().int().positive().max(INT4_MAX, `An id can be at most ${INT4_MAX}`);
export const deleteBody = z.union([
  z.array(deleteId).min(1, "Give at least one id to delete"),
  z.object({ ids: z.array(deleteId).min(1, "Give at least one id to delete") }),
]).transform((value) => (Array.isArray(value) ? value : value.ids));

export const activationQuery = z.object({
  isActive: z.enum(["true", "false"], { error: "isActive must be true or false" }).transform((v) => v === "true"),
});

/** The dateModified a client read; an update that carries an older one is refused with 409. */
export const dateModifiedField = z.iso.datetime({ offset: true, error: "dateModified must be the ISO timestamp you loaded" });

export const EMPTY_LIST_MESSAGE = "No more data to load";

export const codeField = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(20, `${label} can be at most 20 characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${label} may contain only letters, digits, - and _`);

export const nameField = (label: string, max = 120) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(max, `${label} can be at most ${max} characters`);

export interface ListResult<T> {
  data: T[];
  total: number;
  message?: string;
}

export interface WriteResult<T> {
  data: T;
  message: string;
}
