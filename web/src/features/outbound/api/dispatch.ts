import { api } from "../../../lib/api.ts";
import type { DispatchCalls } from "../../../components/dispatch/DispatchListsScreen.tsx";
import { DISPATCH_PAGE_SIZE, type DispatchPreview, type DispatchRow, type ListResult, type WriteResult } from "../../../components/dispatch/contracts.ts";

/** The calls of the outbound dispatch screen (001 §7 OutBound: dispatch lists, send, archive, read archive). */

const ref = (value: string) => encodeURIComponent(value);

/** The pick-up lists, on the dispatch screen both directions share. */
export const pickUpListCalls: DispatchCalls = {
  pageSize: DISPATCH_PAGE_SIZE,
  load: (query) => api.post<ListResult<DispatchRow>>("/OutBound/dispatch/load", query),
  read: (dispatchNum) => api.get<{ data: DispatchRow }>(`/OutBound/dispatch/get/${ref(dispatchNum)}`),
  send: (dispatchNum, dateModified) => api.put<WriteResult<DispatchRow>>(`/OutBound/dispatch/send/${ref(dispatchNum)}`, { dateModified }),
  archive: (dispatchNum, dateModified) => api.put<WriteResult<DispatchRow>>(`/OutBound/dispatch/archive/${ref(dispatchNum)}`, { dateModified }),
};

/** The door pick-ups a new list of the voyage would carry now. */
export const previewDispatch = (voyageNum: string) => api.get<DispatchPreview>("/OutBound/dispatch/preview", { voyageNum });

export const createDispatchList = (input: { voyageNum: string; remarks: string }) =>
  api.post<WriteResult<DispatchRow>>("/OutBound/dispatch/create", input);
