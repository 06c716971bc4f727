import { api, requestFile } from "../../../lib/api.ts";
import type { ListResult, WriteResult } from "../../../../../api/shared/contracts.ts";
import type { DispatchRow } from "../../../../../api/modules/outbound/dispatch/schemas.ts";

/**
 * The calls of the inbound dispatch screen (001 §2 /inbound/dispatchModule): the delivery lists of a voyage's
 * released door deliveries at a port of call, on the dispatch lists' contracts.
 */

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

export const loadDeliveryLists = (query: DispatchQuery) => api.post<ListResult<DispatchRow>>("/InBound/dispatch/load", query);

export const readDeliveryList = (dispatchNum: string) => api.get<{ data: DispatchRow }>(`/InBound/dispatch/get/${ref(dispatchNum)}`);

export const deliveryListWorkbook = (dispatchNum: string) => requestFile(`/InBound/dispatch/download/${ref(dispatchNum)}`);

/** The released door deliveries a new list of the voyage at the branch would carry now. */
export const previewDeliveries = (voyageNum: string, branchCode: string) =>
  api.get<{ data: DispatchLine[]; branchCode: string; message?: string }>("/InBound/dispatch/preview", { voyageNum, branchCode });

export const createDeliveryList = (input: { voyageNum: string; branchCode: string; remarks: string }) =>
  api.post<WriteResult<DispatchRow>>("/InBound/dispatch/create", input);

export const sendDeliveryList = (dispatchNum: string, dateModified: string) =>
  api.put<WriteResult<DispatchRow>>(`/InBound/dispatch/send/${ref(dispatchNum)}`, { dateModified });

export const archiveDeliveryList = (dispatchNum: string, dateModified: string) =>
  api.put<WriteResult<DispatchRow>>(`/InBound/dispatch/archive/${ref(dispatchNum)}`, { dateModified });
