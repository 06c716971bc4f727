import { and, asc, ne } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { waybills } from "../../../../db/schema/index.ts";
import { branchCondition } from "../../../shared/branch-scope.ts";
import { cargoStageReached } from "../../bookings/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { DISCHARGED_STAGE } from "./rules.ts";
import { sendArrivalNotice } from "./service.ts";

/**
 * The arrival notices of the demo line: the Cebu inbound clerk sends one to the consignee of each waybill the line
 * has discharged (final inbound tally), as staff do once the cargo is off the vessel. A consignee with an address
 * gets the e-mail (queued in the outbox); one without is recorded under 001 §9's 8-character value.
 */
export async function seedDemoArrivalNotices(db: Db, { people, now, linkBase }: DemoContext): Promise<Record<string, number>> {
  const clerk = people.inbound;
  const discharged = await db.select({ wayBillRef: waybills.wayBillRef }).from(waybills)
    .where(and(branchCondition(clerk, waybills.destinationBranchCode), ne(waybills.status, "Cancelled"), cargoStageReached(waybills.bookingRef, DISCHARGED_STAGE)))
    .orderBy(asc(waybills.wayBillRef));
  let mailed = 0;
  for (const { wayBillRef } of discharged) {
    const { data } = await sendArrivalNotice(db, clerk, wayBillRef, {}, { linkBase }, now);
    if (data.sent.mailed) mailed++;
  }
  return { arrivalNotices: discharged.length, arrivalNoticesMailed: mailed };
}
