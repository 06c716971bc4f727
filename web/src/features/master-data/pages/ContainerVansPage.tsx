import { containerVanContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function ContainerVansPage() {
  return <EntityList contract={containerVanContract} title="Container vans" idPrefix="container-van" />;
}
