import { vesselContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function VesselsPage() {
  return <EntityList contract={vesselContract} title="Vessels" idPrefix="vessel" />;
}
