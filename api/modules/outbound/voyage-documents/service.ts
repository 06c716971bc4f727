import { and, asc, count, desc, eq, inArray, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../../../db/client.ts";
import {
  areas, bookings, branches, cargoTypes, containerYards, customers, salesQuotations, tallySheetLines, tallySheets, truckings, vessels,
  voyageScheduleDestinations, voyageSchedules, waybillCharges, waybills,
} from "../../../../db/schema/index.ts";
import { type BranchScope, coversBranch } from "../../../shared/branch-scope.ts";
import { EMPTY_LIST_MESSAGE } from "../../../shared/contracts.ts";
import { AppError } from "../../../shared/errors.ts";
import { searchAny } from "../../../shared/list-filters.ts";
import { RATE_UNIT_LABELS } from "../../master-data/index.ts";
import type { VoyageCargoLine, VoyageEmptyLine, VoyageReport, VoyageReportHeader } from "../../../../templates/exports/voyage-reports.ts";
import { loadingState } from "../load-lists/rules.ts";
import { voyageLoadingFigures, voyageLoadingState } from "../load-lists/service.ts";
import { voyageStowageFigures } from "../stowage/service.ts";
import { cargoClassOf, voyageReportName, voyageSheetName } from "./rules.ts";
import type { OutboundVoyageListQuery, OutboundVoyageRow, VoyageReportSummary } from "./schemas.ts";
import { consigneeOnWaybill, shipperOnWaybill } from "../../../shared/waybill-names.ts";

/**
 * The voyage as its documents see it (001 §3 voyage report header and cargo lines): read from the voyage's
 * waybills, their bookings and the lines of its loading tally sheets. A voyage belongs to the branches it leaves
 * from and calls at; a caller who works for none of them finds no such voyage.
 */

type VoyageRecord = typeof voyageSchedules.$inferSelect;

/** A waybill that is cancelled is no cargo of the voyage. */
const CANCELLED = "Cancelled";
/** A loading tally sheet counts vans onto the vessel at the origin; the unloading ones are the destination's. */
const LOADING = "Loading";

export interface VoyageInScope {
  voyage: VoyageRecord;
  vesselName: string;
  originBranchName: string;
  calls: { branchCode: string; branchName: string; estimatedTimeArrival: Date }[];
}

/** The voyage by its number, if it leaves from or calls at a branch of the caller; 404 as for a number that does not exist. */
export async function voyageInScope(db: Db, voyageNum: string, scope: BranchScope): Promise<VoyageInScope> {
  const notFound = new AppError("NOT_FOUND", `Voyage ${voyageNum} was not found.`);
  const [row] = await db.select({ voyage: voyageSchedules, vesselName: vessels.name, originBranchName: branches.name }).from(voyageSchedules)
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .innerJoin(branches, eq(branches.code, voyageSchedules.originBranchCode))
    .where(sql`lower(${voyageSchedules.voyageNum}) = lower(${voyageNum})`);
  if (!row) throw notFound;
  const calls = await db.select({
    branchCode: voyageScheduleDestinations.destinationBranchCode, branchName: branches.name, estimatedTimeArrival: voyageScheduleDestinations.estimatedTimeArrival,
  }).from(voyageScheduleDestinations).innerJoin(branches, eq(branches.code, voyageScheduleDestinations.destinationBranchCode))
    .where(eq(voyageScheduleDestinations.voyageNum, row.voyage.voyageNum)).orderBy(asc(voyageScheduleDestinations.seq));
  const touched = [row.voyage.originBranchCode, ...calls.map((c) => c.branchCode)];
  if (!touched.some((code) => coversBranch(scope, code))) throw notFound;
  return { ...row, calls };
}

function headerOf(v: VoyageInScope): VoyageReportHeader {
  return {
    voyageNum: v.voyage.voyageNum,
    voyageRef: v.voyage.voyageRef,
    voyageBranches: [...new Set([v.voyage.originBranchCode, ...v.calls.map((c) => c.branchCode)])],
    vessel: v.vesselName,
    routes: v.voyage.routeCode,
    remarks: v.voyage.remarks,
    finalTally: v.voyage.finalTallyAt?.toISOString() ?? null,
    estimatedTimeDeparture: v.voyage.estimatedTimeDeparture.toISOString(),
    origin: v.originBranchName,
    destinations: v.calls.map((c) => ({ branchCode: c.branchCode, branchName: c.branchName, estimatedTimeArrival: c.estimatedTimeArrival.toISOString() })),
  };
}

/** The names a report prints for codes: branches, customers, truckers, yards, door areas. */
async function namesOf(db: Db, codes: { branches: string[]; customers: string[]; truckings: string[]; yards: string[]; areas: string[] }) {
  const unique = (list: string[]) => [...new Set(list.filter(Boolean))];
  const [b, c, t, y, a] = await Promise.all([
    unique(codes.branches).length ? db.select({ code: branches.code, name: branches.name }).from(branches).where(inArray(branches.code, unique(codes.branches))) : [],
    unique(codes.customers).length
      ? db.select({ code: customers.code, name: customers.company }).from(customers).where(inArray(customers.code, unique(codes.customers)))
      : [],
    unique(codes.truckings).length
      ? db.select({ code: truckings.code, name: truckings.name }).from(truckings).where(inArray(truckings.code, unique(codes.truckings)))
      : [],
    unique(codes.yards).length
      ? db.select({ code: containerYards.code, name: containerYards.name }).from(containerYards).where(inArray(containerYards.code, unique(codes.yards)))
      : [],
    unique(codes.areas).length ? db.select({ code: areas.code, name: areas.name, province: areas.province }).from(areas).where(inArray(areas.code, unique(codes.areas))) : [],
  ]);
  const lookup = (rows: { code: string; name: string }[]) => (code: string | null | undefined) => (code ? rows.find((r) => r.code === code)?.name ?? code : "");
  return {
    branch: lookup(b),
    customer: lookup(c),
    trucker: lookup(t),
    yard: lookup(y),
    area: (code: string | null) => a.find((r) => r.code === code) ?? { name: "", province: "" },
  };
}

/**
 * The whole report of a voyage: its header, a cargo line per waybill that is not cancelled (in calling order,
 * then by waybill), with the van as the pier counted it when it was counted, and the empty vans counted onto
 * the vessel.
 */
export async function voyageReport(db: Db, voyageNum: string, scope: BranchScope): Promise<VoyageReport> {
  const v = await voyageInScope(db, voyageNum, scope);
  const header = headerOf(v);
  const [records, counted] = await Promise.all([
    db.select().from(waybills).where(and(eq(waybills.voyageNum, v.voyage.voyageNum), ne(waybills.status, CANCELLED))).orderBy(asc(waybills.wayBillRef)),
    db.select({ line: tallySheetLines, destinationBranchCode: tallySheets.destinationBranchCode }).from(tallySheetLines)
      .innerJoin(tallySheets, eq(tallySheets.id, tallySheetLines.tallySheetId))
      .where(and(eq(tallySheets.voyageNum, v.voyage.voyageNum), eq(tallySheets.tallySheetType, LOADING), isNull(tallySheetLines.dateRemoved)))
      .orderBy(asc(tallySheetLines.timeTallied), asc(tallySheetLines.id)),
  ]);
  const refs = records.map((r) => r.wayBillRef);
  const sqRefs = [...new Set(records.map((r) => r.sqRefNum).filter((s): s is string => !!s))];
  const [charges, bookingDates, classes] = await Promise.all([
    refs.length ? db.select().from(waybillCharges).where(inArray(waybillCharges.wayBillRef, refs)).orderBy(asc(waybillCharges.id)) : [],
    refs.length
      ? db.select({ bookingRef: bookings.bookingRef, bookingDate: bookings.bookingDate }).from(bookings).where(inArray(bookings.bookingRef, records.map((r) => r.bookingRef)))
      : [],
    sqRefs.length
      ? db.select({ sqRefNum: salesQuotations.sqRefNum, code: cargoTypes.code, name: cargoTypes.name, isContainerized: cargoTypes.isContainerized })
        .from(salesQuotations).innerJoin(cargoTypes, eq(cargoTypes.code, salesQuotations.cargoTypeCode)).where(inArray(salesQuotations.sqRefNum, sqRefs))
      : [],
  ]);
  const lineOf = new Map(counted.filter((c) => c.line.wayBillRef).map((c) => [c.line.wayBillRef!, c.line]));
  const names = await namesOf(db, {
    branches: [...records.map((r) => r.destinationBranchCode), ...counted.map((c) => c.destinationBranchCode)],
    customers: records.map((r) => r.customerCode),
    truckings: [...records.map((r) => r.truckingCode), ...counted.map((c) => c.line.truckingCode ?? "")],
    yards: counted.map((c) => c.line.cyPullOutCode ?? ""),
    areas: records.flatMap((r) => [r.shipperAreaCode ?? "", r.consigneeAreaCode ?? ""]),
  });

  const lines: VoyageCargoLine[] = records.map((w) => {
    const line = lineOf.get(w.wayBillRef);
    const own = charges.filter((c) => c.wayBillRef === w.wayBillRef);
    const freight = own.find((c) => c.part === "FREIGHT");
    const type = classes.find((c) => c.sqRefNum === w.sqRefNum) ?? null;
    const shipperArea = names.area(w.shipperAreaCode);
    const consigneeArea = names.area(w.consigneeAreaCode);
    return {
      cargoType: cargoClassOf(type, w.containerVanNum),
      quantiyTeu: w.quantityTeu,
      goods: [w.goods, w.goodsOthers].filter(Boolean).join(", "),
      origin: v.originBranchName,
      destination: names.branch(w.destinationBranchCode),
      destinationBranchCode: w.destinationBranchCode,
      isVia: w.isVia,
      wayBillRef: w.wayBillRef,
      waybillStatus: w.status,
      bookingDate: bookingDates.find((b) => b.bookingRef === w.bookingRef)?.bookingDate ?? "",
      bookingRef: w.bookingRef,
      shipper: shipperOnWaybill(w, names.customer(w.customerCode)),
      consignee: consigneeOnWaybill(w),
      ratesApplied: freight ? RATE_UNIT_LABELS[freight.rateUnit as keyof typeof RATE_UNIT_LABELS] ?? freight.rateUnit : "",
      quantity: w.quantity,
      vanNumber: line?.containerVanNum ?? w.containerVanNum,
      sealNum: line?.sealNum || w.sealNum,
      cargoWeight: w.cargoWeight,
      modeOfDelivery: w.modeOfDelivery,
      modeOfPayment: w.modeOfPayment,
      truckerName: names.trucker(line?.truckingCode ?? w.truckingCode),
      plateNum: line?.plateNum || w.plateNum,
      driver: line?.driver || w.driver,
      shipperAreaName: shipperArea.name,
      shipperAreaProvince: shipperArea.province,
      consigneeAreaName: consigneeArea.name,
      consigneeAreaProvince: consigneeArea.province,
      declaredValue: w.declaredValue,
      remarks: w.remarks,
      originBackload: w.originBackload,
      stuffing: w.isStuffing,
      isStripping: w.strippingType !== null,
      isTandem: w.isTandem,
      size: line?.size ?? w.size,
      tandemVanNumber: w.tandemContainerVanNum,
      onBoard: line !== undefined || w.status === "Loaded",
      charges: own.map((c) => ({ chargeCode: c.chargeCode, part: c.part, chargeValue: c.chargeValue, availableTo: c.availableTo })),
    };
  });
  const order = (code: string) => {
    const i = header.destinations.findIndex((d) => d.branchCode === code);
    return i < 0 ? header.destinations.length : i;
  };
  lines.sort((a, b) => order(a.destinationBranchCode) - order(b.destinationBranchCode) || a.wayBillRef.localeCompare(b.wayBillRef));

  const empties: VoyageEmptyLine[] = counted.filter((c) => !c.line.wayBillRef).map(({ line, destinationBranchCode }) => ({
    vanNumber: line.containerVanNum,
    size: line.size,
    sealNum: line.sealNum,
    destination: names.branch(destinationBranchCode),
    destinationBranchCode,
    truckerName: names.trucker(line.truckingCode),
    plateNum: line.plateNum,
    driver: line.driver,
    cyPullOut: names.yard(line.cyPullOutCode),
    timeTallied: line.timeTallied.toISOString(),
  }));

  const parts = { remarks: header.remarks, voyageNum: header.voyageNum, routes: header.routes, finalTally: header.finalTally };
  return { header, lines, empties, sheetName: voyageSheetName(parts), reportName: voyageReportName(parts), generatedAt: new Date().toISOString() };
}

/** The Reports panel's view: the header, the sheet name and how much each report holds. */
export async function voyageReportSummary(db: Db, voyageNum: string, scope: BranchScope): Promise<VoyageReportSummary> {
  const report = await voyageReport(db, voyageNum, scope);
  return {
    header: report.header,
    sheetName: report.sheetName,
    waybills: report.lines.length,
    onBoard: report.lines.filter((l) => l.onBoard).length,
    empties: report.empties.length,
    teu: report.lines.reduce((s, l) => s + l.quantiyTeu, 0),
  };
}

// ---------------------------------------------------------------------------------------------------------
// The outbound voyage list (001 §7 OutBound: voyage listings per branch)

/** The voyages leaving from or calling at one of `codes`. */
function touching(codes: readonly string[]): SQL {
  const lower = codes.map((c) => c.toLowerCase());
  const calls = sql`exists (select 1 from ${voyageScheduleDestinations} where ${voyageScheduleDestinations.voyageNum} = ${voyageSchedules.voyageNum}
    and ${inArray(sql`lower(${voyageScheduleDestinations.destinationBranchCode})`, lower)})`;
  return or(inArray(sql`lower(${voyageSchedules.originBranchCode})`, lower), calls)!;
}

/** Voyage rows with everything the list shows, read in one statement per page. */
async function voyageRows(db: Db, scope: BranchScope, where: SQL | undefined, page: { take: number; skip: number }): Promise<OutboundVoyageRow[]> {
  const rows = await db.select({
    voyage: voyageSchedules, vesselName: vessels.name, originBranchName: branches.name,
    waybills: sql<number>`(select count(*) from ${waybills} where ${waybills.voyageNum} = ${voyageSchedules.voyageNum} and ${waybills.status} <> ${CANCELLED})`
      .mapWith(Number),
    ...voyageLoadingFigures,
    ...voyageStowageFigures,
  }).from(voyageSchedules)
    .innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode))
    .innerJoin(branches, eq(branches.code, voyageSchedules.originBranchCode))
    .where(where)
    .orderBy(desc(voyageSchedules.estimatedTimeDeparture), asc(voyageSchedules.voyageNum)).limit(page.take).offset(page.skip);
  const nums = rows.map((r) => r.voyage.voyageNum);
  const calls = nums.length
    ? await db.select({
      voyageNum: voyageScheduleDestinations.voyageNum, branchCode: voyageScheduleDestinations.destinationBranchCode, branchName: branches.name,
      estimatedTimeArrival: voyageScheduleDestinations.estimatedTimeArrival,
    }).from(voyageScheduleDestinations).innerJoin(branches, eq(branches.code, voyageScheduleDestinations.destinationBranchCode))
      .where(inArray(voyageScheduleDestinations.voyageNum, nums)).orderBy(asc(voyageScheduleDestinations.seq))
    : [];
  return rows.map(({ voyage, vesselName, originBranchName, ...figures }) => {
    const finalTallyAt = voyage.finalTallyAt?.toISOString() ?? null;
    return {
      id: voyage.id,
      voyageNum: voyage.voyageNum,
      voyageRef: voyage.voyageRef,
      vesselCode: voyage.vesselCode,
      vesselName,
      routeCode: voyage.routeCode,
      originBranchCode: voyage.originBranchCode,
      originBranchName,
      destinations: calls.filter((c) => c.voyageNum === voyage.voyageNum)
        .map((c) => ({ branchCode: c.branchCode, branchName: c.branchName, estimatedTimeArrival: c.estimatedTimeArrival.toISOString() })),
      estimatedTimeDeparture: voyage.estimatedTimeDeparture.toISOString(),
      remarks: voyage.remarks,
      isActive: voyage.isActive,
      finalTallyAt,
      waybills: figures.waybills,
      atOrigin: coversBranch(scope, voyage.originBranchCode),
      waiting: figures.waiting,
      onList: figures.onList,
      loaded: figures.loaded,
      counted: figures.counted,
      placed: figures.placed,
      planStarted: figures.planStarted,
      state: loadingState({ onList: figures.onList + figures.loaded, counted: figures.counted, finalTallyAt }),
      dateModified: voyage.dateModified.toISOString(),
    };
  });
}

