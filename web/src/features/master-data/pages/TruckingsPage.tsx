import { Download } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { truckingContract } from "../../../../../api/modules/master-data/schemas.ts";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { signedInUserAtom } from "../../../lib/session.ts";
import { EntityList } from "../components/EntityList.tsx";

import { truckingWorkbook } from "../api/records.ts";

export default function TruckingsPage() {
  const user = useAtomValue(signedInUserAtom);
  const mayDownload = user?.capabilities.includes("MASTER_DATA_TRUCKING_DOWNLOAD") ?? false;
  return (
    <EntityList
      contract={truckingContract}
      title="Truckings"
      idPrefix="trucking"
      headerActions={mayDownload && <DownloadButton text="Download" icon={<Download />} testId="truckings-export" build={truckingWorkbook} />}
    />
  );
}
