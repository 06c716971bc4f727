import { index, integer, numeric, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { activeColumn, auditColumns, idColumn } from "./columns.ts";
import { branches, routes, vessels } from "./master-data.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A voyage (001 §3 Voyage schedule): a vessel leaving its origin branch on a route, with an ETA at each
 * destination. Numbered from the origin branch's VOY series; bookings, loading and release all hang off it.
 */
export const voyageSchedules = pgTable("voyage_schedules", {
  ...idColumn,
  voyageNum: text("voyage_num").notNull().unique(),
  /** The line's own reference for the trip, as printed on documents (e.g. "V-118N"). */
  voyageRef: text("voyage_ref").notNull(),
  vesselCode: text("vessel_code").notNull().references(() => vessels.code, { onUpdate: "cascade" }),
  routeCode: text("route_code").notNull().references(() => routes.code, { onUpdate: "cascade" }),
  originBranchCode: text("origin_branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  estimatedTimeDeparture: instant("estimated_time_departure").notNull(),
  remarks: text("remarks").notNull().default(""),
  /** Set once by approve/{id}; approving again changes nothing. */
  approvedBy: text("approved_by"),
  dateApproved: instant("date_approved"),
  /** Where the release of its cargo stands (updateCROStatus). */
  croStatus: text("cro_status").notNull().default("Open"),
  /** When the loading's final tally sheet was made (001 §3 voyage report header finalTally); null until then. */
  finalTallyAt: instant("final_tally_at"),
  ...activeColumn,
  ...auditColumns,
}, (t) => [index("voyage_schedules_etd_idx").on(t.estimatedTimeDeparture), index("voyage_schedules_vessel_idx").on(t.vesselCode)]);

/** A port of call of a voyage (voyageScheduleDestination), in calling order, with its ETA. */
export const voyageScheduleDestinations = pgTable("voyage_schedule_destinations", {
  ...idColumn,
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade", onDelete: "cascade" }),
  seq: integer("seq").notNull(),
  destinationBranchCode: text("destination_branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  estimatedTimeArrival: instant("estimated_time_arrival").notNull(),
}, (t) => [unique("voyage_schedule_destinations_uq").on(t.voyageNum, t.destinationBranchCode)]);

/** A vessel update (001 §3): the header of what is recorded about one vessel on one voyage. */
export const vesselUpdateHeaders = pgTable("vessel_update_headers", {
  ...idColumn,
  vuid: text("vuid").notNull().unique(),
  vesselCode: text("vessel_code").notNull().references(() => vessels.code, { onUpdate: "cascade" }),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  remarks: text("remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [unique("vessel_update_headers_vessel_voyage_uq").on(t.vesselCode, t.voyageNum)]);

/**
 * One status activity of a vessel update (001 §9 vessel status activities: Docking, In Transit, Anchorage,
 * Drydocking with their sub-activities), when it happened, and the actual arrival and departure when known.
 */
export const vesselUpdateDetails = pgTable("vessel_update_details", {
  ...idColumn,
  vuid: text("vuid").notNull().references(() => vesselUpdateHeaders.vuid, { onUpdate: "cascade", onDelete: "cascade" }),
  vesselStatus: text("vessel_status").notNull(),
  activity: text("activity").notNull(),
  activityAt: instant("activity_at").notNull(),
  branchCode: text("branch_code").references(() => branches.code, { onUpdate: "cascade" }),
  actualTimeArrival: instant("actual_time_arrival"),
  actualTimeDeparture: instant("actual_time_departure"),
  remarks: text("remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [index("vessel_update_details_vuid_idx").on(t.vuid)]);

/**
 * A tank sounding of a vessel on a voyage: what it had on board when it left a port (Departure) or reached one
 * (Arrival). The monthly sounding report works out each voyage's consumption from them.
 */
export const voyageSoundings = pgTable("voyage_soundings", {
  ...idColumn,
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade", onDelete: "cascade" }),
  soundingType: text("sounding_type").notNull(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  takenAt: instant("taken_at").notNull(),
  /** Litres on board. */
  fuelOil: numeric("fuel_oil", { precision: 12, scale: 2 }).notNull(),
  dieselOil: numeric("diesel_oil", { precision: 12, scale: 2 }).notNull(),
  lubeOil: numeric("lube_oil", { precision: 12, scale: 2 }).notNull(),
  freshWater: numeric("fresh_water", { precision: 12, scale: 2 }).notNull(),
  remarks: text("remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [unique("voyage_soundings_uq").on(t.voyageNum, t.soundingType, t.branchCode)]);
