import { api, API_BASE } from "../../../lib/api.ts";
import type { z } from "zod";
import type {
  CargoArrivalNotice,
  PublicArrivalNotice,
  SentNoticeRow,
  voyageNotices,
} from "../../../../../api/modules/inbound/arrival-notices/schemas.ts";

/** The calls of the arrival-notice screen (001 §7 InBound: cargo arrival notice, send it to the consignee) and of the consignee's page. */

export type { CargoArrivalNotice, PublicArrivalNotice, SentNoticeRow };
export type VoyageNotices = z.infer<typeof voyageNotices>;
export type NoticeWaybill = VoyageNotices["waybills"][number];

const ref = (value: string) => encodeURIComponent(value);

export const readVoyageNotices = (voyageNum: string) => api.get<{ data: VoyageNotices }>(`/InBound/arrivalNotice/voyage/${ref(voyageNum)}`);

export const sendArrivalNotice = (wayBillRef: string, email: string) =>
  api.post<{ data: { sent: SentNoticeRow; link: string | null }; message: string }>(`/InBound/arrivalNotice/send/${ref(wayBillRef)}`, email.trim() ? { email: email.trim() } : {});

/** Where the printouts are served; opened in a new tab, the session cookie goes along. */
export const vesselNoticePrintUrl = (voyageNum: string, destinationBranchCode: string) =>
  `${API_BASE}/InBound/arrivalNotice/vessel/${ref(voyageNum)}/print?destinationBranchCode=${ref(destinationBranchCode)}`;
export const cargoNoticePrintUrl = (wayBillRef: string) => `${API_BASE}/InBound/arrivalNotice/cargo/${ref(wayBillRef)}/print`;

// The consignee's side. Visitors have no session to lose: a 401 here must not start the signed-in user's sign-out flow.
const open = { signOutOnUnauthorized: false } as const;

export const readNoticeOfLink = (wayBillRef: string, token: string) =>
  api.get<{ data: PublicArrivalNotice }>(`/InBound/arrivalNotice/link/${ref(wayBillRef)}/${ref(token)}`, undefined, open);

/** Served by the API itself, so a plain link opens it without the app's client. */
export const noticePdfOfLinkUrl = (wayBillRef: string, token: string) => `/api/InBound/arrivalNotice/link/${ref(wayBillRef)}/${ref(token)}/pdf`;
