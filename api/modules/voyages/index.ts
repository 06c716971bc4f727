import { registerVoyageExports } from "../../../cli/commands/export.ts";
import type { LadingModule } from "../manifest.ts";
import { voyageScheduleRoutes } from "./schedules/routes.ts";
import { soundingRoutes } from "./soundings/routes.ts";
import { vesselUpdateRoutes } from "./vessel-updates/routes.ts";

export { reportQuery, type ScheduleRow } from "./schedules/schemas.ts";
export { scheduleByNumber, schedulesForReport } from "./schedules/service.ts";

export const voyagesModule: LadingModule = {
  name: "voyages",
  routes: [...vesselUpdateRoutes, ...voyageScheduleRoutes, ...soundingRoutes],
  jobs: [],
  commands: registerVoyageExports,
};
