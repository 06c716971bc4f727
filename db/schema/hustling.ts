import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, unique } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { branches, containerYards, ports, truckings } from "./master-data.ts";
import { voyageSchedules } from "./voyages.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * A hustling (001 §3, the cargo transfer (hustling) slip): the line's vans hauled at one branch for one voyage,
 * from a yard to another vessel (or to a port) and into another yard, by one hauling trucker. One per branch and
 * voyage; numbered from the branch's HUS series (hustlingCstNum). Its vans' yard in the van master follows it: each
 * van leaves the from yard for the to yard with the transfer, and goes back to the from yard when its line is
 * taken off or the hustling deleted (if it still stands where the hustling put it).
 */
export const hustlings = pgTable("hustlings", {
  ...idColumn,
  hustlingCstNum: text("hustling_cst_num").notNull().unique(),
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  /** The voyage the vans are hustled for; its vessel is the slip's hustVessel. */
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** "To Vessel" or "To Port". */
  toReference: text("to_reference").notNull(),
  /** To Vessel: the voyage of the vessel the vans go to (the slip's hustVoyageNum and tovesselName). */
  hustVoyageNum: text("hust_voyage_num").references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  /** To Port: the port the vans go to. */
  toPortCode: text("to_port_code").references(() => ports.code, { onUpdate: "cascade" }),
  fromCyCode: text("from_cy_code").notNull().references(() => containerYards.code, { onUpdate: "cascade" }),
  toCyCode: text("to_cy_code").notNull().references(() => containerYards.code, { onUpdate: "cascade" }),
  truckingCode: text("trucking_code").notNull().references(() => truckings.code, { onUpdate: "cascade" }),
  dateTimeIn: instant("date_time_in").notNull(),
  dateTimeOut: instant("date_time_out").notNull(),
  remarks: text("remarks").notNull().default(""),
  ...auditColumns,
}, (t) => [
  unique("hustlings_branch_voyage_uq").on(t.branchCode, t.voyageNum),
  index("hustlings_branch_idx").on(t.branchCode, t.dateTimeIn),
]);

/** A van on a hustling (the slip's container lines); its type and size are copied from the van master when written. */
export const hustlingLines = pgTable("hustling_lines", {
  ...idColumn,
  hustlingId: integer("hustling_id").notNull().references(() => hustlings.id, { onDelete: "cascade" }),
  lineNo: integer("line_no").notNull(),
  containerVanNum: text("container_van_num").notNull(),
  containerType: text("container_type").notNull(),
  size: text("size").notNull(),
  plateNum: text("plate_num").notNull(),
  driver: text("driver").notNull(),
  detailsRemarks: text("details_remarks").notNull().default(""),
}, (t) => [
  unique("hustling_lines_van_uq").on(t.hustlingId, t.containerVanNum),
  index("hustling_lines_van_idx").on(sql`upper(${t.containerVanNum})`),
]);
