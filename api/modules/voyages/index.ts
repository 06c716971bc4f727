import type { LadingModule } from "../manifest.ts";

export { reportQuery, type ScheduleRow } from "./schedules/schemas.ts";
export { scheduleByNumber } from "./schedules/service.ts";
export { voyageScheduleWorkbook } from "./schedules/documents.ts";

import { seedDemoVoyages } from "./demo.ts";
import { voyageScheduleRoutes } from "./schedules/routes.ts";
import { soundingRoutes } from "./soundings/routes.ts";
import { vesselUpdateRoutes } from "./vessel-updates/routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerVoyageExports } from "../../../cli/commands/export.ts";

export const voyagesModule: LadingModule = {
  name: "voyages",
  routes: [...vesselUpdateRoutes, ...voyageScheduleRoutes, ...soundingRoutes],
  jobs: [],
  commands: registerVoyageExports,
  demo: seedDemoVoyages,
};
