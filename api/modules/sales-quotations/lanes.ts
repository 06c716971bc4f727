import { and, asc, count, desc, eq, inArray, max, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../db/client.ts";
import { charges, salesQuotationCharges, salesQuotationDocuments, salesQuotations } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { type AuditAction, changedLines, changedValues, recordAudit } from "../../shared/audit.ts";
import type { ListResult } from "../../shared/contracts.ts";
import { AppError } from "../../shared/errors.ts";
import { sumAmounts } from "../../shared/money.ts";
import { priceLane } from "./pricing.ts";
import type { ChargeRow, LaneInput, LaneRow } from "./schemas.ts";
import { ofQuotationsInScope } from "./scope.ts";
import { EDITABLE_STATUSES, type SqStatus } from "./workflow.ts";

/**
 * The lanes of a quotation (SalesQuotationDocuments in 001 §3, §7), each priced from the rate
 * tables when saved. Only the quotation's own AE changes them, and only while it is a draft or was denied.
 */

export interface LaneEditor extends BranchScope {
  userId: string;
}

type Quotation = typeof salesQuotations.$inferSelect;
type Document = typeof salesQuotationDocuments.$inferSelect;

/** Locks the quotation for the rest of the transaction and checks the caller may still change it. */
export async function lockEditable(tx: Tx, caller: LaneEditor, sqRefNum: string): Promise<Quotation> {
  const [quotation] = await tx.select().from(salesQuotations)
    .where(and(sql`lower(${salesQuotations.sqRefNum}) = lower(${sqRefNum})`, branchCondition(caller, salesQuotations.branchCode))).for("update");
  if (!quotation) throw new AppError("NOT_FOUND", `Sales quotation ${sqRefNum} was not found.`);
  if (quotation.userId !== caller.userId) {
    throw new AppError("FORBIDDEN", `Only ${quotation.userId}, the quotation's account executive, may change it.`);
  }
  if (!EDITABLE_STATUSES.includes(quotation.status as SqStatus)) {
    throw new AppError("CONFLICT", `Sales quotation ${quotation.sqRefNum} is ${quotation.status}; only a draft or a denied quotation can be changed.`);
  }
  return quotation;
}

const endOf = (port: string, area: string | null, province: string) =>
  [port, area ?? "", province.trim().toLowerCase()].join("|").toLowerCase();
const laneKey = (d: Pick<Document, "originPortCode" | "originAreaCode" | "originProvince" | "destinationPortCode" | "destinationAreaCode" | "destinationProvince">) =>
  `${endOf(d.originPortCode, d.originAreaCode, d.originProvince)}>${endOf(d.destinationPortCode, d.destinationAreaCode, d.destinationProvince)}`;
const describeEnd = (port: string, area: string | null, province: string) =>
  [area ?? port, province].filter((part) => part !== "").join(", ");
const describe = (d: Parameters<typeof laneKey>[0]) =>
  `${describeEnd(d.originPortCode, d.originAreaCode, d.originProvince)} to ${describeEnd(d.destinationPortCode, d.destinationAreaCode, d.destinationProvince)}`;

/** 001 §5: one area and province pair once per quotation. */
function refuseDuplicate(existing: readonly Document[], lane: Parameters<typeof laneKey>[0], position: string) {
  const twin = existing.find((d) => laneKey(d) === laneKey(lane));
  if (twin) {
    throw new AppError(
      "CONFLICT",
      `Duplicate area province: ${describe(lane)} is already lane ${twin.lineNo} of this quotation${position}.`,
      { documents: ["Duplicate area province"] },
    );
  }
}

function laneValues(lane: LaneInput) {
  return {
    teu: lane.teu,
    bags: lane.bags,
    tons: lane.tons,
    isTandem: lane.isTandem,
    isOpenVan: lane.isOpenVan,
    withInsurance: lane.withInsurance,
    termsAndConditions: lane.termsAndConditions,
  };
}

async function writeCharges(tx: Tx, sqdocNum: string, rows: readonly ChargeRow[], userId: string) {
  await tx.delete(salesQuotationCharges).where(eq(salesQuotationCharges.sqdocNum, sqdocNum));
  if (rows.length === 0) return;
  await tx.insert(salesQuotationCharges).values(rows.map((r) => ({
    sqdocNum,
    chargeCode: r.chargeCode,
    chargePart: r.chargePart,
    rateUnit: r.rateUnit,
    quantity: r.quantity,
    source: r.source,
    standardRate: r.standardRate,
    requestedRate: r.requestedRate,
    standardAmount: r.standardAmount,
    amount: r.amount,
    userCreated: userId,
    userModified: userId,
  })));
}

// ---------------------------------------------------------------------------------------------- audit

/** A lane as the audit log compares it: its own fields and its charge lines. */
interface LaneState {
  doc: Document;
  lines: ChargeStored[];
}

/** The fields of a charge line whose change the log keeps; a line is named by its charge and part. */
const LINE_FIELDS = ["rateUnit", "quantity", "source", "standardRate", "requestedRate", "standardAmount", "amount"] as const;
const lineKey = (line: ChargeStored) => `${line.chargeCode}/${line.chargePart}`;

async function laneState(tx: Tx, sqdocNum: string): Promise<LaneState | null> {
  const [doc] = await tx.select().from(salesQuotationDocuments).where(eq(salesQuotationDocuments.sqdocNum, sqdocNum));
  if (!doc) return null;
  const lines = await tx.select().from(salesQuotationCharges).where(eq(salesQuotationCharges.sqdocNum, sqdocNum)).orderBy(asc(salesQuotationCharges.id));
  return { doc, lines };
}

/** The lane's own fields the log compares: everything but its keys and bookkeeping. */
function laneFields(doc: Document): Record<string, unknown> {
  const { id: _id, sqdocNum: _num, sqRefNum: _ref, lineNo: _line, ...fields } = doc;
  return fields;
}

/**
 * One audit row for a lane added, changed or removed, on the quotation it belongs to: only the lane fields and
 * charge lines that changed, before and after. A change that changed nothing writes no row.
 */
async function auditLane(tx: Tx, userId: string, action: AuditAction, before: LaneState | null, after: LaneState | null) {
  const fields = changedValues(before && laneFields(before.doc), after && laneFields(after.doc));
  const lines = changedLines(before?.lines ?? [], after?.lines ?? [], lineKey, LINE_FIELDS);
  if (!fields && !lines) return;
  const side = (which: "before" | "after", state: LaneState | null) =>
    state === null ? null : { ...fields?.[which], ...(lines ? { charges: lines[which] } : {}) };
  const doc = (after ?? before)!.doc;
  await recordAudit(tx, {
    actor: userId,
    action,
    target: `sales-quotation:${doc.sqRefNum}`,
    detail: { lane: doc.sqdocNum, lineNo: doc.lineNo, before: side("before", before), after: side("after", after) },
  });
}

/** MultipleInsertDocsWAreas: adds lanes to a quotation, each priced at the rates in force on its date. */
export async function insertLanes(db: Db, caller: LaneEditor, sqRefNum: string, lanes: readonly LaneInput[]) {
  const sqdocNums = await db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    const quotation = await lockEditable(tx, caller, sqRefNum);
    const existing = await tx.select().from(salesQuotationDocuments).where(eq(salesQuotationDocuments.sqRefNum, quotation.sqRefNum));
    const [{ last }] = await tx.select({ last: max(salesQuotationDocuments.lineNo) }).from(salesQuotationDocuments)
      .where(eq(salesQuotationDocuments.sqRefNum, quotation.sqRefNum));
    let lineNo = last ?? 0;
    const written: string[] = [];
    for (const [index, lane] of lanes.entries()) {
      const priced = await priceLane(tx, { ...lane, cargoTypeCode: quotation.cargoTypeCode, sqDate: quotation.sqDate });
      const codes = priced.place;
      refuseDuplicate(existing, codes, lanes.length > 1 ? ` (lane ${index + 1} of those sent)` : "");
      lineNo += 1;
      const sqdocNum = `${quotation.sqRefNum}-${String(lineNo).padStart(2, "0")}`;
      const [doc] = await tx.insert(salesQuotationDocuments).values({
        sqdocNum, sqRefNum: quotation.sqRefNum, lineNo, ...codes, ...laneValues(lane), userCreated: caller.userId, userModified: caller.userId,
      }).returning();
      existing.push(doc);
      await writeCharges(tx, sqdocNum, priced.charges, caller.userId);
      await auditLane(tx, caller.userId, "QUOTATION_LANE_ADDED", null, await laneState(tx, sqdocNum));
      written.push(sqdocNum);
    }
    await touch(tx, quotation.id, caller.userId);
    return written;
  });
  const data = await lanesWhere(db, inArray(salesQuotationDocuments.sqdocNum, sqdocNums));
  return { data, message: `${data.length} lane(s) added to sales quotation ${data[0]?.sqRefNum ?? sqRefNum}` };
}

