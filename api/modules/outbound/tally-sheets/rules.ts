import { defineWorkflow, type WorkflowActor } from "../../../shared/workflow-definition.ts";

/**
 * Tally sheets (001 §3, §4): the vans counted onto a vessel at its origin (Loading) or off it at a port of
 * discharge (Unloading, the inbound side). Pure: the web reads the statuses, types and messages from here.
 */

export const TALLY_SHEET_TYPES = ["Loading", "Unloading"] as const;
export type TallySheetType = (typeof TALLY_SHEET_TYPES)[number];

/** Open while vans are counted; Final once the final tally locked it. */
export const TALLY_SHEET_STATUSES = ["Open", "Final"] as const;
export type TallySheetStatus = (typeof TALLY_SHEET_STATUSES)[number];

// Loading sheets are the outbound staff's and unloading sheets the inbound staff's: the routes of each side say
// which (their permission); the workflow takes either.
const tallyStaff = (actor: WorkflowActor) => actor.menus.has("OUTBOUND") || actor.menus.has("INBOUND");
const tallyUndo = (actor: WorkflowActor) => tallyStaff(actor) && actor.capabilities.has("TALLY_SHEET_UNDO");

/** The final tally locks a sheet; only the tally sheet undo role reopens it, and says why. */
export const tallySheetWorkflow = defineWorkflow({
  entity: "tally-sheet",
  noun: "tally sheet",
  statuses: TALLY_SHEET_STATUSES,
  actions: {
    finalize: { from: ["Open"], to: "Final", who: "outbound or inbound staff", allowed: tallyStaff, notice: "Final tally sheet made successfully" },
    reopen: { from: ["Final"], to: "Open", who: "users with the tally sheet undo role", allowed: tallyUndo, notice: "Final tally undone" },
  },
});
export type TallySheetAction = keyof typeof tallySheetWorkflow.actions;

/** The series that numbers the sheets at the tallying branch: TS-MNL-2026-000001. */
export const TALLY_SHEET_SERIES = "TS";

/** FL is a full van; anything else counts as an empty (001 §3 containerType). */
export const FULL = "FL";
export const EMPTY = "MT";
export const CONTAINER_TYPES = [FULL, EMPTY] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];
export const CONTAINER_TYPE_LABELS: Record<ContainerType, string> = { FL: "Full", MT: "Empty" };
export const isFull = (containerType: string) => containerType === FULL;

/** Van lengths as printed on a sheet. */
export const VAN_SIZES = ["20", "40", "45"] as const;

/** The stages a booking's cargo reaches (001 §4): 3 when its van is counted, 4 at the final tally. */
export const TALLY_STAGE = 3;
export const LOADED_STAGE = 4;
/** 6 Unloaded TallySheet Created: the final tally of the unloading sheet at the port of call (free days start). */
export const UNLOADED_STAGE = 6;

/** A device's name for an entry it captured: letters, digits and dashes (a UUID fits). */
export const ENTRY_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** A tandem waybill counted on a sheet: its two vans, each with its booking (numbers as the sheet keeps them). */
export interface TandemOnSheet {
  wayBillRef: string;
  containerVanNum: string;
  bookingRef: string;
  tandemContainerVanNum: string;
  tandemBookingRef: string;
}

/**
 * Why a sheet may not be made final while a tandem waybill has only one of its vans counted: the final tally
 * loads the waybill as a whole, so its other van would be marked loaded without anyone having seen it go on.
 * One sentence per half-counted waybill, naming the van still to count; none when every tandem is whole.
 */
export function halfCountedTandems(tallySheetNum: string, tandems: readonly TandemOnSheet[], counted: ReadonlySet<string>): string[] {
  return tandems.flatMap((t) => {
    const own = counted.has(t.containerVanNum);
    const second = counted.has(t.tandemContainerVanNum);
    if (own === second) return [];
    const [missing, missingBooking, present] = own
      ? [t.tandemContainerVanNum, t.tandemBookingRef, t.containerVanNum]
      : [t.containerVanNum, t.bookingRef, t.tandemContainerVanNum];
    return [
      `Van ${missing} of tandem waybill ${t.wayBillRef} (booking ${missingBooking}) is not counted on tally sheet ${tallySheetNum}: ` +
      `count it, or take van ${present} back off the sheet, before the final tally.`,
    ];
  });
}
