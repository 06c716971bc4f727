import { Button } from "@blueprintjs/core";
import { Export } from "@blueprintjs/icons";
import { useState } from "react";
import { customerContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { ListResult } from "../../../../../api/shared/contracts.ts";
import { api } from "../../../lib/api.ts";
import { saveBytes, XLSX_TYPE } from "../../../lib/download.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import type { EntityRow } from "../api/entities.ts";
import { EntityList } from "../components/EntityList.tsx";

/** The server's largest page; the export walks the whole list in pages of this size. */
const EXPORT_PAGE = 200;

type CustomerRow = EntityRow & {
  company: string;
  firstName: string;
  middleInitial: string;
  lastName: string;
  address: string;
  contactNum: string;
  customerContactEmail: string;
};

/** Every customer, in list order, through the list screen's own load call. */
async function loadAllCustomers(): Promise<CustomerRow[]> {
  const rows: CustomerRow[] = [];
  for (let skip = 0; ; skip += EXPORT_PAGE) {
    const page = await api.post<ListResult<CustomerRow>>("/Customers/load", { skip, take: EXPORT_PAGE });
    rows.push(...page.data);
    if (page.data.length < EXPORT_PAGE || rows.length >= page.total) return rows;
  }
}

export default function CustomersPage() {
  const [exporting, setExporting] = useState(false);

  const exportXlsx = async () => {
    setExporting(true);
    try {
      // The workbook library is large; it loads only when someone exports.
      const [rows, template] = await Promise.all([loadAllCustomers(), import("../../../../../templates/exports/customers.ts")]);
      if (rows.length === 0) return notify.warning("No more data to load");
      saveBytes(template.buildCustomersWorkbook(rows), template.CUSTOMERS_XLSX_NAME, XLSX_TYPE);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <EntityList
      contract={customerContract}
      title="Customers"
      idPrefix="customer"
      headerActions={
        <Button icon={<Export />} text="Export XLSX" loading={exporting} disabled={exporting} onClick={() => void exportXlsx()}
          data-testid="customers-export" />
      }
    />
  );
}
