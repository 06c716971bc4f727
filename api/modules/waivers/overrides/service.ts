import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import { chargeOverrides, users, waybillChargeAdjustments, waybills } from "../../../../db/schema/index.ts";
import { changedValues, recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, EVERY_BRANCH, findInScope } from "../../../shared/branch-scope.ts";
import { lineKey } from "../../../shared/charge-adjustments.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError, databaseErrorCode } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { formatAmount, formatCentavos, toCentavos } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { historyOf, initialStatus, transition } from "../../../shared/workflow.ts";
import { waybillSidePaid } from "../../accounting/index.ts";
import type { Caller } from "../../auth/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { type ChargeLine, lineRow, linesOfScope, refuseUnfixedWaybill, waybillForAdjusting, waybillSummary } from "../charge-lines.ts";
import {
  isOverrideApprover,
  OVERRIDE_EDITABLE,
  OVERRIDE_LIST_STATUSES,
  OVERRIDE_MESSAGES,
  OVERRIDE_SERIES,
  OVERRIDE_TITLE,
  type OverrideAction,
  overrideActionsFor,
  overrideListShowsAll,
  type OverrideStatus,
  overrideWorkflow,
} from "./rules.ts";
import type { CreateOverrideInput, OverrideDetailRow, OverrideListQuery, OverrideRow, OverrideStatusInput, UpdateOverrideInput } from "./schemas.ts";

type OverrideRecord = typeof chargeOverrides.$inferSelect;

export const overrideTarget = {
  table: chargeOverrides,
  id: chargeOverrides.id,
  status: chargeOverrides.status,
  dateModified: chargeOverrides.dateModified,
  label: chargeOverrides.overrideNum,
  drafter: chargeOverrides.requestedBy,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const sameUser = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
const peso = (centavos: bigint) => formatAmount(formatCentavos(centavos));

async function overrideRecord(db: Db, overrideNum: string, scope: BranchScope): Promise<OverrideRecord> {
  return await findInScope(
    db, chargeOverrides, chargeOverrides.branchCode, scope, sql`lower(${chargeOverrides.overrideNum}) = lower(${overrideNum})`,
    `Charge override ${overrideNum} was not found.`,
  );
}

async function namesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ userId: users.userId, name: users.name }).from(users).where(inArray(users.userId, ids));
  return new Map(rows.map((r) => [r.userId, r.name || r.userId]));
}

async function rowsOf(db: Db, records: readonly OverrideRecord[]): Promise<OverrideRow[]> {
  const names = await namesOf(db, records.flatMap((r) => [r.requestedBy, r.decidedBy ?? ""]));
  return records.map((r) => ({
    id: r.id, overrideNum: r.overrideNum, status: r.status as OverrideStatus, wayBillRef: r.wayBillRef, branchCode: r.branchCode,
    chargeCode: r.chargeCode, part: r.part, particulars: r.particulars, availableTo: r.availableTo,
    chargeValue: r.chargeValue, valueBefore: r.valueBefore, newValue: r.newValue,
    difference: formatCentavos(toCentavos(r.newValue) - toCentavos(r.valueBefore)),
    reason: r.reason, requestedBy: r.requestedBy, requestedByName: names.get(r.requestedBy) ?? r.requestedBy,
    dateSubmitted: r.dateSubmitted?.toISOString() ?? null, decidedBy: r.decidedBy,
    decidedByName: r.decidedBy ? names.get(r.decidedBy) ?? r.decidedBy : null, dateDecided: r.dateDecided?.toISOString() ?? null,
    decisionRemarks: r.decisionRemarks, dateCreated: r.dateCreated.toISOString(), dateModified: r.dateModified.toISOString(),
  }));
}

export async function overrideByNum(db: Db, overrideNum: string, scope: BranchScope): Promise<OverrideRow> {
  const [row] = await rowsOf(db, [await overrideRecord(db, overrideNum, scope)]);
  return row;
}

