import { portRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function PortRateChargePage() {
  return <EntityList contract={portRateContract} title="Port rates" idPrefix="port-rate" />;
}
