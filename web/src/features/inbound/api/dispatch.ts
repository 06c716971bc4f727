import { api, requestFile } from "../../../lib/api.ts";
import type { DispatchCalls } from "../../../components/dispatch/DispatchListsScreen.tsx";
import { DISPATCH_PAGE_SIZE, type DispatchPreview, type DispatchRow, type ListResult, type WriteResult } from "../../../components/dispatch/contracts.ts";

/**
 * The calls of the inbound dispatch screen (001 §2 /inbound/dispatchModule): the delivery lists of a voyage's
 * released door deliveries at a port of call, on the dispatch lists' contracts.
 */

const ref = (value: string) => encodeURIComponent(value);

/** The delivery lists, on the dispatch screen both directions share; a list is downloaded as DeliveryList.xlsx. */
export const deliveryListCalls: DispatchCalls = {
  pageSize: DISPATCH_PAGE_SIZE,
  load: (query) => api.post<ListResult<DispatchRow>>("/InBound/dispatch/load", query),
  read: (dispatchNum) => api.get<{ data: DispatchRow }>(`/InBound/dispatch/get/${ref(dispatchNum)}`),
  workbook: (dispatchNum) => requestFile(`/InBound/dispatch/download/${ref(dispatchNum)}`),
  send: (dispatchNum, dateModified) => api.put<WriteResult<DispatchRow>>(`/InBound/dispatch/send/${ref(dispatchNum)}`, { dateModified }),
  archive: (dispatchNum, dateModified) => api.put<WriteResult<DispatchRow>>(`/InBound/dispatch/archive/${ref(dispatchNum)}`, { dateModified }),
};

/** The released door deliveries a new list of the voyage at the branch would carry now. */
export const previewDeliveries = (voyageNum: string, branchCode: string) =>
  api.get<DispatchPreview>("/InBound/dispatch/preview", { voyageNum, branchCode });

export const createDeliveryList = (input: { voyageNum: string; branchCode: string; remarks: string }) =>
  api.post<WriteResult<DispatchRow>>("/InBound/dispatch/create", input);
