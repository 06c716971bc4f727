import { and, asc, eq, gte, inArray, lt, ne } from "drizzle-orm";
import type { Db } from "../../../db/client.ts";
import { customers, vessels, voyageSchedules, waybillCharges, waybills } from "../../../db/schema/index.ts";
import { type BranchScope, branchCondition } from "../../shared/branch-scope.ts";
import { adjustLine, adjustmentsOfWaybill, chargeAdjustmentsOf } from "../../shared/charge-adjustments.ts";
import { manilaDayRange } from "../../shared/dates.ts";
import { formatCentavos } from "../../shared/money.ts";
import {
  NO_DATA,
  type RevenueFigures,
  type RevenueGroupRow,
  type RevenueQuery,
  type RevenueReport,
  type RevenueVoyageRow,
  type RevenueWaybillRow,
} from "./schemas.ts";

/**
 * Revenue per voyage, lane and customer (001 §6 voyage freight revenue report, §7 revenue): what the waybills of
 * the voyages departing in a period bill, line by line as due after approved overrides and waivers (the one
 * reading of api/shared/charge-adjustments.ts that the waybill's totals and the invoices use), summed in
 * centavos. A cancelled waybill bills nothing. The revenue of a voyage belongs to its origin branch: that is the
 * branch the filter and the caller's branch scope read.
 */

/** Centavos of one group while it is summed. */
interface Sums {
  waybills: number;
  freight: bigint;
  other: bigint;
  waived: bigint;
}

const empty = (): Sums => ({ waybills: 0, freight: 0n, other: 0n, waived: 0n });

function add(into: Sums, from: Sums) {
  into.waybills += from.waybills;
  into.freight += from.freight;
  into.other += from.other;
  into.waived += from.waived;
}

function figures(s: Sums): RevenueFigures {
  return {
    waybills: s.waybills,
    freight: formatCentavos(s.freight),
    otherCharges: formatCentavos(s.other),
    revenue: formatCentavos(s.freight + s.other),
    waived: formatCentavos(s.waived),
  };
}

/** The part of a line that is freight; every other part (port, trucking, added charges) is another charge. */
const FREIGHT_PART = "FREIGHT";

export const laneKey = (origin: string, destination: string) => `${origin}-${destination}`;

