import { and, eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { voyageSchedules, waybills } from "../../../../db/schema/index.ts";
import type { DemoContext } from "../../manifest.ts";
import { captureTallyLine, createTallySheet, finalizeTallySheet, sheetByNum, tallySheetContracts } from "../../outbound/index.ts";
import { UNLOADING_SIDE } from "../tally-sheets/side.ts";
import { createUnloadRelease, releaseUnloadList, updateUnloadRelease } from "./service.ts";

const MINUTE = 60_000;

/**
 * The discharge of the demo line, made by Cebu's inbound staff through the services they use: the open voyage,
 * whose loading at Manila is final (outbound demo), is discharged at Cebu. Its waybill goes on a released unload
 * list (stage 5) and its van is counted off on the unloading tally sheet, made final (stage 6), so its free days
 * run from the demo's day. Before the night's free-time run, which then finds the cargo discharged.
 */
export async function seedDemoDischarge(db: Db, { people, now }: DemoContext): Promise<Record<string, number>> {
  const { inbound } = people;
  const at = (offset: number) => new Date(now.getTime() + offset).toISOString();
  const loaded = await db.select({ voyageNum: waybills.voyageNum, wayBillRef: waybills.wayBillRef, van: waybills.containerVanNum }).from(waybills)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .where(and(eq(voyageSchedules.voyageRef, "DEMO-OPEN"), eq(waybills.status, "Loaded"), eq(waybills.destinationBranchCode, "CEB")));
  if (loaded.length === 0) return { unloadLists: 0 };
  const [{ voyageNum }] = loaded;
  let release = (await createUnloadRelease(db, inbound, { voyageNum, destinationBranchCode: "CEB", remarks: "Discharged at Cebu pier 3" })).data;
  release = (await updateUnloadRelease(db, inbound, release.releaseId, {
    dateModified: release.dateModified, entries: loaded.map((w) => ({ wayBillRef: w.wayBillRef, status: "add" })),
  })).data;
  await releaseUnloadList(db, inbound, release.releaseId, { dateModified: release.dateModified });
  const sheet = (await createTallySheet(db, inbound, { voyageNum, destinationBranchCode: "CEB", timeStarted: at(-50 * MINUTE), remarks: "Pier 3, gang 1" }, UNLOADING_SIDE)).data;
  for (const [i, w] of loaded.entries()) {
    await captureTallyLine(db, inbound, sheet.tallySheetNum, tallySheetContracts.tallyEntryBody.parse({
      entryId: `demo-unload-${String(i + 1).padStart(4, "0")}`, wayBillRef: w.wayBillRef, containerType: "FL", truckingCode: "TRK-003",
      plateNum: "GAA 1020", driver: "Jun Abellana", timeTallied: at((-40 + i) * MINUTE),
    }), UNLOADING_SIDE);
  }
  const ready = await sheetByNum(db, sheet.tallySheetNum, inbound, UNLOADING_SIDE);
  await finalizeTallySheet(db, inbound, sheet.tallySheetNum, { dateModified: ready.dateModified, timeFinished: at(-20 * MINUTE) }, {}, UNLOADING_SIDE);
  return { unloadLists: 1, unloadingTallySheets: 1, unloadedWaybills: loaded.length };
}
