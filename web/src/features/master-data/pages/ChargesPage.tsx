import { Button } from "@blueprintjs/core";
import { EyeOpen } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { chargeContract } from "../../../../../api/modules/master-data/schemas.ts";
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
      actionsWidth={350}
      rowActions={(row, busy) => {
        const code = String(row.code);
        return (
          <Button icon={<EyeOpen />} text="View" aria-label={`View charge ${code}`} disabled={busy}
            onClick={() => navigate(pathTo(PAGES.chargeRead, { chargeCode: code }))} data-testid={`charge-view-${code}`} />
        );
      }}
    />
  );
}
