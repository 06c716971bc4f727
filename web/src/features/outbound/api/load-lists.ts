import { api, API_BASE, requestFile } from "../../../lib/api.ts";
import type { LoadListView, ReleaseDetail, WriteResult } from "./loading-contracts.ts";

/** The calls of the load list screens (001 §7 OutBound: load list); the voyages come from api/voyage-documents.ts. */

const ref = (value: string) => encodeURIComponent(value);

export const readLoadList = (voyageNum: string) => api.get<{ data: LoadListView }>(`/OutBound/loadList/voyage/${ref(voyageNum)}`);

export const createRelease = (voyageNum: string, remarks: string) =>
  api.post<WriteResult<ReleaseDetail>>("/OutBound/loadList/create", { voyageNum, remarks });

export const readRelease = (releaseId: string) => api.get<{ data: ReleaseDetail }>(`/OutBound/loadList/read/${ref(releaseId)}`);

/** The load list update: 'add' puts a waybill on the release, any other status takes it off (001 §4). */
export const updateRelease = (releaseId: string, dateModified: string, entries: { wayBillRef: string; status: string }[]) =>
  api.put<WriteResult<ReleaseDetail>>(`/OutBound/loadList/update/${ref(releaseId)}`, { dateModified, entries });

export const releaseRelease = (releaseId: string, dateModified: string) =>
  api.put<WriteResult<ReleaseDetail>>(`/OutBound/loadList/release/${ref(releaseId)}`, { dateModified });

export const cancelRelease = (releaseId: string, dateModified: string) =>
  api.put<WriteResult<ReleaseDetail>>(`/OutBound/loadList/cancel/${ref(releaseId)}`, { dateModified });

/** The printed load list, of one release or of every release of the voyage; opened in a new tab. */
export const loadListPrintUrl = (voyageNum: string, releaseId = "") =>
  `${API_BASE}/OutBound/loadList/print/${ref(voyageNum)}${releaseId ? `?releaseId=${ref(releaseId)}` : ""}`;

/** Load_List.xlsx of the same waybills. */
export const loadListWorkbook = (voyageNum: string, releaseId = "") =>
  requestFile(`/OutBound/loadList/export/${ref(voyageNum)}`, { releaseId });
