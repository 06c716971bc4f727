import { api } from "../../../lib/api.ts";
import type { LinkSubmitInput, LinkView, TrackingView, TruckerView } from "../../../../../api/modules/bookings/schemas.ts";

/**
 * The calls of the public booking pages (no sign-in) and the few contract pieces they use. The pages read the
 * API module through this file only, so they do not depend on the staff screens' contract file.
 */

export type { CustomerPartInput, LinkSubmitInput, LinkView, TrackingView, TruckerView } from "../../../../../api/modules/bookings/schemas.ts";
export type { DeliveryMode, PaymentMode } from "../../../../../api/modules/bookings/rules.ts";
export {
  CARGO_STAGES,
  DELIVERY_MODE_LABELS,
  deliverToDoor,
  isBlankAddress,
  PAYMENT_MODE_LABELS,
  pickUpAtDoor,
} from "../../../../../api/modules/bookings/rules.ts";
export { PACKAGING_TYPES } from "../../../../../api/shared/reference-lists.ts";

export type LinkBooking = LinkView["bookings"][number];

// Visitors have no session to lose: a 401 here must not start the signed-in user's sign-out flow.
const open = { signOutOnUnauthorized: false } as const;
const part = encodeURIComponent;

export const readLink = (token: string) => api.get<{ data: LinkView }>(`/Bookings/link/${part(token)}`, undefined, open);

export const submitLink = (token: string, body: LinkSubmitInput) =>
  api.post<{ data: { bookingRefs: string[] }; message: string }>(`/Bookings/link/${part(token)}`, body, open);

export type LetterKind = "authorizationLetter" | "pickUpRequest";

export const readTruckerView = (kind: LetterKind, id: string) => api.get<{ data: TruckerView }>(`/Bookings/${kind}/${part(id)}`, undefined, open);

/** Served by the API itself, so a plain link opens it without the app's client. */
export const authorizationLetterPdfUrl = (id: string) => `/api/Bookings/authorizationLetter/${part(id)}/pdf`;

export const readTracking = (bookingRef: string) =>
  api.get<{ data: TrackingView }>(`/Bookings/shipmentTracking/${part(bookingRef)}`, undefined, open);
