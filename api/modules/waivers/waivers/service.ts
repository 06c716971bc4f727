import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import { users, waiverFiles, waiverLines, waivers, waybillChargeAdjustments, waybills } from "../../../../db/schema/index.ts";
import { changedLines, changedValues, recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, EVERY_BRANCH, findInScope } from "../../../shared/branch-scope.ts";
import { lineKey } from "../../../shared/charge-adjustments.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { formatAmount, formatCentavos, toCentavos } from "../../../shared/money.ts";
import { nextNumber } from "../../../shared/numbering.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { cleanFileName, headerFileName, recogniseFile, type SupportingFileType, type UploadedFile } from "../../../shared/uploads.ts";
import { historyOf, initialStatus, transition } from "../../../shared/workflow.ts";
import { waybillSidePaid } from "../../accounting/index.ts";
import type { Caller } from "../../auth/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { waybillPdf } from "../../outbound/index.ts";
import { type ChargeLine, linesOfScope, lineRow, refuseUnfixedWaybill, type WaybillEnd, waybillForAdjusting, waybillSummary } from "../charge-lines.ts";
import {
  actionsFor,
  EDITABLE,
  FILES_OPEN,
  isWaiverApprover,
  isWaiverEndorser,
  LIST_STATUSES,
  listShowsAll,
  NO_ADDITIONAL_CHARGES,
  WAIVER_FILE_MAX_BYTES,
  WAIVER_FILES_MAX,
  WAIVER_MESSAGES,
  WAIVER_SERIES,
  WAIVER_TITLE,
  type WaiverAction,
  type WaiverStatus,
  waiverWorkflow,
} from "./rules.ts";
import type { CreateWaiverInput, UpdateWaiverInput, WaiverDetailRow, WaiverFileRow, WaiverLineInput, WaiverListQuery, WaiverRow, WaiverStatusInput } from "./schemas.ts";

type WaiverRecord = typeof waivers.$inferSelect;

export const waiverTarget = {
  table: waivers,
  id: waivers.id,
  status: waivers.status,
  dateModified: waivers.dateModified,
  label: waivers.waiverNum,
  drafter: waivers.requestedBy,
};

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const sameUser = (a: string | null, b: string) => a !== null && a.toLowerCase() === b.toLowerCase();
const peso = (centavos: bigint) => formatAmount(formatCentavos(centavos));

async function waiverRecord(db: Db, waiverNum: string, scope: BranchScope): Promise<WaiverRecord> {
  return await findInScope(db, waivers, waivers.branchCode, scope, sql`lower(${waivers.waiverNum}) = lower(${waiverNum})`, `Waiver ${waiverNum} was not found.`);
}

async function namesOf(db: Db, userIds: readonly string[]): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter(Boolean))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ userId: users.userId, name: users.name }).from(users).where(inArray(users.userId, ids));
  return new Map(rows.map((r) => [r.userId, r.name || r.userId]));
}

const fileRow = (f: Omit<typeof waiverFiles.$inferSelect, "content">): WaiverFileRow => ({
  id: f.id, fileName: f.fileName, contentType: f.contentType, byteSize: f.byteSize, uploadedBy: f.uploadedBy, dateUploaded: f.dateUploaded.toISOString(),
});

