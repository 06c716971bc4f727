import { Callout, Colors, HTMLSelect, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { addCalendarDays, formatManilaDateTime, manilaToday } from "../../../../../api/shared/dates.ts";
import { formatAverage } from "../../../../../api/modules/inbound/dwell-time/rules.ts";
import { type BarCategory, BarChart, type BarSeries } from "../../../components/BarChart.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { useDebounced } from "../../../lib/data/load.ts";
import { useReport } from "../../../lib/data/report.ts";
import { PAGES } from "../../../lib/paths.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { dwellTime, type DwellTimeQuery, type DwellTimeReport, dwellTimeWorkbook } from "../api/dwell.ts";

/**
 * Dwell time (001 §7 InBound): the cargo discharged at the user's branches in a period (final inbound tally), the
 * days until its release (CRO) and until its van came back (van-in), averaged per voyage and branch, charted, with
 * the waybills beneath and the workbook to download.
 */

type Group = DwellTimeReport["data"][number];
type Waybill = DwellTimeReport["waybills"][number];

const SERIES: BarSeries[] = [
  { key: "release", label: "Average days to release", color: Colors.BLUE3 },
  { key: "vanIn", label: "Average days to van-in", color: Colors.ORANGE3 },
];

const days = (n: number | null) => (n === null ? "" : n);

const GROUP_COLUMNS: ReportColumn<Group>[] = [
  { name: "Voyage", width: { share: 1 }, value: (g) => `${g.voyageNum} · ${g.voyageRef}` },
  { name: "Vessel", width: 160, value: (g) => g.vesselName },
  { name: "Branch", width: 64, value: (g) => g.destinationBranchCode },
  { name: "Waybills", width: 76, numeric: true, value: (g) => g.waybills },
  { name: "Released", width: 76, numeric: true, value: (g) => g.released },
  { name: "Avg to release", width: 104, numeric: true, value: (g) => formatAverage(g.averageDaysToRelease) },
  { name: "Max", width: 56, numeric: true, value: (g) => days(g.longestDaysToRelease) },
  { name: "Vanned in", width: 80, numeric: true, value: (g) => g.vannedIn },
  { name: "Avg to van-in", width: 104, numeric: true, value: (g) => formatAverage(g.averageDaysToVanIn) },
  { name: "Max", width: 56, numeric: true, value: (g) => days(g.longestDaysToVanIn) },
];

const WAYBILL_COLUMNS: ReportColumn<Waybill>[] = [
  { name: "Waybill", width: 170, value: (w) => w.wayBillRef },
  { name: "Voyage", width: 150, value: (w) => w.voyageNum },
  { name: "Branch", width: 64, value: (w) => w.destinationBranchCode },
  { name: "Consignee", width: { share: 1 }, value: (w) => w.consigneeName },
  { name: "Van", width: 130, value: (w) => w.containerVanNum },
  { name: "Final inbound tally", width: 170, value: (w) => formatManilaDateTime(w.discharged) },
  { name: "Released", width: 170, value: (w) => formatManilaDateTime(w.released) },
  { name: "Days", width: 56, numeric: true, value: (w) => days(w.daysToRelease) },
  { name: "Van-in", width: 170, value: (w) => formatManilaDateTime(w.vanIn) },
  { name: "Days", width: 56, numeric: true, value: (w) => days(w.daysToVanIn) },
];

export default function DwellTimePage() {
  const today = manilaToday();
  const user = useAtomValue(signedInUserAtom);
  const [filter, setFilter] = useState({ dateFrom: addCalendarDays(today, -30), dateTo: today, destinationBranchCode: "", voyageNum: "" });
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const voyageNum = useDebounced(filter.voyageNum.trim());
  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<DwellTimeQuery | null>(() => (periodValid
    ? { dateFrom: filter.dateFrom, dateTo: filter.dateTo, destinationBranchCode: filter.destinationBranchCode || undefined, voyageNum: voyageNum || undefined }
    : null), [periodValid, filter.dateFrom, filter.dateTo, filter.destinationBranchCode, voyageNum]);
  const { report, loading } = useReport(dwellTime, query, { warnWhenEmpty: true });
  const categories: BarCategory[] = (report?.data ?? []).map((g) => ({
    id: `${g.voyageNum}-${g.destinationBranchCode}`,
    label: `${g.voyageRef} at ${g.destinationBranchCode}`,
    values: { release: g.averageDaysToRelease ?? 0, vanIn: g.averageDaysToVanIn ?? 0 },
  }));

  return (
    <div className="lading-page" data-testid="dwell-time-page">
      <PageHeader title="Dwell time" crumbs={[{ text: "Inbound", href: PAGES.inbound }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="Discharged from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="dwell-time-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="dwell-time-to" />
        <HTMLSelect aria-label="Branch" value={filter.destinationBranchCode} onChange={(e) => set({ destinationBranchCode: e.currentTarget.value })}
          data-testid="dwell-time-branch">
          <option value="">All my branches</option>
          {(user?.branches ?? []).map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
        </HTMLSelect>
        <InputGroup type="search" leftIcon={<Search />} placeholder="Voyage number" aria-label="Voyage" value={filter.voyageNum}
          onValueChange={(v) => set({ voyageNum: v })} data-testid="dwell-time-voyage" />
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => dwellTimeWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="dwell-time-download" />
      </div>
      {!periodValid && <Callout intent="danger" compact>{filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}</Callout>}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No cargo had its final inbound tally in the period." />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="dwell-time-report">
          <span style={{ color: "var(--lading-muted)" }} data-testid="dwell-time-summary">
            {report.totals.waybills} waybill(s) discharged: {report.totals.released} released after {formatAverage(report.totals.averageDaysToRelease) || "–"} day(s) on
            average, {report.totals.vannedIn} van(s) back after {formatAverage(report.totals.averageDaysToVanIn) || "–"} day(s) on average.
          </span>
          <BarChart categories={categories} series={SERIES} mode="grouped" title="Average days per voyage and branch" testId="dwell-time-chart"
            format={(v) => v.toFixed(1)} />
          <ReportTable columns={GROUP_COLUMNS} rows={report.data} testId="dwell-time-groups" />
          <ReportTable columns={WAYBILL_COLUMNS} rows={report.waybills} testId="dwell-time-waybills" />
        </div>
      )}
    </div>
  );
}
