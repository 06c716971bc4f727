import { EyeOpen } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { chargeContract } from "../../../../../api/modules/master-data/schemas.ts";
import { RowAction } from "../../../components/list-cells.tsx";
import { EntityList } from "../components/EntityList.tsx";
import { PAGES, pathTo } from "../../../lib/paths.ts";

export default function ChargesPage() {
  const [, navigate] = useLocation();
  return (
    <EntityList
      contract={chargeContract}
      title="Charges"
      idPrefix="charge"
      crumbs={[{ text: "Master Data", href: PAGES.masterData }]}
      rowActions={(row, busy) => {
        const code = String(row.code);
        return (
          <RowAction icon={<EyeOpen />} label="View" disabled={busy}
            onClick={() => navigate(pathTo(PAGES.chargeRead, { chargeCode: code }))} data-testid={`charge-view-${code}`} />
        );
      }}
    />
  );
}
