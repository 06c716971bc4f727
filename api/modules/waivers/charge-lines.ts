import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client.ts";
import { chargeOverrides, waiverLines, waivers, waybills } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition, coversBranch, EVERY_BRANCH } from "../../shared/branch-scope.ts";
import { lineKey } from "../../shared/charge-adjustments.ts";
import { AppError } from "../../shared/errors.ts";
import { formatCentavos, toCentavos } from "../../shared/money.ts";
import { waybillByRef, type WaybillRow } from "../outbound/index.ts";
import { HOLDING_STATUSES } from "./waivers/rules.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../shared/waybill-names.ts";

/**
 * A waybill's charge lines as waivers and overrides see them: each line with the branch that bills it (the origin
 * for P and AO, the destination for C and AD: domain notes §1), its computed value, what approved overrides moved it
 * by, what approved waivers forgave, what waivers still open hold of it, and what is left to waive.
 */

export type WaybillEnd = "origin" | "destination";

/** The end whose branch bills a line of this payment side. */
export const endOf = (availableTo: string): WaybillEnd => (availableTo === "C" || availableTo === "AD" ? "destination" : "origin");

/** A waybill's lines can be waived or overridden once they are fixed: on a load list or loaded. */
export const ADJUSTABLE_WAYBILL_STATUSES = ["On Load List", "Loaded"] as const;

export interface ChargeLine {
  chargeCode: string;
  part: string;
  particulars: string;
  availableTo: string;
  end: WaybillEnd;
  /** The branch that bills the line; only its staff waive or override it. */
  branchCode: string;
  isVatable: boolean;
  /** Centavos: computed, moved by approved overrides, the value after them, forgiven by approved waivers, due. */
  computed: bigint;
  overridden: bigint;
  value: bigint;
  waived: bigint;
  due: bigint;
  /** What waivers not yet decided hold of the line, and what is left for another waiver. */
  held: bigint;
  open: bigint;
  /** The override waiting on the line (Draft or For Approval), if any. */
  openOverride: string | null;
}

export interface WaybillForAdjusting {
  waybill: WaybillRow;
  lines: ChargeLine[];
}

const notFound = (wayBillRef: string) => new AppError("NOT_FOUND", `Waybill ${wayBillRef} was not found.`);

/**
 * A waybill of the caller's origin or destination branches with its lines as above; another branch's waybill answers
 * as one that does not exist. `exceptWaiver` leaves that waiver's own holds out (the one being changed or approved).
 */
export async function waybillForAdjusting(db: Executor, wayBillRef: string, scope: BranchScope, exceptWaiver?: number): Promise<WaybillForAdjusting> {
  const inScope = scope.allBranches ? undefined : or(branchCondition(scope, waybills.branchCode), branchCondition(scope, waybills.destinationBranchCode));
  const [found] = await db.select({ wayBillRef: waybills.wayBillRef }).from(waybills)
    .where(and(sql`lower(${waybills.wayBillRef}) = lower(${wayBillRef})`, inScope));
  if (!found) throw notFound(wayBillRef);
  // Found within the caller's branches above; outbound reads it by origin, so it is read here for every branch.
  const waybill = await waybillByRef(db, found.wayBillRef, EVERY_BRANCH);
  const [holds, overrides] = await Promise.all([
    db.select({ chargeCode: waiverLines.chargeCode, part: waiverLines.part, held: sql<string>`sum(${waiverLines.amount})::text` })
      .from(waiverLines).innerJoin(waivers, eq(waivers.id, waiverLines.waiverId))
      .where(and(
        eq(waivers.wayBillRef, found.wayBillRef), inArray(waivers.status, [...HOLDING_STATUSES]),
        exceptWaiver === undefined ? undefined : ne(waivers.id, exceptWaiver),
      ))
      .groupBy(waiverLines.chargeCode, waiverLines.part),
    db.select({ chargeCode: chargeOverrides.chargeCode, part: chargeOverrides.part, overrideNum: chargeOverrides.overrideNum }).from(chargeOverrides)
      .where(and(eq(chargeOverrides.wayBillRef, found.wayBillRef), inArray(chargeOverrides.status, ["Draft", "For Approval"]))),
  ]);
  const lines = waybill.charges.map((c): ChargeLine => {
    const end = endOf(c.availableTo);
    const held = toCentavos(holds.find((h) => lineKey(h) === lineKey(c))?.held ?? "0");
    const due = toCentavos(c.due);
    return {
      chargeCode: c.chargeCode, part: c.part, particulars: c.particulars, availableTo: c.availableTo, end,
      branchCode: end === "origin" ? waybill.branchCode : waybill.destinationBranchCode, isVatable: c.isVatable,
      computed: toCentavos(c.chargeValue), overridden: toCentavos(c.overridden), value: toCentavos(c.value), waived: toCentavos(c.waived), due,
      held, open: due - held > 0n ? due - held : 0n,
      openOverride: overrides.find((o) => lineKey(o) === lineKey(c))?.overrideNum ?? null,
    };
  });
  return { waybill, lines };
}

/** The lines the caller's branches bill: the ones they may waive or override. */
export const linesOfScope = (lines: readonly ChargeLine[], scope: BranchScope) => lines.filter((l) => coversBranch(scope, l.branchCode));

/** A waybill whose lines are not fixed yet (Draft) or no longer stand (Cancelled) takes no waiver and no override. */
export function refuseUnfixedWaybill(waybill: Pick<WaybillRow, "wayBillRef" | "status">, what: string): void {
  if ((ADJUSTABLE_WAYBILL_STATUSES as readonly string[]).includes(waybill.status)) return;
  const why = waybill.status === "Draft"
    ? "its charge lines are still changed on the waybill itself"
    : `a waybill that is ${waybill.status} bills nothing`;
  throw new AppError("CONFLICT", `Waybill ${waybill.wayBillRef} is ${waybill.status}: ${why}. ${what} is made for a waybill on a load list or loaded.`);
}

/** A line as the screens show it: amounts as decimal text. */
export function lineRow(l: ChargeLine) {
  return {
    chargeCode: l.chargeCode, part: l.part, particulars: l.particulars, availableTo: l.availableTo, end: l.end, branchCode: l.branchCode,
    chargeValue: formatCentavos(l.computed), overridden: formatCentavos(l.overridden), value: formatCentavos(l.value),
    waived: formatCentavos(l.waived), due: formatCentavos(l.due), held: formatCentavos(l.held), open: formatCentavos(l.open), openOverride: l.openOverride,
  };
}

/** The waybill as the waiver and override screens show it above the lines. */
export function waybillSummary(w: WaybillRow) {
  return {
    wayBillRef: w.wayBillRef, status: w.status, bookingRef: w.bookingRef, voyageNum: w.voyageNum, branchCode: w.branchCode,
    destinationBranchCode: w.destinationBranchCode, shipperName: shipperOnWaybill(w, w.shipperName),
    consigneeName: consigneeOnWaybill(w), modeOfPayment: w.modeOfPayment, isSplitCharge: w.isSplitCharge,
    containerVanNum: w.containerVanNum, total: w.totals.total, waived: w.waived, due: w.due,
  };
}