export async function revenueReport(db: Db, scope: BranchScope, query: RevenueQuery): Promise<RevenueReport> {
  const { start, end } = manilaDayRange(query.dateFrom, query.dateTo);
  const rows = await db.select({
    wayBillRef: waybills.wayBillRef,
    status: waybills.status,
    voyageNum: waybills.voyageNum,
    branchCode: waybills.branchCode,
    destinationBranchCode: waybills.destinationBranchCode,
    customerCode: waybills.customerCode,
    customerName: customers.company,
    voyageRef: voyageSchedules.voyageRef,
    vesselCode: voyageSchedules.vesselCode,
    vesselName: vessels.name,
    originBranchCode: voyageSchedules.originBranchCode,
    estimatedTimeDeparture: voyageSchedules.estimatedTimeDeparture,
  }).from(waybills)
    .innerJoin(voyageSchedules, eq(voyageSchedules.voyageNum, waybills.voyageNum))
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .leftJoin(customers, eq(customers.code, waybills.customerCode))
    .where(and(
      ne(waybills.status, "Cancelled"),
      gte(voyageSchedules.estimatedTimeDeparture, start!),
      lt(voyageSchedules.estimatedTimeDeparture, end!),
      query.branchCode ? eq(waybills.branchCode, query.branchCode.toUpperCase()) : undefined,
      query.voyageNum ? eq(waybills.voyageNum, query.voyageNum.toUpperCase()) : undefined,
      query.vesselCode ? eq(voyageSchedules.vesselCode, query.vesselCode.toUpperCase()) : undefined,
      query.customerCode ? eq(waybills.customerCode, query.customerCode.toUpperCase()) : undefined,
      branchCondition(scope, waybills.branchCode),
    ))
    .orderBy(asc(voyageSchedules.estimatedTimeDeparture), asc(waybills.voyageNum), asc(waybills.wayBillRef));

  const refs = rows.map((r) => r.wayBillRef);
  const lines = refs.length === 0 ? [] : await db.select({
    wayBillRef: waybillCharges.wayBillRef,
    chargeCode: waybillCharges.chargeCode,
    part: waybillCharges.part,
    chargeValue: waybillCharges.chargeValue,
  }).from(waybillCharges).where(inArray(waybillCharges.wayBillRef, refs));
  const adjustments = await chargeAdjustmentsOf(db, refs);

  const perWaybill = new Map<string, Sums>(refs.map((ref) => [ref, { ...empty(), waybills: 1 }]));
  for (const line of lines) {
    const sums = perWaybill.get(line.wayBillRef)!;
    const adjusted = adjustLine(line, adjustmentsOfWaybill(adjustments, line.wayBillRef));
    if (line.part === FREIGHT_PART) sums.freight += adjusted.due;
    else sums.other += adjusted.due;
    sums.waived += adjusted.value - adjusted.due;
  }

  const voyages = new Map<string, { row: Omit<RevenueVoyageRow, keyof RevenueFigures>; sums: Sums }>();
  const lanes = new Map<string, { label: string; sums: Sums }>();
  const shippers = new Map<string, { label: string; sums: Sums }>();
  const total = empty();
  const waybillRows: RevenueWaybillRow[] = [];
  for (const r of rows) {
    const sums = perWaybill.get(r.wayBillRef)!;
    const voyage = voyages.get(r.voyageNum) ?? {
      row: {
        key: r.voyageNum,
        label: r.voyageRef ? `${r.voyageNum} · ${r.voyageRef}` : r.voyageNum,
        voyageRef: r.voyageRef,
        vesselCode: r.vesselCode,
        vesselName: r.vesselName,
        originBranchCode: r.originBranchCode,
        estimatedTimeDeparture: r.estimatedTimeDeparture.toISOString(),
      },
      sums: empty(),
    };
    voyages.set(r.voyageNum, voyage);
    add(voyage.sums, sums);
    const lane = laneKey(r.branchCode, r.destinationBranchCode);
    const laneEntry = lanes.get(lane) ?? { label: `${r.branchCode} → ${r.destinationBranchCode}`, sums: empty() };
    lanes.set(lane, laneEntry);
    add(laneEntry.sums, sums);
    const customerName = r.customerName ?? r.customerCode;
    const shipper = shippers.get(r.customerCode) ?? { label: customerName, sums: empty() };
    shippers.set(r.customerCode, shipper);
    add(shipper.sums, sums);
    add(total, sums);
    const { waybills: _one, ...own } = figures(sums);
    waybillRows.push({
      wayBillRef: r.wayBillRef,
      status: r.status,
      voyageNum: r.voyageNum,
      branchCode: r.branchCode,
      destinationBranchCode: r.destinationBranchCode,
      customerCode: r.customerCode,
      customerName,
      ...own,
    });
  }

  // Lanes and customers biggest first, so the chart opens on what matters; ties by name.
  const ranked = (groups: Map<string, { label: string; sums: Sums }>): RevenueGroupRow[] =>
    [...groups.entries()]
      .sort(([ka, a], [kb, b]) => {
        const diff = (b.sums.freight + b.sums.other) - (a.sums.freight + a.sums.other);
        return diff > 0n ? 1 : diff < 0n ? -1 : ka.localeCompare(kb);
      })
      .map(([key, g]) => ({ key, label: g.label, ...figures(g.sums) }));

  const data = [...voyages.values()].map((v) => ({ ...v.row, ...figures(v.sums) }));
  return {
    data,
    lanes: ranked(lanes),
    customers: ranked(shippers),
    waybills: waybillRows,
    totals: figures(total),
    dateFrom: query.dateFrom,
    dateTo: query.dateTo,
    branchCode: query.branchCode?.toUpperCase() ?? null,
    ...(data.length === 0 ? { message: NO_DATA } : {}),
  };
}
