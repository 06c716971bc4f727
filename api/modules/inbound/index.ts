import type { LadingModule } from "../manifest.ts";

// The nightly run of storage, demurrage and detention, for `lading demurrage run` and the demo line.
export { type AccrualRun, runFreeTimeAccrual } from "./demurrage/service.ts";

import { arrivalNoticeRoutes } from "./arrival-notices/routes.ts";
import { cargoReleaseRoutes } from "./cargo-release/routes.ts";
import { seedDemoInbound } from "./demo.ts";
import { freeTimeJob } from "./demurrage/jobs.ts";
import { demurrageRoutes } from "./demurrage/routes.ts";
import { inboundTallySheetRoutes } from "./tally-sheets/routes.ts";
import { unloadListRoutes } from "./unload-lists/routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerInboundCommands } from "../../../cli/commands/inbound.ts";

/**
 * Inbound (001 §2 /inbound): what happens at the destination once the vessel arrives. The discharge: unload lists
 * by release (unload-lists/) and the unloading tally sheets (tally-sheets/: the outbound tally service on the
 * Unloading side), whose final tally starts the free days; free time (demurrage/): the rule set of storage,
 * demurrage and detention, the read of a waybill's charges and the nightly accrual; cargo release orders
 * (cargo-release/), made once accounting answers a waybill paid, and cleared; arrival notices (arrival-notices/): the
 * vessel's and each waybill's, sent to the consignee by e-mail with a public link.
 */
export const inboundModule: LadingModule = {
  name: "inbound",
  routes: [...demurrageRoutes, ...unloadListRoutes, ...inboundTallySheetRoutes, ...cargoReleaseRoutes, ...arrivalNoticeRoutes],
  jobs: [freeTimeJob],
  commands: registerInboundCommands,
  demo: seedDemoInbound,
};
