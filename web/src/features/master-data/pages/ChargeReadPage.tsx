import { chargeContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function ChargeReadPage() {
  return <EntityList contract={chargeContract} title="Charge" idPrefix="charge" />;
}
