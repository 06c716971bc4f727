import { Download } from "@blueprintjs/icons";
import { truckingContract } from "../../../../../api/modules/master-data/schemas.ts";
import type { TruckingExportRow } from "../../../../../templates/exports/truckings.ts";
import { api } from "../../../lib/api.ts";
import { EntityList } from "../components/EntityList.tsx";
import { ExportButton } from "../components/ExportButton.tsx";

async function truckingWorkbook() {
  // The plain trucking list answers every record in one call; the workbook library loads only on demand.
  const [list, template] = await Promise.all([
    api.get<{ data: TruckingExportRow[] }>("/Truckings"),
    import("../../../../../templates/exports/truckings.ts"),
  ]);
  return list.data.length === 0 ? null : { bytes: template.buildTruckingsWorkbook(list.data), fileName: template.TRUCKINGS_XLSX_NAME };
}

export default function TruckingsPage() {
  return (
    <EntityList
      contract={truckingContract}
      title="Truckings"
      idPrefix="trucking"
      headerActions={<ExportButton text="Download" icon={<Download />} testId="truckings-export" build={truckingWorkbook} />}
    />
  );
}
