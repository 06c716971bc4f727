/**
 * The one place the customer request screens reach into the API's customer-requests module for contracts. Types
 * come over for free; the values are re-exported so that, should the module's pure parts move, only this file
 * changes.
 */
import type { z } from "zod";
import type { accountExecutiveRow, historyRow, RequestAddressInput } from "../../../../../api/modules/customer-requests/schemas.ts";

export type { CompanySearchAnswer, CreateRequestInput, RequestRow, StatusInput, UpdateRequestInput } from "../../../../../api/modules/customer-requests/schemas.ts";
export type { CustomerRequestAction, CustomerRequestList, CustomerRequestStatus, RequestType } from "../../../../../api/modules/customer-requests/rules.ts";
export {
  ARCHIVABLE,
  CUSTOMER_REQUEST_PAGE_SIZE,
  CUSTOMER_REQUEST_REDIRECT_MS,
  CUSTOMER_TYPE_LABELS,
  CUSTOMER_TYPES,
  customerRequestWorkflow,
  DETAIL_REQUIRED,
  EDITABLE,
  EMAIL_REQUIRED,
  listAfterSave,
} from "../../../../../api/modules/customer-requests/rules.ts";
export type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";

export type RequestAddress = RequestAddressInput;
export type HistoryRow = z.infer<typeof historyRow>;
export type AccountExecutive = z.infer<typeof accountExecutiveRow>;
