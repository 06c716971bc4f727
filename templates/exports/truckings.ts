import { buildWorkbook } from "./workbook.ts";

/** The spec names no file for the trucking master download; this follows the customer list's pattern. */
export const TRUCKINGS_XLSX_NAME = "Trucking_List.xlsx";

/** The fields an export reads; API rows (ISO dates) and database rows (Date) both fit. */
export interface TruckingExportRow {
  code: string;
  name: string;
  plateNum?: string | null;
  contactPerson?: string | null;
  contactNum?: string | null;
  address?: string | null;
  isHauling?: boolean | null;
  isAuthorized?: boolean | null;
  branchCodes?: readonly string[] | null;
  isActive: boolean;
}

const yesNo = (flag: boolean) => (flag ? "Yes" : "No");

export function buildTruckingsWorkbook(rows: TruckingExportRow[]): Uint8Array {
  return buildWorkbook<{ row: TruckingExportRow; no: number }>({
    sheetName: "Truckings",
    columns: [
      { header: "No", width: 6, value: (r) => r.no },
      { header: "Code", width: 12, value: (r) => r.row.code },
      { header: "Trucker name", width: 36, value: (r) => r.row.name },
      { header: "Plate number", width: 24, value: (r) => r.row.plateNum ?? "" },
      { header: "Contact person", width: 24, value: (r) => r.row.contactPerson ?? "" },
      { header: "Contact number", width: 16, value: (r) => r.row.contactNum ?? "" },
      { header: "Address", width: 36, value: (r) => r.row.address ?? "" },
      { header: "Hauling", width: 9, value: (r) => yesNo(Boolean(r.row.isHauling)) },
      { header: "Authorized", width: 11, value: (r) => yesNo(Boolean(r.row.isAuthorized)) },
      { header: "Branches", width: 24, value: (r) => [...(r.row.branchCodes ?? [])].sort().join(", ") },
      { header: "Status", width: 10, value: (r) => (r.row.isActive ? "Active" : "Inactive") },
    ],
    rows: rows.map((row, i) => ({ row, no: i + 1 })),
  });
}
