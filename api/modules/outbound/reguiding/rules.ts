/**
 * Reguiding (001 §7 OutBound: vessel change, voyage transfer): the two kinds of change and what they answer. Pure.
 */

export const REGUIDE_KINDS = ["Vessel change", "Voyage transfer"] as const;
export type ReguideKind = (typeof REGUIDE_KINDS)[number];

/** The notices of 001 §8, spelled as the spec spells them. */
export const VESSEL_CHANGED = "Voyage Changed Vessel Successfully.";
export const VOYAGE_TRANSFERRED = "Voyage Transfered Successfully.";

/** A booking in one of these statuses is cargo no more (it lapsed or was booked again): it does not move. */
export const GONE_BOOKING_STATUSES = ["Expired", "Cloned"] as const;
/** The booking status of cargo the final tally counted onto the vessel: it sails where it is. */
export const LOADED_BOOKING_STATUS = "At Vessel Loaded";
/** The waybill statuses of cargo on a load list, and of cargo loaded by the final tally. */
export const ON_LOAD_LIST = "On Load List";
export const LOADED_WAYBILL_STATUS = "Loaded";
/** The cargo stage a waybill reaches on a load list (001 §4), withdrawn when the transfer takes it off. */
export const LOAD_LIST_STAGE = 2;
/** The status of a tally sheet made final: the vans on it are loaded. */
export const FINAL_TALLY = "Final";
