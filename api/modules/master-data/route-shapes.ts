import { z } from "zod";
import { listQuery, MAX_TAKE } from "../../shared/contracts.ts";

/**
 * Query, parameter and answer shapes the special calls of every part of master data share, so that a code
 * parameter or a true/false flag is checked, and explained when wrong, the same way on every path.
 */

export const tag = "Master data";

/** A record's code in a path, query or body. */
export const requiredCode = (label: string) =>
  z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(30, `${label} can be at most 30 characters`);

/** A code that may be left out; an empty value counts as left out. */
export const optionalCode = (label: string) =>
  z.string().trim().max(30, `${label} can be at most 30 characters`).optional().transform((v) => (v === "" ? undefined : v));

/** A query flag written true or false. */
export const trueFalse = (name: string) =>
  z.enum(["true", "false"], { error: `${name} must be true or false` }).transform((v) => v === "true");

/** A query flag that counts as false when left out. */
export const optionalTrueFalse = (name: string) =>
  z.enum(["true", "false"], { error: `${name} must be true or false` }).optional().transform((v) => v === "true");

export const codeParam = z.object({ code: requiredCode("code") });

/** The search and status filter of a list. */
export const listFilters = z.object({ search: listQuery.shape.search, filter: listQuery.shape.filter });

/**
 * A list a screen or another module usually reads whole: up to MAX_TAKE rows unless take says fewer, and skip
 * for the rest; `total` tells whether there is more.
 */
export const wholeListQuery = listFilters.extend({
  skip: listQuery.shape.skip,
  take: z.coerce.number().int().min(1, "take must be at least 1").max(MAX_TAKE, `take can be at most ${MAX_TAKE}`).default(MAX_TAKE),
});

/** A page of a list: the rows, the total and the empty-list notice. */
export const pageAnswer = (row: z.ZodType) => z.object({ data: z.array(row), total: z.number(), message: z.string().optional() });

/** An unpaged list, with the empty-list notice. */
export const listAnswer = (row: z.ZodType) => z.object({ data: z.array(row), message: z.string().optional() });

/** A write: the record written and the notice to show. */
export const writeAnswer = (row: z.ZodType) => z.object({ data: row, message: z.string() });

export const removedAnswer = writeAnswer(z.object({ ids: z.array(z.number()) }));
