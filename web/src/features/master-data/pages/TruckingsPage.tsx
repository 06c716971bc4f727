import { Button } from "@blueprintjs/core";
import { Download } from "@blueprintjs/icons";
import { useState } from "react";
import { truckingContract } from "../../../../../api/modules/master-data/schemas.ts";
import { api } from "../../../lib/api.ts";
import { saveBytes, XLSX_TYPE } from "../../../lib/download.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import type { EntityRow } from "../api/entities.ts";
import { EntityList } from "../components/EntityList.tsx";

type TruckingRow = EntityRow & {
  code: string;
  name: string;
  plateNum: string;
  contactPerson: string;
  contactNum: string;
  address: string;
  isHauling: boolean;
  isAuthorized: boolean;
  branchCodes: string[];
};

export default function TruckingsPage() {
  const [exporting, setExporting] = useState(false);

  const download = async () => {
    setExporting(true);
    try {
      // The plain trucking list answers every record in one call; the workbook library loads only on demand.
      const [list, template] = await Promise.all([
        api.get<{ data: TruckingRow[] }>("/Truckings"),
        import("../../../../../templates/exports/truckings.ts"),
      ]);
      if (list.data.length === 0) return notify.warning("No more data to load");
      saveBytes(template.buildTruckingsWorkbook(list.data), template.TRUCKINGS_XLSX_NAME, XLSX_TYPE);
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setExporting(false);
    }
  };

  return (
    <EntityList
      contract={truckingContract}
      title="Truckings"
      idPrefix="trucking"
      headerActions={
        <Button icon={<Download />} text="Download" loading={exporting} disabled={exporting} onClick={() => void download()}
          data-testid="truckings-export" />
      }
    />
  );
}
