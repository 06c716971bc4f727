import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { branches, cargoTypes, customers, salesQuotationMemos, salesQuotations, users } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition, EVERY_BRANCH, findInScope } from "../../shared/branch-scope.ts";
import { AppError } from "../../shared/errors.ts";
import { buildDocument } from "../../shared/document-pool.ts";
import type { DownloadFile } from "../../shared/files.ts";
import { sumAmounts } from "../../shared/money.ts";
import { RATE_UNIT_LABELS } from "../master-data/index.ts";
import { lanesOf } from "./lanes.ts";
import {
  aeSummary,
  type AeSummaryInput,
  agingReport,
  type AgingInput,
  customersPerAe,
  type CustomersPerAeInput,
  type ReportCaller,
} from "./reports.ts";
import { fullQuotation, fullQuotations, quotationByRef } from "./service.ts";

/**
 * The files a quotation makes: the printout (and what it shows, as data), the memorandum, the customer's
 * workbook of quotations, and the workbooks of the reports. Each is a DownloadFile; the templates that draw
 * them are large and load on the first one asked for.
 */

type Quotation = typeof salesQuotations.$inferSelect;

async function namesFor(db: Db, quotation: Quotation) {
  const [[branch], [customer], [cargoType], [ae]] = await Promise.all([
    db.select().from(branches).where(eq(branches.code, quotation.branchCode)),
    db.select().from(customers).where(eq(customers.code, quotation.customerCode)),
    db.select().from(cargoTypes).where(eq(cargoTypes.code, quotation.cargoTypeCode)),
    db.select({ name: users.name }).from(users).where(eq(users.userId, quotation.userId)),
  ]);
  return {
    branchName: branch?.name ?? quotation.branchCode,
    customerName: customer?.company ?? quotation.customerCode,
    customerAddress: customer?.address ?? "",
    cargoType: cargoType?.name ?? quotation.cargoTypeCode,
    accountExecutive: ae?.name ?? quotation.userId,
  };
}

const endText = (port: string, area: string | null, province: string) => [port, area, province].filter(Boolean).join(" / ");

/** getPresData: everything the printout shows, as data; the screen refreshes it after a finance approval. */
export async function presentationData(db: Db, sqRefNum: string, scope: BranchScope) {
  const quotation = await quotationByRef(db, sqRefNum, scope);
  const full = await fullQuotation(db, quotation);
  const names = await namesFor(db, quotation);
  return {
    sqRefNum: full.sqRefNum,
    sqDate: full.sqDate,
    validUntil: full.validUntil,
    status: full.status,
    amendedSqRef: full.amendedSqRef,
    ...names,
    lanes: full.lanes.map((l) => ({
      sqdocNum: l.sqdocNum,
      origin: endText(l.originPortCode, l.originAreaCode, l.originProvince),
      destination: endText(l.destinationPortCode, l.destinationAreaCode, l.destinationProvince),
      termsAndConditions: l.termsAndConditions,
      charges: l.charges.map((c) => ({
        chargeCode: c.chargeCode, chargeName: c.chargeName, chargePart: c.chargePart, rateUnitLabel: RATE_UNIT_LABELS[c.rateUnit],
        quantity: c.quantity, standardRate: c.standardRate, requestedRate: c.requestedRate, amount: c.amount,
      })),
      total: l.total,
    })),
    terms: full.terms.map((t) => ({
      policyCode: t.policyCode, description: t.description, standardValue: t.standardValue, requestedValue: t.requestedValue, appliedValue: t.appliedValue,
    })),
    approvals: full.history.map((h) => ({ action: h.action, toStatus: h.toStatus, actor: h.actor, date: h.dateCreated.slice(0, 10), remarks: h.remarks })),
  };
}

/** The quotation printout (PDF). */
export async function printout(db: Db, sqRefNum: string, scope: BranchScope): Promise<DownloadFile> {
  const view = await presentationData(db, sqRefNum, scope);
  return await buildDocument("quotationPrintout", { ...view, generatedAt: new Date() });
}

/** A memorandum as a PDF. */
export async function memoPdf(db: Db, memoRef: string, scope: BranchScope): Promise<DownloadFile> {
  const memo = await findInScope(
    db, salesQuotationMemos, salesQuotationMemos.branchCode, scope,
    sql`lower(${salesQuotationMemos.memoRef}) = lower(${memoRef})`, `Memorandum ${memoRef} was not found.`,
  );
  const [branch] = await db.select().from(branches).where(eq(branches.code, memo.branchCode));
  const [preparer] = await db.select({ name: users.name }).from(users).where(eq(users.userId, memo.preparedBy));
  const quotations = await Promise.all(memo.sqRefNums.map(async (ref) => {
    // The memorandum's quotations are of its branch, which the check above found to be the caller's.
    const q = await quotationByRef(db, ref, EVERY_BRANCH);
    const [names, lanes] = await Promise.all([namesFor(db, q), lanesOf(db, q.sqRefNum)]);
    return {
      sqRefNum: q.sqRefNum, customerName: names.customerName, accountExecutive: names.accountExecutive, sqDate: q.sqDate, validUntil: q.validUntil,
      lanes: lanes.map((l) => `${l.originPortCode}-${l.destinationPortCode}`).join(", "), total: sumAmounts(lanes.map((l) => l.total)),
    };
  }));
  return await buildDocument("quotationMemo", {
    memoRef: memo.memoRef, memoDate: memo.memoDate, branchName: branch?.name ?? memo.branchCode, preparedBy: preparer?.name ?? memo.preparedBy,
    subject: memo.subject, body: memo.body, quotations, generatedAt: new Date(),
  });
}

/** downloadAllSQperCustomer: every quotation of a customer with its lanes and charges, as a workbook. */
export async function customerWorkbook(db: Db, customerCode: string, scope: BranchScope): Promise<DownloadFile> {
  const [customer] = await db.select().from(customers).where(sql`lower(${customers.code}) = lower(${customerCode})`);
  if (!customer) throw new AppError("NOT_FOUND", `Customer ${customerCode} was not found.`, { customerCode: ["Unknown customer"] });
  const rows = await db.select().from(salesQuotations)
    .where(and(eq(salesQuotations.customerCode, customer.code), branchCondition(scope, salesQuotations.branchCode)))
    .orderBy(asc(salesQuotations.sqDate), asc(salesQuotations.sqRefNum));
  const full = await fullQuotations(db, rows);
  return await buildDocument("customerQuotations", { customerCode: customer.code, quotations: full });
}

/** The AE summary of a period as SQ_AE_Report.xlsx. */
export async function aeSummaryWorkbook(db: Db, caller: ReportCaller, input: AeSummaryInput): Promise<DownloadFile> {
  return await buildDocument("aeSummary", await aeSummary(db, caller, input));
}

/** The customers of one account executive in a period as SQ_Customer_per_AE.xlsx. */
export async function customersPerAeWorkbook(db: Db, caller: ReportCaller, input: CustomersPerAeInput): Promise<DownloadFile> {
  return await buildDocument("customersPerAe", await customersPerAe(db, caller, input));
}

/** The SQ Aging Report as SQ_Aging_Report.xlsx. */
export async function agingWorkbook(db: Db, scope: BranchScope, input: AgingInput): Promise<DownloadFile> {
  return await buildDocument("quotationAging", await agingReport(db, scope, input));
}
