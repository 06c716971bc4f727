import { z } from "zod";

/**
 * Shapes shared by every module's HTTP contract. Imports only zod, so the web app uses the same schemas.
 */
export const MAX_TAKE = 200;

export const listQuery = z.object({
  skip: z.coerce.number().int().min(0, "skip cannot be negative").default(0),
  take: z.coerce.number().int().min(1, "take must be at least 1").max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(20),
  search: z.string().trim().max(100, "search can be at most 100 characters").optional(),
  filter: z.string().trim().max(50, "filter can be at most 50 characters").optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const idParam = z.object({
  id: z.coerce.number({ error: "id must be a number" }).int("id must be a whole number").positive("id must be positive"),
});

/** DELETE bodies: a list of ids, given bare or as { ids }. */
export const deleteBody = z.union([
  z.array(z.number().int().positive()).min(1, "Give at least one id to delete"),
  z.object({ ids: z.array(z.number().int().positive()).min(1, "Give at least one id to delete") }),
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
