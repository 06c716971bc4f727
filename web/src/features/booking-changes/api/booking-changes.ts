import { api, requestFile } from "../../../lib/api.ts";
import { PAGES } from "../../../lib/paths.ts";
import type { ListResult, ProposedValues, RevisionAction, RevisionDetailRow, RevisionList, RevisionRow, WriteResult } from "./contracts.ts";

/** The calls of the booking-change screens (001 §7 BookingRevisions). */

const ref = (value: string) => encodeURIComponent(value);
const base = "/BookingRevisions";

export interface RevisionFlags {
  isEndorser: boolean;
  adminEndorser: boolean;
  isApprover: boolean;
  isBCFinalApprover: boolean;
  isAcctngApprover: boolean;
  isDat: boolean;
}
export type RevisionListAnswer = ListResult<RevisionRow> & RevisionFlags;

/** Where each list is shown: the working lists on /bookingChanges/draft, the approved ones on /bookingChanges/approved (001 §2). */
export function revisionListPath(list: RevisionList): string {
  if (list === "approved") return PAGES.bookingChangesApproved;
  return list === "draft" ? PAGES.bookingChangeDrafts : `${PAGES.bookingChangeDrafts}?list=${list}`;
}

export const loadRevisions = (query: { list: RevisionList; skip: number; take: number; search?: string; showMyApproved?: boolean }) =>
  api.get<RevisionListAnswer>(`${base}/getListBookingRevisionV1`, { ...query, showMyApproved: query.showMyApproved ? "true" : "false" });

export const readRevision = (revisionId: string) => api.get<{ data: RevisionDetailRow }>(`${base}/getRevisionId/${ref(revisionId)}`);

export interface BookingForRevision {
  bookingRef: string;
  status: string;
  customerCode: string;
  waybillref: string | null;
  waybillStatus: string | null;
  values: Record<string, unknown>;
  total: string;
  amendmentFeeDue: boolean;
  refusal: string | null;
}
export const bookingForRevision = (bookingRef: string) => api.get<{ data: BookingForRevision }>(`${base}/getBookingRefV1/${ref(bookingRef)}`);

export const createRevision = (input: { bookingRef: string; remarks: string; proposed: ProposedValues }) =>
  api.post<WriteResult<RevisionRow>>(`${base}/createRevisionV1`, input);

export const updateRevision = (revisionId: string, input: { dateModified: string; remarks: string; proposed: ProposedValues }) =>
  api.put<WriteResult<RevisionRow>>(`${base}/updateRevisionId/${ref(revisionId)}`, input);

export const moveRevision = (input: { revisionId: string; action: RevisionAction; dateModified: string; remarks?: string }) =>
  api.put<WriteResult<RevisionRow & { list: RevisionList }>>(`${base}/updateRevisionStatusV1`, input);

export const deleteRevision = (id: number) => api.del<WriteResult<{ ids: number[] }>>(`${base}/deleteRevision`, [id]);

export const addReference = (input: { revisionId: string; dateModified: string; kind: "SI" | "SH"; refNum: string }) =>
  api.post<WriteResult<RevisionRow>>(`${base}/addReference`, input);
export const insertReference = (input: { revisionId: string; dateModified: string; kind: "SI" | "SH"; refNum: string; position: number }) =>
  api.post<WriteResult<RevisionRow>>(`${base}/insertReference`, input);
export const removeReference = (input: { revisionId: string; dateModified: string; kind: "SI" | "SH"; refNum: string }) =>
  api.post<WriteResult<RevisionRow>>(`${base}/removeReference`, input);
export const generateSiNum = (input: { revisionId: string; dateModified: string }) => api.post<WriteResult<RevisionRow>>(`${base}/generateSINum`, input);

export const approvedWorkbook = (showMyApproved: boolean) => requestFile(`${base}/downloadApprovedBC`, { showMyApproved: showMyApproved ? "true" : "false" });