/** The waivers as the screens show them: with their lines (before, waived, after) and their files (without the bytes). */
async function rowsOf(db: Db, records: readonly WaiverRecord[]): Promise<WaiverRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((r) => r.id);
  const [lines, files, names] = await Promise.all([
    db.select().from(waiverLines).where(inArray(waiverLines.waiverId, ids)).orderBy(asc(waiverLines.waiverId), asc(waiverLines.seq)),
    db.select({
      id: waiverFiles.id, waiverId: waiverFiles.waiverId, fileName: waiverFiles.fileName, contentType: waiverFiles.contentType, byteSize: waiverFiles.byteSize,
      sha256: waiverFiles.sha256, uploadedBy: waiverFiles.uploadedBy, dateUploaded: waiverFiles.dateUploaded,
    }).from(waiverFiles).where(inArray(waiverFiles.waiverId, ids)).orderBy(asc(waiverFiles.id)),
    namesOf(db, records.flatMap((r) => [r.requestedBy, r.endorsedBy ?? "", r.decidedBy ?? ""])),
  ]);
  return records.map((r) => ({
    id: r.id,
    waiverNum: r.waiverNum,
    status: r.status as WaiverStatus,
    datApproved: r.status === "Approved",
    wayBillRef: r.wayBillRef,
    branchCode: r.branchCode,
    side: r.side as WaybillEnd,
    remarks: r.remarks,
    total: r.total,
    requestedBy: r.requestedBy,
    requestedByName: names.get(r.requestedBy) ?? r.requestedBy,
    dateSubmitted: r.dateSubmitted?.toISOString() ?? null,
    endorsedBy: r.endorsedBy,
    endorsedByName: r.endorsedBy ? names.get(r.endorsedBy) ?? r.endorsedBy : null,
    dateEndorsed: r.dateEndorsed?.toISOString() ?? null,
    decidedBy: r.decidedBy,
    decidedByName: r.decidedBy ? names.get(r.decidedBy) ?? r.decidedBy : null,
    dateDecided: r.dateDecided?.toISOString() ?? null,
    decisionRemarks: r.decisionRemarks,
    dateCreated: r.dateCreated.toISOString(),
    dateModified: r.dateModified.toISOString(),
    lines: lines.filter((l) => l.waiverId === r.id).map((l) => ({
      chargeCode: l.chargeCode, part: l.part, particulars: l.particulars, availableTo: l.availableTo, chargeValue: l.chargeValue,
      valueBefore: l.valueBefore, amount: l.amount, valueAfter: formatCentavos(toCentavos(l.valueBefore) - toCentavos(l.amount)),
    })),
    files: files.filter((f) => f.waiverId === r.id).map(fileRow),
  }));
}

/** One waiver of a branch the caller works for; another branch's answers as a missing one. */
export async function waiverByNum(db: Db, waiverNum: string, scope: BranchScope): Promise<WaiverRow> {
  const [row] = await rowsOf(db, [await waiverRecord(db, waiverNum, scope)]);
  return row;
}

/**
 * get by id: the waiver with its history (who and when), the waybill as it stands now, whether the waived side is
 * paid for release (the money module's answer), and what the caller may do with it now.
 */
export async function waiverDetail(db: Db, caller: Caller, waiverNum: string): Promise<{ data: WaiverDetailRow }> {
  const waiver = await waiverByNum(db, waiverNum, caller);
  const steps = await historyOf(db, waiverWorkflow, waiver.id);
  const names = await namesOf(db, steps.map((h) => h.actor));
  const submittedBy = steps.findLast((h) => h.action === "submit")?.actor ?? null;
  // The waiver was found within the caller's branches; its waybill is read whichever end it was found from.
  const { waybill } = await waybillForAdjusting(db, waiver.wayBillRef, EVERY_BRANCH);
  const paid = await waybillSidePaid(db, waiver.wayBillRef, waiver.side);
  const drafter = sameUser(waiver.requestedBy, caller.userId);
  return {
    data: {
      ...waiver,
      history: steps.map((h) => ({
        action: h.action, fromStatus: h.fromStatus, toStatus: h.toStatus, actor: h.actor, actorName: names.get(h.actor) ?? h.actor,
        remarks: h.remarks, at: h.dateCreated.toISOString(),
      })),
      waybill: waybillSummary(waybill),
      paid: { side: paid.side, paid: paid.paid, reason: paid.reason },
      actions: actionsFor({ ...waiver, submittedBy }, caller),
      canEdit: drafter && EDITABLE.includes(waiver.status),
      canAttach: drafter && FILES_OPEN.includes(waiver.status),
    },
  };
}

