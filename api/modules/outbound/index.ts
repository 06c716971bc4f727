import type { LadingModule } from "../manifest.ts";

export { cancelCts, ctsByNum, issueCts, listCts } from "./cts/service.ts";

import { ctsRoutes } from "./cts/routes.ts";
import { seedDemoOutbound } from "./demo.ts";

/**
 * Outbound (001 §2 /outbound): what happens to a booking's cargo between its withdrawal (ATW) and the vessel.
 * Today the cargo transfer slip; the waybill and the loading follow in their own folders.
 */
export const outboundModule: LadingModule = {
  name: "outbound",
  routes: ctsRoutes,
  jobs: [],
  demo: seedDemoOutbound,
};