async function touch(tx: Tx, id: number, userId: string) {
  await tx.update(salesQuotations).set({ dateModified: new Date(), userModified: userId }).where(eq(salesQuotations.id, id));
}

async function documentByNumber(db: Db, sqdocNum: string, scope: BranchScope): Promise<Document> {
  const [doc] = await db.select().from(salesQuotationDocuments).where(and(
    sql`lower(${salesQuotationDocuments.sqdocNum}) = lower(${sqdocNum})`,
    ofQuotationsInScope(db, scope, salesQuotationDocuments.sqRefNum),
  ));
  if (!doc) throw new AppError("NOT_FOUND", `Quotation document ${sqdocNum} was not found.`);
  return doc;
}

/** UpdateManyDocsWAreas/{sqdocNum}: changes a lane and prices it again; its charges are replaced. */
export async function updateLane(db: Db, caller: LaneEditor, sqdocNum: string, lane: LaneInput) {
  const doc = await documentByNumber(db, sqdocNum, caller);
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    const quotation = await lockEditable(tx, caller, doc.sqRefNum);
    const before = await laneState(tx, doc.sqdocNum);
    const priced = await priceLane(tx, { ...lane, cargoTypeCode: quotation.cargoTypeCode, sqDate: quotation.sqDate });
    const codes = priced.place;
    const others = await tx.select().from(salesQuotationDocuments)
      .where(and(eq(salesQuotationDocuments.sqRefNum, quotation.sqRefNum), sql`${salesQuotationDocuments.id} <> ${doc.id}`));
    refuseDuplicate(others, codes, "");
    await tx.update(salesQuotationDocuments).set({ ...codes, ...laneValues(lane), dateModified: new Date(), userModified: caller.userId })
      .where(eq(salesQuotationDocuments.id, doc.id));
    await writeCharges(tx, doc.sqdocNum, priced.charges, caller.userId);
    await auditLane(tx, caller.userId, "QUOTATION_LANE_CHANGED", before, await laneState(tx, doc.sqdocNum));
    await touch(tx, quotation.id, caller.userId);
  });
  return { data: await laneByNumber(db, doc.sqdocNum, caller).then((r) => r.data), message: `Lane ${doc.lineNo} of ${doc.sqRefNum} updated` };
}