/**
 * search (001 §7): the waybill whose charges are to be waived, with the lines the caller's branches bill and what is
 * open on each; 'No Additional Charges' (001 §8) when nothing is left to waive.
 */
export async function searchWaybill(db: Db, caller: Caller, wayBillRef: string) {
  const { waybill, lines } = await waybillForAdjusting(db, wayBillRef, caller);
  refuseUnfixedWaybill(waybill, "A waiver");
  const mine = linesOfScope(lines, caller);
  const open = mine.reduce((sum, l) => sum + l.open, 0n);
  const data = { waybill: waybillSummary(waybill), lines: mine.map(lineRow), open: formatCentavos(open) };
  return open === 0n ? { data, message: NO_ADDITIONAL_CHARGES } : { data };
}

/**
 * The lines of a waiver as asked, checked against the waybill's lines as they stand: each on the waybill, billed by a
 * branch of the caller's, all by one branch (the waiver's), each amount (or the whole of what is open) no more than
 * what is open on it. Nothing open anywhere is 'No Additional Charges'.
 */
function planLines(waybill: { wayBillRef: string }, lines: readonly ChargeLine[], scope: BranchScope, asked: readonly WaiverLineInput[]) {
  const mine = linesOfScope(lines, scope);
  if (mine.every((l) => l.open === 0n)) throw new AppError("CONFLICT", NO_ADDITIONAL_CHARGES, { lines: [NO_ADDITIONAL_CHARGES] });
  const picked = asked.map((a) => {
    const line = lines.find((l) => l.chargeCode.toLowerCase() === a.chargeCode.toLowerCase() && l.part.toLowerCase() === a.part.toLowerCase());
    const name = `${a.chargeCode.toUpperCase()} ${a.part.toUpperCase()}`;
    if (!line) throw refused("lines", `Charge ${name} is not on waybill ${waybill.wayBillRef}.`);
    if (!mine.includes(line)) throw refused("lines", `Charge ${name} is billed by branch ${line.branchCode}, which you do not work for.`);
    if (line.open === 0n) throw refused("lines", `Charge ${name} has nothing open to waive.`);
    const amount = a.amount === undefined ? line.open : toCentavos(a.amount);
    if (amount > line.open) throw refused("lines", `Charge ${name} has only ${peso(line.open)} open to waive; ${peso(amount)} was asked.`);
    return { line, amount };
  });
  const branches = [...new Set(picked.map((p) => p.line.branchCode))];
  if (branches.length > 1) {
    throw refused("lines", `A waiver's lines are billed by one branch; these are billed by ${branches.join(" and ")}: make a waiver for each.`);
  }
  const [first] = picked;
  return {
    branchCode: first.line.branchCode,
    end: first.line.end,
    total: picked.reduce((sum, p) => sum + p.amount, 0n),
    rows: picked.map((p, i) => ({
      seq: i + 1, chargeCode: p.line.chargeCode, part: p.line.part, particulars: p.line.particulars, availableTo: p.line.availableTo,
      chargeValue: formatCentavos(p.line.computed), valueBefore: formatCentavos(p.line.due), amount: formatCentavos(p.amount),
    })),
  };
}

/** The waybill's row held for the writing transaction: of two waivers of one line at once, the second sees the first. */
async function holdWaybill(tx: Tx, wayBillRef: string): Promise<void> {
  await tx.select({ id: waybills.id }).from(waybills).where(eq(waybills.wayBillRef, wayBillRef)).for("no key update");
}

