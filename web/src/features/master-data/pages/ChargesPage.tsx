import { chargeContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function ChargesPage() {
  return <EntityList contract={chargeContract} title="Charges" idPrefix="charge" />;
}