/** deleteDocsWArea/{id}: removes a lane and its charges. */
export async function deleteLane(db: Db, caller: LaneEditor, id: number) {
  const [doc] = await db.select().from(salesQuotationDocuments)
    .where(and(eq(salesQuotationDocuments.id, id), ofQuotationsInScope(db, caller, salesQuotationDocuments.sqRefNum)));
  if (!doc) throw new AppError("NOT_FOUND", "The quotation document was not found.");
  await db.transaction(async (raw) => {
    const tx = raw as unknown as Tx;
    const quotation = await lockEditable(tx, caller, doc.sqRefNum);
    const before = await laneState(tx, doc.sqdocNum);
    await tx.delete(salesQuotationDocuments).where(eq(salesQuotationDocuments.id, doc.id));
    await auditLane(tx, caller.userId, "QUOTATION_LANE_REMOVED", before, null);
    await touch(tx, quotation.id, caller.userId);
  });
  return { message: `Lane ${doc.lineNo} removed from sales quotation ${doc.sqRefNum}` };
}

type ChargeStored = typeof salesQuotationCharges.$inferSelect;

/** Lanes matching `where`, in quotation and line order, each with its charges and totals. */
export async function lanesWhere(db: Db, where: ReturnType<typeof and>): Promise<LaneRow[]> {
  const docs = await db.select().from(salesQuotationDocuments).where(where)
    .orderBy(asc(salesQuotationDocuments.sqRefNum), asc(salesQuotationDocuments.lineNo));
  if (docs.length === 0) return [];
  const rows = await db.select({ row: salesQuotationCharges, chargeName: charges.name, printName: charges.printName })
    .from(salesQuotationCharges)
    .innerJoin(charges, eq(charges.code, salesQuotationCharges.chargeCode))
    .where(inArray(salesQuotationCharges.sqdocNum, docs.map((d) => d.sqdocNum)))
    .orderBy(asc(salesQuotationCharges.id));
  const byDoc = new Map<string, ChargeRow[]>();
  for (const { row, chargeName, printName } of rows) {
    const list = byDoc.get(row.sqdocNum) ?? [];
    list.push(chargeOut(row, printName || chargeName));
    byDoc.set(row.sqdocNum, list);
  }
  return docs.map((d) => {
    const laneCharges = byDoc.get(d.sqdocNum) ?? [];
    return {
      id: d.id,
      sqdocNum: d.sqdocNum,
      sqRefNum: d.sqRefNum,
      lineNo: d.lineNo,
      serviceModeCode: d.serviceModeCode,
      originPortCode: d.originPortCode,
      destinationPortCode: d.destinationPortCode,
      originAreaCode: d.originAreaCode,
      destinationAreaCode: d.destinationAreaCode,
      originProvince: d.originProvince,
      destinationProvince: d.destinationProvince,
      teu: d.teu,
      bags: d.bags,
      tons: d.tons,
      isTandem: d.isTandem,
      isOpenVan: d.isOpenVan,
      withInsurance: d.withInsurance,
      termsAndConditions: d.termsAndConditions,
      charges: laneCharges,
      total: sumAmounts(laneCharges.map((c) => c.amount)),
      standardTotal: sumAmounts(laneCharges.map((c) => c.standardAmount)),
    };
  });
}

