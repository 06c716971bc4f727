import type { EntityName } from "../../../../api/modules/master-data/schemas.ts";

export interface EntityScreen {
  entity: EntityName;
  title: string;
  /** Prefix of the screen's test ids and input ids. */
  idPrefix: string;
}

/** The master-data list screens that are the shared pattern and nothing more, by route. */
export const ENTITY_SCREENS: Record<string, EntityScreen> = {
  "/master_data/branches": { entity: "branches", title: "Branches", idPrefix: "branch" },
  "/master_data/areas": { entity: "areas", title: "Areas", idPrefix: "area" },
  "/master_data/cargo_types": { entity: "cargoTypes", title: "Cargo types", idPrefix: "cargo-type" },
  "/master_data/service_modes": { entity: "serviceModes", title: "Service modes", idPrefix: "service-mode" },
  "/master_data/container_yards": { entity: "containerYards", title: "Container yards", idPrefix: "container-yard" },
  "/master_data/company_policies": { entity: "companyPolicies", title: "Company policies", idPrefix: "company-policy" },
};
