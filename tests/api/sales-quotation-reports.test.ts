import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { manilaDate } from "../../api/shared/dates.ts";
import { bucketOf } from "../../api/modules/sales-quotations/reports.ts";
import { expireQuotations } from "../../api/modules/sales-quotations/service.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { branches, customers, statusHistory, userBranches } from "../../db/schema/index.ts";
import { createRole, createUser, expectErrorBody, type Grant, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { PORT_LANE, seedRateBook } from "../support/sq-pricing.ts";
import { openTestDatabase } from "../support/test-db.ts";

/**
 * The three sales-quotation reports, on quotations made and moved through the real API. Every expected figure
 * below is counted by hand from the table of quotations in beforeAll.
 */

let handle: DatabaseHandle;
let t: TestApp;
const tokens: Record<string, string> = {};

const json = (res: Response) => res.json() as Promise<any>;
const as = (who: string, method: string, path: string, body?: unknown) => t.call(method, `/api${path}`, { token: tokens[who], body });
const step = async (who: string, id: number, action: string) => {
  const res = await as(who, "PUT", `/SalesQuotations/updateSqStatusWthSBMV2/${id}`, { action, remarks: "" });
  expect(res.status, `${who} ${action}`).toBe(200);
};
const query = (values: Record<string, string>) => new URLSearchParams(values).toString();

/** Who does each step of the chain up to a status. */
const CHAIN: Record<string, [string, string][]> = {
  "Draft": [],
  "For Approval": [["ae", "submit"]],
  "SM Approved": [["ae", "submit"], ["sm", "smApprove"]],
  "AUD Approved": [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"]],
  "FA Approved": [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faApprove"]],
  "SM Denied": [["ae", "submit"], ["sm", "smDeny"]],
  "FA Denied": [["ae", "submit"], ["sm", "smApprove"], ["aud", "audApprove"], ["fa", "faDeny"]],
  "Cancelled": [["ae", "cancel"]],
};

interface Made {
  id: number;
  sqRefNum: string;
}
const made: Record<string, Made> = {};

/** A quotation of `ae` (ae1 or ae2) for a customer on a date, with a lane, moved through the chain to `status`. */
async function quotation(name: string, ae: "ae1" | "ae2", customerCode: string, sqDate: string, status: string, extra: Record<string, unknown> = {}) {
  const res = await as(ae, "POST", "/SalesQuotations", { customerCode, cargoTypeCode: "DRY", sqDate, ...extra });
  expect(res.status, await res.clone().text()).toBe(201);
  const q = (await json(res)).data as Made;
  const lane = await as(ae, "POST", "/SalesQuotationDocuments/MultipleInsertDocsWAreas", { sqRefNum: q.sqRefNum, documents: [PORT_LANE] });
  expect(lane.status).toBe(201);
  for (const [who, action] of CHAIN[status]) await step(who === "ae" ? ae : who, q.id, action);
  made[name] = q;
  return q;
}

/** Sets the times of a quotation's history rows, oldest first, so its days at each step are known. */
async function backdate(name: string, times: string[]) {
  const rows = await handle.db.select({ id: statusHistory.id }).from(statusHistory)
    .where(eq(statusHistory.recordId, made[name].id)).orderBy(asc(statusHistory.id));
  expect(rows.map((r) => r.id), `history of ${name}`).toHaveLength(times.length);
  for (const [i, row] of rows.entries()) {
    await handle.db.update(statusHistory).set({ dateCreated: new Date(times[i]) }).where(eq(statusHistory.id, row.id));
  }
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db);
  const db = handle.db;
  await seedRateBook(db);
  await db.insert(customers).values([
    { code: "SRC1", company: "Alpha Shipping Supply", customerContactEmail: "a@alpha.example", customerType: "BOTH" },
    { code: "SRC2", company: "Bravo Foods", customerContactEmail: "b@bravo.example", customerType: "BOTH" },
    { code: "SRC3", company: "Charlie Hardware", customerContactEmail: "c@charlie.example", customerType: "BOTH" },
  ]);
  const [mnl] = await db.select().from(branches).where(eq(branches.code, "MNL"));
  const [ceb] = await db.select().from(branches).where(eq(branches.code, "CEB"));
  const people: [string, Grant[], number][] = [
    ["ae1", ["SALESQUOTATION", "SQ_AE"], mnl.id],
    ["ae2", ["SALESQUOTATION", "SQ_AE"], ceb.id],
    ["sm", ["SALESQUOTATION", "SQ_SM"], mnl.id],
    ["aud", ["SALESQUOTATION", "SQ_AUD"], mnl.id],
    ["fa", ["SALESQUOTATION", "SQ_FA"], mnl.id],
    ["sbm", ["SALESQUOTATION", "SQ_SBM"], ceb.id],
    // The menu alone, without a sales role.
    ["clerk", ["SALESQUOTATION"], mnl.id],
    // The SQ Aging Report role alone, as a viewer outside sales would hold it.
    ["aging", ["SQ_AGING_REPORT"], mnl.id],
  ];
  for (const [who, grants, branchId] of people) {
    const role = await createRole(db, grants);
    const user = await createUser(db, { userId: `sr-${who}`, password: "sr-password-123", roleKey: role.id });
    await db.insert(userBranches).values({ userKey: user.id, branchId, defaultBranch: true });
    // Everyone but the two AEs works for both branches, so the reports of either reach them and they move
    // the quotations of either (a branch they do not work for answers 404, tests/api/branch-scope.test.ts).
    if (!who.startsWith("ae")) await db.insert(userBranches).values({ userKey: user.id, branchId: branchId === mnl.id ? ceb.id : mnl.id });
    tokens[who] = await signIn(t, `sr-${who}`, "sr-password-123");
  }

  // ae1, branch MNL                                  ae2, branch CEB
  //   q1 SRC1 06-01 Draft                              p1 SRC2 06-10 For Approval
  //   q2 SRC1 06-02 For Approval                       p2 SRC2 06-11 FA Approved
  //   q3 SRC2 06-03 SM Approved                        p3 SRC3 06-12 FA Denied
  //   q4 SRC2 06-04 AUD Approved                       p4 SRC3 06-15 Expired
  //   q5 SRC1 06-05 FA Approved                        p5 SRC1 07-01 Draft (after June)
  //   q6 SRC3 06-06 SM Denied
  //   q7 SRC1 06-07 Cancelled
  //   q8 SRC1 05-20 Draft (before June)
  await quotation("q1", "ae1", "SRC1", "2026-06-01", "Draft");
  await quotation("q2", "ae1", "SRC1", "2026-06-02", "For Approval");
  await quotation("q3", "ae1", "SRC2", "2026-06-03", "SM Approved");
  await quotation("q4", "ae1", "SRC2", "2026-06-04", "AUD Approved");
  await quotation("q5", "ae1", "SRC1", "2026-06-05", "FA Approved");
  await quotation("q6", "ae1", "SRC3", "2026-06-06", "SM Denied");
  await quotation("q7", "ae1", "SRC1", "2026-06-07", "Cancelled");
  await quotation("q8", "ae1", "SRC1", "2026-05-20", "Draft", { validUntil: "2026-12-31" });
  await quotation("p1", "ae2", "SRC2", "2026-06-10", "For Approval");
  await quotation("p2", "ae2", "SRC2", "2026-06-11", "FA Approved");
  await quotation("p3", "ae2", "SRC3", "2026-06-12", "FA Denied");
  await quotation("p4", "ae2", "SRC3", "2026-06-15", "Draft", { validUntil: "2026-06-15" });
  await quotation("p5", "ae2", "SRC1", "2026-07-01", "Draft");
  // Only p4's validity has ended by 16 June; the expiry writes its history row like any other change.
  expect((await expireQuotations(db, { today: "2026-06-16" })).data.expired).toEqual([made.p4.sqRefNum]);

  // Every change so far happened just now; place the history in June so the waits are known. Rows not named
  // below sit at noon of 8 June, before any as-of date used here.
  await db.update(statusHistory).set({ dateCreated: new Date("2026-06-08T12:00:00+08:00") });
  // q2 reached For Approval half an hour into 18 June, Manila time (still 17 June in UTC).
  await backdate("q2", ["2026-06-18T00:30:00+08:00"]);
  await backdate("q3", ["2026-06-05T09:00:00+08:00", "2026-06-15T10:00:00+08:00"]);
  await backdate("q4", ["2026-06-04T09:00:00+08:00", "2026-06-05T09:00:00+08:00", "2026-06-14T08:00:00+08:00"]);
  await backdate("p1", ["2026-06-09T10:00:00+08:00"]);
}, 120_000);
afterAll(() => handle?.close());

const JUNE = { dateFrom: "2026-06-01", dateTo: "2026-06-30" };
const GROUPS = ["draft", "forApproval", "inApproval", "faApproved", "denied", "cancelled", "expired", "closed", "total"] as const;
const countsOf = (row: Record<string, unknown>) => GROUPS.map((g) => row[g]);

describe("searchAeV1: quotations per account executive", () => {
  it("counts each AE's June quotations by status group, busiest first, with the totals", async () => {
    for (const who of ["sm", "sbm", "aud", "fa"]) {
      const res = await as(who, "POST", "/SalesQuotations/searchAeV1", JUNE);
      expect(res.status, who).toBe(200);
      const body = await json(res);
      expect(body.data.map((r: any) => [r.userId, r.name]), who).toEqual([["sr-ae1", "User sr-ae1"], ["sr-ae2", "User sr-ae2"]]);
      //                                       draft forAp inAp faAp denied canc exp closed total
      expect(countsOf(body.data[0]), who).toEqual([1, 1, 2, 1, 1, 1, 0, 0, 7]);
      expect(countsOf(body.data[1]), who).toEqual([0, 1, 0, 1, 1, 0, 1, 0, 4]);
      expect(countsOf(body.totals), who).toEqual([1, 2, 2, 2, 2, 1, 1, 0, 11]);
      expect(body.message).toBeUndefined();
    }
    const body = await json(await as("sm", "POST", "/SalesQuotations/searchAeV1", JUNE));
    expect(body.groups.find((g: any) => g.key === "inApproval").statuses).toEqual(["SM Approved", "AUD Approved"]);
    expect(body.groups.find((g: any) => g.key === "denied").statuses).toEqual(["SM Denied", "AUD Denied", "FA Denied"]);
  });

  it("narrows to a branch (in any letter case) and to the dates given, both ends included", async () => {
    const ceb = await json(await as("sm", "POST", "/SalesQuotations/searchAeV1", { ...JUNE, branchCode: "ceb" }));
    expect(ceb.period).toEqual({ ...JUNE, branchCode: "CEB" });
    expect(ceb.data.map((r: any) => r.userId)).toEqual(["sr-ae2"]);
    expect(ceb.totals.total).toBe(4);
    const firstDays = await json(await as("sm", "POST", "/SalesQuotations/searchAeV1", { dateFrom: "2026-06-02", dateTo: "2026-06-05" }));
    expect(firstDays.data.map((r: any) => [r.userId, ...countsOf(r)])).toEqual([["sr-ae1", 0, 1, 2, 1, 0, 0, 0, 0, 4]]);
    const oneDay = await json(await as("sm", "POST", "/SalesQuotations/searchAeV1", { dateFrom: "2026-07-01", dateTo: "2026-07-01" }));
    expect(oneDay.data.map((r: any) => [r.userId, r.draft, r.total])).toEqual([["sr-ae2", 1, 1]]);
  });

  it("shows an AE their own row only, and says so when there is nothing", async () => {
    for (const [who, userId, total] of [["ae1", "sr-ae1", 7], ["ae2", "sr-ae2", 4]] as const) {
      const body = await json(await as(who, "POST", "/SalesQuotations/searchAeV1", JUNE));
      expect(body.data.map((r: any) => [r.userId, r.total])).toEqual([[userId, total]]);
      expect(body.totals.total).toBe(total);
    }
    const none = await json(await as("ae1", "POST", "/SalesQuotations/searchAeV1", { ...JUNE, branchCode: "CEB" }));
    expect(none).toMatchObject({ data: [], message: "No SQ Found!" });
    expect(none.totals.total).toBe(0);
  });

  it("refuses a role without a sales role (403) and bad periods or branches (400)", async () => {
    const clerk = await as("clerk", "POST", "/SalesQuotations/searchAeV1", JUNE);
    expect(clerk.status).toBe(403);
    expect((await expectErrorBody(clerk)).message).toContain("Only account executives");
    expect((await as("aging", "POST", "/SalesQuotations/searchAeV1", JUNE)).status).toBe(403);

    const backwards = await as("sm", "POST", "/SalesQuotations/searchAeV1", { dateFrom: "2026-06-30", dateTo: "2026-06-01" });
    expect(backwards.status).toBe(400);
    expect((await expectErrorBody(backwards)).errors.dateTo).toEqual(["To date cannot be before the from date"]);
    const notADay = await as("sm", "POST", "/SalesQuotations/searchAeV1", { dateFrom: "2026-02-30", dateTo: "2026-03-01" });
    expect(notADay.status).toBe(400);
    expect((await expectErrorBody(notADay)).errors.dateFrom).toEqual(["From date is not a real date"]);
    const written = await as("sm", "POST", "/SalesQuotations/searchAeV1", { dateFrom: "06/01/2026", dateTo: "2026-06-30" });
    expect((await expectErrorBody(written)).errors.dateFrom).toEqual(["From date must be a date written YYYY-MM-DD"]);
    const missing = await as("sm", "POST", "/SalesQuotations/searchAeV1", { dateTo: "2026-06-30" });
    expect(missing.status).toBe(400);
    expect((await expectErrorBody(missing)).errors.dateFrom).toEqual(["From date is required"]);
    const branch = await as("sm", "POST", "/SalesQuotations/searchAeV1", { ...JUNE, branchCode: "NOWHERE" });
    expect(branch.status).toBe(400);
    expect((await expectErrorBody(branch)).errors.branchCode).toEqual(["Branch NOWHERE does not exist"]);
  });
});

describe("searchCustomerperAeV1: the customers of one AE", () => {
  it("lists each customer with quotations, FA approvals, latest date and share of the AE's total", async () => {
    const body = await json(await as("sm", "POST", "/SalesQuotations/searchCustomerperAeV1", { ...JUNE, userId: "sr-ae1" }));
    expect(body.ae).toEqual({ userId: "sr-ae1", name: "User sr-ae1", total: 7, faApproved: 1, customers: 3 });
    expect(body.data).toEqual([
      { customerCode: "SRC1", customerName: "Alpha Shipping Supply", quotations: 4, faApproved: 1, latestSqDate: "2026-06-07", share: 57.14 },
      { customerCode: "SRC2", customerName: "Bravo Foods", quotations: 2, faApproved: 0, latestSqDate: "2026-06-04", share: 28.57 },
      { customerCode: "SRC3", customerName: "Charlie Hardware", quotations: 1, faApproved: 0, latestSqDate: "2026-06-06", share: 14.29 },
    ]);
    // The AE asks about themselves, with the user id in another letter case.
    const own = await json(await as("ae2", "POST", "/SalesQuotations/searchCustomerperAeV1", { ...JUNE, userId: "SR-AE2" }));
    expect(own.data.map((r: any) => [r.customerCode, r.quotations, r.faApproved, r.latestSqDate, r.share])).toEqual([
      ["SRC2", 2, 1, "2026-06-11", 50],
      ["SRC3", 2, 0, "2026-06-15", 50],
    ]);
    const empty = await json(await as("fa", "POST", "/SalesQuotations/searchCustomerperAeV1", { dateFrom: "2026-01-01", dateTo: "2026-01-31", userId: "sr-ae1" }));
    expect(empty).toMatchObject({ data: [], message: "No SQ Found!", ae: { total: 0 } });
  });

  it("lets an AE ask only about themselves (403), and answers 404 for an unknown user and 400 for bad input", async () => {
    const other = await as("ae1", "POST", "/SalesQuotations/searchCustomerperAeV1", { ...JUNE, userId: "sr-ae2" });
    expect(other.status).toBe(403);
    expect((await expectErrorBody(other)).message).toBe("An account executive sees only their own customers.");
    expect((await as("clerk", "POST", "/SalesQuotations/searchCustomerperAeV1", { ...JUNE, userId: "sr-ae1" })).status).toBe(403);
    expect((await as("sm", "POST", "/SalesQuotations/searchCustomerperAeV1", { ...JUNE, userId: "nobody-here" })).status).toBe(404);
    const noUser = await as("sm", "POST", "/SalesQuotations/searchCustomerperAeV1", JUNE);
    expect((await expectErrorBody(noUser)).errors.userId).toEqual(["userId is required"]);
    const backwards = await as("sm", "POST", "/SalesQuotations/searchCustomerperAeV1", { dateFrom: "2026-06-02", dateTo: "2026-06-01", userId: "sr-ae1" });
    expect(backwards.status).toBe(400);
    expect((await expectErrorBody(backwards)).errors.dateTo).toBeDefined();
  });
});

describe("agingReportAeV1: the SQ Aging Report", () => {
  it("puts each waiting quotation in its bucket by Manila days at its current step", async () => {
    const res = await as("aging", "POST", "/SalesQuotations/agingReportAeV1", { asOf: "2026-06-20" });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.asOf).toBe("2026-06-20");
    expect(body.data.map((r: any) => [r.sqRefNum, r.status, r.since, r.days, r.bucket])).toEqual([
      [made.p1.sqRefNum, "For Approval", "2026-06-09", 11, "over10"],
      [made.q4.sqRefNum, "AUD Approved", "2026-06-14", 6, "d6_10"],
      [made.q3.sqRefNum, "SM Approved", "2026-06-15", 5, "d3_5"],
      // Reached at 00:30 on 18 June in Manila: two days, not the three a UTC date would give.
      [made.q2.sqRefNum, "For Approval", "2026-06-18", 2, "d0_2"],
    ]);
    expect(body.data[0]).toMatchObject({ userId: "sr-ae2", aeName: "User sr-ae2", branchCode: "CEB", customerCode: "SRC2", customerName: "Bravo Foods" });
    //                                                 0–2 3–5 6–10 >10 total
    const buckets = (r: any) => [r.userId, r.d0_2, r.d3_5, r.d6_10, r.over10, r.total];
    expect(body.summary.map(buckets)).toEqual([["sr-ae2", 0, 0, 0, 1, 1], ["sr-ae1", 1, 1, 1, 0, 3]]);
    expect(buckets({ ...body.totals, userId: "all" })).toEqual(["all", 1, 1, 1, 1, 4]);
    expect(body.buckets.map((b: any) => b.label)).toEqual(["0–2 days", "3–5 days", "6–10 days", "Over 10 days"]);
  });

  it("shows the queue as it stood on an earlier as-of date", async () => {
    const body = await json(await as("aging", "POST", "/SalesQuotations/agingReportAeV1", { asOf: "2026-06-14" }));
    // q2 was still a draft; q3 had not yet been approved by the SM; q4 reached the auditor's approval that morning.
    expect(body.data.map((r: any) => [r.sqRefNum, r.status, r.currentStatus, r.days, r.bucket])).toEqual([
      [made.q3.sqRefNum, "For Approval", "SM Approved", 9, "d6_10"],
      [made.p1.sqRefNum, "For Approval", "For Approval", 5, "d3_5"],
      [made.q4.sqRefNum, "AUD Approved", "AUD Approved", 0, "d0_2"],
    ]);
    const early = await json(await as("aging", "POST", "/SalesQuotations/agingReportAeV1", { asOf: "2026-06-01" }));
    expect(early).toMatchObject({ data: [], summary: [], message: "No SQ Found!" });
  });

  it("narrows to a branch, counts to today when no date is given, and places the bucket edges", async () => {
    const ceb = await json(await as("aging", "POST", "/SalesQuotations/agingReportAeV1", { asOf: "2026-06-20", branchCode: "CEB" }));
    expect(ceb.data.map((r: any) => r.sqRefNum)).toEqual([made.p1.sqRefNum]);
    const today = await json(await as("aging", "POST", "/SalesQuotations/agingReportAeV1", {}));
    expect(today.asOf).toBe(manilaDate(new Date()));
    expect(today).toEqual(await json(await as("aging", "POST", "/SalesQuotations/agingReportAeV1", { asOf: manilaDate(new Date()) })));
    expect([0, 2, 3, 5, 6, 10, 11, 400].map(bucketOf)).toEqual(["d0_2", "d0_2", "d3_5", "d3_5", "d6_10", "d6_10", "over10", "over10"]);
  });

  it("is open only to the SQ Aging Report role, and refuses bad dates and branches", async () => {
    const ae = await as("ae1", "POST", "/SalesQuotations/agingReportAeV1", { asOf: "2026-06-20" });
    expect(ae.status).toBe(403);
    expect((await expectErrorBody(ae)).message).toBe("Your role does not have the SQ Aging Report permission.");
    expect((await as("sm", "POST", "/SalesQuotations/agingReportAeV1", {})).status).toBe(403);
    const before = await handle.db.select().from(statusHistory);
    const bad = await as("aging", "POST", "/SalesQuotations/agingReportAeV1", { asOf: "2026-13-01" });
    expect(bad.status).toBe(400);
    expect((await expectErrorBody(bad)).errors.asOf).toEqual(["As-of date is not a real date"]);
    const branch = await as("aging", "POST", "/SalesQuotations/agingReportAeV1", { branchCode: "XX" });
    expect(branch.status).toBe(400);
    expect(await handle.db.select().from(statusHistory)).toEqual(before);
  });
});

