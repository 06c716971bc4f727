import { Button, ButtonGroup, Callout, Colors, HTMLSelect, InputGroup, NonIdealState, Spinner } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useMemo, useState } from "react";
import { addCalendarDays, manilaDate, manilaToday } from "../../../../../api/shared/dates.ts";
import { type BarCategory, BarChart, type BarSeries } from "../../../components/BarChart.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { useDebounced } from "../../../lib/data/load.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useReport } from "../../../lib/data/report.ts";
import { formatAmount } from "../../../lib/format.ts";
import { PAGES } from "../../../lib/paths.ts";
import { type RevenueGroup, type RevenueQuery, revenueReport, type RevenueVoyage, revenueWorkbook } from "../api.ts";

/**
 * Revenue per voyage, lane and customer (001 §6 voyage freight revenue report): the waybills of the voyages
 * departing in a period, freight and other charges as due after overrides and waivers. One answer of the server
 * feeds the chart, the table of the chosen view and the workbook, which has a sheet per view.
 */

type View = "voyages" | "lanes" | "customers";
const VIEWS: { id: View; label: string; first: string }[] = [
  { id: "voyages", label: "By voyage", first: "Voyage" },
  { id: "lanes", label: "By lane", first: "Lane" },
  { id: "customers", label: "By customer", first: "Customer" },
];

const SERIES: BarSeries[] = [
  { key: "freight", label: "Freight", color: Colors.BLUE3 },
  { key: "otherCharges", label: "Other charges", color: Colors.TURQUOISE3 },
];

/** Pesos on the chart: whole pesos on the scale and beside the bars, the table has the centavos. */
const pesos = new Intl.NumberFormat("en-PH", { maximumFractionDigits: 0 });
const showPesos = (value: number) => pesos.format(value);

interface Filter {
  dateFrom: string;
  dateTo: string;
  branchCode: string;
  vesselCode: string;
  customerCode: string;
  voyageNum: string;
}

type Row = RevenueGroup | RevenueVoyage;

export default function RevenueReportPage() {
  const today = manilaToday();
  // The voyages of the month before and after today: the ones being billed and the ones just sailed.
  const [filter, setFilter] = useState<Filter>({
    dateFrom: addCalendarDays(today, -30), dateTo: addCalendarDays(today, 30), branchCode: "", vesselCode: "", customerCode: "", voyageNum: "",
  });
  const [view, setView] = useState<View>("voyages");
  const branches = usePicker("branches");
  const vessels = usePicker("vessels");
  const customers = usePicker("customers");
  const voyageNum = useDebounced(filter.voyageNum.trim());
  const set = (patch: Partial<Filter>) => setFilter((f) => ({ ...f, ...patch }));

  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<RevenueQuery | null>(() => (periodValid
    ? {
      dateFrom: filter.dateFrom, dateTo: filter.dateTo, branchCode: filter.branchCode || undefined, vesselCode: filter.vesselCode || undefined,
      customerCode: filter.customerCode || undefined, voyageNum: voyageNum || undefined,
    }
    : null), [periodValid, filter.dateFrom, filter.dateTo, filter.branchCode, filter.vesselCode, filter.customerCode, voyageNum]);
  const { report, loading } = useReport(revenueReport, query, { warnWhenEmpty: true });

  const rows: Row[] = !report ? [] : view === "voyages" ? report.data : view === "lanes" ? report.lanes : report.customers;
  const categories: BarCategory[] = rows.map((r) => ({
    id: r.key,
    label: view === "customers" ? `${r.key} · ${r.label}` : r.label,
    values: { freight: Number(r.freight), otherCharges: Number(r.otherCharges) },
  }));
  const first = VIEWS.find((v) => v.id === view)!;
  const columns: ReportColumn<Row>[] = [
    { name: first.first, width: { share: 2 }, value: (r) => (r.key === "" ? "All" : view === "customers" ? `${r.key} · ${r.label}` : r.label) },
    ...(view === "voyages"
      ? [
        { name: "Vessel", width: 120, value: (r: Row) => ("vesselCode" in r ? r.vesselCode : "") },
        { name: "ETD", width: 92, value: (r: Row) => ("estimatedTimeDeparture" in r ? manilaDate(r.estimatedTimeDeparture) : "") },
      ]
      : []),
    { name: "Waybills", width: 80, numeric: true, value: (r) => r.waybills },
    { name: "Freight", width: 120, numeric: true, value: (r) => formatAmount(r.freight) },
    { name: "Other charges", width: 120, numeric: true, value: (r) => formatAmount(r.otherCharges) },
    { name: "Revenue", width: 130, numeric: true, value: (r) => formatAmount(r.revenue) },
    { name: "Waived", width: 110, numeric: true, value: (r) => formatAmount(r.waived) },
  ];
  const totals: RevenueGroup | undefined = report ? { key: "", label: "", ...report.totals } : undefined;

  return (
    <div className="lading-page" data-testid="revenue-page">
      <PageHeader title="Revenue report" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="ETD from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="revenue-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="revenue-to" />
        <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="revenue-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Vessel" value={filter.vesselCode} onChange={(e) => set({ vesselCode: e.currentTarget.value })} data-testid="revenue-vessel">
          <option value="">All vessels</option>
          {vessels.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Customer" value={filter.customerCode} onChange={(e) => set({ customerCode: e.currentTarget.value })} data-testid="revenue-customer">
          <option value="">All customers</option>
          {customers.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.company}</option>)}
        </HTMLSelect>
        <InputGroup aria-label="Voyage" placeholder="Voyage no." value={filter.voyageNum} onValueChange={(voyageNum) => set({ voyageNum })}
          leftIcon={<Search />} style={{ width: 200 }} data-testid="revenue-voyage" />
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => revenueWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="revenue-download" />
      </div>
      {!periodValid && (
        <Callout intent="danger" compact data-testid="revenue-period-error">
          {filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}
        </Callout>
      )}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No waybill of a voyage departing in the period matches the filter."
          data-testid="revenue-empty" />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="revenue-report">
          <span style={{ color: "var(--lading-muted)" }} data-testid="revenue-summary">
            {report.data.length} voyage(s), {report.totals.waybills} waybill(s): revenue {formatAmount(report.totals.revenue)}
            {" "}(freight {formatAmount(report.totals.freight)}, other charges {formatAmount(report.totals.otherCharges)}), {formatAmount(report.totals.waived)} waived.
            Amounts include VAT.
          </span>
          <ButtonGroup>
            {VIEWS.map((v) => (
              <Button key={v.id} text={v.label} active={view === v.id} onClick={() => setView(v.id)} data-testid={`revenue-view-${v.id}`} />
            ))}
          </ButtonGroup>
          <BarChart categories={categories} series={SERIES} mode="stacked" title={`Revenue ${first.label.toLowerCase()}: freight and other charges`}
            testId="revenue-chart" format={showPesos} />
          <ReportTable columns={columns} rows={rows} totals={totals} testId="revenue-table" redrawOn={[view]} />
        </div>
      )}
    </div>
  );
}