/** get: the override, its history, the waybill and the line as they stand now, the line's side's paid answer, the caller's actions. */
export async function overrideDetail(db: Db, caller: Caller, overrideNum: string): Promise<{ data: OverrideDetailRow }> {
  const o = await overrideByNum(db, overrideNum, caller);
  const steps = await historyOf(db, overrideWorkflow, o.id);
  const names = await namesOf(db, steps.map((h) => h.actor));
  const submittedBy = steps.findLast((h) => h.action === "submit")?.actor ?? null;
  const { waybill, lines } = await waybillForAdjusting(db, o.wayBillRef, EVERY_BRANCH);
  const line = lines.find((l) => lineKey(l) === lineKey(o));
  const paid = await waybillSidePaid(db, o.wayBillRef, line?.end ?? (o.availableTo === "C" || o.availableTo === "AD" ? "destination" : "origin"));
  return {
    data: {
      ...o,
      history: steps.map((h) => ({
        action: h.action, fromStatus: h.fromStatus, toStatus: h.toStatus, actor: h.actor, actorName: names.get(h.actor) ?? h.actor, remarks: h.remarks,
        at: h.dateCreated.toISOString(),
      })),
      waybill: waybillSummary(waybill),
      line: line ? lineRow(line) : null,
      paid: { side: paid.side, paid: paid.paid, reason: paid.reason },
      actions: overrideActionsFor({ ...o, submittedBy }, caller),
      canEdit: sameUser(o.requestedBy, caller.userId) && OVERRIDE_EDITABLE.includes(o.status),
    },
  };
}

/** get waybill (001 §7): a waybill of the caller's origin or destination with the lines their branches bill, as they stand. */
export async function overrideWaybill(db: Db, caller: Caller, wayBillRef: string) {
  const { waybill, lines } = await waybillForAdjusting(db, wayBillRef, caller);
  refuseUnfixedWaybill(waybill, "An override");
  const mine = linesOfScope(lines, caller);
  const data = { waybill: waybillSummary(waybill), lines: mine.map(lineRow) };
  return mine.length === 0 ? { data, message: `No charge of waybill ${waybill.wayBillRef} is billed by your branches.` } : { data };
}

/** get code (001 §7): the charge lines of a waybill the caller may override, for the form's choice. */
export async function overrideCodes(db: Db, caller: Caller, wayBillRef: string) {
  const { data, message } = await overrideWaybill(db, caller, wayBillRef);
  const codes = data.lines.map((l) => ({ chargeCode: l.chargeCode, part: l.part, particulars: l.particulars, value: l.value, openOverride: l.openOverride }));
  return message ? { data: codes, message } : { data: codes };
}

/**
 * The line an override asks to change, checked: on the waybill, billed by a branch of the caller's, and the new value
 * neither its value now nor below what waivers forgave or hold of it.
 */
function checkedLine(waybillRef: string, lines: readonly ChargeLine[], scope: BranchScope, asked: { chargeCode: string; part: string; newValue: string }) {
  const line = lines.find((l) => l.chargeCode.toLowerCase() === asked.chargeCode.toLowerCase() && l.part.toLowerCase() === asked.part.toLowerCase());
  const name = `${asked.chargeCode.toUpperCase()} ${asked.part.toUpperCase()}`;
  if (!line) throw refused("chargeCode", `Charge ${name} is not on waybill ${waybillRef}.`);
  if (!linesOfScope([line], scope).length) throw refused("chargeCode", `Charge ${name} is billed by branch ${line.branchCode}, which you do not work for.`);
  const value = toCentavos(asked.newValue);
  if (value === line.value) throw refused("newValue", `Charge ${name} is ${peso(line.value)} already; give the value it should have.`);
  const forgiven = line.waived + line.held;
  if (value < forgiven) {
    throw refused("newValue", `${peso(forgiven)} of charge ${name} is waived or held by a waiver; its value cannot go below that.`);
  }
  return { line, value };
}

const openOverride = (found: string) =>
  new AppError("CONFLICT", `This charge line has override ${found} open; change that one or wait for its decision.`, { chargeCode: [`Override ${found} is open`] });

async function holdWaybill(tx: Tx, wayBillRef: string): Promise<void> {
  await tx.select({ id: waybills.id }).from(waybills).where(eq(waybills.wayBillRef, wayBillRef)).for("no key update");
}

