/**
 * Where the collection, cheque and manual-invoice screens reach into the API's accounting module for contracts
 * and pure rules. Types come over for free; the values are re-exported so that, should the module's pure parts
 * move, only this file changes.
 */
export type {
  CollectionRow,
  CreateCollectionInput,
  CwtAnswer,
  DayTotalsRow,
  Form2307Row,
  OpenInvoiceRow,
  PayerRow,
  Receive2307Input,
  SidePaymentRow,
} from "../../../../../api/modules/accounting/collections/schemas.ts";
export {
  COLLECTION_PAGE_SIZE,
  COLLECTION_STATUSES,
  collectionBalance,
  type CollectionStatus,
  EXCESS_HANDLINGS,
  type ExcessHandling,
  FORM_2307_STATUSES,
  form2307DueDate,
  type Form2307Status,
  lineWithholding,
  OTHER_INCOME_ACCOUNTS,
  PAYMENT_METHODS,
  type PaymentMethod,
  rateProblem,
  rateWarnings,
  RECEIPT_INPUT_TAX_NOTICE,
  REDIRECT_DELAY_MS,
  settingRates,
  trimRate,
  type WithholdingSetting,
} from "../../../../../api/modules/accounting/collections/rules.ts";
export type { PdcRow } from "../../../../../api/modules/accounting/pdc/schemas.ts";
export { PDC_FILTERS, type PdcFilter } from "../../../../../api/modules/accounting/pdc/schemas.ts";
export { PDC_PAGE_SIZE, PDC_RELOAD_MS, type PdcStatus } from "../../../../../api/modules/accounting/pdc/rules.ts";
export type { BookletRow, ManualSiRow } from "../../../../../api/modules/accounting/manual-invoices/schemas.ts";
export {
  buyerTinProblem,
  documentVat,
  lineAmount,
  MANUAL_SI_PAGE_SIZE,
  MANUAL_SI_STATUSES,
  type ManualSiStatus,
  TAX_CLASSES,
  type TaxClass,
} from "../../../../../api/modules/accounting/manual-invoices/rules.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
