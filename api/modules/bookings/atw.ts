import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { truckings } from "../../../db/schema/index.ts";
import { AppError } from "../../shared/errors.ts";
import { transitionMany } from "../../shared/workflow.ts";
import { type BookingActor, bookingTarget } from "./batches.ts";
import { recordsByRefs, toRows } from "./records.ts";
import { bookingWorkflow } from "./rules.ts";

/** Issues the authority to withdraw: the trucker named (or already on the booking) must be accredited at the branch. */
export async function issueAtw(db: Db, actor: BookingActor, input: { bookingRefs: string[]; truckingCode: string | null; plateNum?: string }) {
  const records = await recordsByRefs(db, input.bookingRefs, actor);
  const truckerCodes = new Set(records.map((b) => input.truckingCode ?? b.truckingCode));
  if (truckerCodes.has(null)) {
    const without = records.filter((b) => !input.truckingCode && !b.truckingCode).map((b) => b.bookingRef);
    throw new AppError("VALIDATION", `Choose the trucker who withdraws the cargo of ${without.join(", ")}.`, { truckingCode: ["Trucker is required"] });
  }
  const truckers = await db.select().from(truckings).where(inArray(sql`lower(${truckings.code})`, [...truckerCodes].map((c) => c!.toLowerCase())));
  for (const b of records) {
    const code = (input.truckingCode ?? b.truckingCode)!;
    const trucker = truckers.find((t) => t.code.toLowerCase() === code.toLowerCase());
    if (!trucker || !trucker.isActive) throw new AppError("VALIDATION", `Trucker ${code} is not an active trucker.`, { truckingCode: [`Trucker ${code} is not an active trucker.`] });
    if (!trucker.isAuthorized || !trucker.branchCodes.map((c) => c.toUpperCase()).includes(b.branchCode.toUpperCase())) {
      const text = `Trucker ${trucker.name} is not authorised to withdraw at branch ${b.branchCode}.`;
      throw new AppError("VALIDATION", text, { truckingCode: [text] });
    }
  }
  const chosen = input.truckingCode ? truckers.find((t) => t.code.toLowerCase() === input.truckingCode!.toLowerCase())! : null;
  const result = await db.transaction(async (tx) => {
    const set: Record<string, unknown> = { dateAtwIssued: new Date(), atwIssuedBy: actor.userId };
    if (chosen) set.truckingCode = chosen.code;
    if (input.plateNum) set.plateNum = input.plateNum;
    // The master may list several plates of the trucker; the first one stands until staff name another.
    else if (chosen && chosen.plateNum) set.plateNum = chosen.plateNum.split(",")[0].trim();
    return await transitionMany(tx, bookingWorkflow, bookingTarget, { ids: records.map((b) => b.id), action: "issueAtw", actor, set });
  });
  return { data: await toRows(db, await recordsByRefs(db, input.bookingRefs, actor)), message: result.message };
}
