/**
 * The one place the waiver and override screens reach into the API's waivers module for contracts. Types come
 * over for free; the values are re-exported so that, should the module's pure parts move, only this file changes.
 */
import type { z } from "zod";
import type { chargeLineRow, waiverFileRow, waiverHistoryRow, waybillSummaryRow } from "../../../../../api/modules/waivers/waivers/schemas.ts";

export type { WaiverDetailRow, WaiverRow } from "../../../../../api/modules/waivers/waivers/schemas.ts";
export type { OverrideDetailRow, OverrideRow } from "../../../../../api/modules/waivers/overrides/schemas.ts";
export type { WaiverAction, WaiverList, WaiverStatus } from "../../../../../api/modules/waivers/waivers/rules.ts";
export type { OverrideAction, OverrideList, OverrideStatus } from "../../../../../api/modules/waivers/overrides/rules.ts";
export {
  listOfStatus,
  NO_ADDITIONAL_CHARGES,
  REMARKS_REQUIRED,
  WAIVER_ACTION_LABELS,
  WAIVER_FILE_MAX_BYTES,
  WAIVER_PAGE_SIZE,
  WAIVER_REDIRECT_MS,
} from "../../../../../api/modules/waivers/waivers/rules.ts";
export {
  OVERRIDE_ACTION_LABELS,
  OVERRIDE_PAGE_SIZE,
  overrideListOfStatus,
  REASON_REQUIRED,
} from "../../../../../api/modules/waivers/overrides/rules.ts";
export { SUPPORTING_FILE_TYPES } from "../../../../../api/shared/uploads.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";

export type ChargeLine = z.infer<typeof chargeLineRow>;
export type WaybillSummary = z.infer<typeof waybillSummaryRow>;
export type WaiverFile = z.infer<typeof waiverFileRow>;
export type HistoryRow = z.infer<typeof waiverHistoryRow>;
