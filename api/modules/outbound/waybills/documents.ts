import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { branches, salesQuotationTerms, truckings, users, vessels, voyageSchedules } from "../../../../db/schema/index.ts";
import { buildDocument } from "../../../shared/document-pool.ts";
import type { BranchScope } from "../../../shared/branch-scope.ts";
import type { DownloadFile } from "../../../shared/files.ts";
import type { Caller } from "../../auth/index.ts";
import type { TruckerWaybillLayout, WaybillDocument } from "../../../../templates/documents/waybill.ts";
import { PAYMENT_SIDE_NAMES, type PaymentSide } from "./rules.ts";
import { waybillByRef } from "./service.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * What both printouts of a waybill show. Staff who are not DAT print a copy: every page says COPY. The waybill is
 * looked up within `scope`, the caller's branches unless a module that found it in its own scope (a waiver at the
 * destination) passes a wider one.
 */
async function waybillDocument(db: Db, caller: Caller, wayBillRef: string, scope: BranchScope = caller): Promise<WaybillDocument> {
  const wb = await waybillByRef(db, wayBillRef, scope);
  const [names, [voyage], [trucker], [preparer], terms] = await Promise.all([
    db.select({ code: branches.code, name: branches.name, address: branches.address }).from(branches).where(inArray(branches.code, [wb.branchCode, wb.destinationBranchCode])),
    db.select({ voyageRef: voyageSchedules.voyageRef, vesselName: vessels.name }).from(voyageSchedules)
      .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(eq(voyageSchedules.voyageNum, wb.voyageNum)),
    db.select({ name: truckings.name }).from(truckings).where(eq(truckings.code, wb.truckingCode)),
    db.select({ name: users.name }).from(users).where(eq(users.userId, wb.preparedBy)),
    wb.sqRefNum
      ? db.select({ policyCode: salesQuotationTerms.policyCode, policyName: salesQuotationTerms.description, value: salesQuotationTerms.appliedValue })
        .from(salesQuotationTerms).where(eq(salesQuotationTerms.sqRefNum, wb.sqRefNum)).orderBy(asc(salesQuotationTerms.policyCode))
      : Promise.resolve([]),
  ]);
  const branch = (code: string) => names.find((b) => b.code === code);
  return {
    wayBillRef: wb.wayBillRef,
    bookingRef: wb.bookingRef,
    waybillStatus: wb.status,
    datePrepared: wb.datePrepared,
    placeIssuedAddress: wb.placeIssuedAddress || branch(wb.branchCode)?.address || "",
    originBranchName: branch(wb.branchCode)?.name ?? wb.branchCode,
    destinationBranchName: branch(wb.destinationBranchCode)?.name ?? wb.destinationBranchCode,
    voyageNum: wb.voyageNum,
    voyageRef: voyage?.voyageRef ?? "",
    vesselName: voyage?.vesselName ?? "",
    shipperName: shipperOnWaybill(wb, wb.shipperName),
    shipperAddress: wb.shipperPickUpAddress,
    consigneeName: consigneeOnWaybill(wb),
    consigneeAddress: wb.consigneeAddress,
    goods: [wb.goods, wb.goodsOthers].filter(Boolean).join(", "),
    packaging: [wb.packaging, wb.packagingOthers].filter(Boolean).join(", "),
    quantity: wb.quantity,
    quantityTeu: wb.quantityTeu,
    cargoWeight: wb.cargoWeight,
    cargoVolume: wb.cargoVolume,
    declaredValue: wb.declaredValue,
    containerVanNum: wb.containerVanNum,
    tandemBookingRef: wb.tandemBookingRef ?? "",
    tandemContainerVanNum: wb.tandemContainerVanNum,
    sealNum: wb.sealNum,
    size: wb.size,
    modeOfDelivery: wb.modeOfDelivery,
    modeOfPayment: wb.modeOfPayment,
    isSplitCharge: wb.isSplitCharge,
    isTandem: wb.isTandem,
    isDangerousCargo: wb.isDangerousCargo,
    imdgClass: wb.imdgClass,
    unNumber: wb.unNumber,
    truckerName: trucker?.name ?? wb.truckingCode,
    plateNum: wb.plateNum,
    driver: wb.driver,
    remarks: wb.remarks,
    charges: wb.charges.map((c) => ({
      chargeCode: c.chargeCode, part: c.part, particulars: c.particulars, chargeValue: c.value,
      availableTo: PAYMENT_SIDE_NAMES[c.availableTo as PaymentSide] ?? c.availableTo,
    })),
    totals: {
      prepaid: wb.totals.prepaid, collect: wb.totals.collect, accountOrigin: wb.totals.accountOrigin,
      accountDestination: wb.totals.accountDestination, total: wb.totals.total,
    },
    vat: wb.totals.vat,
    insurancePremium: wb.insurancePremium,
    terms,
    preparedBy: preparer?.name || wb.preparedBy,
    generatedAt: new Date(),
    copy: !caller.isDat,
  };
}

/** The waybill printout (A4 portrait); a copy unless `caller` is DAT staff. */
export async function waybillPdf(db: Db, caller: Caller, wayBillRef: string, scope: BranchScope = caller): Promise<DownloadFile> {
  return await buildDocument("waybill", await waybillDocument(db, caller, wayBillRef, scope));
}

/** The trucker's waybill, on legal or letter paper. */
export async function truckerWaybillPdf(db: Db, caller: Caller, wayBillRef: string, layout: TruckerWaybillLayout): Promise<DownloadFile> {
  return await buildDocument("truckerWaybill", { view: await waybillDocument(db, caller, wayBillRef), layout });
}
