/**
 * The tally screen's reach into the API for contracts: the tally sheets are one record kind for both directions
 * (api/modules/outbound/tally-sheets, where they start), so the outbound and inbound screens count with the same
 * types and the pure values the screen and the offline queue decide with.
 */
export type { TallyCandidate, TallyEntryInput, TallyLineRow, TallySheetRow, TallyView } from "../../../../api/modules/outbound/tally-sheets/schemas.ts";
export { tallyEntryBody } from "../../../../api/modules/outbound/tally-sheets/schemas.ts";
export { CONTAINER_TYPE_LABELS, CONTAINER_TYPES, EMPTY, FULL, isFull, VAN_SIZES } from "../../../../api/modules/outbound/tally-sheets/rules.ts";
export type { ContainerType } from "../../../../api/modules/outbound/tally-sheets/rules.ts";
export type { VoyageHeader } from "../../../../api/shared/cargo-lists.ts";
export type { WriteResult } from "../../../../api/shared/contracts.ts";
