import { vesselContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function VesselStowagePage() {
  return <EntityList contract={vesselContract} title="Vessel stowage" idPrefix="vessel" />;
}
