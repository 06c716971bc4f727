import { sql } from "drizzle-orm";
import { customers, waybills } from "../../../../db/schema/index.ts";

/**
 * The names a waybill goes by on the lists and printouts that read it in SQL: the name the shipper asked to have
 * printed when one was given, else its registered company (so the query joins customers on the waybill's
 * customer), and for the consignee its preferred name, else the name on the waybill. The waybill's own screens and
 * printout apply the same rule to the row they already hold.
 */
export const shipperNameOnWaybill = sql<string>`coalesce(nullif(${waybills.shipperPreferredName}, ''), ${customers.company})`;
export const consigneeNameOnWaybill = sql<string>`coalesce(nullif(${waybills.consigneePreferredName}, ''), ${waybills.consigneeName})`;
