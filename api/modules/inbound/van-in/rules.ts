/** Van-in (001 §3, §4 stage 9, §9): the series, the page size, the stages and the notice's title. Pure. */

/** Rows per page of the van-in list (001 §9). */
export const VAN_IN_PAGE_SIZE = 20;

/** The series that numbers the van-ins at each destination branch: VI-CEB-2026-000001. */
export const VAN_IN_SERIES = "VI";

/** The cargo stage a van-in records (001 §4): 9, Van-In. The detention clock ends here. */
export const VAN_IN_STAGE = 9;
/** The stage the cargo must have reached first: 8, Inbound CTS Issued (the van went out to the consignee). */
export const VAN_OUT_STAGE = 8;

/** The title of the notice the port's inbound staff get (no avatar code of its own: the sender's initial shows). */
export const VAN_IN_TITLE = "Van-In";

/** Where a row of the van-in list stands: the van is still out, or it came back. */
export const VAN_IN_STATES = ["Out", "Returned"] as const;
export type VanInState = (typeof VAN_IN_STATES)[number];

/**
 * The vans a van-in must name: the waybill's van, and a tandem waybill's second van too. Answers the missing and the
 * unknown numbers of what was given (already normalised), so the service can word its refusal.
 */
export function checkReturnedVans(expected: readonly string[], given: readonly string[]): { missing: string[]; unknown: string[] } {
  const want = new Set(expected);
  const got = new Set(given);
  return { missing: expected.filter((v) => !got.has(v)), unknown: [...got].filter((v) => !want.has(v)) };
}