/**
 * The one voyage list of the outbound screens: the active voyages leaving from or calling at the caller's
 * branches, latest departure first, each with its waybills, where its loading and stowage stand, and whether the
 * caller works at its origin; filtered by a search, a branch and the loading state.
 */
export async function listOutboundVoyages(db: Db, scope: BranchScope, query: OutboundVoyageListQuery) {
  const where = and(
    eq(voyageSchedules.isActive, true),
    scope.allBranches ? undefined : scope.branchCodes.length ? touching(scope.branchCodes) : sql`false`,
    query.branchCode ? touching([query.branchCode]) : undefined,
    searchAny([voyageSchedules.voyageNum, voyageSchedules.voyageRef, voyageSchedules.vesselCode, vessels.name, voyageSchedules.routeCode, voyageSchedules.remarks], query.search || undefined),
    query.state ? sql`${voyageLoadingState} = ${query.state}` : undefined,
  );
  const [data, [{ total }]] = await Promise.all([
    voyageRows(db, scope, where, query),
    db.select({ total: count() }).from(voyageSchedules).innerJoin(vessels, eq(vessels.code, voyageSchedules.vesselCode)).where(where),
  ]);
  return data.length === 0 ? { data, total: Number(total), message: EMPTY_LIST_MESSAGE } : { data, total: Number(total) };
}

/** One voyage as the outbound list shows it (the Reguide dialogs read its vessel and dateModified). */
export async function outboundVoyage(db: Db, voyageNum: string, scope: BranchScope): Promise<OutboundVoyageRow> {
  const v = await voyageInScope(db, voyageNum, scope);
  const [row] = await voyageRows(db, scope, eq(voyageSchedules.voyageNum, v.voyage.voyageNum), { take: 1, skip: 0 });
  return row;
}