/** create (001 §7): a Draft override of one line, numbered from its branch's OVR series ('Successfully Created Waybill Override Charge.'). */
export async function createOverride(db: Db, caller: Caller, input: CreateOverrideInput) {
  const found = await waybillForAdjusting(db, input.wayBillRef, caller);
  refuseUnfixedWaybill(found.waybill, "An override");
  const now = new Date();
  try {
    const overrideNum = await db.transaction(async (tx: Tx) => {
      await holdWaybill(tx, found.waybill.wayBillRef);
      const { waybill, lines } = await waybillForAdjusting(tx, found.waybill.wayBillRef, caller);
      const { line, value } = checkedLine(waybill.wayBillRef, lines, caller, input);
      if (line.openOverride) throw openOverride(line.openOverride);
      const num = await nextNumber(tx, { series: OVERRIDE_SERIES, branchCode: line.branchCode, on: now });
      const values = {
        overrideNum: num, status: initialStatus(overrideWorkflow), wayBillRef: waybill.wayBillRef, branchCode: line.branchCode,
        chargeCode: line.chargeCode, part: line.part, particulars: line.particulars, availableTo: line.availableTo,
        chargeValue: formatCentavos(line.computed), valueBefore: formatCentavos(line.value), newValue: formatCentavos(value), reason: input.reason,
        requestedBy: caller.userId, userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      };
      const [row] = await tx.insert(chargeOverrides).values(values).returning({ id: chargeOverrides.id });
      await recordAudit(tx, {
        actor: caller.userId, action: "CHARGE_OVERRIDE_CREATED", target: `charge-override:${num}`,
        detail: { recordId: row.id, wayBillRef: waybill.wayBillRef, line: lineKey(line), valueBefore: values.valueBefore, newValue: values.newValue, reason: input.reason },
      });
      return num;
    });
    return { data: await overrideByNum(db, overrideNum, caller), message: OVERRIDE_MESSAGES.created };
  } catch (err) {
    // Of two drafts of one line at once, the index lets one through.
    if (databaseErrorCode(err) === "23505") throw openOverride("of another user");
    throw err;
  }
}

const stale = () => new AppError("CONFLICT", "This charge override was changed by someone else after you opened it. Reload it and try again.");

async function lockedAsRead(tx: Tx, id: number, dateModified: string): Promise<OverrideRecord> {
  const [row] = await tx.select().from(chargeOverrides).where(eq(chargeOverrides.id, id)).for("update");
  if (!row || row.dateModified.getTime() !== new Date(dateModified).getTime()) throw stale();
  return row;
}

function refuseOthersDraft(o: OverrideRecord, caller: Caller, doing: string): void {
  if (!sameUser(o.requestedBy, caller.userId)) {
    throw new AppError("FORBIDDEN", `Charge override ${o.overrideNum} is ${o.requestedBy}'s draft; only its drafter ${doing} it.`);
  }
}

/** update (001 §7): a draft's new value and reason, by its drafter, with the dateModified read. */
export async function updateOverride(db: Db, caller: Caller, overrideNum: string, input: UpdateOverrideInput) {
  const current = await overrideRecord(db, overrideNum, caller);
  if (!OVERRIDE_EDITABLE.includes(current.status as OverrideStatus)) {
    throw new AppError("CONFLICT", `Charge override ${current.overrideNum} is ${current.status}; only a draft is changed.`);
  }
  refuseOthersDraft(current, caller, "changes");
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const before = await lockedAsRead(tx, current.id, input.dateModified);
    await holdWaybill(tx, before.wayBillRef);
    const { waybill, lines } = await waybillForAdjusting(tx, before.wayBillRef, caller);
    const { line, value } = checkedLine(waybill.wayBillRef, lines, caller, { chargeCode: before.chargeCode, part: before.part, newValue: input.newValue });
    const after = { valueBefore: formatCentavos(line.value), newValue: formatCentavos(value), reason: input.reason };
    await tx.update(chargeOverrides).set({ ...after, chargeValue: formatCentavos(line.computed), userModified: caller.userId, dateModified: now })
      .where(eq(chargeOverrides.id, before.id));
    const diff = changedValues(
      { valueBefore: formatCentavos(toCentavos(before.valueBefore)), newValue: formatCentavos(toCentavos(before.newValue)), reason: before.reason },
      after,
    );
    if (diff) {
      await recordAudit(tx, { actor: caller.userId, action: "CHARGE_OVERRIDE_CHANGED", target: `charge-override:${before.overrideNum}`, detail: { recordId: before.id, ...diff } });
    }
  });
  return { data: await overrideByNum(db, current.overrideNum, caller), message: OVERRIDE_MESSAGES.updated };
}

