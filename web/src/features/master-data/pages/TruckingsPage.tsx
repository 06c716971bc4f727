import { truckingContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function TruckingsPage() {
  return <EntityList contract={truckingContract} title="Truckings" idPrefix="trucking" />;
}
