import { eq } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, users } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import { AppError } from "../../../shared/errors.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import { voyageHeader } from "../../outbound/index.ts";
import { callerPorts, unloadReleaseRecord, voyageCallingAt, waybillsOnUnloadList } from "./service.ts";

/**
 * The unload list of a voyage at a port of call (or of one release) as a PDF on A4 landscape: the load list's
 * builder (templates/documents/load-list.ts), titled UNLOAD LIST.
 */
export async function unloadListPdf(db: Db, caller: Caller, voyageNum: string, q: { releaseId: string; destinationBranchCode: string }): Promise<DownloadFile> {
  const voyage = await voyageCallingAt(db, voyageNum, caller);
  const release = q.releaseId ? await unloadReleaseRecord(db, q.releaseId, caller) : null;
  if (release && release.voyageNum !== voyage.voyageNum) throw new AppError("NOT_FOUND", `Release ${q.releaseId} was not found.`);
  const ports = await callerPorts(db, voyage, caller);
  const asked = release?.branchCode ?? q.destinationBranchCode.toUpperCase();
  const port = asked ? ports.find((p) => p.toUpperCase() === asked.toUpperCase()) : ports[0];
  if (!port) throw new AppError("VALIDATION", `Voyage ${voyage.voyageNum} does not call at ${asked} for you.`, { destinationBranchCode: [`Not a port of call of yours: ${asked}`] });
  const [header, rows, [person], [portRow]] = await Promise.all([
    voyageHeader(db, voyage),
    waybillsOnUnloadList(db, voyage.voyageNum, [port], release?.releaseId ?? ""),
    db.select({ name: users.name }).from(users).where(eq(users.userId, caller.userId)),
    db.select({ name: branches.name }).from(branches).where(eq(branches.code, port)),
  ]);
  return await buildDocument("loadList", {
    list: "unload",
    port: portRow?.name ?? port,
    voyageNum: header.voyageNum,
    voyageRef: header.voyageRef,
    vesselName: header.vesselName,
    routeCode: header.routeCode,
    originName: header.originBranchName,
    destinations: header.destinations.map((d) => d.destinationBranchName),
    estimatedTimeDeparture: header.estimatedTimeDeparture,
    release: release ? { releaseId: release.releaseId, releaseType: release.releaseType } : null,
    lines: rows.map((r) => ({
      wayBillRef: r.wayBillRef, bookingRef: r.bookingRef, releaseId: r.releaseId ?? "", shipperName: r.shipperName, consigneeName: r.consigneeName,
      destination: portRow?.name ?? port, containerVanNum: [r.containerVanNum, r.tandemContainerVanNum].filter(Boolean).join(" / "), size: r.size,
      sealNum: r.sealNum, goods: r.goods, quantity: r.quantity, quantityTeu: r.quantityTeu, cargoWeight: r.cargoWeight, modeOfDelivery: r.modeOfDelivery,
      modeOfPayment: r.modeOfPayment, status: r.status,
    })),
    printedBy: person?.name || caller.userId,
    generatedAt: new Date(),
  });
}
