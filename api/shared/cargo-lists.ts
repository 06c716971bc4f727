// Pure (the web reads it): what a voyage's load list (outbound) and unload list (inbound) share.
import { z } from "zod";

/**
 * The release types of 001 §4, which are a release's statuses: Partial Release while waybills are put on it or
 * taken off, Final Release once it is released, Draft when a load list release was cancelled. The unload list has
 * the same types and Cancelled, which is what a cancelled unload release becomes. The first is the one a new
 * release starts in.
 */
export const RELEASE_TYPES = ["Partial Release", "Final Release", "Draft"] as const;
export const UNLOAD_RELEASE_TYPES = [...RELEASE_TYPES, "Cancelled"] as const;
export type UnloadReleaseType = (typeof UNLOAD_RELEASE_TYPES)[number];

/** The release type whose waybills may still change. */
export const OPEN_RELEASE = "Partial Release";

/** A list update line with this status puts the waybill on the release; any other status takes it off (001 §4). */
export const ADD_STATUS = "add";

/** At most this many waybills change in one update. */
export const MAX_UPDATE_LINES = 200;

/** Whether a list update line puts its waybill on (001 §4: 'add'; any other value takes it off). */
export const addsWaybill = (status: string) => status.trim().toLowerCase() === ADD_STATUS;

/**
 * A load or unload list update's lines: the waybills it puts on and those it takes off, as named, in the order
 * named; or the first waybill named twice (in any letter case), which makes the whole update wrong.
 */
export function splitListUpdate(entries: readonly { wayBillRef: string; status: string }[]): { adding: string[]; removing: string[]; twice: string | null } {
  const seen = new Set<string>();
  for (const line of entries) {
    const key = line.wayBillRef.toUpperCase();
    if (seen.has(key)) return { adding: [], removing: [], twice: line.wayBillRef };
    seen.add(key);
  }
  return {
    adding: entries.filter((l) => addsWaybill(l.status)).map((l) => l.wayBillRef),
    removing: entries.filter((l) => !addsWaybill(l.status)).map((l) => l.wayBillRef),
    twice: null,
  };
}

/** The bookings a waybill carries: its own, and a tandem's second one. */
export const bookingsCarried = (w: { bookingRef: string; tandemBookingRef: string | null }): string[] =>
  w.tandemBookingRef ? [w.bookingRef, w.tandemBookingRef] : [w.bookingRef];

/** A voyage as the outbound and inbound screens head it. */
export const voyageHeader = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  routeCode: z.string(),
  originBranchCode: z.string(),
  originBranchName: z.string(),
  estimatedTimeDeparture: z.string(),
  remarks: z.string(),
  finalTallyAt: z.string().nullable(),
  destinations: z.array(z.object({ destinationBranchCode: z.string(), destinationBranchName: z.string(), estimatedTimeArrival: z.string() })),
});
export type VoyageHeader = z.infer<typeof voyageHeader>;

/** A release of a load or unload list as both lists show it; `types` are the list's release types. */
export const releaseRowOf = <T extends readonly [string, ...string[]]>(types: T) =>
  z.object({
    id: z.number(),
    releaseId: z.string(),
    releaseType: z.enum(types),
    voyageNum: z.string(),
    /** The branch whose list it is: the origin for a load list, the port of call for an unload list. */
    branchCode: z.string(),
    remarks: z.string(),
    /** Waybills on the release now. */
    waybillCount: z.number(),
    teu: z.number(),
    dateCreated: z.string(),
    userCreated: z.string(),
    dateReleased: z.string().nullable(),
    releasedBy: z.string().nullable(),
    dateCancelled: z.string().nullable(),
    cancelledBy: z.string().nullable(),
    dateModified: z.string(),
  });

/** A waybill that was on a release and was taken off, kept so the release's history reads whole. */
export const removedEntry = z.object({
  wayBillRef: z.string(),
  dateAdded: z.string(),
  addedBy: z.string(),
  dateRemoved: z.string(),
  removedBy: z.string(),
});
export type RemovedEntry = z.infer<typeof removedEntry>;
