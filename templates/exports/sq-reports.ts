import { buildWorkbook, type CellValue, tableOf, type WorkbookColumn, type WorkbookSpec, writeSheets } from "./workbook.ts";

/**
 * Workbooks of the three sales-quotation reports. Like every export here, header row first and fixed column
 * widths; the rows are the reports' own answers, so the file holds exactly what the screen showed. The
 * shapes below are declared here (templates import nothing of the API) and the API's rows fit them.
 */

export const SQ_AE_REPORT_XLSX_NAME = "SQ_AE_Report.xlsx";
export const SQ_CUSTOMERS_PER_AE_XLSX_NAME = "SQ_Customer_per_AE.xlsx";
export const SQ_AGING_XLSX_NAME = "SQ_Aging_Report.xlsx";

export interface LabelledKey {
  key: string;
  label: string;
}

export interface AeSummaryExport {
  groups: LabelledKey[];
  /** One row per AE: userId, name, a count under each group's key, and total. */
  data: { userId: string; name: string; total: number }[];
  totals: { total: number };
  period: { dateFrom: string; dateTo: string };
}

export interface CustomersPerAeExport {
  ae: { userId: string; name: string; total: number; faApproved: number };
  data: { customerCode: string; customerName: string; quotations: number; faApproved: number; latestSqDate: string; share: number }[];
  period: { dateFrom: string; dateTo: string };
}

export interface AgingExport {
  asOf: string;
  buckets: LabelledKey[];
  data: {
    sqRefNum: string;
    sqDate: string;
    userId: string;
    aeName: string;
    branchCode: string;
    customerCode: string;
    customerName: string;
    status: string;
    since: string;
    days: number;
    bucket: string;
  }[];
  /** One row per AE: userId, name, a count under each bucket's key, and total. */
  summary: { userId: string; name: string; total: number }[];
  totals: { total: number };
}

const TOTAL = "TOTAL";

/** The count rows carry a key per group or bucket beside their named fields; the columns read them by key. */
const cells = (row: object): Record<string, CellValue> => ({ ...(row as Record<string, CellValue>) });

/** A count column; the totals row reads the same key from the totals. */
const countColumn = <T extends Record<string, unknown>>(header: string, key: string, width = 12): WorkbookColumn<T> => ({
  header,
  width,
  value: (row) => Number(row[key] ?? 0),
});

/** searchAeV1: one row per AE, a column per status group, then the period's totals. */
export function buildAeSummaryWorkbook(report: AeSummaryExport): Uint8Array {
  type Row = Record<string, CellValue>;
  return buildWorkbook<Row>({
    sheetName: `AE ${report.period.dateFrom} to ${report.period.dateTo}`,
    columns: [
      { header: "AE User ID", width: 16, value: (r) => r.userId },
      { header: "Account Executive", width: 28, value: (r) => r.name },
      // Group labels are as wide as they need: the long catch-all label gets its own width.
      ...report.groups.map((g) => countColumn<Row>(g.label, g.key, Math.max(12, Math.min(g.label.length + 2, 34)))),
      countColumn<Row>("Total", "total", 10),
    ],
    rows: [
      ...report.data.map(cells),
      { ...cells(report.totals), userId: TOTAL, name: "" },
    ],
  });
}

/** searchCustomerperAeV1: one row per customer of the AE, busiest first, then the AE's totals. */
export function buildCustomersPerAeWorkbook(report: CustomersPerAeExport): Uint8Array {
  type Row = CustomersPerAeExport["data"][number] & { no: number | string };
  const { ae } = report;
  return buildWorkbook<Row>({
    sheetName: `${report.period.dateFrom} to ${report.period.dateTo}`,
    columns: [
      { header: "No", width: 6, value: (r) => r.no },
      { header: "AE User ID", width: 16, value: () => ae.userId },
      { header: "Customer Code", width: 16, value: (r) => r.customerCode },
      { header: "Customer Name", width: 36, value: (r) => r.customerName },
      { header: "Quotations", width: 12, value: (r) => r.quotations },
      { header: "FA Approved", width: 12, value: (r) => r.faApproved },
      { header: "Latest SQ Date", width: 14, value: (r) => r.latestSqDate },
      { header: "Share of AE Total (%)", width: 20, value: (r) => r.share },
    ],
    rows: [
      ...report.data.map((r, i) => ({ ...r, no: i + 1 })),
      {
        no: TOTAL, customerCode: "", customerName: `${report.data.length} customer(s) of ${ae.name}`, quotations: ae.total, faApproved: ae.faApproved, latestSqDate: "",
        share: ae.total === 0 ? 0 : 100,
      },
    ],
  });
}

/** agingReportAeV1: the waiting quotations, oldest wait first, and a second sheet counting them per AE and bucket. */
export function buildAgingWorkbook(report: AgingExport): Uint8Array {
  type Detail = AgingExport["data"][number] & { no: number };
  type Summary = Record<string, CellValue>;
  const bucketLabel = new Map(report.buckets.map((b) => [b.key, b.label]));
  return buildSheets([
    {
      sheetName: `SQ Aging as of ${report.asOf}`,
      columns: [
        { header: "No", width: 6, value: (r: Detail) => r.no },
        { header: "SQ Ref No", width: 24, value: (r: Detail) => r.sqRefNum },
        { header: "SQ Date", width: 12, value: (r: Detail) => r.sqDate },
        { header: "AE User ID", width: 16, value: (r: Detail) => r.userId },
        { header: "Account Executive", width: 26, value: (r: Detail) => r.aeName },
        { header: "Branch", width: 10, value: (r: Detail) => r.branchCode },
        { header: "Customer Code", width: 16, value: (r: Detail) => r.customerCode },
        { header: "Customer Name", width: 32, value: (r: Detail) => r.customerName },
        { header: "Status", width: 14, value: (r: Detail) => r.status },
        { header: "In Status Since", width: 15, value: (r: Detail) => r.since },
        { header: "Days Waiting", width: 13, value: (r: Detail) => r.days },
        { header: "Aging", width: 14, value: (r: Detail) => bucketLabel.get(r.bucket) ?? r.bucket },
      ],
      rows: report.data.map((r, i) => ({ ...r, no: i + 1 })),
    } satisfies WorkbookSpec<Detail>,
    {
      sheetName: "Summary per AE",
      columns: [
        { header: "AE User ID", width: 16, value: (r: Summary) => r.userId },
        { header: "Account Executive", width: 28, value: (r: Summary) => r.name },
        ...report.buckets.map((b) => countColumn<Summary>(b.label, b.key, 14)),
        countColumn<Summary>("Total", "total", 10),
      ],
      rows: [...report.summary.map(cells), { ...cells(report.totals), userId: TOTAL, name: "" }],
    } satisfies WorkbookSpec<Summary>,
  ]);
}

/** Several sheets in one file, each laid out as buildWorkbook lays out its one. */
// deno-lint-ignore no-explicit-any
function buildSheets(specs: WorkbookSpec<any>[]): Uint8Array {
  return writeSheets(specs.map(tableOf));
}
