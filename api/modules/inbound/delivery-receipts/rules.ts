/** Cargo delivery receipts (001 §3, §9): the series, the page size and the damage-claim note. Pure. */

/** The series that numbers the receipts at each destination branch: CDR-CEB-2026-000001. */
export const CDR_SERIES = "CDR";

/** Rows per page of the receipt list. */
export const CDR_PAGE_SIZE = 20;

/** Hours the consignee has to file a damage claim after receiving the cargo (001 §9). */
export const DAMAGE_CLAIM_HOURS = 24;

/** The note printed on every receipt (001 §9: the damage claim report is due within 24 hours). */
export const DAMAGE_CLAIM_NOTE =
  `Any damage claim must be filed within ${DAMAGE_CLAIM_HOURS} hours of receipt of the cargo; no claim is accepted after that.`;
