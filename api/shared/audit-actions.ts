/**
 * Actions written to the audit log; one word each so the log can be filtered. This file imports nothing, so the
 * web app's filter offers the same words the services write.
 */
export const AUDIT_ACTIONS = [
  "SIGN_IN", "SIGN_IN_FAILED", "SIGN_IN_LOCKED", "ACCOUNT_LOCKED", "LOG_OUT", "PERMISSION_DENIED",
  "ADDRESS_BLOCKED", "SIGN_IN_THROTTLED",
  "USER_CREATED", "USER_UPDATED", "USER_DELETED", "USER_ACTIVATED", "USER_DEACTIVATED", "USER_ROLE_CHANGED",
  "USER_PASSWORD_SET", "USER_PASSWORD_CHANGED", "USER_PASSWORD_RESET_BY_ADMIN", "USER_RESET_REQUESTED", "USER_EMAIL_SENT",
  "USER_BRANCH_CHANGED", "USER_CY_CHANGED", "USER_PROFILE_UPDATED",
  "ROLE_CREATED", "ROLE_UPDATED", "ROLE_DELETED", "ROLE_ACTIVATED", "ROLE_DEACTIVATED",
  "EMAIL_RETRIED",
  // Money and approvals: every move of a workflow's status (approval steps among them), and every change of a
  // price, rate, policy or charge line, with the values before and after.
  "STATUS_CHANGED",
  "RATE_ADDED", "RATE_CHANGED", "RATE_DELETED",
  "CHARGE_ADDED", "CHARGE_CHANGED", "CHARGE_DELETED",
  "POLICY_ADDED", "POLICY_CHANGED", "POLICY_DELETED",
  "QUOTATION_LANE_ADDED", "QUOTATION_LANE_CHANGED", "QUOTATION_LANE_REMOVED",
  "BOOKING_PRICE_CHANGED", "CUSTOMER_CHARGES_CHANGED", "CUSTOMER_RATES_BASIS_CHANGED",
  "VOYAGE_APPROVED",
  // A shipper's van accepted on a transfer slip although its number fails the ISO 6346 check, with the reason.
  "CONTAINER_NUMBER_OVERRIDE",
  "WAYBILL_CHARGES_CHANGED",
  // A shipper's loading confirmation made (unsent: no e-mail address on file) or its link sent, or sent again.
  "LOADING_CONFIRMATION_MADE", "LOADING_CONFIRMATION_SENT",
  // Reguiding: a voyage's vessel changed, a booking and its waybill moved to another voyage, before and after.
  "VOYAGE_VESSEL_CHANGED", "VOYAGE_TRANSFERRED",
  // A branch's (seller) or a customer's (buyer) tax particulars: what an invoice prints and what is withheld.
  "TAX_PARTICULARS_ADDED", "TAX_PARTICULARS_CHANGED", "TAX_PARTICULARS_DELETED",
  // An invoice issued from a waybill (its amounts), and a posting to BASE sent again by hand.
  "INVOICE_ISSUED", "INVOICE_CORRECTED", "POSTING_RETRIED",
  // Collections, their cheques and Form 2307; ATP booklets and manual sales invoices (api/modules/accounting).
  "COLLECTION_RECORDED", "CUSTOMER_CREDIT_KEPT", "CUSTOMER_CREDIT_VOIDED", "CUSTOMER_CREDIT_USED", "CUSTOMER_CREDIT_RETURNED", "CHEQUE_REPLACED", "FORM_2307_RECEIVED",
  "ATP_BOOKLET_ADDED", "MANUAL_SI_RECORDED", "MANUAL_SI_CHANGED", "MANUAL_SI_DELETED",
  // Hustlings: the transfer written, changed or deleted, with its vans and where each stood before and after.
  "HUSTLING_CREATED", "HUSTLING_CHANGED", "HUSTLING_DELETED",
  // Customer requests: a draft written, changed, archived or deleted; an approval writing the customer master.
  "CUSTOMER_REQUEST_CREATED", "CUSTOMER_REQUEST_CHANGED", "CUSTOMER_REQUEST_ARCHIVED", "CUSTOMER_REQUEST_DELETED",
  "CUSTOMER_REQUEST_APPLIED",
  // Storage, demurrage and detention charged on a waybill by the nightly run, and its figures changed (before and after);
  // storage and demurrage not yet invoiced taken back when the final inbound tally that started them is undone.
  "FREE_TIME_CHARGED", "FREE_TIME_CHANGED", "FREE_TIME_WITHDRAWN",
  // A cargo release order made for a waybill accounting answers paid (its clearance is a status change).
  "CARGO_RELEASE_ORDER_CREATED",
  // A cargo arrival notice sent to a waybill's consignee (by e-mail, or recorded with no address on file).
  "ARRIVAL_NOTICE_SENT",
  // An inbound transfer slip issued (van-out, stage 8) or cancelled (stage 8 withdrawn); a cargo delivery receipt made.
  "INBOUND_CTS_ISSUED", "INBOUND_CTS_CANCELLED", "CARGO_DELIVERY_RECEIPT_CREATED",
  "VAN_IN_RECORDED",
  // Waivers and charge overrides: a draft written, changed or deleted, a supporting file added or removed; on
  // approval the adjustment written beside each charge line, with what was due on it before and after.
  // Booking changes (revisions): drafted, changed, deleted, their references, and applied to the booking and waybill on approval.
  "BOOKING_CHANGE_CREATED", "BOOKING_CHANGE_CHANGED", "BOOKING_CHANGE_DELETED", "BOOKING_CHANGE_REFERENCES_CHANGED", "BOOKING_CHANGE_APPLIED",
  "WAIVER_CREATED", "WAIVER_CHANGED", "WAIVER_DELETED", "WAIVER_FILE_ADDED", "WAIVER_FILE_REMOVED", "CHARGES_WAIVED",
  "CHARGE_OVERRIDE_CREATED", "CHARGE_OVERRIDE_CHANGED", "CHARGE_OVERRIDE_DELETED", "CHARGE_OVERRIDDEN",
  "REPORT_SUBSCRIBED", "REPORT_UNSUBSCRIBED",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The kinds of record the log names in its target ("kind:reference"), so the audit screen can filter by record.
 * A workflow's records carry its entity name; master records their kind and id (a charge its code).
 */
export const AUDIT_RECORD_KINDS = [
  "user", "role", "email",
  "sales-quotation", "booking", "booking-batch", "voyage", "voyage-cro", "outbound-cts", "waybill",
  "dispatch-list",
  "load-list-release", "tally-sheet",
  "freight-rate", "port-rate", "trucking-rate", "charge", "company-policy", "customer",
  "loading-confirmation",
  "branch", "cro-accounting", "invoice", "posting",
  "collection", "post-dated-cheque", "withholding-certificate", "atp-booklet", "manual-sales-invoice",
  "hustling", "customer-request", "waiver", "charge-override", "report-subscription",
] as const;
export type AuditRecordKind = (typeof AUDIT_RECORD_KINDS)[number];
