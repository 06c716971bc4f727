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
import { type TallyFinalizationQuery, type TallyFinalizationReport, tallyFinalization, tallyFinalizationWorkbook } from "../api.ts";

/**
 * Tally sheet finalization (001 §7): the tally sheets of the voyages departing in a period, the vans on each, and
 * when and by whom each was made final (or that it is still open).
 */

type Row = TallyFinalizationReport["data"][number];

const SERIES: BarSeries[] = [
  { key: "full", label: "Full vans", color: Colors.GREEN3 },
  { key: "empty", label: "Empty vans", color: Colors.GRAY3 },
];

const COLUMNS: ReportColumn<Row>[] = [
  { name: "Tally sheet", width: 170, value: (r) => r.tallySheetNum },
  { name: "Type", width: 90, value: (r) => r.tallySheetType },
  { name: "Voyage", width: { share: 1 }, value: (r) => `${r.voyageNum} · ${r.voyageRef}` },
  { name: "At", width: 56, value: (r) => r.branchCode },
  { name: "For", width: 56, value: (r) => r.destinationBranchCode },
  { name: "Full", width: 60, numeric: true, value: (r) => r.full },
  { name: "Empty", width: 64, numeric: true, value: (r) => r.empty },
  { name: "Last counted", width: 160, value: (r) => formatManilaDateTime(r.lastCounted) },
  {
    name: "Final tally",
    width: 170,
    value: (r) => (r.dateFinalized ? formatManilaDateTime(r.dateFinalized) : <Tag minimal intent="warning">Open</Tag>),
  },
  { name: "By", width: 140, value: (r) => r.finalizedBy },
  { name: "Minutes after", width: 100, numeric: true, value: (r) => r.minutesToFinal ?? "" },
];

export default function TallyFinalizationPage() {
  const today = manilaToday();
  const [filter, setFilter] = useState({ dateFrom: addCalendarDays(today, -14), dateTo: addCalendarDays(today, 14), branchCode: "" });
  const branches = usePicker("branches");
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<TallyFinalizationQuery | null>(() => (periodValid
    ? { dateFrom: filter.dateFrom, dateTo: filter.dateTo, branchCode: filter.branchCode || undefined }
    : null), [periodValid, filter]);
  const { report, loading } = useReport(tallyFinalization, query, { warnWhenEmpty: true });
  const categories: BarCategory[] = (report?.data ?? []).map((s) => ({
    id: s.tallySheetNum, label: `${s.tallySheetNum} (${s.voyageRef})`, values: { full: s.full, empty: s.empty },
  }));

  return (
    <div className="lading-page" data-testid="tally-finalization-page">
      <PageHeader title="Tally sheet finalization" crumbs={[{ text: "Outbound", href: PAGES.outbound }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="ETD from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="tally-finalization-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="tally-finalization-to" />
        <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="tally-finalization-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => tallyFinalizationWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="tally-finalization-download" />
      </div>
      {!periodValid && <Callout intent="danger" compact>{filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}</Callout>}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No tally sheet of a voyage departing in the period." />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="tally-finalization-report">
          <span style={{ color: "var(--lading-muted)" }} data-testid="tally-finalization-summary">
            {report.totals.sheets} tally sheet(s): {report.totals.final} final, {report.totals.open} open; {report.totals.full} full and {report.totals.empty} empty van(s) counted.
          </span>
          <BarChart categories={categories} series={SERIES} mode="stacked" title="Vans counted per tally sheet" testId="tally-finalization-chart" />
          <ReportTable columns={COLUMNS} rows={report.data} testId="tally-finalization-table" />
        </div>
      )}
    </div>
  );
}
