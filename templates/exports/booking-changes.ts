import { manilaTimestamp } from "../../api/shared/dates.ts";
import { buildWorkbook } from "./workbook.ts";

/** downloadApprovedBC (001 §7): the approved booking changes, one row per change. */
export const APPROVED_BC_XLSX_NAME = "ApprovedBookingChanges.xlsx";

/** The fields the export reads: the API's revision rows fit. */
export interface ApprovedChangeExportRow {
  revisionId: string;
  bookingRef: string;
  waybillref: string | null;
  branchCode: string;
  remarks: string;
  /** Each change as "label: before -> after", as the service words it. */
  changes: string[];
  totalBefore: string;
  totalAfter: string;
  amendmentFee: string;
  requestedBy: string;
  approvedBy: string | null;
  datApproved: string | null;
}

export function buildApprovedChangesWorkbook(rows: readonly ApprovedChangeExportRow[]): Uint8Array {
  return buildWorkbook<ApprovedChangeExportRow & { no: number }>({
    sheetName: "Approved booking changes",
    columns: [
      { header: "No", width: 6, value: (r) => r.no },
      { header: "Revision No", width: 22, value: (r) => r.revisionId },
      { header: "Booking Ref", width: 22, value: (r) => r.bookingRef },
      { header: "Waybill Ref", width: 22, value: (r) => r.waybillref ?? "" },
      { header: "Branch", width: 8, value: (r) => r.branchCode },
      { header: "Changes", width: 60, value: (r) => r.changes.join("; ") },
      { header: "Charges Before", width: 14, value: (r) => r.totalBefore },
      { header: "Charges After", width: 14, value: (r) => r.totalAfter },
      { header: "Amendment Fee", width: 14, value: (r) => r.amendmentFee },
      { header: "Remarks", width: 36, value: (r) => r.remarks },
      { header: "Requested By", width: 16, value: (r) => r.requestedBy },
      { header: "Approved By", width: 16, value: (r) => r.approvedBy ?? "" },
      { header: "Date Approved", width: 18, value: (r) => (r.datApproved ? manilaTimestamp(r.datApproved) : "") },
    ],
    rows: rows.map((r, i) => ({ ...r, no: i + 1 })),
  });
}
