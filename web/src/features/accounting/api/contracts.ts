/**
 * The one place the CRO accounting, posting and archive screens reach into the API's accounting module for
 * contracts: its schemas and pure rules, which load no server code.
 */
export type {
  CancelInvoiceInput,
  CroAccountingDetail,
  CroAccountingRow,
  DailyTotalsAnswer,
  GenerateAnswer,
  InvoiceRow,
  VoyageRow,
  WaybillSideRow,
} from "../../../../../api/modules/accounting/invoices/schemas.ts";
export { BILLING_SIDES, CRO_PAGE_SIZE, NO_MORE_WAYBILLS, TAX_CLASS_MARKS } from "../../../../../api/modules/accounting/invoices/rules.ts";
export type { BillingSide } from "../../../../../api/modules/accounting/invoices/rules.ts";
export type { PostedAnswer, PostingRow, ReconciliationAnswer } from "../../../../../api/modules/accounting/posting/schemas.ts";
export { POSTING_STATUSES, RETRYABLE_BY_HAND } from "../../../../../api/modules/accounting/posting/rules.ts";
export type { PostingStatus } from "../../../../../api/modules/accounting/posting/rules.ts";
export type { ArchivedInvoice } from "../../../../../api/modules/accounting/archive/schemas.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