/** create (001 §7): a Draft waiver of a waybill's lines with its remarks (required, 001 §5), numbered from its branch's WV series. */
export async function createWaiver(db: Db, caller: Caller, input: CreateWaiverInput) {
  const found = await waybillForAdjusting(db, input.wayBillRef, caller);
  refuseUnfixedWaybill(found.waybill, "A waiver");
  const now = new Date();
  const waiverNum = await db.transaction(async (tx: Tx) => {
    await holdWaybill(tx, found.waybill.wayBillRef);
    const { waybill, lines } = await waybillForAdjusting(tx, found.waybill.wayBillRef, caller);
    const plan = planLines(waybill, lines, caller, input.lines);
    const num = await nextNumber(tx, { series: WAIVER_SERIES, branchCode: plan.branchCode, on: now });
    const [row] = await tx.insert(waivers).values({
      waiverNum: num, status: initialStatus(waiverWorkflow), wayBillRef: waybill.wayBillRef, branchCode: plan.branchCode, side: plan.end,
      remarks: input.remarks, total: formatCentavos(plan.total), requestedBy: caller.userId,
      userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
    }).returning({ id: waivers.id });
    await tx.insert(waiverLines).values(plan.rows.map((r) => ({ ...r, waiverId: row.id })));
    await recordAudit(tx, {
      actor: caller.userId, action: "WAIVER_CREATED", target: `waiver:${num}`,
      detail: { recordId: row.id, wayBillRef: waybill.wayBillRef, branchCode: plan.branchCode, total: formatCentavos(plan.total), lines: plan.rows },
    });
    return num;
  });
  return { data: await waiverByNum(db, waiverNum, caller), message: WAIVER_MESSAGES.created };
}

const stale = () => new AppError("CONFLICT", "This waiver was changed by someone else after you opened it. Reload it and try again.");

/** The waiver row locked for the change, refused when it moved on since the caller read it. */
async function lockedAsRead(tx: Tx, id: number, dateModified: string): Promise<WaiverRecord> {
  const [row] = await tx.select().from(waivers).where(eq(waivers.id, id)).for("update");
  if (!row || row.dateModified.getTime() !== new Date(dateModified).getTime()) throw stale();
  return row;
}

function refuseOthersDraft(waiver: WaiverRecord, caller: Caller, doing: string): void {
  if (!sameUser(waiver.requestedBy, caller.userId)) {
    throw new AppError("FORBIDDEN", `Waiver ${waiver.waiverNum} is ${waiver.requestedBy}'s draft; only its drafter ${doing} it.`);
  }
}

/** update waived (001 §7): a draft's remarks and lines, by its drafter, with the dateModified read ('Successfully Updated Waiver.'). */
export async function updateWaiver(db: Db, caller: Caller, waiverNum: string, input: UpdateWaiverInput) {
  const current = await waiverRecord(db, waiverNum, caller);
  if (!EDITABLE.includes(current.status as WaiverStatus)) {
    throw new AppError("CONFLICT", `Waiver ${current.waiverNum} is ${current.status}; only a draft is changed.`);
  }
  refuseOthersDraft(current, caller, "changes");
  const now = new Date();
  await db.transaction(async (tx: Tx) => {
    const before = await lockedAsRead(tx, current.id, input.dateModified);
    await holdWaybill(tx, before.wayBillRef);
    const { waybill, lines } = await waybillForAdjusting(tx, before.wayBillRef, caller, before.id);
    const plan = planLines(waybill, lines, caller, input.lines);
    if (plan.branchCode !== before.branchCode) {
      throw refused("lines", `Waiver ${before.waiverNum} waives what branch ${before.branchCode} bills; make another waiver for branch ${plan.branchCode}'s lines.`);
    }
    const oldLines = await tx.select().from(waiverLines).where(eq(waiverLines.waiverId, before.id)).orderBy(asc(waiverLines.seq));
    await tx.update(waivers).set({ remarks: input.remarks, total: formatCentavos(plan.total), userModified: caller.userId, dateModified: now })
      .where(eq(waivers.id, before.id));
    await tx.delete(waiverLines).where(eq(waiverLines.waiverId, before.id));
    await tx.insert(waiverLines).values(plan.rows.map((r) => ({ ...r, waiverId: before.id })));
    const comparable = (l: { chargeCode: string; part: string; amount: string }) => ({ chargeCode: l.chargeCode, part: l.part, amount: formatCentavos(toCentavos(l.amount)) });
    const lineChange = changedLines(oldLines.map(comparable), plan.rows.map(comparable), lineKey, ["amount"]);
    const fieldChange = changedValues({ remarks: before.remarks, total: formatCentavos(toCentavos(before.total)) }, { remarks: input.remarks, total: formatCentavos(plan.total) });
    if (lineChange || fieldChange) {
      await recordAudit(tx, {
        actor: caller.userId, action: "WAIVER_CHANGED", target: `waiver:${before.waiverNum}`,
        detail: { recordId: before.id, ...(fieldChange ?? {}), ...(lineChange ? { lines: lineChange } : {}) },
      });
    }
  });
  return { data: await waiverByNum(db, current.waiverNum, caller), message: WAIVER_MESSAGES.updated };
}

