import { truckingRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

/** Trucking rates by charge, area, port and branch, with their back-load and tandem rates. */
export default function TruckingRatesPage() {
  return <EntityList contract={truckingRateContract} title="Trucking rates" idPrefix="trucking-rate" />;
}
