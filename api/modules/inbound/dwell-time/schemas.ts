import { z } from "zod";
import { daysBetween, isBusinessDate } from "../../../shared/dates.ts";
import { dateText } from "../../../shared/fields.ts";

/** Contracts of the dwell time report; zod and pure files only, so the web imports them. */

/** A period is at most a year and a day, as the booking reports' are. */
export const DWELL_MAX_DAYS = 366;

const dateField = (label: string) =>
  z.string({ error: `${label} is required` }).trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${label} must be a date written YYYY-MM-DD`, abort: true })
    .pipe(dateText(label));

/** A filter left empty by a screen ("" or null) is no filter. */
const optionalCode = (label: string, max = 30) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: `${label} must be text` }).trim().min(1, `${label} cannot be blank`).max(max, `${label} can be at most ${max} characters`).optional(),
  );

/**
 * The waybills whose final inbound tally (stage 6) fell in the period (Manila dates, both included), at the
 * caller's branches as their destination, narrowed by one destination branch or one voyage.
 */
export const dwellTimeQuery = z.object({
  dateFrom: dateField("From date"),
  dateTo: dateField("To date"),
  destinationBranchCode: optionalCode("destinationBranchCode"),
  voyageNum: optionalCode("voyageNum", 40),
}).superRefine((v, ctx) => {
  if (!isBusinessDate(v.dateFrom) || !isBusinessDate(v.dateTo)) return;
  if (v.dateTo < v.dateFrom) ctx.addIssue({ code: "custom", message: "To date cannot be before the from date", path: ["dateTo"] });
  else if (daysBetween(v.dateFrom, v.dateTo) >= DWELL_MAX_DAYS) {
    ctx.addIssue({ code: "custom", message: `The period can be at most ${DWELL_MAX_DAYS} days long`, path: ["dateTo"] });
  }
});
export type DwellTimeQuery = z.infer<typeof dwellTimeQuery>;

/** One waybill: when it was discharged, released and its van came back, and the whole days between. */
export const dwellWaybill = z.object({
  wayBillRef: z.string(),
  bookingRef: z.string(),
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  destinationBranchCode: z.string(),
  consigneeName: z.string(),
  containerVanNum: z.string(),
  /** The final inbound tally (stage 6), the cargo release order (stage 7), the van-in (stage 9): ISO instants. */
  discharged: z.string(),
  released: z.string().nullable(),
  vanIn: z.string().nullable(),
  /** Manila calendar days from the final inbound tally; null while the step has not happened. */
  daysToRelease: z.number().nullable(),
  daysToVanIn: z.number().nullable(),
});
export type DwellWaybill = z.infer<typeof dwellWaybill>;

const figures = {
  waybills: z.number(),
  released: z.number(),
  vannedIn: z.number(),
  /** Averages over the waybills that reached the step, to one decimal; null when none did. */
  averageDaysToRelease: z.number().nullable(),
  averageDaysToVanIn: z.number().nullable(),
  longestDaysToRelease: z.number().nullable(),
  longestDaysToVanIn: z.number().nullable(),
};

/** A voyage at one destination branch. */
export const dwellGroup = z.object({
  voyageNum: z.string(),
  voyageRef: z.string(),
  vesselName: z.string(),
  destinationBranchCode: z.string(),
  ...figures,
});
export type DwellGroup = z.infer<typeof dwellGroup>;

export const dwellTimeReport = z.object({
  dateFrom: z.string(),
  dateTo: z.string(),
  /** Per voyage and destination branch, the voyage first discharged first. */
  data: z.array(dwellGroup),
  /** Every waybill, by voyage, branch and waybill. */
  waybills: z.array(dwellWaybill),
  totals: z.object(figures),
  message: z.string().optional(),
});
export type DwellTimeReport = z.infer<typeof dwellTimeReport>;
