import { Callout, Colors, HTMLSelect, NonIdealState, Spinner } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useMemo, useState } from "react";
import { addCalendarDays, formatManilaDateTime, manilaDate, manilaToday } from "../../../../../api/shared/dates.ts";
import { type BarCategory, BarChart, type BarSeries } from "../../../components/BarChart.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useReport } from "../../../lib/data/report.ts";
import { PAGES } from "../../../lib/paths.ts";
import { type OperationQuery, type OperationReport, operationReport, operationWorkbook } from "../api.ts";

/**
 * The operation report (001 §7): the voyages departing in a period and how far each one's cargo has come, from
 * the TEU booked to the full vans counted on board.
 */

type Row = OperationReport["data"][number];
type Counts = OperationReport["totals"];

const SERIES: BarSeries[] = [
  { key: "teu", label: "TEU booked", color: Colors.BLUE3 },
  { key: "waybills", label: "Waybills", color: Colors.TURQUOISE3 },
  { key: "loadedFull", label: "Full vans loaded", color: Colors.GREEN3 },
];

const count = (name: string, read: (c: Counts) => number, width = 96): ReportColumn<Row> => ({ name, width, numeric: true, value: read });
const COLUMNS: ReportColumn<Row>[] = [
  { name: "Voyage", width: { share: 1 }, value: (r) => (r.voyageNum ? `${r.voyageNum} · ${r.voyageRef}` : "All") },
  { name: "Vessel", width: 110, value: (r) => r.vesselCode },
  { name: "ETD", width: 92, value: (r) => (r.estimatedTimeDeparture ? manilaDate(r.estimatedTimeDeparture) : "") },
  count("Bookings", (c) => c.bookings, 84),
  count("TEU", (c) => c.teu, 60),
  count("CTS issued", (c) => c.cts),
  count("Waybills", (c) => c.waybills, 84),
  count("On load list", (c) => c.onLoadList),
  count("Full loaded", (c) => c.loadedFull),
  count("Empty loaded", (c) => c.loadedEmpty),
  { name: "Final tally", width: 150, value: (r) => formatManilaDateTime(r.finalTallyAt) },
];

export default function OperationReportPage() {
  const today = manilaToday();
  const [filter, setFilter] = useState({ dateFrom: addCalendarDays(today, -7), dateTo: addCalendarDays(today, 21), branchCode: "", vesselCode: "" });
  const branches = usePicker("branches");
  const vessels = usePicker("vessels");
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<OperationQuery | null>(() => (periodValid
    ? { dateFrom: filter.dateFrom, dateTo: filter.dateTo, branchCode: filter.branchCode || undefined, vesselCode: filter.vesselCode || undefined }
    : null), [periodValid, filter]);
  const { report, loading } = useReport(operationReport, query, { warnWhenEmpty: true });
  const categories: BarCategory[] = (report?.data ?? []).map((v) => ({
    id: v.voyageNum, label: `${v.voyageNum} · ${v.voyageRef}`, values: { teu: v.teu, waybills: v.waybills, loadedFull: v.loadedFull },
  }));
  const totals: Row | undefined = report
    ? { ...report.totals, voyageNum: "", voyageRef: "", vesselCode: "", routeCode: "", originBranchCode: "", estimatedTimeDeparture: "", finalTallyAt: null, croStatus: "" }
    : undefined;

  return (
    <div className="lading-page" data-testid="operation-page">
      <PageHeader title="Operation report" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="ETD from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="operation-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="operation-to" />
        <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="operation-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Vessel" value={filter.vesselCode} onChange={(e) => set({ vesselCode: e.currentTarget.value })} data-testid="operation-vessel">
          <option value="">All vessels</option>
          {vessels.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => operationWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="operation-download" />
      </div>
      {!periodValid && <Callout intent="danger" compact>{filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}</Callout>}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No voyage departs in the period." />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="operation-report">
          <BarChart categories={categories} series={SERIES} mode="grouped" title="Per voyage: TEU booked, waybills and full vans loaded" testId="operation-chart" />
          <ReportTable columns={COLUMNS} rows={report.data} totals={totals} testId="operation-table" />
        </div>
      )}
    </div>
  );
}
