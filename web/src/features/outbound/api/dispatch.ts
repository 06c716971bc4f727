import { api } from "../../../lib/api.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import type { DispatchRow } from "../../../../../api/modules/outbound/dispatch/schemas.ts";

/** The calls of the outbound dispatch screen (001 §7 OutBound: dispatch lists, send, archive, read archive). */

export type { DispatchRow };
export { DISPATCH_PAGE_SIZE, type DispatchStatus } from "../../../../../api/modules/outbound/dispatch/rules.ts";
export type DispatchLine = DispatchRow["lines"][number];

const ref = (value: string) => encodeURIComponent(value);

export interface DispatchQuery {
  skip: number;
  take: number;
  view: "current" | "archive";
  search?: string;
}

export const loadDispatchLists = (query: DispatchQuery) => api.post<ListResult<DispatchRow>>("/OutBound/dispatch/load", query);

export const readDispatchList = (dispatchNum: string) => api.get<{ data: DispatchRow }>(`/OutBound/dispatch/get/${ref(dispatchNum)}`);

/** The door pick-ups a new list of the voyage would carry now. */
export const previewDispatch = (voyageNum: string) =>
  api.get<{ data: DispatchLine[]; branchCode: string; message?: string }>("/OutBound/dispatch/preview", { voyageNum });

export const createDispatchList = (input: { voyageNum: string; remarks: string }) =>
  api.post<WriteResult<DispatchRow>>("/OutBound/dispatch/create", input);

export const sendDispatchList = (dispatchNum: string, dateModified: string) =>
  api.put<WriteResult<DispatchRow>>(`/OutBound/dispatch/send/${ref(dispatchNum)}`, { dateModified });

export const archiveDispatchList = (dispatchNum: string, dateModified: string) =>
  api.put<WriteResult<DispatchRow>>(`/OutBound/dispatch/archive/${ref(dispatchNum)}`, { dateModified });
