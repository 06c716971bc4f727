import { Route } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { freightRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { RowAction } from "../../../components/list-cells.tsx";
import { EntityList } from "../components/EntityList.tsx";
import { PAGES, pathTo } from "../../../lib/paths.ts";

/** All freight rates; each row leads to the rates of its charge from its origin port. */
export default function FreightRatesPage() {
  const [, navigate] = useLocation();
  return (
    <EntityList
      contract={freightRateContract}
      title="Freight rates"
      idPrefix="freight-rate"
      rowActions={(row, busy) => {
        const charge = String(row.chargeCode);
        const origin = String(row.portCodeOrigin);
        return (
          <RowAction icon={<Route />} label="Lane rates" hint={`Freight rates of charge ${charge} from ${origin}`} disabled={busy}
            onClick={() => navigate(pathTo(PAGES.freightRateLane, { charge, origin }))} data-testid={`freight-rate-lane-${row.id}`} />
        );
      }}
    />
  );
}
