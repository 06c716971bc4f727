/**
 * The loading screens' reach into the API's outbound module for contracts (load lists and tally sheets): types
 * for free, and the pure values the screens and the offline queue decide with.
 */
export type { LoadListView, LoadListWaybill, ReleaseDetail, ReleaseRow, VoyageHeader } from "../../../../../api/modules/outbound/load-lists/schemas.ts";
export { ADD_STATUS, LOADING_STATES, OPEN_RELEASE, RELEASE_TYPES } from "../../../../../api/modules/outbound/load-lists/rules.ts";
export type { LoadingState, ReleaseType } from "../../../../../api/modules/outbound/load-lists/rules.ts";
export type {
  TallyCandidate, TallyEntryInput, TallyLineRow, TallySheetRow, TallyView,
} from "../../../../../api/modules/outbound/tally-sheets/schemas.ts";
export { tallyEntryBody } from "../../../../../api/modules/outbound/tally-sheets/schemas.ts";
export {
  CONTAINER_TYPE_LABELS, CONTAINER_TYPES, EMPTY, FULL, isFull, VAN_SIZES,
} from "../../../../../api/modules/outbound/tally-sheets/rules.ts";
export type { ContainerType } from "../../../../../api/modules/outbound/tally-sheets/rules.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
