import { Button } from "@blueprintjs/core";
import { EyeOpen, GridView } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { vesselContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";
import { PAGES, pathTo, vesselStowagePath } from "../../../lib/paths.ts";

export default function VesselsPage() {
  const [, navigate] = useLocation();
  return (
    <EntityList
      contract={vesselContract}
      title="Vessels"
      idPrefix="vessel"
      actionsWidth={430}
      rowActions={(row, busy) => {
        const code = String(row.code);
        return (
          <>
            <Button icon={<EyeOpen />} text="View" aria-label={`View vessel ${code}`} disabled={busy}
              onClick={() => navigate(pathTo(PAGES.vesselRead, { vessel: code }))} data-testid={`vessel-view-${code}`} />
            <Button icon={<GridView />} text="Stowage" aria-label={`Stowage plans of vessel ${code}`} disabled={busy}
              onClick={() => navigate(vesselStowagePath(code))} data-testid={`vessel-stowage-${code}`} />
          </>
        );
      }}
    />
  );
}