/**
 * The approval's adjustments (the waived-charges log, 001 §7 CreateWaivedChargesLog), in the approving transaction:
 * each line's amount checked again against what is due on it now (a line re-priced or forgiven meanwhile refuses the
 * approval), written beside the line with what was due before and after, and audited with the before and after.
 */
async function createWaivedChargesLog(tx: Tx, caller: Caller, waiver: WaiverRecord, at: Date): Promise<void> {
  await holdWaybill(tx, waiver.wayBillRef);
  const { waybill, lines } = await waybillForAdjusting(tx, waiver.wayBillRef, EVERY_BRANCH, waiver.id);
  refuseUnfixedWaybill(waybill, "A waiver");
  const asked = await tx.select().from(waiverLines).where(eq(waiverLines.waiverId, waiver.id)).orderBy(asc(waiverLines.seq));
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const l of asked) {
    const line = lines.find((x) => lineKey(x) === lineKey(l));
    const name = `${l.chargeCode} ${l.part}`;
    if (!line) throw new AppError("CONFLICT", `Charge ${name} is no longer on waybill ${waiver.wayBillRef}; deny this waiver.`);
    const amount = toCentavos(l.amount);
    if (amount > line.due) {
      throw new AppError("CONFLICT", `Only ${peso(line.due)} is due on charge ${name} now, less than the ${peso(amount)} this waiver forgives; deny it and draft another.`);
    }
    const valueAfter = line.due - amount;
    await tx.update(waiverLines).set({ valueBefore: formatCentavos(line.due) }).where(eq(waiverLines.id, l.id));
    await tx.insert(waybillChargeAdjustments).values({
      wayBillRef: waiver.wayBillRef, chargeCode: l.chargeCode, part: l.part, availableTo: line.availableTo, kind: "WAIVER", sourceRef: waiver.waiverNum,
      amount: formatCentavos(-amount), valueBefore: formatCentavos(line.due), valueAfter: formatCentavos(valueAfter), approvedBy: caller.userId, dateApproved: at,
    });
    before[name] = { due: formatCentavos(line.due) };
    after[name] = { due: formatCentavos(valueAfter), waived: formatCentavos(amount) };
  }
  await recordAudit(tx, {
    actor: caller.userId, action: "CHARGES_WAIVED", target: `waybill:${waiver.wayBillRef}`,
    detail: { waiverNum: waiver.waiverNum, endorsedBy: waiver.endorsedBy, requestedBy: waiver.requestedBy, before, after },
  });
}

/**
 * update waived status (001 §7): submit for endorsement, endorse (an endorser, their own draft too), deny (at either
 * step, with the reason), approve, with the dateModified read. The workflow refuses an approval or denial by the
 * drafter or by the endorser (four eyes). Approving writes the waived-charges log in the same transaction; after the
 * commit the next step's holders of the branch are told, and the drafter once it is decided.
 */
