import { Download } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { truckingContract } from "../../../../../api/modules/master-data/schemas.ts";
import { requestFile } from "../../../lib/api.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { EntityList } from "../components/EntityList.tsx";
import { ExportButton } from "../components/ExportButton.tsx";

/** The server builds the workbook, and only for a role with the Master Data Trucking Download capability. */
const truckingWorkbook = () => requestFile("/Truckings/download");

export default function TruckingsPage() {
  const user = useAtomValue(signedInUserAtom);
  const mayDownload = user?.capabilities.includes("MASTER_DATA_TRUCKING_DOWNLOAD") ?? false;
  return (
    <EntityList
      contract={truckingContract}
      title="Truckings"
      idPrefix="trucking"
      headerActions={mayDownload && <ExportButton text="Download" icon={<Download />} testId="truckings-export" build={truckingWorkbook} />}
    />
  );
}
