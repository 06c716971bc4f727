import { and, eq, isNull } from "drizzle-orm";
import { unloadListEntries, waybills } from "../../../../db/schema/index.ts";
import { coversBranch } from "../../../shared/branch-scope.ts";
import { AppError } from "../../../shared/errors.ts";
import { PAGES, pathTo } from "../../../shared/page-paths.ts";
import { recordCargoStage, withdrawCargoStage } from "../../bookings/index.ts";
import { sendNotification } from "../../notifications/index.ts";
import { type TallySide, UNLOADED_STAGE } from "../../outbound/index.ts";
import { withdrawDischargeCharges } from "../demurrage/service.ts";
import { UNLOADABLE_STATUS, UNLOADING_TALLY_TITLE } from "../unload-lists/rules.ts";
import { callerPorts, voyageCallingAt, waybillsOnUnloadList } from "../unload-lists/service.ts";

/**
 * Counting vans off the vessel at a port of call: the outbound tally sheet service (one sheet per voyage, type and
 * port, entries with the device's id, the final tally and its undo) on the Unloading side. A sheet is tallied and
 * numbered at the port of call and seen by its staff; a full van is one of a waybill on the port's unload list;
 * the final tally records stage 6 for each counted booking, the moment the free days start from (the demurrage
 * part reads it through the bookings module's cargoStageTimes); its undo withdraws it.
 */
export const UNLOADING_SIDE: TallySide = {
  type: "Unloading",
  word: "unloading",
  listName: "unload list",
  voyageInScope: voyageCallingAt,
  tallyBranches: callerPorts,
  openingBranch(caller, _voyage, destinationBranchCode) {
    if (!coversBranch(caller, destinationBranchCode)) {
      const message = `Branch ${destinationBranchCode} is not one of your branches.`;
      throw new AppError("VALIDATION", message, { destinationBranchCode: [message] });
    }
    return destinationBranchCode;
  },
  async candidates(db, voyage, ports) {
    const rows = await waybillsOnUnloadList(db, voyage.voyageNum, ports);
    return rows.flatMap((w) => {
      const one = {
        wayBillRef: w.wayBillRef, bookingRef: w.bookingRef, status: w.status, destinationBranchCode: w.destinationBranchCode, containerVanNum: w.containerVanNum,
        size: w.size, sealNum: w.sealNum, shipperName: w.shipperName, goods: w.goods, truckingCode: "", plateNum: "", driver: "",
      };
      return [
        one,
        ...(w.tandemBookingRef && w.tandemContainerVanNum ? [{ ...one, bookingRef: w.tandemBookingRef, containerVanNum: w.tandemContainerVanNum, size: "20" }] : []),
      ];
    });
  },
  waybillOfSheet: (sheet) => eq(waybills.destinationBranchCode, sheet.destinationBranchCode),
  async notCountable(db, waybill) {
    const [entry] = await db.select({ id: unloadListEntries.id }).from(unloadListEntries)
      .where(and(eq(unloadListEntries.wayBillRef, waybill.wayBillRef), isNull(unloadListEntries.dateRemoved)));
    if (!entry) return "it is on no release of it";
    return waybill.status === UNLOADABLE_STATUS ? null : `it is ${waybill.status}`;
  },
  countStage: null,
  async finalize(tx, _caller, _sheet, cargo, now) {
    for (const c of cargo.bookings) await recordCargoStage(tx, c.bookingRef, UNLOADED_STAGE, now);
  },
  async reopen(tx, caller, _sheet, cargo, reason) {
    for (const c of cargo.bookings) await withdrawCargoStage(tx, c.bookingRef, UNLOADED_STAGE);
    await withdrawDischargeCharges(tx, caller.userId, [...new Set(cargo.bookings.map((c) => c.wayBillRef))], reason);
  },
  tell: async (db, notice) => {
    await sendNotification(db, {
      title: UNLOADING_TALLY_TITLE,
      message: notice.message,
      url: pathTo(PAGES.unloadingTallySheet, { voyageNum: notice.voyageNum }),
      sender: notice.sender,
      holders: { menu: "INBOUND", branchCodes: [notice.branchCode] },
      leaveOutSender: true,
    });
  },
};
