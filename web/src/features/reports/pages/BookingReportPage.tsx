import { Callout, Colors, HTMLSelect, InputGroup, NonIdealState, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
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
import { signedInUserAtom } from "../../../lib/session.ts";
import { type BookingReport, type BookingReportQuery, bookingReport, bookingWorkbook, type CsrReport, csrReport, csrWorkbook } from "../api.ts";

/**
 * The booking report and bookings by CSR (001 §7): the bookings dated in a period, counted by status, with the
 * quantity, TEU and charges of those still live (not Expired or Cloned). The By CSR tab, a bar per CSR with their
 * bookings by status, needs the CSR Report role, as the server does.
 */

/** A colour per status, along the booking's life: grey to blue to green, then the closed ones. */
const STATUS_SERIES: BarSeries[] = [
  { key: "Draft", label: "Draft", color: Colors.GRAY3 },
  { key: "Sent", label: "Sent", color: Colors.BLUE4 },
  { key: "Confirmed", label: "Confirmed", color: Colors.BLUE2 },
  { key: "ATW Issued", label: "ATW Issued", color: Colors.TURQUOISE3 },
  { key: "Outbound CTS Issued", label: "Outbound CTS Issued", color: Colors.GREEN4 },
  { key: "At Vessel Loaded", label: "At Vessel Loaded", color: Colors.GREEN2 },
  { key: "Expired", label: "Expired", color: Colors.ORANGE3 },
  { key: "Cloned", label: "Cloned", color: Colors.SEPIA3 },
];

interface Filter {
  dateFrom: string;
  dateTo: string;
  branchCode: string;
  customerCode: string;
  voyageNum: string;
}

type Booking = BookingReport["data"][number];
type CsrRow = CsrReport["data"][number];

const BOOKING_COLUMNS: ReportColumn<Booking>[] = [
  { name: "Booking", width: 170, value: (b) => b.bookingRef },
  { name: "Date", width: 92, value: (b) => b.bookingDate },
  { name: "Status", width: 150, value: (b) => b.status },
  { name: "Voyage", width: 170, value: (b) => b.voyageNum },
  { name: "To", width: 50, value: (b) => b.destinationBranchCode },
  { name: "Customer", width: { share: 1 }, value: (b) => (b.customerCode ? `${b.customerCode} · ${b.customerName}` : "") },
  { name: "CSR", width: 120, value: (b) => b.csrName },
  { name: "Qty", width: 70, numeric: true, value: (b) => b.quantity },
  { name: "TEU", width: 60, numeric: true, value: (b) => b.teu },
  { name: "Amount", width: 120, numeric: true, value: (b) => formatAmount(b.amount) },
];

const CSR_COLUMNS: ReportColumn<CsrRow>[] = [
  { name: "CSR", width: { share: 1 }, value: (r) => (r.csr ? `${r.csrName} (${r.csr})` : "All") },
  { name: "Bookings", width: 84, numeric: true, value: (r) => r.bookings },
  ...STATUS_SERIES.map((s): ReportColumn<CsrRow> => ({ name: s.label, width: 96, numeric: true, value: (r) => r.statuses[s.key] ?? 0 })),
  { name: "TEU", width: 60, numeric: true, value: (r) => r.teu },
  { name: "Amount", width: 120, numeric: true, value: (r) => formatAmount(r.amount) },
];

export default function BookingReportPage() {
  const user = useAtomValue(signedInUserAtom);
  const mayCsr = (user?.capabilities ?? []).includes("CSR_REPORT");
  const today = manilaToday();
  const [filter, setFilter] = useState<Filter>({ dateFrom: `${today.slice(0, 8)}01`, dateTo: today, branchCode: "", customerCode: "", voyageNum: "" });
  const [tab, setTab] = useState<"bookings" | "csr">("bookings");
  const branches = usePicker("branches");
  const customers = usePicker("customers");
  const voyageNum = useDebounced(filter.voyageNum.trim());
  const set = (patch: Partial<Filter>) => setFilter((f) => ({ ...f, ...patch }));

  const periodValid = filter.dateFrom !== "" && filter.dateTo !== "" && filter.dateTo >= filter.dateFrom;
  const query = useMemo<BookingReportQuery | null>(() => (periodValid
    ? {
      dateFrom: filter.dateFrom, dateTo: filter.dateTo, branchCode: filter.branchCode || undefined,
      customerCode: filter.customerCode || undefined, voyageNum: voyageNum || undefined,
    }
    : null), [periodValid, filter.dateFrom, filter.dateTo, filter.branchCode, filter.customerCode, voyageNum]);
  const bookings = useReport(bookingReport, tab === "bookings" ? query : null, { warnWhenEmpty: true });
  const perCsr = useReport(csrReport, tab === "csr" && mayCsr ? query : null, { warnWhenEmpty: true });

  const statusCategories: BarCategory[] = bookings.report
    ? STATUS_SERIES.map((s) => ({ id: s.key.replace(/\s+/g, "-"), label: s.label, values: { count: bookings.report!.totals.statuses[s.key] ?? 0 } }))
    : [];
  const csrCategories: BarCategory[] = (perCsr.report?.data ?? []).map((r) => ({ id: r.csr, label: r.csrName, values: r.statuses }));

  const empty = (text?: string) => (
    <NonIdealState icon={<Search size={32} />} title={text ?? "No data found"} description="No booking dated in the period matches the filter." />
  );

  return (
    <div className="lading-page" data-testid="booking-report-page">
      <PageHeader title="Booking report" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10, flexWrap: "wrap" }}>
        <DateField label="Booked from" value={filter.dateFrom} onChange={(dateFrom) => set({ dateFrom })} testId="booking-report-from" />
        <DateField label="to" value={filter.dateTo} invalid={!periodValid} onChange={(dateTo) => set({ dateTo })} testId="booking-report-to" />
        <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="booking-report-branch">
          <option value="">All branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Customer" value={filter.customerCode} onChange={(e) => set({ customerCode: e.currentTarget.value })} data-testid="booking-report-customer">
          <option value="">All customers</option>
          {customers.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.company}</option>)}
        </HTMLSelect>
        <InputGroup aria-label="Voyage" placeholder="Voyage no." value={filter.voyageNum} onValueChange={(v) => set({ voyageNum: v })}
          leftIcon={<Search />} style={{ width: 200 }} data-testid="booking-report-voyage" />
        <span style={{ flex: 1 }} />
        {tab === "bookings"
          ? <DownloadButton build={() => bookingWorkbook(query!)} disabled={!query || !bookings.report || bookings.report.data.length === 0} testId="booking-report-download" />
          : <DownloadButton build={() => csrWorkbook(query!)} disabled={!query || !perCsr.report || perCsr.report.data.length === 0} testId="booking-report-csr-download" />}
      </div>
      {!periodValid && <Callout intent="danger" compact>{filter.dateFrom === "" || filter.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}</Callout>}
      <Tabs id="booking-report-tabs" selectedTabId={tab} onChange={(id) => setTab(id as "bookings" | "csr")}>
        <Tab id="bookings" title="Bookings" data-testid="booking-report-tab-bookings" />
        {mayCsr && <Tab id="csr" title="By CSR" data-testid="booking-report-tab-csr" />}
      </Tabs>
      {query && tab === "bookings" && (
        bookings.loading && !bookings.report ? <Spinner size={30} /> : !bookings.report ? null : bookings.report.data.length === 0 ? empty(bookings.report.message) : (
          <div style={{ display: "flex", flexDirection: "column", gap: 10, marginTop: 10, opacity: bookings.loading ? 0.6 : 1 }} data-testid="booking-report">
            <span style={{ color: "var(--lading-muted)" }} data-testid="booking-report-summary">
              {bookings.report.totals.bookings} booking(s), {bookings.report.totals.live} live: {bookings.report.totals.teu} TEU, quantity{" "}
              {bookings.report.totals.quantity}, charges {formatAmount(bookings.report.totals.amount)}. Expired and cloned bookings add nothing to the totals.
            </span>
            <BarChart categories={statusCategories} series={[{ key: "count", label: "Bookings", color: Colors.BLUE3 }]} mode="grouped"
              title="Bookings per status" testId="booking-report-chart" />
            <ReportTable columns={BOOKING_COLUMNS} rows={bookings.report.data} testId="booking-report-table" />
          </div>
        )
      )}
      {query && tab === "csr" && mayCsr && (
        perCsr.loading && !perCsr.report ? <Spinner size={30} /> : !perCsr.report ? null : perCsr.report.data.length === 0 ? empty(perCsr.report.message) : (
          <div style={{ display: "flex", flexDirection: "column", gap: 10, marginTop: 10, opacity: perCsr.loading ? 0.6 : 1 }} data-testid="booking-report-csr">
            <BarChart categories={csrCategories} series={STATUS_SERIES} mode="stacked" title="Bookings per CSR by status" testId="booking-report-csr-chart" />
            <ReportTable columns={CSR_COLUMNS} rows={perCsr.report.data} totals={{ ...perCsr.report.totals, csr: "", csrName: "" }} testId="booking-report-csr-table" />
          </div>
        )
      )}
    </div>
  );
}
