import type { TallyCalls } from "../../../components/tally/TallyScreen.tsx";
import type { TallyEntryInput, TallyLineRow, TallySheetRow, TallyView } from "../../../components/tally/contracts.ts";
import { api, API_BASE } from "../../../lib/api.ts";
import type { UnloadListView, UnloadReleaseDetail, WriteResult } from "./contracts.ts";

/** The calls of the discharge screens (001 §7 InBound: unload list by release, inbound tally sheet). */

const ref = (value: string) => encodeURIComponent(value);

export const readUnloadList = (voyageNum: string) => api.get<{ data: UnloadListView }>(`/InBound/unloadList/voyage/${ref(voyageNum)}`);

export const createUnloadRelease = (voyageNum: string, destinationBranchCode: string) =>
  api.post<WriteResult<UnloadReleaseDetail>>("/InBound/unloadList/create", { voyageNum, destinationBranchCode });

export const readUnloadRelease = (releaseId: string) => api.get<{ data: UnloadReleaseDetail }>(`/InBound/unloadList/read/${ref(releaseId)}`);

/** The unload list update: 'add' puts a waybill on the release, any other status takes it off (001 §4). */
export const updateUnloadRelease = (releaseId: string, dateModified: string, entries: { wayBillRef: string; status: string }[]) =>
  api.put<WriteResult<UnloadReleaseDetail>>(`/InBound/unloadList/update/${ref(releaseId)}`, { dateModified, entries });

export const releaseUnloadRelease = (releaseId: string, dateModified: string) =>
  api.put<WriteResult<UnloadReleaseDetail>>(`/InBound/unloadList/release/${ref(releaseId)}`, { dateModified });

export const cancelUnloadRelease = (releaseId: string, dateModified: string) =>
  api.put<WriteResult<UnloadReleaseDetail>>(`/InBound/unloadList/cancel/${ref(releaseId)}`, { dateModified });

export const unloadListPrintUrl = (voyageNum: string, releaseId = "") =>
  `${API_BASE}/InBound/unloadList/print/${ref(voyageNum)}${releaseId ? `?releaseId=${ref(releaseId)}` : ""}`;

/** The unloading tally's calls, for the tally screen. */
export const unloadingTallyCalls: TallyCalls = {
  readView: (voyageNum) => api.get<{ data: TallyView }>(`/InBound/tallySheet/voyage/${ref(voyageNum)}`),
  create: (voyageNum, destinationBranchCode) => api.post<WriteResult<TallySheetRow>>("/InBound/tallySheet/create", { voyageNum, destinationBranchCode }),
  send: (tallySheetNum, entry: TallyEntryInput) => api.post<{ data: TallyLineRow; message: string }>(`/InBound/tallySheet/line/${ref(tallySheetNum)}`, entry),
  removeLine: (tallySheetNum, entryId) => api.put<WriteResult<TallySheetRow>>(`/InBound/tallySheet/removeLine/${ref(tallySheetNum)}`, { entryId }),
  final: (tallySheetNum, dateModified) => api.put<WriteResult<TallySheetRow>>(`/InBound/tallySheet/final/${ref(tallySheetNum)}`, { dateModified }),
  undo: (tallySheetNum, dateModified, reason) => api.put<WriteResult<TallySheetRow>>(`/InBound/tallySheet/undo/${ref(tallySheetNum)}`, { dateModified, reason }),
  printUrl: (tallySheetNum) => `${API_BASE}/InBound/tallySheet/print/${ref(tallySheetNum)}`,
};
