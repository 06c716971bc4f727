import { api } from "../../../lib/api.ts";
import type { ConfirmationView } from "../../../../../api/modules/outbound/loading-confirmations/schemas.ts";

/** The shipper's calls: no sign-in, the link's token instead. */

export type { ConfirmationView };

// Visitors have no session to lose: a 401 here must not start the signed-in user's sign-out flow.
const open = { signOutOnUnauthorized: false } as const;
const part = encodeURIComponent;

export const readConfirmationOfLink = (bookingRef: string, token: string) =>
  api.get<{ data: ConfirmationView }>(`/Bookings/loadingConfirmation/${part(bookingRef)}/${part(token)}`, undefined, open);

/** Served by the API itself, so a plain link opens it (in the print dialog) without the app's client. */
export const confirmationPdfOfLinkUrl = (bookingRef: string, token: string) =>
  `/api/Bookings/loadingConfirmation/${part(bookingRef)}/${part(token)}/pdf`;
