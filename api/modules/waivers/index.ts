import type { LadingModule } from "../manifest.ts";

export { listWaivers, waiverByNum } from "./waivers/service.ts";
export { listOverrides, overrideByNum } from "./overrides/service.ts";

import { seedDemoWaivers } from "./demo.ts";
import { overrideRoutes } from "./overrides/routes.ts";
import { waiverRoutes } from "./waivers/routes.ts";

/**
 * Waivers and charge overrides (001 §2 /waiver and /overrideCharge, both under the WAIVER menu): requests to forgive
 * a waybill's charges, with supporting files, endorsed and approved; and requests to change a charge line's value,
 * approved. Once approved, each is an adjustment beside the waybill's line, which its totals, its invoices and the
 * paid answer of release read.
 */
export const waiversModule: LadingModule = {
  name: "waivers",
  routes: [...waiverRoutes, ...overrideRoutes],
  jobs: [],
  demo: seedDemoWaivers,
};
