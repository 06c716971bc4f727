import { Callout, Colors, HTMLSelect, NonIdealState, Spinner } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useMemo, useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { type BarCategory, BarChart } from "../../../components/BarChart.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useReport } from "../../../lib/data/report.ts";
import { formatAmount } from "../../../lib/format.ts";
import { PAGES } from "../../../lib/paths.ts";
import { sqCommodity, type SqCommodityQuery, type SqCommodityReport, sqCommodityWorkbook } from "../api.ts";

/**
 * The SQ-based commodity report (001 §7): the bookings priced from a sales quotation, dated in a period, per
 * commodity booked, with their quotations, quantity, TEU and charges; a bar per commodity of its TEU.
 */

type Row = SqCommodityReport["data"][number];

const COLUMNS: ReportColumn<Row>[] = [
  { name: "Commodity", width: { share: 1 }, value: (r) => (r.commodityCode ? `${r.commodityCode} · ${r.commodityName}` : r.commodityName) },
  { name: "Category", width: 110, value: (r) => r.categoryCode },
  { name: "Quotations", width: 96, numeric: true, value: (r) => r.quotations },
  { name: "Bookings", width: 84, numeric: true, value: (r) => r.bookings },
  { name: "Qty", width: 70, numeric: true, value: (r) => r.quantity },
  { name: "TEU", width: 60, numeric: true, value: (r) => r.teu },
  { name: "Amount", width: 130, numeric: true, value: (r) => formatAmount(r.amount) },
];

export default function SqCommodityPage() {
  const today = manilaToday();
  const [filter, setFilter] = useState({ dateFrom: `${today.slice(0, 8)}01`, dateTo: today, branchCode: "", customerCode: "" });
  const branches = usePicker("branches");
  const customers = usePicker("customers");
  const set = (patch: Partial<typeof filter>) => setFilter((f) => ({ ...f, ...patch }));
  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<SqCommodityQuery | null>(() => (periodValid
    ? { dateFrom: filter.dateFrom, dateTo: filter.dateTo, branchCode: filter.branchCode || undefined, customerCode: filter.customerCode || undefined }
    : null), [periodValid, filter]);
  const { report, loading } = useReport(sqCommodity, query, { warnWhenEmpty: true });
  const categories: BarCategory[] = (report?.data ?? []).map((r) => ({
    id: r.commodityCode || "none", label: r.commodityCode ? `${r.commodityCode} · ${r.commodityName}` : r.commodityName, values: { teu: r.teu },
  }));

  return (
    <div className="lading-page" data-testid="sq-commodity-page">
      <PageHeader title="SQ-based commodity" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="Booked from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="sq-commodity-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="sq-commodity-to" />
        <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="sq-commodity-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Customer" value={filter.customerCode} onChange={(e) => set({ customerCode: e.currentTarget.value })} data-testid="sq-commodity-customer">
          <option value="">All customers</option>
          {customers.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.company}</option>)}
        </HTMLSelect>
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => sqCommodityWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="sq-commodity-download" />
      </div>
      {!periodValid && <Callout intent="danger" compact>{filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}</Callout>}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No booking priced from a quotation is dated in the period." />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="sq-commodity-report">
          <span style={{ color: "var(--lading-muted)" }} data-testid="sq-commodity-summary">
            {report.totals.bookings} booking(s) from {report.totals.quotations} quotation(s): {report.totals.teu} TEU, quantity {report.totals.quantity},
            charges {formatAmount(report.totals.amount)}. Expired and cloned bookings are left out.
          </span>
          <BarChart categories={categories} series={[{ key: "teu", label: "TEU", color: Colors.TURQUOISE3 }]} mode="grouped" title="TEU per commodity"
            testId="sq-commodity-chart" />
          <ReportTable columns={COLUMNS} rows={report.data} testId="sq-commodity-table" />
        </div>
      )}
    </div>
  );
}
