import { asc, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { voyageScheduleDestinations, voyageSchedules } from "../../../../db/schema/index.ts";
import { sendNotification } from "../../notifications/index.ts";

/** The titles of 000 §2 whose avatars read OL and OT. */
export const LOAD_LIST_TITLE = "Load List";
export const LOADING_TALLY_TITLE = "Loading Tally Sheet";

/** Every branch a voyage touches: where it leaves from and each port of call, in calling order. */
export async function voyageBranchCodes(db: Db, voyageNum: string): Promise<string[]> {
  const [voyage] = await db.select({ origin: voyageSchedules.originBranchCode }).from(voyageSchedules).where(eq(voyageSchedules.voyageNum, voyageNum));
  const stops = await db.select({ code: voyageScheduleDestinations.destinationBranchCode }).from(voyageScheduleDestinations)
    .where(eq(voyageScheduleDestinations.voyageNum, voyageNum)).orderBy(asc(voyageScheduleDestinations.seq));
  return [...new Set([...(voyage ? [voyage.origin] : []), ...stops.map((s) => s.code)])];
}

/**
 * Tells the outbound staff of the voyage's branches (its origin, which loads it, and its ports of call, which
 * unload it) what changed on its loading. Called after the change has committed; whoever made it is left out.
 */
export async function notifyVoyageFollowers(
  db: Db,
  notice: { voyageNum: string; title: typeof LOAD_LIST_TITLE | typeof LOADING_TALLY_TITLE; message: string; url: string; sender: string },
): Promise<void> {
  await sendNotification(db, {
    title: notice.title,
    message: notice.message,
    url: notice.url,
    sender: notice.sender,
    holders: { menu: "OUTBOUND", branchCodes: await voyageBranchCodes(db, notice.voyageNum) },
    leaveOutSender: true,
  });
}
