/**
 * How the screens show moments and amounts. The formats are the ones the server's e-mails and the printed
 * documents use, from api/shared: business time is Asia/Manila whatever the browser's zone, and amounts are
 * grouped with two decimals ("12,500.50") from their decimal text, never through a float.
 */
export { formatManilaDateTime as formatDateTime } from "../../../api/shared/dates.ts";
export { formatAmount } from "../../../api/shared/money.ts";
