import { commodityContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function CommoditiesPage() {
  return <EntityList contract={commodityContract} title="Commodities" idPrefix="commodity" />;
}
