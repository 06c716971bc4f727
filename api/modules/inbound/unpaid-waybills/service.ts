import { and, asc, eq, inArray, ne, notExists, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import { cargoReleaseOrders, voyageSchedules, waybillCharges, waybills } from "../../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { formatCentavos, toCentavos } from "../../../shared/money.ts";
import { SIDE_CODES, type WaybillSide, waybillsPaid } from "../../accounting/index.ts";
import { cargoStageReached, cargoStageTimes } from "../../bookings/index.ts";
import { DISCHARGED_STAGE } from "../cargo-release/rules.ts";
import type { UnpaidWaybillRow, UnpaidWaybillsAnswer, UnpaidWaybillsQuery } from "./schemas.ts";
import { consigneeOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * Unpaid waybills (001 §7 InBound): the waybills discharged at the caller's branches (final inbound tally, stage
 * 6) with no cargo release order yet, that accounting's `waybillSidePaid` answers unpaid on a side: the cargo the
 * yard holds until the consignee pays. Paid is asked, never worked out here; the amount is accounting's open
 * balance, or the side's cash lines on the waybill while it is not invoiced.
 */

const SIDES: readonly WaybillSide[] = ["origin", "destination"];

/** What a side not paid owes: the balance of its invoices, or its cash lines while none is issued. */
function owedOn(cashLines: readonly { chargeValue: string }[], invoices: readonly { balance: string }[]): bigint {
  if (invoices.length > 0) return invoices.reduce((sum, i) => sum + (toCentavos(i.balance) > 0n ? toCentavos(i.balance) : 0n), 0n);
  return cashLines.reduce((sum, l) => sum + toCentavos(l.chargeValue), 0n);
}

export async function unpaidWaybills(db: Db, scope: BranchScope, query: UnpaidWaybillsQuery): Promise<UnpaidWaybillsAnswer> {
  const rows = await db.select({
    wayBillRef: waybills.wayBillRef, bookingRef: waybills.bookingRef, voyageNum: waybills.voyageNum, voyageRef: voyageSchedules.voyageRef,
    destinationBranchCode: waybills.destinationBranchCode, consigneeName: waybills.consigneeName, consigneePreferredName: waybills.consigneePreferredName,
    containerVanNum: waybills.containerVanNum, tandemContainerVanNum: waybills.tandemContainerVanNum, modeOfPayment: waybills.modeOfPayment,
  }).from(waybills)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .where(and(
      branchCondition(scope, waybills.destinationBranchCode),
      ne(waybills.status, "Cancelled"),
      query.branchCode ? sql`lower(${waybills.destinationBranchCode}) = lower(${query.branchCode})` : undefined,
      query.voyageNum ? sql`lower(${waybills.voyageNum}) = lower(${query.voyageNum})` : undefined,
      cargoStageReached(waybills.bookingRef, DISCHARGED_STAGE),
      notExists(db.select({ one: sql`1` }).from(cargoReleaseOrders).where(eq(cargoReleaseOrders.wayBillRef, waybills.wayBillRef))),
      searchAny([waybills.wayBillRef, waybills.bookingRef, waybills.consigneeName, waybills.consigneePreferredName, waybills.containerVanNum],
        query.search || undefined),
    ))
    .orderBy(asc(waybills.destinationBranchCode), asc(waybills.voyageNum), asc(waybills.wayBillRef));
  const refs = rows.map((r) => r.wayBillRef);
  // Accounting's answers and the cash lines of the whole list at once, whatever its length.
  const [times, payments, cashLines] = await Promise.all([
    cargoStageTimes(db, rows.map((r) => r.bookingRef), [DISCHARGED_STAGE]),
    waybillsPaid(db, refs),
    refs.length === 0 ? [] : db.select({ wayBillRef: waybillCharges.wayBillRef, availableTo: waybillCharges.availableTo, chargeValue: waybillCharges.chargeValue })
      .from(waybillCharges)
      .where(and(inArray(waybillCharges.wayBillRef, refs), inArray(waybillCharges.availableTo, SIDES.map((side) => SIDE_CODES[side].cash)))),
  ]);
  const data: UnpaidWaybillRow[] = [];
  let all = 0n;
  for (const r of rows) {
    const sides = [];
    let owed = 0n;
    for (const side of SIDES) {
      const answer = payments.get(r.wayBillRef)![side];
      if (answer.paid) continue;
      const amount = owedOn(cashLines.filter((l) => l.wayBillRef === r.wayBillRef && l.availableTo === SIDE_CODES[side].cash), answer.invoices);
      owed += amount;
      sides.push({ side, reason: answer.reason, amount: formatCentavos(amount) });
    }
    if (sides.length === 0) continue;
    all += owed;
    data.push({
      wayBillRef: r.wayBillRef, bookingRef: r.bookingRef, voyageNum: r.voyageNum, voyageRef: r.voyageRef, destinationBranchCode: r.destinationBranchCode,
      consigneeName: consigneeOnWaybill(r),
      containerVanNum: [r.containerVanNum, r.tandemContainerVanNum].filter(Boolean).join(" / "),
      modeOfPayment: r.modeOfPayment,
      discharged: times.get(r.bookingRef)?.get(DISCHARGED_STAGE)?.toISOString() ?? "",
      reason: sides[0].reason, amount: formatCentavos(owed), sides,
    });
  }
  const answer = { data, total: data.length, amount: formatCentavos(all) };
  return data.length === 0 ? { ...answer, message: EMPTY_LIST_MESSAGE } : answer;
}
