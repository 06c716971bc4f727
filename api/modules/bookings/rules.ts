import { defineWorkflow, type WorkflowActor } from "../../shared/workflow-definition.ts";

/**
 * Booking rules that need no database: the statuses and their moves, the modes of delivery and payment, the
 * service remarks a mode writes (001 §9) and the address checks of 001 §5. The web app reads them too.
 */

// ---------------------------------------------------------------------------------------------------------
// Modes (001 §4)

export const DELIVERY_MODES = ["DTD", "PTD", "PTP", "DTP"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const DELIVERY_MODE_LABELS: Record<DeliveryMode, string> = {
  DTD: "Door to door",
  PTD: "Pier to door",
  PTP: "Pier to pier",
  DTP: "Door to pier",
};

export const PAYMENT_MODES = ["P", "C", "AO", "AD"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  P: "Prepaid",
  C: "Collect",
  AO: "Account Origin",
  AD: "Account Destination",
};

/** Whether the cargo is picked up at the shipper's door and delivered to the consignee's. */
export const pickUpAtDoor = (mode: DeliveryMode) => mode === "DTD" || mode === "DTP";
export const deliverToDoor = (mode: DeliveryMode) => mode === "DTD" || mode === "PTD";

// ---------------------------------------------------------------------------------------------------------
// Service remarks (001 §9 remarks by delivery mode)

/** How the van may be handled at each end under each mode; an empty list means that end is not handled. */
export const HANDLING_CHOICES: Record<DeliveryMode, { origin: readonly string[]; destination: readonly string[] }> = {
  PTP: { origin: ["STUFFING", "VAN OUT"], destination: ["STRIPPING", "VAN OUT"] },
  PTD: { origin: [], destination: ["STRIPPING MANO", "GROUNDING"] },
  DTP: { origin: ["STUFFING MANO", "GROUNDING"], destination: [] },
  DTD: { origin: ["MANO", "GROUNDING"], destination: ["MANO", "GROUNDING"] },
};

export interface RemarksInput {
  modeOfDelivery: DeliveryMode;
  originHandling: string;
  destinationHandling: string;
  isBackLoad: boolean;
  isTandem: boolean;
}

export interface HandlingProblem {
  field: "originHandling" | "destinationHandling";
  message: string;
}

/** The first end whose handling the mode does not allow, with the field to show it under; null when both fit. */
export function handlingProblem(input: Pick<RemarksInput, "modeOfDelivery" | "originHandling" | "destinationHandling">): HandlingProblem | null {
  const choices = HANDLING_CHOICES[input.modeOfDelivery];
  for (const [field, end, value, allowed] of [
    ["originHandling", "origin", input.originHandling, choices.origin],
    ["destinationHandling", "destination", input.destinationHandling, choices.destination],
  ] as const) {
    if (!value) continue;
    if (allowed.length === 0) return { field, message: `${input.modeOfDelivery} handles nothing at the ${end}; leave the ${end} handling empty` };
    if (!allowed.includes(value)) return { field, message: `${input.modeOfDelivery} at the ${end} is one of ${allowed.join(", ")}` };
  }
  return null;
}

/**
 * The service remarks printed on the booking: the handling at each end the mode handles (the first choice when
 * none was picked), then BACKLOAD and TANDEM when they apply.
 */
export function serviceRemarks(input: RemarksInput): string {
  const choices = HANDLING_CHOICES[input.modeOfDelivery];
  const parts: string[] = [];
  if (choices.origin.length) parts.push(`${input.originHandling || choices.origin[0]} AT ORIGIN`);
  if (choices.destination.length) parts.push(`${input.destinationHandling || choices.destination[0]} AT DESTINATION`);
  if (input.isBackLoad) parts.push("BACKLOAD");
  if (input.isTandem) parts.push("TANDEM");
  return parts.join(" / ");
}

// ---------------------------------------------------------------------------------------------------------
// Addresses (001 §5)

export interface AddressParts {
  street: string;
  barangay: string;
  city: string;
  province: string;
  zipCode: string;
}

/** True when nothing but spaces was typed in every part: such an address is no address. */
export const isBlankAddress = (a: AddressParts) => [a.street, a.barangay, a.city, a.province, a.zipCode].every((p) => p.trim() === "");

/** One line for documents and lists: the parts that were given, in the order a letter is addressed. */
export const addressLine = (a: AddressParts) =>
  [a.street, a.barangay, a.city, a.province, a.zipCode].map((p) => p.trim()).filter(Boolean).join(", ");

// ---------------------------------------------------------------------------------------------------------
// Statuses (001 §4 Bookings)

export const BOOKING_STATUSES = ["Draft", "Sent", "Confirmed", "ATW Issued", "Outbound CTS Issued", "At Vessel Loaded", "Expired", "Cloned"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BATCH_STATUSES = ["Draft", "Sent", "Confirmed", "Expired", "Cloned"] as const;
export type BatchStatus = (typeof BATCH_STATUSES)[number];

/** Booking staff hold the VOYAGE menu; the outbound moves are made by the outbound staff. */
const bookingStaff = (actor: WorkflowActor) => actor.menus.has("VOYAGE");
const outboundStaff = (actor: WorkflowActor) => actor.menus.has("OUTBOUND");

export const bookingWorkflow = defineWorkflow({
  entity: "booking",
  noun: "booking",
  statuses: BOOKING_STATUSES,
  actions: {
    send: { from: ["Draft", "Sent"], to: "Sent", who: "booking staff", allowed: bookingStaff, notice: "Booking link was send successfully" },
    confirm: { from: ["Draft", "Sent"], to: "Confirmed", who: "booking staff", allowed: bookingStaff, notice: "Confirmed successfully." },
    issueAtw: { from: ["Confirmed"], to: "ATW Issued", who: "booking staff", allowed: bookingStaff, notice: "ATW issued successfully" },
    expire: { from: ["Draft", "Sent"], to: "Expired", who: "booking staff", allowed: bookingStaff, notice: "Booking expired successfully" },
    /** An expired booking is renewed by cloning it: the copy is a new Draft and the original is marked Cloned. */
    clone: { from: ["Expired"], to: "Cloned", who: "booking staff", allowed: bookingStaff, notice: "Booking cloned successfully" },
    issueCts: { from: ["ATW Issued"], to: "Outbound CTS Issued", who: "outbound staff", allowed: outboundStaff, notice: "Outbound CTS issued successfully" },
    /** A cancelled transfer slip puts the booking back where it was: its withdrawal issued, no van out yet. */
    cancelCts: { from: ["Outbound CTS Issued"], to: "ATW Issued", who: "outbound staff", allowed: outboundStaff, notice: "Outbound CTS cancelled successfully" },
    load: { from: ["Outbound CTS Issued"], to: "At Vessel Loaded", who: "outbound staff", allowed: outboundStaff, notice: "Loaded successfully" },
    /** A final tally reopened by a user with the tally sheet undo role puts its bookings back before loading. */
    undoLoad: {
      from: ["At Vessel Loaded"], to: "Outbound CTS Issued", who: "users with the tally sheet undo role",
      allowed: (actor) => outboundStaff(actor) && actor.capabilities.has("TALLY_SHEET_UNDO"), notice: "Final tally undone",
    },
  },
});
export type BookingAction = keyof typeof bookingWorkflow.actions;

export const batchWorkflow = defineWorkflow({
  entity: "booking-batch",
  noun: "booking batch",
  statuses: BATCH_STATUSES,
  actions: {
    send: { from: ["Draft", "Sent"], to: "Sent", who: "booking staff", allowed: bookingStaff, notice: "Booking link was send successfully" },
    confirm: { from: ["Draft", "Sent"], to: "Confirmed", who: "booking staff", allowed: bookingStaff, notice: "Bookings confirmed successfully" },
    expire: { from: ["Draft", "Sent"], to: "Expired", who: "booking staff", allowed: bookingStaff, notice: "Booking batch expired successfully" },
    clone: { from: ["Expired"], to: "Cloned", who: "booking staff", allowed: bookingStaff, notice: "Booking batch cloned successfully" },
  },
});
export type BatchAction = keyof typeof batchWorkflow.actions;

/** Statuses in which the booking's details may still be edited by staff or through the customer's link. */
export const EDITABLE_STATUSES: readonly BookingStatus[] = ["Draft", "Sent"];

// ---------------------------------------------------------------------------------------------------------
// Cargo progress (001 §4), shown by the public tracking page

export const CARGO_STAGES = [
  "Outbound CTS Issued",
  "WayBill Issued",
  "LoadList Created",
  "Tallysheet Created",
  "At Vessel Loaded",
  "UnLoadList Created",
  "Unloaded TallySheet Created",
  "CRO Created",
  "Inbound CTS Issued",
  "Van-In",
] as const;

/** How long a booking link stays open after it is sent, unless the voyage leaves first. */
export const LINK_VALID_DAYS = 7;
/** Rows per page of the booking lists (001 §9). */
export const BOOKING_PAGE_SIZE = 50;