function chargeOut(row: ChargeStored, chargeName: string): ChargeRow {
  return {
    chargeCode: row.chargeCode,
    chargeName,
    chargePart: row.chargePart as ChargeRow["chargePart"],
    rateUnit: row.rateUnit as ChargeRow["rateUnit"],
    quantity: row.quantity,
    source: row.source,
    standardRate: row.standardRate,
    requestedRate: row.requestedRate,
    standardAmount: row.standardAmount,
    amount: row.amount,
  };
}

export async function lanesOf(db: Db, sqRefNum: string): Promise<LaneRow[]> {
  return await lanesWhere(db, and(eq(salesQuotationDocuments.sqRefNum, sqRefNum)));
}

/** GET /SalesQuotationDocuments/{sqdocNum}. */
export async function laneByNumber(db: Db, sqdocNum: string, scope: BranchScope) {
  const doc = await documentByNumber(db, sqdocNum, scope);
  const [lane] = await lanesWhere(db, and(eq(salesQuotationDocuments.id, doc.id)));
  return { data: lane };
}

/** Copies every lane and charge of one quotation onto another (an amendment starts from what it amends). */
export async function copyLanes(tx: Tx, from: string, to: string, userId: string) {
  const docs = await tx.select().from(salesQuotationDocuments).where(eq(salesQuotationDocuments.sqRefNum, from))
    .orderBy(asc(salesQuotationDocuments.lineNo));
  for (const doc of docs) {
    const { id: _id, sqdocNum, sqRefNum: _ref, dateCreated: _c, dateModified: _m, userCreated: _uc, userModified: _um, ...rest } = doc;
    const newNum = `${to}-${String(doc.lineNo).padStart(2, "0")}`;
    await tx.insert(salesQuotationDocuments).values({ ...rest, sqdocNum: newNum, sqRefNum: to, userCreated: userId, userModified: userId });
    const rows = await tx.select().from(salesQuotationCharges).where(eq(salesQuotationCharges.sqdocNum, sqdocNum));
    if (rows.length > 0) {
      await tx.insert(salesQuotationCharges).values(rows.map(({ id: _cid, sqdocNum: _d, dateCreated: _dc, dateModified: _dm, ...charge }) => ({
        ...charge, sqdocNum: newNum, userCreated: userId, userModified: userId,
      })));
    }
    await auditLane(tx, userId, "QUOTATION_LANE_ADDED", null, await laneState(tx, newNum));
  }
}

/** ExpiredDocuments: the lanes of quotations that have expired, newest quotation first. */
export async function expiredDocuments(
  db: Db,
  query: { customerCode: string | null; skip: number; take: number },
  scope: BranchScope,
): Promise<ListResult<LaneRow>> {
  const expired = and(
    eq(salesQuotations.status, "Expired"),
    branchCondition(scope, salesQuotations.branchCode),
    query.customerCode ? sql`lower(${salesQuotations.customerCode}) = lower(${query.customerCode})` : undefined,
  );
  const inScope = inArray(salesQuotationDocuments.sqRefNum, db.select({ sqRefNum: salesQuotations.sqRefNum }).from(salesQuotations).where(expired));
  const [{ total }] = await db.select({ total: count() }).from(salesQuotationDocuments).where(inScope);
  const page = await db.select({ id: salesQuotationDocuments.id }).from(salesQuotationDocuments).where(inScope)
    .orderBy(desc(salesQuotationDocuments.sqRefNum), asc(salesQuotationDocuments.lineNo)).limit(query.take).offset(query.skip);
  const data = await lanesWhere(db, and(inArray(salesQuotationDocuments.id, page.map((p) => p.id).concat([0]))));
  const result: ListResult<LaneRow> = { data, total: Number(total) };
  if (data.length === 0) result.message = "No SQ Found!";
  return result;
}
