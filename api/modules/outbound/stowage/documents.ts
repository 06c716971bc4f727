import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import { AppError } from "../../../shared/errors.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { stowagePlanOf } from "./service.ts";

/**
 * The printed stowage plan: the grid with the van in each slot, then the cargo at locations in words. Staff who
 * are not DAT print a copy, as with every printout.
 */
export async function stowagePlanPdf(db: Db, caller: Caller, voyageNum: string): Promise<DownloadFile> {
  const view = await stowagePlanOf(db, voyageNum, caller);
  if (!view.plan) throw new AppError("CONFLICT", `The stowage plan of voyage ${view.voyageNum} is not started yet.`);
  const [origin] = await db.select({ name: branches.name }).from(branches).where(eq(branches.code, view.originBranchCode));
  const inSlot = new Map(view.placements.filter((p) => p.row !== null).map((p) => [`${p.row}/${p.column}`, p.containerVanNum]));
  return await buildDocument("stowagePlan", {
    voyageNum: view.voyageNum,
    voyageRef: view.voyageRef,
    vesselName: view.vesselName,
    originBranchName: origin?.name ?? view.originBranchCode,
    estimatedTimeDeparture: view.estimatedTimeDeparture,
    finalTallyAt: view.finalTallyAt,
    planName: view.plan.planName,
    rows: view.plan.rows,
    columns: view.plan.columns,
    slots: view.plan.slots.map((s) => ({ ...s, containerVanNum: inSlot.get(`${s.row}/${s.column}`) ?? "" })),
    locations: view.placements.filter((p) => p.row === null)
      .map((p) => ({ containerVanNum: p.containerVanNum, wayBillRef: p.wayBillRef ?? "", cargoLocation: p.cargoLocation })),
    generatedAt: new Date(),
    copy: !caller.isDat,
  });
}
