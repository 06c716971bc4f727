/** Loading confirmations (001 §3, §9): what the screens and the server agree on. Pure. */

/** The series that numbers them at each origin branch, the Transaction Ref: LC-MNL-2026-000001. */
export const LOADING_CONFIRMATION_SERIES = "LC";

/** Rows per page of the list of confirmations. */
export const LOADING_CONFIRMATION_PAGE_SIZE = 20;

/** Random bytes of a link's token: 256 bits, 43 URL-safe characters. */
export const LINK_TOKEN_BYTES = 32;

/** A token is 43 base64url characters; anything else cannot be one and is not even looked up. */
export const isLinkToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * What a wrong token, a booking not on the confirmation and a confirmation whose cargo is no longer loaded all
 * answer: one text, so a holder of one link learns nothing about any other.
 */
export const LINK_NOT_FOUND = "This loading confirmation was not found. Ask the line's staff to send the link again.";
