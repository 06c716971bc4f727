import type { LadingModule } from "../manifest.ts";

export { cancelCts, ctsByNum, issueCts, listCts } from "./cts/service.ts";
// The waybill as its screens show it and its printout, for the waivers and overrides of its charges.
export { reviseWaybill, waybillByRef, type WaybillRevision } from "./waybills/service.ts";
export { waybillPdf } from "./waybills/documents.ts";
export type { WaybillRow } from "./waybills/schemas.ts";
// The names a waybill goes by (preferred over registered), for the lists that read them in SQL.
// The voyage's reports, for `lading export voyage`.
export { VOYAGE_REPORT_NAMES, VOYAGE_REPORTS, type VoyageReportName } from "./voyage-documents/rules.ts";
export { voyageReportFiles } from "./voyage-documents/documents.ts";
// The load list's workbook, which `lading export voyage --report load-list` writes beside the voyage's reports.
export { loadListWorkbook } from "./load-lists/documents.ts";
// A voyage as the screens head it, and the tally sheets, which count vans off the vessel too: the inbound module's
// unloading side passes its TallySide to the same service and routes the same contracts.
export { voyageHeader } from "./load-lists/service.ts";
export {
  captureTallyLine, type CountedCargo, createTallySheet, finalizeTallySheet, removeTallyLine, sheetByNum, tallyViewOf, type TallySide, undoFinalTally,
  updateTallySheet,
} from "./tally-sheets/service.ts";
export { tallySheetPdf } from "./tally-sheets/documents.ts";
export * as tallySheetContracts from "./tally-sheets/schemas.ts";
export { UNLOADED_STAGE } from "./tally-sheets/rules.ts";
// The dispatch lists, which the inbound module routes on their Inbound side for its delivery lists.
export {
  archiveDispatchList, createDispatchList, dispatchByNum, listDispatchLists, previewDispatch, sendDispatchList,
} from "./dispatch/service.ts";
export * as dispatchContracts from "./dispatch/schemas.ts";

import { ctsRoutes } from "./cts/routes.ts";
import { seedDemoOutbound } from "./demo.ts";
import { dispatchRoutes } from "./dispatch/routes.ts";
import { loadListRoutes } from "./load-lists/routes.ts";
import { reguidingRoutes } from "./reguiding/routes.ts";
import { voyageDocumentRoutes } from "./voyage-documents/routes.ts";
import { tallySheetRoutes } from "./tally-sheets/routes.ts";
import { waybillRoutes } from "./waybills/routes.ts";
import { stowageRoutes } from "./stowage/routes.ts";
import { loadingConfirmationRoutes } from "./loading-confirmations/routes.ts";

// Last: the command files import this index back, so everything above is ready when they load.
import { registerOutboundCommands } from "../../../cli/commands/outbound.ts";

/**
 * Outbound (001 §2 /outbound): what happens to a booking's cargo between its withdrawal (ATW) and the vessel.
 * The cargo transfer slip (cts/) and the waybill (waybills/); the loading follows in its own folders: the load
 * list (load-lists/), the loading tally sheets with the final tally (tally-sheets/), the stowage plan (stowage/),
 * the loading confirmations (loading-confirmations/), the voyage's documents (voyage-documents/), the dispatch
 * lists (dispatch/) and reguiding (reguiding/).
 */
export const outboundModule: LadingModule = {
  name: "outbound",
  routes: [
    ...ctsRoutes, ...waybillRoutes, ...stowageRoutes, ...loadingConfirmationRoutes, ...voyageDocumentRoutes, ...dispatchRoutes, ...reguidingRoutes,
    ...loadListRoutes, ...tallySheetRoutes,
  ],
  jobs: [],
  commands: registerOutboundCommands,
  demo: seedDemoOutbound,
};
