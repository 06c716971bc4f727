import { api, API_BASE } from "../../../lib/api.ts";
import type { TallyEntryInput, TallyLineRow, TallySheetRow, TallyView, WriteResult } from "./loading-contracts.ts";

/** The calls of the loading tally screen (001 §7 OutBound: tally sheet, final tally sheet). */

const ref = (value: string) => encodeURIComponent(value);

export const readTallyView = (voyageNum: string) => api.get<{ data: TallyView }>(`/OutBound/tallySheet/voyage/${ref(voyageNum)}`);

export const createTallySheet = (voyageNum: string, destinationBranchCode: string) =>
  api.post<WriteResult<TallySheetRow>>("/OutBound/tallySheet/create", { voyageNum, destinationBranchCode });

/** One van counted, as the device captured it; the same entryId sent again answers the line it made. */
export const sendTallyEntry = (tallySheetNum: string, entry: TallyEntryInput) =>
  api.post<{ data: TallyLineRow; message: string }>(`/OutBound/tallySheet/line/${ref(tallySheetNum)}`, entry);

export const removeTallyLine = (tallySheetNum: string, entryId: string) =>
  api.put<WriteResult<TallySheetRow>>(`/OutBound/tallySheet/removeLine/${ref(tallySheetNum)}`, { entryId });

export const finalTally = (tallySheetNum: string, dateModified: string) =>
  api.put<WriteResult<TallySheetRow>>(`/OutBound/tallySheet/final/${ref(tallySheetNum)}`, { dateModified });

export const undoFinalTally = (tallySheetNum: string, dateModified: string, reason: string) =>
  api.put<WriteResult<TallySheetRow>>(`/OutBound/tallySheet/undo/${ref(tallySheetNum)}`, { dateModified, reason });

export const tallySheetPrintUrl = (tallySheetNum: string) => `${API_BASE}/OutBound/tallySheet/print/${ref(tallySheetNum)}`;
