import type { Port } from "../../api/modules/master-data/schemas.ts";
import { buildWorkbook } from "./workbook.ts";

export const PORTS_XLSX_NAME = "Port_List.xlsx";

/** The fields an export reads; API rows (ISO dates) and database rows (Date) both fit. */
export type PortExportRow = Pick<Port, "code" | "name" | "branchCode" | "location" | "isActive">;

export function buildPortsWorkbook(rows: PortExportRow[]): Uint8Array {
  return buildWorkbook<{ row: PortExportRow; no: number }>({
    sheetName: "Ports",
    columns: [
      { header: "No", width: 6, value: (r) => r.no },
      { header: "Code", width: 12, value: (r) => r.row.code },
      { header: "Name", width: 36, value: (r) => r.row.name },
      { header: "Branch", width: 10, value: (r) => r.row.branchCode },
      { header: "Location", width: 32, value: (r) => r.row.location },
      { header: "Status", width: 10, value: (r) => (r.row.isActive ? "Active" : "Inactive") },
    ],
    rows: rows.map((row, i) => ({ row, no: i + 1 })),
  });
}
