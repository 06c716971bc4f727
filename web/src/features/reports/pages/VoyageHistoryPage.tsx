import { Callout, Colors, HTMLSelect, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useMemo, useState } from "react";
import { addCalendarDays, formatManilaDateTime, manilaToday } from "../../../../../api/shared/dates.ts";
import { type BarCategory, BarChart, type BarSeries } from "../../../components/BarChart.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useReport } from "../../../lib/data/report.ts";
import { PAGES } from "../../../lib/paths.ts";
import { type VoyageHistoryQuery, type VoyageHistoryReport, voyageHistory, voyageHistoryWorkbook } from "../api.ts";

/**
 * Voyage history (001 §7): the voyages departing in a period, their schedule beside the departure and arrival
 * the vessel updates record, and how many minutes late (or, below zero, early) each was.
 */

type Row = VoyageHistoryReport["data"][number];

const SERIES: BarSeries[] = [
  { key: "departure", label: "Minutes late leaving", color: Colors.ORANGE3 },
  { key: "arrival", label: "Minutes late arriving", color: Colors.VIOLET3 },
];

const late = (minutes: number | null) => (minutes === null ? "" : minutes === 0 ? "on time" : minutes > 0 ? `${minutes} min late` : `${-minutes} min early`);

const COLUMNS: ReportColumn<Row>[] = [
  { name: "Voyage", width: { share: 1 }, value: (r) => `${r.voyageNum} · ${r.voyageRef}` },
  { name: "Vessel", width: 110, value: (r) => r.vesselCode },
  { name: "ETD", width: 160, value: (r) => formatManilaDateTime(r.estimatedTimeDeparture) },
  { name: "ATD", width: 160, value: (r) => formatManilaDateTime(r.actualTimeDeparture) },
  { name: "Leaving", width: 110, value: (r) => late(r.departureDelayMinutes) },
  { name: "Last port", width: 76, value: (r) => r.lastPortBranchCode },
  { name: "ATA", width: 160, value: (r) => formatManilaDateTime(r.actualTimeArrival) },
  { name: "Arriving", width: 110, value: (r) => late(r.arrivalDelayMinutes) },
  { name: "Reguides", width: 80, numeric: true, value: (r) => r.reguides },
  { name: "Stage", width: 110, value: (r) => <Tag minimal intent={r.stage === "Arrived" ? "success" : r.stage === "At sea" ? "primary" : "none"}>{r.stage}</Tag> },
];

export default function VoyageHistoryPage() {
  const today = manilaToday();
  const [filter, setFilter] = useState({ dateFrom: addCalendarDays(today, -30), dateTo: today, branchCode: "", vesselCode: "" });
  const branches = usePicker("branches");
  const vessels = usePicker("vessels");
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<VoyageHistoryQuery | null>(() => (periodValid
    ? { dateFrom: filter.dateFrom, dateTo: filter.dateTo, branchCode: filter.branchCode || undefined, vesselCode: filter.vesselCode || undefined }
    : null), [periodValid, filter]);
  const { report, loading } = useReport(voyageHistory, query, { warnWhenEmpty: true });
  // Only the voyages that have left have a picture to show.
  const categories: BarCategory[] = (report?.data ?? []).filter((v) => v.departureDelayMinutes !== null).map((v) => ({
    id: v.voyageNum, label: `${v.voyageNum} · ${v.voyageRef}`, values: { departure: v.departureDelayMinutes ?? 0, arrival: v.arrivalDelayMinutes ?? 0 },
  }));

  return (
    <div className="lading-page" data-testid="voyage-history-page">
      <PageHeader title="Voyage history" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="ETD from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="voyage-history-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="voyage-history-to" />
        <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="voyage-history-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Vessel" value={filter.vesselCode} onChange={(e) => set({ vesselCode: e.currentTarget.value })} data-testid="voyage-history-vessel">
          <option value="">All vessels</option>
          {vessels.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => voyageHistoryWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="voyage-history-download" />
      </div>
      {!periodValid && <Callout intent="danger" compact>{filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}</Callout>}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No voyage departs in the period." />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="voyage-history-report">
          <span style={{ color: "var(--lading-muted)" }} data-testid="voyage-history-summary">
            {report.totals.voyages} voyage(s): {report.totals.departed} departed ({report.totals.lateDepartures} late), {report.totals.arrived} arrived
            at their last port ({report.totals.lateArrivals} late).
          </span>
          {categories.length > 0 && (
            <BarChart categories={categories} series={SERIES} mode="grouped" title="Minutes late leaving and arriving per voyage (below zero: early)"
              testId="voyage-history-chart" />
          )}
          <ReportTable columns={COLUMNS} rows={report.data} testId="voyage-history-table" />
        </div>
      )}
    </div>
  );
}
