import type { BookingReport, BookingTotals, CsrReport } from "../../api/modules/reports/schemas.ts";
import { type CellValue, type SheetTable, writeSheets } from "./workbook.ts";

/**
 * The booking report (each booking, then the count per status) and bookings by CSR (a row per CSR with their
 * bookings per status) as workbooks with fixed widths; amounts are numbers in pesos, VAT included.
 */

export const bookingReportFileName = (r: Pick<BookingReport, "dateFrom" | "dateTo">) => `Booking_Report_${r.dateFrom}_${r.dateTo}.xlsx`;
export const csrReportFileName = (r: Pick<CsrReport, "dateFrom" | "dateTo">) => `Bookings_by_CSR_${r.dateFrom}_${r.dateTo}.xlsx`;

/** The statuses in the order the report names them: its totals list every status, in order. */
const statusesOf = (t: BookingTotals) => Object.keys(t.statuses);
const totalsCells = (t: BookingTotals, statuses: string[]): CellValue[] =>
  [t.bookings, ...statuses.map((s) => t.statuses[s] ?? 0), t.live, t.quantity, t.teu, Number(t.amount)];

export function buildBookingReportWorkbook(report: BookingReport): Uint8Array {
  const bookings: SheetTable = {
    name: "Bookings",
    table: [
      ["Booking No", "Booking Date", "Status", "Voyage No", "Vessel", "Origin", "Destination", "Customer Code", "Customer", "CSR", "Mode of Delivery",
        "Quantity", "TEU", "Amount"],
      ...report.data.map((b) => [
        b.bookingRef, b.bookingDate, b.status, b.voyageNum, b.vesselCode, b.branchCode, b.destinationBranchCode, b.customerCode, b.customerName,
        b.csrName, b.modeOfDelivery, b.quantity, b.teu, Number(b.amount),
      ]),
      ["Total (live bookings)", "", "", "", "", "", "", "", "", "", "", report.totals.quantity, report.totals.teu, Number(report.totals.amount)],
    ],
    widths: [22, 12, 20, 22, 14, 8, 12, 14, 34, 24, 18, 10, 8, 16],
  };
  const statuses: SheetTable = {
    name: "By status",
    table: [["Status", "Bookings"], ...statusesOf(report.totals).map((s) => [s, report.totals.statuses[s] ?? 0]), ["Total", report.totals.bookings]],
    widths: [22, 10],
  };
  return writeSheets([bookings, statuses]);
}

export function buildCsrReportWorkbook(report: CsrReport): Uint8Array {
  const statuses = statusesOf(report.totals);
  return writeSheets([{
    name: "Bookings by CSR",
    table: [
      ["CSR", "Name", "Bookings", ...statuses, "Live", "Quantity", "TEU", "Amount"],
      ...report.data.map((r) => [r.csr, r.csrName, ...totalsCells(r, statuses)]),
      ["Total", "", ...totalsCells(report.totals, statuses)],
    ],
    widths: [18, 26, 10, ...statuses.map(() => 12), 8, 10, 8, 16],
  }]);
}
