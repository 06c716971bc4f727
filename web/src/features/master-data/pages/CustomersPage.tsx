import { customerContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

export default function CustomersPage() {
  return <EntityList contract={customerContract} title="Customers" idPrefix="customer" />;
}
