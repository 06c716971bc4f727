import { ENTITY_CONTRACTS } from "../../../../../api/modules/master-data/schemas.ts";
import type { PageProps } from "../../../lib/paths.ts";
import { EntityList } from "../components/EntityList.tsx";
import { ENTITY_SCREENS } from "../screens.ts";

/** A master-data screen that is the shared list and form, chosen by its route. */
export default function EntityPage({ route }: PageProps) {
  const screen = ENTITY_SCREENS[route.path];
  if (!screen) throw new Error(`No master-data screen is declared for ${route.path}`);
  return <EntityList key={route.path} contract={ENTITY_CONTRACTS[screen.entity]} title={screen.title} idPrefix={screen.idPrefix} />;
}
