import { z } from "zod";
import { dateText } from "../../../shared/fields.ts";
import { FREE_TIME_CHARGE_TYPES } from "./rules.ts";

/** Contracts of the free-time calls; zod and pure modules only, so the web app uses them as they are. */

export const freeTimeParams = z.object({
  wayBillRef: z.string({ error: "wayBillRef is required" }).trim().min(1, "wayBillRef is required").max(40, "wayBillRef can be at most 40 characters"),
});

export const freeTimeQuery = z.object({
  /** The day to compute for; today in Manila when left out. */
  date: dateText("date").optional(),
});

const policyReference = z.object({ code: z.string(), id: z.number().nullable(), dateEffective: z.string(), value: z.string() });
const clockEvent = z.object({ event: z.string(), at: z.string(), date: z.string() });

/** The snapshot of §5.6 (FreeTimeSnapshot of rules.ts) as the answers carry it. */
export const freeTimeSnapshot = z.object({
  chargeType: z.enum(FREE_TIME_CHARGE_TYPES),
  side: z.enum(["destination", "origin"]),
  branchCode: z.string(),
  startEvent: clockEvent,
  endEvent: clockEvent.nullable(),
  countedThrough: z.string(),
  final: z.boolean(),
  calendarBasis: z.enum(["CALENDAR", "SKIP_SUN_HOL"]),
  startDay: z.string(),
  freeDays: z.number(),
  freeDaysPolicy: policyReference,
  freeDaysCounted: z.array(z.string()),
  holidaysSkipped: z.array(z.object({ date: z.string(), name: z.string(), holidayType: z.string(), branchCode: z.string().nullable() })),
  sundaysSkipped: z.array(z.string()),
  lastFreeDay: z.string(),
  billedThrough: z.string().nullable(),
  chargeableFrom: z.string().nullable(),
  chargeableTo: z.string().nullable(),
  days: z.number(),
  rateBasis: z.enum(["TEU", "VAN"]),
  rateBasisPolicy: policyReference.nullable(),
  vans: z.number(),
  teu: z.string(),
  units: z.string(),
  rate: z.string(),
  rateSource: z.object({ kind: z.enum(["POLICY", "DEFAULT"]), code: z.string().nullable(), id: z.number().nullable(), dateEffective: z.string().nullable() }),
  perDay: z.string(),
  amount: z.string(),
});

/** One charge of the waybill as of the day asked: not started yet, computed, or refused for a missing policy. */
export const freeTimeChargeView = z.object({
  chargeType: z.enum(FREE_TIME_CHARGE_TYPES),
  name: z.string(),
  side: z.enum(["destination", "origin"]),
  billedSide: z.string(),
  /** NOT_STARTED: its start event has not happened; FREE: within its free days; CHARGING: days are being charged; ENDED: its end event happened. */
  state: z.enum(["NOT_STARTED", "FREE", "CHARGING", "ENDED"]),
  /** Why it could not be worked out (a policy missing), or null. */
  problem: z.string().nullable(),
  snapshot: freeTimeSnapshot.nullable(),
  countdown: z.object({ on: z.string(), lastFreeDay: z.string(), freeDaysLeft: z.number(), daysOverdue: z.number(), isLastFreeDay: z.boolean() }).nullable(),
});

/** A charge the nightly run wrote (the free_time_charges table). */
export const accruedChargeRow = z.object({
  id: z.number(),
  chargeType: z.string(),
  side: z.string(),
  billedSide: z.string(),
  seq: z.number(),
  periodFrom: z.string(),
  periodTo: z.string(),
  days: z.number(),
  units: z.string(),
  rate: z.string(),
  amount: z.string(),
  isFinal: z.boolean(),
  computedOn: z.string(),
  invoiceId: z.number().nullable(),
});

export const freeTimeView = z.object({
  wayBillRef: z.string(),
  bookingRef: z.string(),
  originBranchCode: z.string(),
  destinationBranchCode: z.string(),
  modeOfPayment: z.string(),
  asOf: z.string(),
  /** When the events that start and stop the clocks happened (null: not yet, as of the day asked). */
  events: z.object({
    cyIn: z.string().nullable(),
    loaded: z.string().nullable(),
    finalTally: z.string().nullable(),
    vanOut: z.string().nullable(),
    vanIn: z.string().nullable(),
  }),
  charges: z.array(freeTimeChargeView),
  /** 001 §9: the storage due date and what each further day of storage and demurrage costs; null before the final tally. */
  storageDue: z.object({
    dueDate: z.string(),
    perDay: z.object({ storage: z.string(), demurrage: z.string(), total: z.string() }),
  }).nullable(),
  /** The amounts of the charges computed, added up. */
  total: z.string(),
  /** What the nightly run has written for the waybill, oldest first. */
  accrued: z.array(accruedChargeRow),
});
export type FreeTimeView = z.infer<typeof freeTimeView>;
export type FreeTimeChargeView = z.infer<typeof freeTimeChargeView>;

/** What `lading demurrage run` and the nightly job report, one line per charge written, changed or that would be. */
export const accrualLine = z.object({
  wayBillRef: z.string(),
  chargeType: z.enum(FREE_TIME_CHARGE_TYPES),
  side: z.enum(["destination", "origin"]),
  branchCode: z.string(),
  seq: z.number(),
  days: z.number(),
  amount: z.string(),
  isFinal: z.boolean(),
  /** new: a row added; changed: the open row's figures moved; unchanged: as written before. */
  change: z.enum(["new", "changed", "unchanged"]),
  /** The figures before a change. */
  before: z.object({ days: z.number(), amount: z.string() }).nullable(),
});
export type AccrualLine = z.infer<typeof accrualLine>;
