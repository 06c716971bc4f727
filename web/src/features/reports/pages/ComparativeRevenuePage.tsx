import { Button, ButtonGroup, Callout, Colors, HTMLSelect, NonIdealState, Spinner } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useMemo, useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { type BarCategory, BarChart, type BarSeries } from "../../../components/BarChart.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useReport } from "../../../lib/data/report.ts";
import { formatAmount } from "../../../lib/format.ts";
import { PAGES } from "../../../lib/paths.ts";
import { type ComparativeRevenueQuery, type ComparativeRevenueReport, comparativeRevenue, comparativeWorkbook } from "../api.ts";

/**
 * Comparative revenue (001 §7): a period's revenue per lane or customer beside the period of the same length
 * before it and the same dates a year earlier, as the server works them out from the revenue report.
 */

type Row = ComparativeRevenueReport["data"][number];
type View = "lanes" | "customers";

const pesos = new Intl.NumberFormat("en-PH", { maximumFractionDigits: 0 });
const showPesos = (value: number) => pesos.format(value);

export default function ComparativeRevenuePage() {
  const today = manilaToday();
  const [filter, setFilter] = useState({ dateFrom: `${today.slice(0, 8)}01`, dateTo: today, branchCode: "", vesselCode: "" });
  const [view, setView] = useState<View>("lanes");
  const branches = usePicker("branches");
  const vessels = usePicker("vessels");
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<ComparativeRevenueQuery | null>(() => (periodValid
    ? { dateFrom: filter.dateFrom, dateTo: filter.dateTo, branchCode: filter.branchCode || undefined, vesselCode: filter.vesselCode || undefined }
    : null), [periodValid, filter]);
  const { report, loading } = useReport(comparativeRevenue, query, { warnWhenEmpty: true });

  const span = (p: { dateFrom: string; dateTo: string }) => `${p.dateFrom} – ${p.dateTo}`;
  const series: BarSeries[] = report
    ? [
      { key: "current", label: `This period (${span(report.periods.current)})`, color: Colors.BLUE3 },
      { key: "previous", label: `Period before (${span(report.periods.previous)})`, color: Colors.GRAY3 },
      { key: "lastYear", label: `Last year (${span(report.periods.lastYear)})`, color: Colors.GOLD3 },
    ]
    : [];
  const rows: Row[] = !report ? [] : view === "lanes" ? report.data : report.customers;
  const categories: BarCategory[] = rows.map((r) => ({
    id: r.key, label: view === "customers" ? `${r.key} · ${r.label}` : r.label,
    values: { current: Number(r.current), previous: Number(r.previous), lastYear: Number(r.lastYear) },
  }));
  const columns: ReportColumn<Row>[] = [
    { name: view === "lanes" ? "Lane" : "Customer", width: { share: 1 }, value: (r) => (r.key && view === "customers" ? `${r.key} · ${r.label}` : r.label) },
    { name: "This period", width: 140, numeric: true, value: (r) => formatAmount(r.current) },
    { name: "Period before", width: 140, numeric: true, value: (r) => formatAmount(r.previous) },
    { name: "Last year", width: 140, numeric: true, value: (r) => formatAmount(r.lastYear) },
  ];

  return (
    <div className="lading-page" data-testid="comparative-page">
      <PageHeader title="Comparative revenue" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="ETD from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="comparative-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="comparative-to" />
        <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="comparative-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Vessel" value={filter.vesselCode} onChange={(e) => set({ vesselCode: e.currentTarget.value })} data-testid="comparative-vessel">
          <option value="">All vessels</option>
          {vessels.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => comparativeWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="comparative-download" />
      </div>
      {!periodValid && <Callout intent="danger" compact>{filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}</Callout>}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No waybill of a voyage departing in any of the three periods." />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="comparative-report">
          <ButtonGroup>
            <Button text="By lane" active={view === "lanes"} onClick={() => setView("lanes")} data-testid="comparative-view-lanes" />
            <Button text="By customer" active={view === "customers"} onClick={() => setView("customers")} data-testid="comparative-view-customers" />
          </ButtonGroup>
          <BarChart categories={categories} series={series} mode="grouped" title="Revenue in this period, the period before and a year earlier"
            testId="comparative-chart" format={showPesos} />
          <ReportTable columns={columns} rows={rows} totals={report.totals} testId="comparative-table" redrawOn={[view]} />
        </div>
      )}
    </div>
  );
}