export async function moveWaiver(db: Db, caller: Caller, waiverNum: string, input: WaiverStatusInput) {
  const current = await waiverRecord(db, waiverNum, caller);
  const action = input.action as WaiverAction;
  if (current.status === "Draft" && waiverWorkflow.actions[action].from.includes("Draft")) {
    refuseOthersDraft(current, caller, action === "endorse" ? "endorses" : "sends");
  }
  const now = new Date();
  const { message } = await db.transaction(async (tx: Tx) => {
    const row = await lockedAsRead(tx, current.id, input.dateModified);
    const set: Record<string, unknown> = { userModified: caller.userId };
    if (action === "submit") set.dateSubmitted = now;
    if (action === "endorse") Object.assign(set, { endorsedBy: caller.userId, dateEndorsed: now, dateSubmitted: row.dateSubmitted ?? now });
    if (action === "approve" || action === "deny" || action === "denyEndorsement") {
      Object.assign(set, { decidedBy: caller.userId, dateDecided: now, decisionRemarks: input.remarks });
    }
    // The workflow first: it refuses the drafter and the endorser (four eyes), and all but one of several clicks.
    const moved = await transition(tx, waiverWorkflow, waiverTarget, { id: row.id, action, actor: caller, remarks: input.remarks, set });
    if (action === "approve") await createWaivedChargesLog(tx, caller, row, now);
    return moved;
  });
  const data = await waiverByNum(db, current.waiverNum, caller);
  await tellNext(db, caller, data, action);
  return { data, message };
}

/** The holders of the next step at the waiver's branch, or the drafter once it is decided. After the commit. */
async function tellNext(db: Db, caller: Caller, waiver: WaiverRow, action: WaiverAction): Promise<void> {
  const url = pathTo(PAGES.waiverRead, { waiverNum: waiver.waiverNum });
  const what = `waybill ${waiver.wayBillRef}, ${formatAmount(waiver.total)} of charges`;
  if (action === "submit") {
    await sendNotification(db, {
      title: WAIVER_TITLE, message: `${waiver.waiverNum}: ${what} to waive waits for your endorsement.`, url, sender: caller.userId,
      holders: { menu: "WAIVER", capabilities: ["ENDORSER", "WAIVER_FOR_ENDORSE"], branchCode: waiver.branchCode }, leaveOutSender: true,
    });
  } else if (action === "endorse") {
    await sendNotification(db, {
      title: WAIVER_TITLE, message: `${waiver.waiverNum}: ${what} to waive, endorsed, waits for your approval.`, url, sender: caller.userId,
      holders: { menu: "WAIVER", capabilities: ["APPROVER"], branchCode: waiver.branchCode }, leaveOutSender: true,
    });
  } else {
    const message = waiver.status === "Approved"
      ? `${waiver.waiverNum}: approved; ${what} waived.`
      : `${waiver.waiverNum}: denied: ${waiver.decisionRemarks}`;
    try {
      await sendNotification(db, { title: WAIVER_TITLE, message, url, sender: caller.userId, userIds: [waiver.requestedBy], leaveOutSender: true });
    } catch (err) {
      // A drafter who has left is not told.
      if (!(err instanceof AppError && err.code === "VALIDATION")) throw err;
    }
  }
}

