import type { LadingModule } from "../manifest.ts";

export {
  chargeAmount,
  type CompanyPolicy,
  INSURANCE_RATE_POLICY,
  INSURED_VALUE_PER_TEU_POLICY,
  insurancePremium,
  policyInForce,
  RATE_UNIT_LABELS,
  type RateBase,
  rateInForce,
  type RateQuery,
  type RateUnit,
  truckingRate,
} from "./rules.ts";
export {
  type CompanyMatch,
  createWithDetails,
  type CustomerWithDetails,
  customersForExport,
  customersLikeCompany,
  getWithDetailsByCode,
  updateWithDetails,
} from "./customers/service.ts";
export { createWithDetailsBody, updateWithDetailsBody } from "./customers/contracts.ts";
export { portService } from "./entities.ts";
export {
  type ContainerVan,
  hustlingTruckers,
  mayHustle,
  moveVansBetweenYards,
  setVansUsed,
  truckingsForExport,
  vansByNumbers,
  type YardMove,
} from "./equipment/service.ts";
export { portFilters } from "./schemas.ts";
export { seedDemo } from "./seed.ts";

import { masterDataRoutes } from "./routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerMasterDataExports } from "../../../cli/commands/export.ts";
import { registerPortCommands } from "../../../cli/commands/ports.ts";

export const masterDataModule: LadingModule = {
  name: "master-data",
  routes: masterDataRoutes,
  jobs: [],
  commands: (program, ctx) => {
    registerPortCommands(program, ctx);
    registerMasterDataExports(program, ctx);
  },
};
