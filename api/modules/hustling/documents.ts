import type { Db } from "../../../db/client.ts";
import { buildDocument } from "../../shared/document-pool.ts";
import type { DownloadFile } from "../../shared/files.ts";
import type { Caller } from "../auth/index.ts";
import { hustlingByNum, issuerName } from "./service.ts";

/**
 * The printed cargo transfer (hustling) slip (001 §9). Staff who are not DAT (documentation) staff print a copy,
 * as with every other slip: COPY across every page.
 */
export async function hustlingSlipFile(db: Db, caller: Caller, hustlingCstNum: string): Promise<DownloadFile> {
  const h = await hustlingByNum(db, hustlingCstNum, caller);
  return await buildDocument("hustlingSlip", {
    branchName: h.branchName,
    hustlingCstNum: h.hustlingCstNum,
    voyageNum: h.voyageNum,
    voyageRef: h.voyageRef,
    hustVessel: h.hustVessel,
    toReference: h.toReference,
    hustVoyageNum: h.hustVoyageNum ?? "",
    tovesselName: h.tovesselName ?? "",
    toPortName: h.toPortName ?? "",
    dateTimeIn: h.dateTimeIn,
    dateTimeOut: h.dateTimeOut,
    fromCyName: h.fromCyName,
    toCyName: h.toCyName,
    truckerName: h.truckerName,
    remarks: h.remarks,
    lines: h.lines.map((l) => ({
      containerVanNum: l.containerVanNum, containerType: l.containerType, size: l.size, plateNum: l.plateNum, driver: l.driver, detailsRemarks: l.detailsRemarks,
    })),
    issuedBy: await issuerName(db, h.userCreated),
    generatedAt: new Date(),
    copy: !caller.isDat,
  });
}
