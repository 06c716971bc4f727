import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "../../../../db/client.ts";
import { collectionLines, collections, customers, withholdingCertificates } from "../../../../db/schema/index.ts";
import { changedValues, recordAudit } from "../../../shared/audit.ts";
import { type BranchScope, branchCondition, coversBranch } from "../../../shared/branch-scope.ts";
import { manilaToday } from "../../../shared/dates.ts";
import { AppError } from "../../../shared/errors.ts";
import { formatCentavos, toCentavos } from "../../../shared/money.ts";
import type { Caller } from "../../auth/index.ts";
import { form2307DueDate, form2307Status, quarterBounds } from "./rules.ts";
import type { Form2307Query, Form2307Row, Receive2307Input } from "./schemas.ts";

/**
 * BIR Form 2307 (domain notes §8): per customer, branch and quarter, what the standing receipts of the quarter
 * withheld (the form expected), and the form once it arrives, with its date and amount. Until then the CWT stays
 * an asset pending its certificate; past the 20th day after the quarter the form is MISSING.
 */

const refused = (field: string, message: string) => new AppError("VALIDATION", message, { [field]: [message] });
const key = (branchCode: string, customerCode: string, year: number, quarter: number) => `${branchCode}/${customerCode}/${year}/${quarter}`;

/** The quarters of a year, or the one asked. */
const quartersOf = (query: Pick<Form2307Query, "quarter">) => (query.quarter ? [query.quarter] : [1, 2, 3, 4]);

/** The forms of a year (or a quarter) at the caller's branches: expected from the receipts, received as recorded. */
export async function listForm2307(db: Db, scope: BranchScope, query: Form2307Query, today = manilaToday()) {
  const quarters = quartersOf(query);
  const from = quarterBounds(query.year, Math.min(...quarters)).first;
  const to = quarterBounds(query.year, Math.max(...quarters)).last;
  const quarterOfDate = sql<number>`(extract(month from ${collections.collectionDate})::int + 2) / 3`;
  const branchWhere = (column: typeof collections.branchCode | typeof withholdingCertificates.branchCode) =>
    and(branchCondition(scope, column), query.branchCode ? sql`lower(${column}) = lower(${query.branchCode})` : undefined);
  const [withheld, forms] = await Promise.all([
    db.select({
      branchCode: collections.branchCode,
      customerCode: sql<string>`${collections.customerCode}`,
      quarter: quarterOfDate,
      receipts: sql<number>`count(distinct ${collections.id})::int`,
      ewt: sql<string>`coalesce(sum(${collectionLines.ewtAmount}), 0)::text`,
      wvat: sql<string>`coalesce(sum(${collectionLines.wvatAmount}), 0)::text`,
    }).from(collectionLines)
      .innerJoin(collections, eq(collections.id, collectionLines.collectionId))
      .where(and(
        eq(collections.status, "Issued"),
        gte(collections.collectionDate, from),
        lte(collections.collectionDate, to),
        sql`${collections.customerCode} is not null`,
        branchWhere(collections.branchCode),
        query.customerCode ? sql`lower(${collections.customerCode}) = lower(${query.customerCode})` : undefined,
      ))
      .groupBy(collections.branchCode, collections.customerCode, quarterOfDate),
    db.select().from(withholdingCertificates).where(and(
      eq(withholdingCertificates.year, query.year),
      inArray(withholdingCertificates.quarter, quarters),
      branchWhere(withholdingCertificates.branchCode),
      query.customerCode ? sql`lower(${withholdingCertificates.customerCode}) = lower(${query.customerCode})` : undefined,
    )),
  ]);
  const rows = new Map<string, { branchCode: string; customerCode: string; quarter: number; receipts: number; ewt: bigint; wvat: bigint; form: typeof forms[number] | null }>();
  for (const w of withheld) {
    const ewt = toCentavos(w.ewt);
    const wvat = toCentavos(w.wvat);
    if (ewt + wvat === 0n) continue;
    rows.set(key(w.branchCode, w.customerCode, query.year, w.quarter), { branchCode: w.branchCode, customerCode: w.customerCode, quarter: w.quarter, receipts: w.receipts, ewt, wvat, form: null });
  }
  for (const form of forms) {
    const k = key(form.branchCode, form.customerCode, form.year, form.quarter);
    const row = rows.get(k) ?? { branchCode: form.branchCode, customerCode: form.customerCode, quarter: form.quarter, receipts: 0, ewt: 0n, wvat: 0n, form: null };
    rows.set(k, { ...row, form });
  }
  const codes = [...new Set([...rows.values()].map((r) => r.customerCode))];
  const names = codes.length ? await db.select({ code: customers.code, company: customers.company }).from(customers).where(inArray(customers.code, codes)) : [];
  const data: Form2307Row[] = [...rows.values()].map((r) => {
    const expected = r.ewt + r.wvat;
    const received = r.form?.receivedAmount ?? null;
    const dueDate = form2307DueDate(query.year, r.quarter);
    const pending = expected - (received === null ? 0n : toCentavos(received));
    return {
      id: r.form?.id ?? null,
      branchCode: r.branchCode,
      customerCode: r.customerCode,
      company: names.find((n) => n.code === r.customerCode)?.company ?? r.customerCode,
      year: query.year,
      quarter: r.quarter,
      receipts: r.receipts,
      expectedEwt: formatCentavos(r.ewt),
      expectedWvat: formatCentavos(r.wvat),
      expected: formatCentavos(expected),
      received,
      dateReceived: r.form?.dateReceived ?? null,
      periodOnForm: r.form?.periodOnForm ?? "",
      pending: formatCentavos(pending > 0n ? pending : 0n),
      dueDate,
      status: form2307Status({ received: received !== null, dueDate, today }),
      dateModified: r.form?.dateModified.toISOString() ?? null,
    };
  }).filter((r) => !query.status || r.status === query.status)
    .sort((a, b) => a.quarter - b.quarter || a.branchCode.localeCompare(b.branchCode) || a.company.localeCompare(b.company));
  return data.length === 0 ? { data, message: "No Form 2307 is expected or recorded for this period." } : { data };
}

