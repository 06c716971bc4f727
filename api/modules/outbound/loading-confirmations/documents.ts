import type { Db } from "../../../../db/client.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import type { ConfirmationView } from "./schemas.ts";
import { confirmationForPrint, confirmationOfLink } from "./service.ts";

/** The loading confirmation PDF (001 §9), from what it lists when it is printed. */
function build(view: ConfirmationView, copy: boolean): Promise<DownloadFile> {
  return buildDocument("loadingConfirmation", {
    transactionRef: view.transactionRef,
    voyageNum: view.voyageNum,
    voyageRef: view.voyageRef,
    vessel: view.vessel,
    etd: view.etd,
    origin: view.origin,
    shipper: view.shipper,
    lines: view.lines.map((l) => ({
      bookingRef: l.bookingRef, wayBillRef: l.wayBillRef, cargo: l.cargo, goods: l.goods, sealNum: l.sealNum, containerVanNum: l.containerVanNum,
      modeOfDelivery: l.modeOfDelivery, modeOfPayment: l.modeOfPayment, destination: l.destination, eta: l.eta, remarks: l.remarks,
      consignee: l.consignee, consigneeEmail: l.consigneeEmail,
    })),
    generatedAt: new Date(),
    copy,
  });
}

/** Printed by staff: a copy (COPY on every page) unless they are DAT staff. */
export async function confirmationPdf(db: Db, caller: Caller, transactionRef: string): Promise<DownloadFile> {
  return await build(await confirmationForPrint(db, transactionRef, caller), !caller.isDat);
}

/** The shipper's own, through the link: never a copy. */
export async function confirmationPdfOfLink(db: Db, bookingRef: string, token: string): Promise<DownloadFile> {
  return await build(await confirmationOfLink(db, bookingRef, token), false);
}
