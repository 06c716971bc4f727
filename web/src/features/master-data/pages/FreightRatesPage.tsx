import { Button } from "@blueprintjs/core";
import { Route } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { freightRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

/** The screen of every freight rate of one charge leaving one port. */
export const freightRateLanePath = (chargeCode: string, portCodeOrigin: string) =>
  `/master_data/freight_rate/${encodeURIComponent(chargeCode)}/${encodeURIComponent(portCodeOrigin)}`;

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
            onClick={() => navigate(freightRateLanePath(charge, origin))} data-testid={`freight-rate-lane-${row.id}`} />
        );
      }}
    />
  );
}
