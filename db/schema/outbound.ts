import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { auditColumns, idColumn } from "./columns.ts";
import { bookings } from "./bookings.ts";
import { branches, containerVans, containerYards, truckings } from "./master-data.ts";
import { voyageSchedules } from "./voyages.ts";

const instant = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/**
 * An outbound cargo transfer slip (001 §3 CTS): the van that leaves the yard for a booking whose withdrawal (ATW)
 * is issued, with the trucker who takes it. Numbered from the origin branch's CTS series. Issuing it takes the van
 * (container_vans.is_used) and moves the booking to Outbound CTS Issued; cancelling gives both back. A slip is
 * never deleted: a cancelled one stays, with who cancelled it.
 */
export const outboundCts = pgTable("outbound_cts", {
  ...idColumn,
  ctsNum: text("cts_num").notNull().unique(),
  /** "Issued" or "Cancelled", moved by the CTS workflow. */
  status: text("status").notNull(),
  bookingRef: text("booking_ref").notNull().references(() => bookings.bookingRef, { onUpdate: "cascade" }),
  /** The booking's origin branch: its series numbers the slip and its staff see it. */
  branchCode: text("branch_code").notNull().references(() => branches.code, { onUpdate: "cascade" }),
  voyageNum: text("voyage_num").notNull().references(() => voyageSchedules.voyageNum, { onUpdate: "cascade" }),
  containerVanNum: text("container_van_num").notNull(),
  /** The line's van taken for the booking; null for a shipper's own van, which the line does not keep. */
  containerVanId: integer("container_van_id").references(() => containerVans.id),
  isShipperOwned: boolean("is_shipper_owned").notNull().default(false),
  /** Why a shipper's van number that fails the ISO 6346 check was accepted; null when it passed. Audited. */
  numberOverrideReason: text("number_override_reason"),
  numberOverrideBy: text("number_override_by"),
  truckingCode: text("trucking_code").notNull().references(() => truckings.code, { onUpdate: "cascade" }),
  plateNum: text("plate_num").notNull(),
  driver: text("driver").notNull(),
  fromCyCode: text("from_cy_code").notNull().references(() => containerYards.code, { onUpdate: "cascade" }),
  /** "Shipper" or "Consignee", and the name the slip is made out to. */
  toParty: text("to_party").notNull(),
  toName: text("to_name").notNull(),
  /** A van condition of the reference list, or "Damaged" (then `damages` lists the parts). */
  vanStatus: text("van_status").notNull(),
  damages: jsonb("damages").$type<{ vanPart: string; damageType: string }[]>().notNull().default([]),
  vanLocator: text("van_locator").notNull().default(""),
  vanLocatorAmount: numeric("van_locator_amount", { precision: 14, scale: 2 }).notNull().default("0"),
  remarks: text("remarks").notNull().default(""),
  dateIssued: instant("date_issued").notNull(),
  issuedBy: text("issued_by").notNull(),
  dateCancelled: instant("date_cancelled"),
  cancelledBy: text("cancelled_by"),
  ...auditColumns,
}, (t) => [
  // A booking has at most one issued slip: of two clerks issuing at once, the second is refused here too.
  uniqueIndex("outbound_cts_booking_issued_idx").on(t.bookingRef).where(sql`status = 'Issued'`),
  index("outbound_cts_booking_idx").on(t.bookingRef),
  index("outbound_cts_branch_idx").on(t.branchCode, t.dateIssued),
]);
