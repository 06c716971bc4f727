import { api } from "../../../lib/api.ts";
import type { ListResult, PdcFilter, PdcRow } from "./collections-contracts.ts";

/** The calls of the PDC clearing screen (001 §7 PdcClearing: load and clear). */

export interface PdcQuery {
  skip: number;
  take: number;
  search?: string;
  filter: PdcFilter;
  branchCode?: string;
}

export const loadCheques = (query: PdcQuery) => api.get<ListResult<PdcRow>>("/PdcClearing/load", { ...query });

export const depositCheque = (row: PdcRow, depositDate: string) =>
  api.put<{ data: PdcRow; message: string; warnings: string[] }>(`/PdcClearing/deposit/${row.id}`, { depositDate, dateModified: row.dateModified });

export const clearCheque = (row: PdcRow, clearedDate: string) =>
  api.put<{ data: PdcRow; message: string }>(`/PdcClearing/clear/${row.id}`, { clearedDate, dateModified: row.dateModified });

export const bounceCheque = (row: PdcRow, reason: string) =>
  api.put<{ data: PdcRow; message: string }>(`/PdcClearing/bounce/${row.id}`, { reason, dateModified: row.dateModified });

export const replaceCheque = (row: PdcRow, input: { bank: string; chequeNo: string; chequeDate: string; isManagersCheque: boolean; reason: string }) =>
  api.put<{ data: PdcRow; message: string }>(`/PdcClearing/replace/${row.id}`, { ...input, dateModified: row.dateModified });
