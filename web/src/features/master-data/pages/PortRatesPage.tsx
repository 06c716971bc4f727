import { Button } from "@blueprintjs/core";
import { List } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { portRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";
import { PAGES, pathTo } from "../../../lib/paths.ts";

/** All port rates; each row leads to the other rates of its charge. */
export default function PortRatesPage() {
  const [, navigate] = useLocation();
  return (
    <EntityList
      contract={portRateContract}
      title="Port rates"
      idPrefix="port-rate"
      actionsWidth={370}
      rowActions={(row, busy) => {
        const charge = String(row.chargeCode);
        return (
          <Button icon={<List />} text="Charge" aria-label={`Port rates of charge ${charge}`} disabled={busy}
            onClick={() => navigate(pathTo(PAGES.portRateCharge, { chargeCode: charge }))} data-testid={`port-rate-charge-${row.id}`} />
        );
      }}
    />
  );
}
