import type { EntityName } from "../../../../api/modules/master-data/schemas.ts";
import { PAGES } from "../../lib/paths.ts";

export interface EntityScreen {
  entity: EntityName;
  title: string;
  /** Prefix of the screen's test ids and input ids. */
  idPrefix: string;
}

/** The master-data list screens that are the shared pattern and nothing more, by route. */
export const ENTITY_SCREENS: Record<string, EntityScreen> = {
  [PAGES.branches]: { entity: "branches", title: "Branches", idPrefix: "branch" },
  [PAGES.areas]: { entity: "areas", title: "Areas", idPrefix: "area" },
  [PAGES.cargoTypes]: { entity: "cargoTypes", title: "Cargo types", idPrefix: "cargo-type" },
  [PAGES.serviceModes]: { entity: "serviceModes", title: "Service modes", idPrefix: "service-mode" },
  [PAGES.containerYards]: { entity: "containerYards", title: "Container yards", idPrefix: "container-yard" },
  [PAGES.companyPolicies]: { entity: "companyPolicies", title: "Company policies", idPrefix: "company-policy" },
};