/**
 * The approved override written beside its line, in the approving transaction: the line's value must still be the one
 * the override was drafted against (else it is refused: deny it and draft again), and not below what waivers forgave
 * or hold; the adjustment is the difference, audited with the line's value before and after.
 */
async function applyOverride(tx: Tx, caller: Caller, o: OverrideRecord, at: Date): Promise<void> {
  await holdWaybill(tx, o.wayBillRef);
  const { waybill, lines } = await waybillForAdjusting(tx, o.wayBillRef, EVERY_BRANCH);
  refuseUnfixedWaybill(waybill, "An override");
  const name = `${o.chargeCode} ${o.part}`;
  const line = lines.find((l) => lineKey(l) === lineKey(o));
  if (!line) throw new AppError("CONFLICT", `Charge ${name} is no longer on waybill ${o.wayBillRef}; deny this override.`);
  const before = toCentavos(o.valueBefore);
  if (line.value !== before) {
    throw new AppError("CONFLICT", `Charge ${name} is ${peso(line.value)} now, not the ${peso(before)} this override was drafted against; deny it and draft another.`);
  }
  const value = toCentavos(o.newValue);
  if (value < line.waived + line.held) {
    throw new AppError("CONFLICT", `${peso(line.waived + line.held)} of charge ${name} is waived or held by a waiver now; its value cannot go below that. Deny this override.`);
  }
  await tx.insert(waybillChargeAdjustments).values({
    wayBillRef: o.wayBillRef, chargeCode: o.chargeCode, part: o.part, availableTo: line.availableTo, kind: "OVERRIDE", sourceRef: o.overrideNum,
    amount: formatCentavos(value - before), valueBefore: formatCentavos(before), valueAfter: formatCentavos(value), approvedBy: caller.userId, dateApproved: at,
  });
  await recordAudit(tx, {
    actor: caller.userId, action: "CHARGE_OVERRIDDEN", target: `waybill:${o.wayBillRef}`,
    detail: {
      overrideNum: o.overrideNum, requestedBy: o.requestedBy, reason: o.reason,
      before: { [name]: { value: formatCentavos(before) }, total: waybill.totals.total },
      after: { [name]: { value: formatCentavos(value) }, total: formatCentavos(toCentavos(waybill.totals.total) + value - before) },
    },
  });
}

/**
 * update status (001 §7): submit for approval (the drafter), approve or deny (an approver, never the drafter nor the
 * sender: four eyes in the workflow), with the dateModified read. Approving writes the adjustment in the same
 * transaction; the branch's approvers are told of a submit, the drafter of the decision.
 */
