import { Export } from "@blueprintjs/icons";
import { customerContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { ListResult } from "../../../../../api/shared/contracts.ts";
import type { CustomerExportRow } from "../../../../../templates/exports/customers.ts";
import { api } from "../../../lib/api.ts";
import type { EntityRow } from "../api/entities.ts";
import { EntityList } from "../components/EntityList.tsx";
import { ExportButton } from "../components/ExportButton.tsx";

/** The server's largest page; the export walks the whole list in pages of this size. */
const EXPORT_PAGE = 200;

type CustomerRow = EntityRow & CustomerExportRow;

/** Every customer, in list order, through the list screen's own load call. */
async function loadAllCustomers(): Promise<CustomerRow[]> {
  const rows: CustomerRow[] = [];
  for (let skip = 0; ; skip += EXPORT_PAGE) {
    const page = await api.post<ListResult<CustomerRow>>("/Customers/load", { skip, take: EXPORT_PAGE });
    rows.push(...page.data);
    if (page.data.length < EXPORT_PAGE || rows.length >= page.total) return rows;
  }
}

async function customerWorkbook() {
  // The workbook library is large; it loads only when someone exports.
  const [rows, template] = await Promise.all([loadAllCustomers(), import("../../../../../templates/exports/customers.ts")]);
  return rows.length === 0 ? null : { bytes: template.buildCustomersWorkbook(rows), fileName: template.CUSTOMERS_XLSX_NAME };
}

export default function CustomersPage() {
  return (
    <EntityList
      contract={customerContract}
      title="Customers"
      idPrefix="customer"
      headerActions={<ExportButton text="Export XLSX" icon={<Export />} testId="customers-export" build={customerWorkbook} />}
    />
  );
}
