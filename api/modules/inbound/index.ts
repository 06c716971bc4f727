import type { LadingModule } from "../manifest.ts";

// The nightly run of storage, demurrage and detention, for `lading demurrage run` and the demo line.
export { type AccrualRun, runFreeTimeAccrual } from "./demurrage/service.ts";
// Dwell time, for `lading report dwell-time`.
export { dwellTimeWorkbook } from "./dwell-time/documents.ts";
export { dwellTimeQuery } from "./dwell-time/schemas.ts";
// For the home page: the stage a discharged waybill has reached, when its van goes out, and a waybill's free time.
export { DISCHARGED_STAGE } from "./cargo-release/rules.ts";
export { FREE_TIME_STAGES } from "./demurrage/rules.ts";
export { freeTimeOfWaybill, lastFreeStorageDays } from "./demurrage/service.ts";

import { arrivalNoticeRoutes } from "./arrival-notices/routes.ts";
import { cargoReleaseRoutes } from "./cargo-release/routes.ts";
import { seedDemoInbound } from "./demo.ts";
import { freeTimeJob } from "./demurrage/jobs.ts";
import { demurrageRoutes } from "./demurrage/routes.ts";
import { deliveryReceiptRoutes } from "./delivery-receipts/routes.ts";
import { inboundCtsRoutes } from "./inbound-cts/routes.ts";
import { inboundDispatchRoutes } from "./dispatch/routes.ts";
import { dwellTimeRoutes } from "./dwell-time/routes.ts";
import { inboundTallySheetRoutes } from "./tally-sheets/routes.ts";
import { unloadListRoutes } from "./unload-lists/routes.ts";
import { unpaidWaybillRoutes } from "./unpaid-waybills/routes.ts";
import { vanInRoutes } from "./van-in/routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerInboundCommands } from "../../../cli/commands/inbound.ts";

/**
 * Inbound (001 §2 /inbound): what happens at the destination once the vessel arrives. The discharge: unload lists
 * by release (unload-lists/) and the unloading tally sheets (tally-sheets/: the outbound tally service on the
 * Unloading side), whose final tally starts the free days; free time (demurrage/): the rule set of storage,
 * demurrage and detention, the read of a waybill's charges and the nightly accrual; cargo release orders
 * (cargo-release/), made once accounting answers a waybill paid, and cleared; arrival notices (arrival-notices/): the
 * vessel's and each waybill's, sent to the consignee by e-mail with a public link; the inbound CTS (inbound-cts/), the
 * van-out of a cleared release (stage 8), and the cargo delivery receipt (delivery-receipts/); van-in (van-in/): the
 * empty van back, stage 9, the van free again and detention ended; the waybills accounting answers unpaid
 * (unpaid-waybills/), the delivery lists of released door cargo (dispatch/) and dwell time (dwell-time/).
 */
export const inboundModule: LadingModule = {
  name: "inbound",
  routes: [
    ...demurrageRoutes, ...unloadListRoutes, ...inboundTallySheetRoutes, ...arrivalNoticeRoutes, ...cargoReleaseRoutes, ...inboundCtsRoutes,
    ...deliveryReceiptRoutes, ...vanInRoutes, ...unpaidWaybillRoutes, ...inboundDispatchRoutes, ...dwellTimeRoutes,
  ],
  jobs: [freeTimeJob],
  commands: registerInboundCommands,
  demo: seedDemoInbound,
};
