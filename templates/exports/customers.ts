import { buildWorkbook } from "./workbook.ts";

export const CUSTOMERS_XLSX_NAME = "Customer_List.xlsx";

/** The fields the export reads; API rows, database rows and the CLI's rows all fit. */
export interface CustomerExportRow {
  company: string;
  firstName?: string | null;
  middleInitial?: string | null;
  lastName?: string | null;
  address?: string | null;
  contactNum?: string | null;
  customerContactEmail?: string | null;
}

/** "Juan", "D", "Cruz" -> "Juan D. Cruz"; parts left empty are skipped. */
export function customerName(row: CustomerExportRow): string {
  const initial = (row.middleInitial ?? "").trim();
  const middle = initial === "" ? "" : initial.endsWith(".") ? initial : `${initial}.`;
  return [row.firstName, middle, row.lastName].map((part) => (part ?? "").trim()).filter((part) => part !== "").join(" ");
}

export function buildCustomersWorkbook(rows: CustomerExportRow[]): Uint8Array {
  return buildWorkbook<{ row: CustomerExportRow; no: number }>({
    sheetName: "Customers",
    columns: [
      { header: "No", width: 6, value: (r) => r.no },
      { header: "Company", width: 36, value: (r) => r.row.company },
      { header: "Customer Name", width: 30, value: (r) => customerName(r.row) },
      { header: "Address", width: 44, value: (r) => r.row.address ?? "" },
      { header: "Contact Number", width: 18, value: (r) => r.row.contactNum ?? "" },
      { header: "Email Address", width: 32, value: (r) => r.row.customerContactEmail ?? "" },
    ],
    rows: rows.map((row, i) => ({ row, no: i + 1 })),
  });
}
