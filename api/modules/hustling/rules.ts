/**
 * Hustling (001 §3 cargo transfer (hustling) slip, §8, §9): the fixed words, the page size, and where the vans
 * of a hustling go when it is written, changed or deleted. Pure: the web reads it too.
 */

/** Where the vans go: onto another vessel at the branch, or to a port. */
export const TO_REFERENCES = ["To Vessel", "To Port"] as const;
export type ToReference = (typeof TO_REFERENCES)[number];

/** The series that numbers hustlings at each branch: HUS-MNL-2026-000001 (the slip's hustlingCstNum). */
export const HUSTLING_SERIES = "HUS";

/** The list reloads with skip 0 and take 20 (001 §9). */
export const HUSTLING_PAGE_SIZE = 20;

/** After a save or a delete the screen goes back to the list after this long (001 §9). */
export const HUSTLING_REDIRECT_MS = 1000;

/** The notices staff read (001 §8 names the first and the last). */
export const HUSTLING_MESSAGES = {
  created: "Hustling Successfully Created",
  updated: "Hustling Successfully Updated",
  deleted: "Hustling Deleted Successfully.",
} as const;

/** At most this many vans on one hustling. */
export const MAX_HUSTLING_LINES = 100;

/** A van taken from one yard into another (null: out of every yard). */
export interface VanMove {
  code: string;
  from: string | null;
  to: string | null;
}

/** What of a hustling decides where its vans stand: its two yards and its vans. */
export interface HustlingPlaces {
  fromCyCode: string;
  toCyCode: string;
  vans: readonly string[];
}

/** The moves a change of a hustling makes: vans put back to the from yard first, then vans taken to the to yard. */
export interface YardPlan {
  back: VanMove[];
  out: VanMove[];
}

const sameYard = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();
const sameVan = (a: string, b: string) => a.toUpperCase() === b.toUpperCase();

/**
 * Where the vans go when a hustling is written (`before` null), deleted (`after` null) or changed. A van leaves
 * the from yard for the to yard; a van taken off goes back from the to yard to the from yard. When neither yard
 * changed, a van on both sides of a change stays where it is; when a yard changed, every van goes back and is
 * taken again, so each stands where the hustling now says.
 */
export function yardPlan(before: HustlingPlaces | null, after: HustlingPlaces | null): YardPlan {
  const back = (p: HustlingPlaces, vans: readonly string[]): VanMove[] => vans.map((code) => ({ code, from: p.toCyCode, to: p.fromCyCode }));
  const out = (p: HustlingPlaces, vans: readonly string[]): VanMove[] => vans.map((code) => ({ code, from: p.fromCyCode, to: p.toCyCode }));
  if (!before && !after) return { back: [], out: [] };
  if (!before) return { back: [], out: out(after!, after!.vans) };
  if (!after) return { back: back(before, before.vans), out: [] };
  const yardsKept = sameYard(before.fromCyCode, after.fromCyCode) && sameYard(before.toCyCode, after.toCyCode);
  if (!yardsKept) return { back: back(before, before.vans), out: out(after, after.vans) };
  const removed = before.vans.filter((v) => !after.vans.some((w) => sameVan(v, w)));
  const added = after.vans.filter((v) => !before.vans.some((w) => sameVan(v, w)));
  return { back: back(before, removed), out: out(after, added) };
}
