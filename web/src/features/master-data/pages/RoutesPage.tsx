import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { routeContract } from "../../../../../api/modules/master-data/schemas.ts";
import { EntityList } from "../components/EntityList.tsx";

/**
 * Routes are master data in the API (one declared entity), but schedulers keep them under the Voyage menu.
 * The shared entity list draws them: the destination checkboxes are taken in the order they are ticked,
 * which is the calling order the voyages follow.
 */
export default function RoutesPage(_props: PageProps) {
  return <EntityList contract={routeContract} title="Routes" idPrefix="route" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />;
}
