import { api, API_BASE } from "../../../lib/api.ts";
import type { ListResult } from "./contracts.ts";
import type { ConfirmationRow, ConfirmationView } from "../../../../../api/modules/outbound/loading-confirmations/schemas.ts";

/** The staff's calls for loading confirmations: the list by voyage, the printout and sending the link again. */

export type { ConfirmationRow, ConfirmationView };
export { LOADING_CONFIRMATION_PAGE_SIZE } from "../../../../../api/modules/outbound/loading-confirmations/rules.ts";

const ref = (value: string) => encodeURIComponent(value);

export const loadConfirmations = (query: { skip: number; take: number; voyageNum?: string; search?: string }) =>
  api.post<ListResult<ConfirmationRow>>("/OutBound/loadingConfirmation/load", query);

export const resendConfirmation = (transactionRef: string, dateModified: string, email?: string) =>
  api.put<{ data: ConfirmationRow; message: string }>(`/OutBound/loadingConfirmation/resend/${ref(transactionRef)}`, email ? { dateModified, email } : { dateModified });

/** The confirmation as a PDF; it opens in the browser's print dialog. */
export const confirmationPrintUrl = (transactionRef: string) => `${API_BASE}/OutBound/loadingConfirmation/print/${ref(transactionRef)}`;
