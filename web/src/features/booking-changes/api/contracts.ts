/**
 * The one place the booking-change screens reach into the API's booking-changes module for contracts. Types come
 * over for free; the values are re-exported so that, should the module's pure parts move, only this file changes.
 */
export type { ProposedValues, RevisionDetailRow, RevisionRow } from "../../../../../api/modules/booking-changes/schemas.ts";
export type { RevisionAction, RevisionList, RevisionStatus } from "../../../../../api/modules/booking-changes/rules.ts";
export {
  listOfStatus,
  REMARKS_REQUIRED,
  REVISION_ACTION_LABELS,
  REVISION_FIELDS,
  REVISION_PAGE_SIZE,
  REVISION_DELIVERY_MODES as DELIVERY_MODES,
  valueText,
} from "../../../../../api/modules/booking-changes/rules.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
