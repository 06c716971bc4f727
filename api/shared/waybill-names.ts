import { sql } from "drizzle-orm";
import { customers, waybills } from "../../db/schema/index.ts";

/**
 * The names a waybill goes by wherever it is shown or printed: the shipper's preferred name when one was given,
 * else its registered company; the consignee's preferred name, else the name on the waybill. Written once here
 * because outbound, inbound, accounting and waivers all show waybills, and accounting sits below outbound.
 *
 * In SQL for a query that reads waybills (it joins customers on the waybill's customer), and in JavaScript for a
 * row already read.
 */
export const shipperNameOnWaybill = sql<string>`coalesce(nullif(${waybills.shipperPreferredName}, ''), ${customers.company})`;
export const consigneeNameOnWaybill = sql<string>`coalesce(nullif(${waybills.consigneePreferredName}, ''), ${waybills.consigneeName})`;

type Name = string | null | undefined;

/** The shipper's name on a waybill row: its preferred name when given, else `registered` (the customer's company). */
export const shipperOnWaybill = (w: { shipperPreferredName: Name }, registered: Name): string => w.shipperPreferredName || (registered ?? "");

/** The consignee's name on a waybill row: its preferred name when given, else the name the waybill holds. */
export const consigneeOnWaybill = (w: { consigneePreferredName: Name; consigneeName: Name }): string =>
  w.consigneePreferredName || (w.consigneeName ?? "");
