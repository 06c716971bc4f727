import { freightRateContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function FreightRateLanePage() {
  return <EntityList contract={freightRateContract} title="Freight rates" idPrefix="freight-rate" />;
}
