import { Export } from "@blueprintjs/icons";
import { customerContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { CustomerExportRow } from "../../../../../templates/exports/customers.ts";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import type { EntityRow } from "../api/entities.ts";
import { loadAllCustomers } from "../api/records.ts";
import { EntityList } from "../components/EntityList.tsx";

type CustomerRow = EntityRow & CustomerExportRow;

async function customerWorkbook() {
  // The workbook library is large; it loads only when someone exports.
  const [rows, template] = await Promise.all([loadAllCustomers<CustomerRow>(), import("../../../../../templates/exports/customers.ts")]);
  return rows.length === 0 ? null : { bytes: template.buildCustomersWorkbook(rows), fileName: template.CUSTOMERS_XLSX_NAME };
}

export default function CustomersPage() {
  return (
    <EntityList
      contract={customerContract}
      title="Customers"
      idPrefix="customer"
      headerActions={<DownloadButton text="Export XLSX" icon={<Export />} testId="customers-export" build={customerWorkbook} />}
    />
  );
}