export async function moveOverride(db: Db, caller: Caller, overrideNum: string, input: OverrideStatusInput) {
  const current = await overrideRecord(db, overrideNum, caller);
  const action = input.action as OverrideAction;
  if (action === "submit") refuseOthersDraft(current, caller, "sends");
  const now = new Date();
  const { message } = await db.transaction(async (tx: Tx) => {
    const row = await lockedAsRead(tx, current.id, input.dateModified);
    const set: Record<string, unknown> = { userModified: caller.userId };
    if (action === "submit") set.dateSubmitted = now;
    else Object.assign(set, { decidedBy: caller.userId, dateDecided: now, decisionRemarks: input.remarks });
    const moved = await transition(tx, overrideWorkflow, overrideTarget, { id: row.id, action, actor: caller, remarks: input.remarks, set });
    if (action === "approve") await applyOverride(tx, caller, row, now);
    return moved;
  });
  const data = await overrideByNum(db, current.overrideNum, caller);
  const url = pathTo(PAGES.overrideRead, { overrideNum: data.overrideNum });
  const what = `charge ${data.chargeCode} ${data.part} of waybill ${data.wayBillRef} from ${formatAmount(data.valueBefore)} to ${formatAmount(data.newValue)}`;
  if (action === "submit") {
    await sendNotification(db, {
      title: OVERRIDE_TITLE, message: `${data.overrideNum}: override of ${what} waits for your approval.`, url, sender: caller.userId,
      holders: { menu: "WAIVER", capabilities: ["APPROVER"], branchCode: data.branchCode }, leaveOutSender: true,
    });
  } else {
    const text = data.status === "Approved" ? `${data.overrideNum}: approved; ${what}.` : `${data.overrideNum}: denied: ${data.decisionRemarks}`;
    try {
      await sendNotification(db, { title: OVERRIDE_TITLE, message: text, url, sender: caller.userId, userIds: [data.requestedBy], leaveOutSender: true });
    } catch (err) {
      if (!(err instanceof AppError && err.code === "VALIDATION")) throw err;
    }
  }
  return { data, message };
}

/** delete (001 §7): drafts never sent, by their drafter, all or none. */
export async function deleteOverrides(db: Db, caller: Caller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx: Tx) => {
    const found = await tx.select().from(chargeOverrides)
      .where(and(inArray(chargeOverrides.id, unique), branchCondition(caller, chargeOverrides.branchCode)))
      .orderBy(asc(chargeOverrides.id)).for("update");
    const missing = unique.filter((id) => !found.some((r) => r.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `Charge override with id ${missing.join(", ")} was not found; nothing was deleted.`);
    const kept = found.filter((r) => r.status !== "Draft" || r.dateSubmitted !== null);
    if (kept.length > 0) {
      throw new AppError("CONFLICT", `Only a draft never sent for approval is deleted; these are kept: ${kept.map((r) => `${r.overrideNum} (${r.status})`).join(", ")}.`);
    }
    const others = found.filter((r) => !sameUser(r.requestedBy, caller.userId));
    if (others.length > 0) {
      throw new AppError("FORBIDDEN", `Only its drafter deletes a draft: ${others.map((r) => `${r.overrideNum} is ${r.requestedBy}'s`).join(", ")}.`);
    }
    await tx.delete(chargeOverrides).where(inArray(chargeOverrides.id, unique));
    for (const r of found) {
      await recordAudit(tx, {
        actor: caller.userId, action: "CHARGE_OVERRIDE_DELETED", target: `charge-override:${r.overrideNum}`,
        detail: { recordId: r.id, before: { wayBillRef: r.wayBillRef, line: `${r.chargeCode} ${r.part}`, valueBefore: r.valueBefore, newValue: r.newValue, reason: r.reason }, after: null },
      });
    }
  });
  return { data: { ids: unique }, message: OVERRIDE_MESSAGES.deleted };
}

/** list (001 §7, §6): drafts (their own), the approval list (all of the branches to an approver, their own to others), approved. */
export async function listOverrides(db: Db, caller: Caller, query: OverrideListQuery) {
  const flags = { isApprover: isOverrideApprover(caller) };
  const where = and(
    branchCondition(caller, chargeOverrides.branchCode),
    inArray(chargeOverrides.status, [...OVERRIDE_LIST_STATUSES[query.list]]),
    overrideListShowsAll(query.list, flags) ? undefined : eq(chargeOverrides.requestedBy, caller.userId),
    searchAny([chargeOverrides.overrideNum, chargeOverrides.wayBillRef, chargeOverrides.chargeCode, chargeOverrides.reason, chargeOverrides.requestedBy], query.search || undefined),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(chargeOverrides).where(where).orderBy(desc(chargeOverrides.dateModified), desc(chargeOverrides.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(chargeOverrides).where(where),
  ]);
  const data = await rowsOf(db, records);
  const answer = { data, total: Number(total), ...flags };
  return data.length === 0 ? { ...answer, message: EMPTY_LIST_MESSAGE } : answer;
}
