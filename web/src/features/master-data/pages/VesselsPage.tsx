import { EyeOpen, GridView } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { vesselContract } from "../../../../../api/modules/master-data/schemas.ts";
import { RowAction } from "../../../components/list-cells.tsx";
import { EntityList } from "../components/EntityList.tsx";
import { PAGES, pathTo, vesselStowagePath } from "../../../lib/paths.ts";

export default function VesselsPage() {
  const [, navigate] = useLocation();
  return (
    <EntityList
      contract={vesselContract}
      title="Vessels"
      idPrefix="vessel"
      rowActions={(row, busy) => {
        const code = String(row.code);
        return (
          <>
            <RowAction icon={<EyeOpen />} label="View" disabled={busy}
              onClick={() => navigate(pathTo(PAGES.vesselRead, { vessel: code }))} data-testid={`vessel-view-${code}`} />
            <RowAction icon={<GridView />} label="Stowage plans" disabled={busy}
              onClick={() => navigate(vesselStowagePath(code))} data-testid={`vessel-stowage-${code}`} />
          </>
        );
      }}
    />
  );
}