/** delete revision (001 §7): drafts never sent on, by their drafter, all or none ('Waiver Deleted Successfully.'). */
export async function deleteWaivers(db: Db, caller: Caller, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  await db.transaction(async (tx: Tx) => {
    const found = await tx.select().from(waivers)
      .where(and(inArray(waivers.id, unique), branchCondition(caller, waivers.branchCode)))
      .orderBy(asc(waivers.id)).for("update");
    const missing = unique.filter((id) => !found.some((r) => r.id === id));
    if (missing.length > 0) throw new AppError("NOT_FOUND", `Waiver with id ${missing.join(", ")} was not found; nothing was deleted.`);
    const kept = found.filter((r) => r.status !== "Draft" || r.dateSubmitted !== null || r.endorsedBy !== null);
    if (kept.length > 0) {
      throw new AppError("CONFLICT", `Only a draft never sent on is deleted; these are kept: ${kept.map((r) => `${r.waiverNum} (${r.status})`).join(", ")}.`);
    }
    const others = found.filter((r) => !sameUser(r.requestedBy, caller.userId));
    if (others.length > 0) {
      throw new AppError("FORBIDDEN", `Only its drafter deletes a draft: ${others.map((r) => `${r.waiverNum} is ${r.requestedBy}'s`).join(", ")}.`);
    }
    const lines = await tx.select().from(waiverLines).where(inArray(waiverLines.waiverId, unique));
    await tx.delete(waivers).where(inArray(waivers.id, unique));
    for (const r of found) {
      await recordAudit(tx, {
        actor: caller.userId, action: "WAIVER_DELETED", target: `waiver:${r.waiverNum}`,
        detail: {
          recordId: r.id,
          before: { wayBillRef: r.wayBillRef, remarks: r.remarks, total: r.total, lines: lines.filter((l) => l.waiverId === r.id).map((l) => `${l.chargeCode} ${l.part} ${l.amount}`) },
          after: null,
        },
      });
    }
  });
  return { data: { ids: unique }, message: WAIVER_MESSAGES.deleted };
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * file upload (001 §7): a supporting file attached by the drafter until the waiver is decided. Taken only when its
 * content is a PDF, a JPEG or a PNG (415 otherwise, a program by name), whatever its name or declared type; at most
 * WAIVER_FILE_MAX_BYTES (the route answers 413 beyond) and WAIVER_FILES_MAX files. Kept in the database.
 */
export async function addWaiverFile(db: Db, caller: Caller, waiverNum: string, file: UploadedFile) {
  const current = await waiverRecord(db, waiverNum, caller);
  if (!FILES_OPEN.includes(current.status as WaiverStatus)) {
    throw new AppError("CONFLICT", `Waiver ${current.waiverNum} is ${current.status}; files are attached until it is decided.`);
  }
  if (!sameUser(current.requestedBy, caller.userId)) {
    throw new AppError("FORBIDDEN", `Only the drafter of waiver ${current.waiverNum} attaches its supporting files.`);
  }
  if (file.bytes.length > WAIVER_FILE_MAX_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", `The file is larger than ${WAIVER_FILE_MAX_BYTES / 1024 / 1024} MB; attach a smaller one.`);
  const verdict = recogniseFile(file.bytes);
  if (!verdict.ok) throw new AppError("UNSUPPORTED_MEDIA_TYPE", verdict.reason, { file: [verdict.reason] });
  const sha256 = await sha256Hex(file.bytes);
  const fileName = cleanFileName(file.name);
  const row = await db.transaction(async (tx: Tx) => {
    await tx.select({ id: waivers.id }).from(waivers).where(eq(waivers.id, current.id)).for("update");
    const [{ n }] = await tx.select({ n: count() }).from(waiverFiles).where(eq(waiverFiles.waiverId, current.id));
    if (Number(n) >= WAIVER_FILES_MAX) throw new AppError("CONFLICT", `Waiver ${current.waiverNum} has ${WAIVER_FILES_MAX} files already; remove one first.`);
    const [written] = await tx.insert(waiverFiles).values({
      waiverId: current.id, fileName, contentType: verdict.contentType, byteSize: file.bytes.length, sha256, content: file.bytes,
      uploadedBy: caller.userId, dateUploaded: new Date(),
    }).returning({
      id: waiverFiles.id, waiverId: waiverFiles.waiverId, fileName: waiverFiles.fileName, contentType: waiverFiles.contentType, byteSize: waiverFiles.byteSize,
      sha256: waiverFiles.sha256, uploadedBy: waiverFiles.uploadedBy, dateUploaded: waiverFiles.dateUploaded,
    });
    await recordAudit(tx, {
      actor: caller.userId, action: "WAIVER_FILE_ADDED", target: `waiver:${current.waiverNum}`,
      detail: { recordId: current.id, fileId: written.id, fileName, contentType: verdict.contentType, byteSize: file.bytes.length, sha256, declaredType: file.declaredType },
    });
    return written;
  });
  return { data: fileRow(row), message: WAIVER_MESSAGES.fileAdded };
}

/** A supporting file, to whoever may see its waiver (the waiver's branch). */
export async function waiverFile(db: Db, scope: BranchScope, waiverNum: string, fileId: number): Promise<DownloadFile> {
  const waiver = await waiverRecord(db, waiverNum, scope);
  const [file] = await db.select().from(waiverFiles).where(and(eq(waiverFiles.id, fileId), eq(waiverFiles.waiverId, waiver.id)));
  if (!file) throw new AppError("NOT_FOUND", `Waiver ${waiver.waiverNum} has no file ${fileId}.`);
  return { bytes: file.content, fileName: headerFileName(file.fileName, file.contentType as SupportingFileType), contentType: file.contentType };
}

/** Takes a file off a draft (its drafter); once the waiver is sent on, its files stay with it. */
export async function removeWaiverFile(db: Db, caller: Caller, waiverNum: string, fileId: number) {
  const current = await waiverRecord(db, waiverNum, caller);
  if (!EDITABLE.includes(current.status as WaiverStatus)) {
    throw new AppError("CONFLICT", `Waiver ${current.waiverNum} is ${current.status}; its files stay with it once it is sent on.`);
  }
  refuseOthersDraft(current, caller, "removes files from");
  await db.transaction(async (tx: Tx) => {
    const [gone] = await tx.delete(waiverFiles).where(and(eq(waiverFiles.id, fileId), eq(waiverFiles.waiverId, current.id)))
      .returning({ fileName: waiverFiles.fileName, sha256: waiverFiles.sha256, byteSize: waiverFiles.byteSize });
    if (!gone) throw new AppError("NOT_FOUND", `Waiver ${current.waiverNum} has no file ${fileId}.`);
    await recordAudit(tx, {
      actor: caller.userId, action: "WAIVER_FILE_REMOVED", target: `waiver:${current.waiverNum}`, detail: { recordId: current.id, fileId, ...gone },
    });
  });
  return { data: { id: fileId }, message: WAIVER_MESSAGES.fileRemoved };
}

/** The waybill copy printed from a waiver (001 §6): the outbound printout, COPY on every page unless printed by DAT staff. */
export async function waiverWaybillCopy(db: Db, caller: Caller, waiverNum: string): Promise<DownloadFile> {
  const waiver = await waiverRecord(db, waiverNum, caller);
  // Found within the caller's branches: the destination's staff print the waybill too.
  return await waybillPdf(db, caller, waiver.wayBillRef, EVERY_BRANCH);
}

/**
 * list (001 §7, §6): one of the lists within the caller's branches: their own drafts (Draft, Denied); waiting for
 * endorsement, all of them to an endorser (isEndorser) and their own to anyone else; waiting for approval likewise to
 * an approver (isApprover); approved. 20 a page, newest change first, with the caller's flags.
 */
export async function listWaivers(db: Db, caller: Caller, query: WaiverListQuery) {
  const flags = { isEndorser: isWaiverEndorser(caller), isApprover: isWaiverApprover(caller) };
  const where = and(
    branchCondition(caller, waivers.branchCode),
    inArray(waivers.status, [...LIST_STATUSES[query.list]]),
    listShowsAll(query.list, flags) ? undefined : eq(waivers.requestedBy, caller.userId),
    searchAny([waivers.waiverNum, waivers.wayBillRef, waivers.remarks, waivers.requestedBy], query.search || undefined),
  );
  const [records, [{ total }]] = await Promise.all([
    db.select().from(waivers).where(where).orderBy(desc(waivers.dateModified), desc(waivers.id)).limit(query.take).offset(query.skip),
    db.select({ total: count() }).from(waivers).where(where),
  ]);
  const data = await rowsOf(db, records);
  const answer = { data, total: Number(total), ...flags };
  return data.length === 0 ? { ...answer, message: EMPTY_LIST_MESSAGE } : answer;
}