/**
 * Records a 2307 as received (or corrects what was recorded): the quarter printed on the form is the one it counts
 * for. Audited with the values before and after.
 */
export async function receiveForm2307(db: Db, caller: Caller, input: Receive2307Input) {
  if (!coversBranch(caller, input.branchCode)) throw refused("branchCode", `You do not work for branch ${input.branchCode}.`);
  if (input.dateReceived > manilaToday()) throw refused("dateReceived", "A form cannot be received after today.");
  if (toCentavos(input.amount) <= 0n) throw refused("amount", "Give the amount printed on the form.");
  const [customer] = await db.select().from(customers).where(sql`lower(${customers.code}) = lower(${input.customerCode})`);
  if (!customer) throw refused("customerCode", `Customer ${input.customerCode} was not found.`);
  const branchCode = input.branchCode.toUpperCase();
  const now = new Date();
  const values = {
    receivedAmount: formatCentavos(toCentavos(input.amount)), dateReceived: input.dateReceived, periodOnForm: input.periodOnForm, remarks: input.remarks,
  };
  await db.transaction(async (tx: Tx) => {
    const [before] = await tx.select().from(withholdingCertificates).where(and(
      eq(withholdingCertificates.customerCode, customer.code), eq(withholdingCertificates.branchCode, branchCode),
      eq(withholdingCertificates.year, input.year), eq(withholdingCertificates.quarter, input.quarter),
    )).for("update");
    if (before && (!input.dateModified || new Date(input.dateModified).getTime() !== before.dateModified.getTime())) {
      throw new AppError("CONFLICT", `The Form 2307 of ${customer.company} for Q${input.quarter} ${input.year} was recorded by someone else after you opened it. Reload it and try again.`);
    }
    if (before) {
      await tx.update(withholdingCertificates).set({ ...values, userModified: caller.userId, dateModified: now }).where(eq(withholdingCertificates.id, before.id));
    } else {
      await tx.insert(withholdingCertificates).values({
        customerCode: customer.code, branchCode, year: input.year, quarter: input.quarter, ...values,
        userCreated: caller.userId, userModified: caller.userId, dateCreated: now, dateModified: now,
      });
    }
    const old = before ? { receivedAmount: before.receivedAmount, dateReceived: before.dateReceived, periodOnForm: before.periodOnForm, remarks: before.remarks } : null;
    await recordAudit(tx, {
      actor: caller.userId, action: "FORM_2307_RECEIVED", target: `withholding-certificate:${customer.code}/${branchCode}/${input.year}-Q${input.quarter}`,
      detail: changedValues(old, values) ?? { before: old, after: values },
    });
  });
  const listed = await listForm2307(db, caller, { year: input.year, quarter: input.quarter, branchCode, customerCode: customer.code });
  return { data: listed.data[0], message: "Form 2307 recorded successfully" };
}
