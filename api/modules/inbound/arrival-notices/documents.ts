import type { Db } from "../../../../db/client.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import type { CargoArrivalNotice } from "./schemas.ts";
import { cargoArrivalNotice, noticeOfLinkForPrint, vesselArrivalNotice } from "./service.ts";

/** The cargo arrival notice PDF (001 §9), from the notice as of the day it is printed. */
function buildCargo(notice: CargoArrivalNotice, copy: boolean): Promise<DownloadFile> {
  return buildDocument("cargoArrivalNotice", {
    wayBillRef: notice.wayBillRef, bookingRef: notice.bookingRef, consigneeName: notice.consigneeName, vessel: notice.vessel,
    voyageNum: notice.voyageNum, voyageRef: notice.voyageRef, arrivalDate: notice.arrivalDate, cargo: notice.cargo,
    containerVanNum: notice.containerVanNum, sealNum: notice.sealNum, goods: notice.goods, shipper: notice.shipper,
    modeOfDelivery: notice.modeOfDelivery, modeOfPayment: notice.modeOfPayment, origin: notice.origin, destination: notice.destination,
    charges: notice.charges.map((c) => ({
      part: c.part, chargeCode: c.chargeCode, particulars: c.particulars, chargeValue: c.chargeValue, payable: c.payable, prepaid: c.prepaid, payableTo: c.payableTo,
    })),
    chargesPayable: notice.chargesPayable, insurance: notice.insurance, amountPaybles: notice.amountPaybles, payableToPort: notice.payableToPort,
    terms: notice.terms, storage: notice.storage, generatedAt: new Date(), copy,
  });
}

/** Printed by staff: a copy (COPY on every page) unless they are DAT staff. */
export async function cargoArrivalNoticePdf(db: Db, caller: Caller, wayBillRef: string): Promise<DownloadFile> {
  return await buildCargo(await cargoArrivalNotice(db, caller, wayBillRef), !caller.isDat);
}

/** The consignee's own, through the link: never a copy. */
export async function cargoArrivalNoticePdfOfLink(db: Db, wayBillRef: string, token: string): Promise<DownloadFile> {
  return await buildCargo(await noticeOfLinkForPrint(db, wayBillRef, token), false);
}

/** The vessel arrival notice PDF of a voyage at one of the caller's ports of call. */
export async function vesselArrivalNoticePdf(db: Db, caller: Caller, voyageNum: string, destinationBranchCode?: string): Promise<DownloadFile> {
  const view = await vesselArrivalNotice(db, caller, voyageNum, destinationBranchCode);
  return await buildDocument("vesselArrivalNotice", view);
}
