/**
 * The one place the web app reaches into the sales-quotation module of the API for contracts. Types come
 * over for free; the few values (statuses, lists, zod checks) are re-exported from here so that, should the
 * module's pure constants move apart from its server-only workflow code, only this file changes.
 */
export type {
  ChargeRow,
  CreateQuotationInput,
  FullQuotation,
  LaneInput,
  LaneRow,
  QuotationRow,
  TermRow,
} from "../../../../../api/modules/sales-quotations/schemas.ts";
export { createQuotationBody, laneInput } from "../../../../../api/modules/sales-quotations/schemas.ts";
export type { SqAction, SqList, SqStatus } from "../../../../../api/modules/sales-quotations/workflow.ts";
export {
  EDITABLE_STATUSES,
  LIST_CAPABILITY,
  salesQuotationFlow,
  SQ_LISTS,
  SQ_STATUSES,
  STATUS_UPDATE_ACTIONS,
} from "../../../../../api/modules/sales-quotations/workflow.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
export type { ChargePart, RateUnit } from "../../../../../api/shared/reference-lists.ts";
