import { Button } from "@blueprintjs/core";
import { Route } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { freightRateContract } from "../../../../../api/modules/master-data/schemas.ts";
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
      actionsWidth={360}
      rowActions={(row, busy) => {
        const charge = String(row.chargeCode);
        const origin = String(row.portCodeOrigin);
        return (
          <Button icon={<Route />} text="Lane" aria-label={`Freight rates of charge ${charge} from ${origin}`} disabled={busy}
            onClick={() => navigate(pathTo(PAGES.freightRateLane, { charge, origin }))} data-testid={`freight-rate-lane-${row.id}`} />
        );
      }}
    />
  );
}
