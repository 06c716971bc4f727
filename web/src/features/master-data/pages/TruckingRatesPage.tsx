import { truckingRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function TruckingRatesPage() {
  return <EntityList contract={truckingRateContract} title="Trucking rates" idPrefix="trucking-rate" />;
}
