import { List } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { portRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { RowAction } from "../../../components/list-cells.tsx";
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
      rowActions={(row, busy) => {
        const charge = String(row.chargeCode);
        return (
          <RowAction icon={<List />} label="Charge rates" hint={`Port rates of charge ${charge}`} disabled={busy}
            onClick={() => navigate(pathTo(PAGES.portRateCharge, { chargeCode: charge }))} data-testid={`port-rate-charge-${row.id}`} />
        );
      }}
    />
  );
}
