import { vesselContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function VesselReadPage() {
  return <EntityList contract={vesselContract} title="Vessel" idPrefix="vessel" />;
}
