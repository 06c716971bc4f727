import type { Context } from "hono";
import type { z } from "zod";
import { HTTPException } from "hono/http-exception";
import { AppError, databaseErrorCode, type FieldErrors, RetryLaterError } from "../shared/errors.ts";

/**
 * The one error body. The web client shows `message` joined with the first entry under the empty key, so
 * that entry carries the detail (the first field problem) and the field keys carry the rest for forms.
 */
export function errorBody(message: string, fieldErrors: FieldErrors = {}) {
  const first = Object.entries(fieldErrors)
    .map(([field, list]) => `${field}: ${list[0]}`)
    .find((detail) => !message.includes(detail.slice(detail.indexOf(": ") + 2)));
  return { message, errors: { "": first ? [first] : [], ...fieldErrors } };
}

export const INPUT_REFUSED = "A value in the request is out of range or malformed.";

/**
 * SQLSTATEs that only a value sent by the caller can cause: the data exceptions (class 22: a number beyond
 * its column, a malformed date, an invalid escape in a pattern, text too long) and a value too large to index.
 */
const isInputRefusal = (code: string) => code.startsWith("22") || code === "54000";

export const GENERIC_ERROR = "Something went wrong on the server. Please try again; if it keeps happening, tell your administrator.";

export function renderError(c: Context, err: unknown, log: (line: Record<string, unknown>) => void): Response {
  if (err instanceof AppError) {
    if (err instanceof RetryLaterError) c.header("Retry-After", String(err.retryAfterSeconds));
    return c.json(errorBody(err.message, err.fieldErrors), err.status as 400);
  }
  if (err instanceof HTTPException) {
    // Hono's own refusals: malformed JSON (400) and the body size limit (413).
    const message = err.status === 413 ? "The request body is too large." : err.message || "The request could not be read.";
    return c.json(errorBody(message), err.status);
  }
  const dbCode = databaseErrorCode(err);
  if (dbCode === "23505") return c.json(errorBody("A record with the same code already exists."), 409);
  if (dbCode === "23503") return c.json(errorBody("This record is still referenced by other records."), 409);
  if (dbCode && isInputRefusal(dbCode)) {
    // The contracts should have refused this value already; the database's refusal still means bad input,
    // so the caller gets a 400, and the line below tells a developer which contract let it through.
    log({ level: "warn", time: new Date().toISOString(), requestId: c.get("requestId"), sqlstate: dbCode, error: err instanceof Error ? err.message : String(err) });
    return c.json(errorBody(INPUT_REFUSED), 400);
  }
  log({ level: "error", time: new Date().toISOString(), requestId: c.get("requestId"), error: err instanceof Error ? err.stack ?? err.message : String(err) });
  return c.json(errorBody(GENERIC_ERROR), 500);
}

/** A failed zod parse becomes a 400 naming each field and what is wrong with it. */
export function validationError(error: z.ZodError, part: string): AppError {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : part;
    (fields[key] ??= []).push(issue.message);
  }
  return new AppError("VALIDATION", "Please correct the invalid fields.", fields);
}