describe("workbooks", () => {
  const read = async (res: Response, fileName: string) => {
    expect(res.status, await res.clone().text().catch(() => "")).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
    // cellStyles makes the reader keep the column widths.
    const book = XLSX.read(new Uint8Array(await res.arrayBuffer()), { type: "array", cellStyles: true });
    return book;
  };
  const rowsOf = (book: XLSX.WorkBook, index = 0) =>
    XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[index]], { header: 1, defval: "" });

  it("SQ_AE_Report.xlsx holds the AE summary with its totals row", async () => {
    const book = await read(await as("sm", "GET", `/SalesQuotations/searchAeV1/download?${query(JUNE)}`), "SQ_AE_Report.xlsx");
    expect(book.SheetNames).toEqual(["AE 2026-06-01 to 2026-06-30"]);
    const sheet = book.Sheets[book.SheetNames[0]];
    expect(sheet["!cols"]?.map((c) => c.wch)).toEqual([16, 28, 12, 14, 13, 13, 12, 12, 12, 34, 10]);
    expect(rowsOf(book)).toEqual([
      ["AE User ID", "Account Executive", "Draft", "For Approval", "In Approval", "FA Approved", "Denied", "Cancelled", "Expired",
        "Amended / Deactivated / Archived", "Total"],
      ["sr-ae1", "User sr-ae1", 1, 1, 2, 1, 1, 1, 0, 0, 7],
      ["sr-ae2", "User sr-ae2", 0, 1, 0, 1, 1, 0, 1, 0, 4],
      ["TOTAL", "", 1, 2, 2, 2, 2, 1, 1, 0, 11],
    ]);
    // An AE's download holds their own row only.
    const own = await read(await as("ae2", "GET", `/SalesQuotations/searchAeV1/download?${query(JUNE)}`), "SQ_AE_Report.xlsx");
    expect(rowsOf(own).map((r) => r[0])).toEqual(["AE User ID", "sr-ae2", "TOTAL"]);
  });

  it("SQ_Customer_per_AE.xlsx holds the AE's customers", async () => {
    const res = await as("ae1", "GET", `/SalesQuotations/searchCustomerperAeV1/download?${query({ ...JUNE, userId: "sr-ae1" })}`);
    expect(rowsOf(await read(res, "SQ_Customer_per_AE.xlsx"))).toEqual([
      ["No", "AE User ID", "Customer Code", "Customer Name", "Quotations", "FA Approved", "Latest SQ Date", "Share of AE Total (%)"],
      [1, "sr-ae1", "SRC1", "Alpha Shipping Supply", 4, 1, "2026-06-07", 57.14],
      [2, "sr-ae1", "SRC2", "Bravo Foods", 2, 0, "2026-06-04", 28.57],
      [3, "sr-ae1", "SRC3", "Charlie Hardware", 1, 0, "2026-06-06", 14.29],
      ["TOTAL", "sr-ae1", "", "3 customer(s) of User sr-ae1", 7, 1, "", 100],
    ]);
    expect((await as("ae1", "GET", `/SalesQuotations/searchCustomerperAeV1/download?${query({ ...JUNE, userId: "sr-ae2" })}`)).status).toBe(403);
  });

  it("SQ_Aging_Report.xlsx holds the waiting quotations and a sheet per AE and bucket", async () => {
    const book = await read(await as("aging", "GET", `/SalesQuotations/agingReportAeV1/download?asOf=2026-06-20`), "SQ_Aging_Report.xlsx");
    expect(book.SheetNames).toEqual(["SQ Aging as of 2026-06-20", "Summary per AE"]);
    const detail = rowsOf(book, 0);
    expect(detail[0]).toEqual(["No", "SQ Ref No", "SQ Date", "AE User ID", "Account Executive", "Branch", "Customer Code", "Customer Name",
      "Status", "In Status Since", "Days Waiting", "Aging"]);
    expect(detail.slice(1).map((r) => [r[1], r[8], r[10], r[11]])).toEqual([
      [made.p1.sqRefNum, "For Approval", 11, "Over 10 days"],
      [made.q4.sqRefNum, "AUD Approved", 6, "6–10 days"],
      [made.q3.sqRefNum, "SM Approved", 5, "3–5 days"],
      [made.q2.sqRefNum, "For Approval", 2, "0–2 days"],
    ]);
    expect(rowsOf(book, 1)).toEqual([
      ["AE User ID", "Account Executive", "0–2 days", "3–5 days", "6–10 days", "Over 10 days", "Total"],
      ["sr-ae2", "User sr-ae2", 0, 0, 0, 1, 1],
      ["sr-ae1", "User sr-ae1", 1, 1, 1, 0, 3],
      ["TOTAL", "", 1, 1, 1, 1, 4],
    ]);
  });

  it("refuses a bad period on a download with the same 400 as the report", async () => {
    const res = await as("sm", "GET", `/SalesQuotations/searchAeV1/download?${query({ dateFrom: "2026-06-30", dateTo: "2026-06-01" })}`);
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).errors.dateTo).toEqual(["To date cannot be before the from date"]);
    expect((await as("ae1", "GET", `/SalesQuotations/agingReportAeV1/download`)).status).toBe(403);
  });
});
