import { z } from "zod";
import { listQuery } from "../../shared/contracts.ts";
import { AUDIT_ACTIONS, AUDIT_RECORD_KINDS } from "../../shared/audit-actions.ts";

export { AUDIT_ACTIONS, AUDIT_RECORD_KINDS, type AuditAction, type AuditRecordKind } from "../../shared/audit-actions.ts";

/** An ISO 8601 instant with its offset, or a calendar date (read as UTC midnight; `to` then covers that whole day). */
const instant = (name: string) =>
  z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: `${name} must be an ISO date or date-time, e.g. 2026-01-31 or 2026-01-31T08:00:00Z` })
    // Year 0000 is valid ISO text but no timestamp the database holds.
    .refine((v) => Number(v.slice(0, 4)) >= 1900 && Number(v.slice(0, 4)) <= 2200, `${name} must fall between 1900 and 2200`);

/**
 * GET /audit/load: newest first; search matches actor or target; from and to bound the time (both inclusive);
 * kind and record narrow it to one record ("sales-quotation" and "SQ-MNL-2026-000001": every change of that
 * quotation, its lanes and its approvals), to every record of a kind, or to a reference of any kind.
 */
export const auditQuery = listQuery.omit({ filter: true }).extend({
  action: z.enum(AUDIT_ACTIONS, { error: "action must be one of the audit actions" }).optional(),
  kind: z.enum(AUDIT_RECORD_KINDS, { error: "kind must be one of the record kinds of the audit log" }).optional(),
  record: z.string({ error: "record must be a reference or an id" }).trim()
    .min(1, { error: "record must not be empty" }).max(100, { error: "record must be at most 100 characters" }).optional(),
  from: instant("from").optional(),
  to: instant("to").optional(),
}).superRefine((q, ctx) => {
  if (q.from && q.to && startOf(q.from) > endOf(q.to)) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "to must not be before from" });
  }
});
export type AuditQuery = z.infer<typeof auditQuery>;

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The first instant a `from` value admits. */
export function startOf(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T00:00:00.000Z` : value);
}

/** The last instant a `to` value admits: a bare date covers its whole (UTC) day. */
export function endOf(value: string): Date {
  return new Date(DATE_ONLY.test(value) ? `${value}T23:59:59.999Z` : value);
}

export const auditRow = z.object({
  id: z.number(),
  /** When it happened, ISO 8601 in UTC. */
  at: z.string(),
  /** The signed-in user, or the user id as typed at sign-in. */
  actor: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).nullable(),
  address: z.string().nullable(),
  /** How many times it happened (a repeated refusal is counted in one row); 1 for most rows. */
  repeats: z.number(),
  /** The latest repeat, ISO 8601 in UTC; null when it happened once. */
  lastAt: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;

export const auditList = z.object({ data: z.array(auditRow), total: z.number(), message: z.string().optional() });
