import { Callout, Colors, HTMLSelect, NonIdealState, Spinner, Tab, Tabs, Tag } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { type ReactNode, useMemo, useState } from "react";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { type Picked, usePicker } from "../../../lib/data/pickers.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import {
  aeSummaryWorkbook,
  type AeSummaryQuery,
  type AeSummaryReport,
  type AeSummaryRow,
  agingOfQuotations,
  type AgingQuery,
  type AgingReport,
  type AgingRow,
  type AgingSummaryRow,
  agingWorkbook,
  type CustomerPerAeRow,
  customersPerAeWorkbook,
  type CustomersPerAeQuery,
  searchAe,
  searchCustomersPerAe,
} from "./api.ts";
import { type BarCategory, BarChart, type BarSeries } from "../../../components/BarChart.tsx";
import { DateField } from "../../../components/DateField.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { type ReportState, useReport } from "../../../lib/data/report.ts";
import { PAGES, pathTo } from "../../../lib/paths.ts";

/**
 * The sales-quotation reports (001 §7): per AE, per customer of an AE, and the aging of the approval queues.
 * Each tab draws its chart over its table from one answer of the server, and downloads the same figures as a
 * workbook the server builds.
 */

type TabId = "ae" | "customers" | "aging";

/** The roles that see every AE; an AE alone sees only their own figures (the server enforces the same). */
const OVERSEERS = ["SQ_SM", "SQ_SBM", "SQ_AUD", "SQ_FA"] as const;

/**
 * Colours follow the meaning: grey for a draft, blue to turquoise to green along the approval chain, red for
 * a refusal, and the earthy and violet tones for quotations that left the chain otherwise.
 */
const GROUP_COLORS: Record<string, string> = {
  draft: Colors.GRAY3,
  forApproval: Colors.BLUE3,
  inApproval: Colors.TURQUOISE3,
  faApproved: Colors.GREEN3,
  denied: Colors.RED3,
  cancelled: Colors.SEPIA3,
  expired: Colors.ORANGE3,
  closed: Colors.VIOLET3,
};
/** The older the wait, the warmer the colour. */
const BUCKET_COLORS: Record<string, string> = { d0_2: Colors.GREEN3, d3_5: Colors.GOLD3, d6_10: Colors.ORANGE3, over10: Colors.RED3 };


type BranchOption = Pick<Picked<"branches">, "code" | "name">;

function BranchSelect({ branches, value, onChange, testId }: { branches: BranchOption[]; value: string; onChange: (v: string) => void; testId: string }) {
  return (
    <HTMLSelect aria-label="Branch" value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
      <option value="">All branches</option>
      {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
    </HTMLSelect>
  );
}

/** The chart and table of an answer, or the spinner or empty state in their place. */
function ReportBody({ loading, empty, emptyText, children }: { loading: boolean; empty: boolean; emptyText?: string; children: ReactNode }) {
  if (loading && empty) return <Spinner size={30} />;
  if (empty) return <NonIdealState icon={<Search size={32} />} title={emptyText ?? "No data found"} description="Try another period or branch." />;
  return <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }}>{children}</div>;
}

const countColumn = <T,>(name: string, read: (row: T) => number, width = 84): ReportColumn<T> => ({ name, width, numeric: true, value: read });

// ---------------------------------------------------------------------------------------------------------

interface Period {
  dateFrom: string;
  dateTo: string;
  branchCode: string;
}

export default function SqReportsPage() {
  const user = useAtomValue(signedInUserAtom);
  const capabilities = useMemo(() => new Set<string>(user?.capabilities ?? []), [user]);
  const oversees = OVERSEERS.some((c) => capabilities.has(c));
  const mayAe = oversees || capabilities.has("SQ_AE");
  const mayAging = capabilities.has("SQ_AGING_REPORT");

  const today = manilaToday();
  const [tab, setTab] = useState<TabId>(mayAe ? "ae" : "aging");
  const branches = usePicker("branches", { fresh: true });
  const [period, setPeriod] = useState<Period>({ dateFrom: `${today.slice(0, 8)}01`, dateTo: today, branchCode: "" });
  // An AE's customers report is always their own; the overseers choose an AE, or arrive from a bar or row.
  const [chosenAe, setChosenAe] = useState(oversees ? "" : user?.userId ?? "");

  const periodValid = period.dateFrom !== "" && period.dateTo !== "" && period.dateTo >= period.dateFrom;
  const aeQuery = useMemo<AeSummaryQuery | null>(
    () => (mayAe && periodValid ? { dateFrom: period.dateFrom, dateTo: period.dateTo, branchCode: period.branchCode || undefined } : null),
    [mayAe, periodValid, period],
  );
  const ae = useReport(searchAe, tab === "aging" ? null : aeQuery, { warnWhenEmpty: true });

  const showCustomersOf = (userId: string) => {
    setChosenAe(userId);
    setTab("customers");
  };

  if (!mayAe && !mayAging) {
    return (
      <div className="lading-page" data-testid="sq-reports-page">
        <PageHeader title="Sales quotation reports" crumbs={[{ text: "Sales Quotation", href: PAGES.salesQuotation }]} />
        <NonIdealState title="No reports for your role" description="The sales quotation reports are for account executives, sales managers, auditors, finance approvers and the SQ Aging Report role." />
      </div>
    );
  }

  const periodFilter = (
    <>
      <DateField label="From" value={period.dateFrom} onChange={(dateFrom) => setPeriod((p) => ({ ...p, dateFrom }))} testId="sq-reports-from" />
      <DateField label="To" value={period.dateTo} invalid={!periodValid} onChange={(dateTo) => setPeriod((p) => ({ ...p, dateTo }))} testId="sq-reports-to" />
      <BranchSelect branches={branches} value={period.branchCode} onChange={(branchCode) => setPeriod((p) => ({ ...p, branchCode }))} testId="sq-reports-branch" />
    </>
  );
  const periodProblem = !periodValid && (
    <Callout intent="danger" compact data-testid="sq-reports-period-error">
      {period.dateFrom === "" || period.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}
    </Callout>
  );

  return (
    <div className="lading-page" data-testid="sq-reports-page">
      <PageHeader title="Sales quotation reports" crumbs={[{ text: "Sales Quotation", href: PAGES.salesQuotation }]} />
      <Tabs id="sq-reports-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)}>
        {mayAe && <Tab id="ae" title="AE summary" data-testid="sq-reports-tab-ae" />}
        {mayAe && <Tab id="customers" title="Customers per AE" data-testid="sq-reports-tab-customers" />}
        {mayAging && <Tab id="aging" title="SQ Aging" data-testid="sq-reports-tab-aging" />}
      </Tabs>
      {tab === "ae" && mayAe && (
        <AeSummaryTab filter={periodFilter} problem={periodProblem} query={aeQuery} state={ae} onSelectAe={showCustomersOf} />
      )}
      {tab === "customers" && mayAe && (
        <CustomersTab
          filter={periodFilter}
          problem={periodProblem}
          period={periodValid ? period : null}
          oversees={oversees}
          aeOptions={ae.report?.data ?? []}
          userId={chosenAe}
          onUserId={setChosenAe}
        />
      )}
      {tab === "aging" && mayAging && <AgingTab branches={branches} today={today} />}
    </div>
  );
}

// ---------------------------------------------------------------------------------------------------------

function AeSummaryTab(
  { filter, problem, query, state, onSelectAe }: {
    filter: ReactNode;
    problem: ReactNode;
    query: AeSummaryQuery | null;
    state: ReportState<AeSummaryReport>;
    onSelectAe: (userId: string) => void;
  },
) {
  const { report, loading } = state;
  const groups = report?.groups ?? [];
  const series: BarSeries[] = groups.map((g) => ({ key: g.key, label: g.label, color: GROUP_COLORS[g.key] ?? Colors.GRAY2 }));
  const categories: BarCategory[] = (report?.data ?? []).map((r) => ({
    id: r.userId,
    label: r.name === r.userId ? r.userId : `${r.name} (${r.userId})`,
    values: r as unknown as Record<string, number>,
  }));
  // Name and user id share a column so that all eight status columns fit beside it on an office screen.
  const columns: ReportColumn<AeSummaryRow>[] = [
    {
      name: "Account executive",
      width: { share: 1 },
      // The totals row has no AE to open.
      value: (r) => r.userId === "" ? "All account executives" : (
        <>
          <a href="#" onClick={(e) => { e.preventDefault(); onSelectAe(r.userId); }} title="Show this AE's customers">{r.name}</a>
          <span style={{ color: "var(--lading-muted)" }}> · {r.userId}</span>
        </>
      ),
    },
    // Wide enough for the status name in the header; the longest is cut short, the legend above has it whole.
    ...groups.map((g) => countColumn<AeSummaryRow>(g.label, (r) => r[g.key], Math.min(130, Math.max(74, g.label.length * 8 + 22)))),
    countColumn<AeSummaryRow>("Total", (r) => r.total, 70),
  ];
  const totals = report ? ({ ...report.totals, userId: "", name: "" } as AeSummaryRow) : undefined;

  return (
    <section style={{ display: "flex", flexDirection: "column", gap: 10 }} data-testid="sq-reports-ae">
      <div className="lading-toolbar">
        {filter}
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => aeSummaryWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="sq-reports-ae-download" />
      </div>
      {problem}
      {query && (
        <ReportBody loading={loading} empty={!report || report.data.length === 0} emptyText={report?.message}>
          <BarChart
            categories={categories}
            series={series}
            mode="stacked"
            title="Quotations per account executive by status"
            testId="sq-reports-ae-chart"
            onSelect={(c) => onSelectAe(c.id)}
          />
          <ReportTable columns={columns} rows={report?.data ?? []} totals={totals} testId="sq-reports-ae-table" />
        </ReportBody>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------------

const CUSTOMER_SERIES: BarSeries[] = [
  { key: "quotations", label: "Quotations", color: Colors.BLUE3 },
  { key: "faApproved", label: "FA Approved", color: Colors.GREEN3 },
];

function CustomersTab(
  { filter, problem, period, oversees, aeOptions, userId, onUserId }: {
    filter: ReactNode;
    problem: ReactNode;
    period: Period | null;
    oversees: boolean;
    aeOptions: AeSummaryRow[];
    userId: string;
    onUserId: (userId: string) => void;
  },
) {
  const query = useMemo<CustomersPerAeQuery | null>(
    () => (period && userId ? { dateFrom: period.dateFrom, dateTo: period.dateTo, userId, branchCode: period.branchCode || undefined } : null),
    [period, userId],
  );
  const { report, loading } = useReport(searchCustomersPerAe, query, { warnWhenEmpty: true });
  // The AE picked from elsewhere stays offered even when this period has none of their quotations.
  const options = aeOptions.some((o) => o.userId === userId) || userId === ""
    ? aeOptions
    : [...aeOptions, { userId, name: userId } as AeSummaryRow];

  const categories: BarCategory[] = (report?.data ?? []).map((r) => ({
    id: r.customerCode,
    label: r.customerName || r.customerCode,
    values: { quotations: r.quotations, faApproved: r.faApproved },
  }));
  const columns: ReportColumn<CustomerPerAeRow>[] = [
    { name: "Customer code", width: 120, value: (r) => r.customerCode },
    { name: "Customer name", width: { share: 1 }, value: (r) => r.customerName },
    countColumn<CustomerPerAeRow>("Quotations", (r) => r.quotations, 96),
    countColumn<CustomerPerAeRow>("FA Approved", (r) => r.faApproved, 96),
    { name: "Latest SQ date", width: 116, value: (r) => r.latestSqDate },
    { name: "Share of AE total", width: 130, numeric: true, value: (r) => `${r.share.toFixed(2)}%` },
  ];
  const totals: CustomerPerAeRow | undefined = report && report.data.length > 0
    ? { customerCode: "", customerName: `${report.ae.customers} customer(s)`, quotations: report.ae.total, faApproved: report.ae.faApproved, latestSqDate: "", share: 100 }
    : undefined;

  return (
    <section style={{ display: "flex", flexDirection: "column", gap: 10 }} data-testid="sq-reports-customers">
      <div className="lading-toolbar">
        {filter}
        <HTMLSelect
          aria-label="Account executive"
          value={userId}
          disabled={!oversees}
          onChange={(e) => onUserId(e.currentTarget.value)}
          data-testid="sq-reports-customers-ae"
        >
          {oversees && <option value="">Choose an account executive</option>}
          {(oversees ? options : [{ userId, name: userId } as AeSummaryRow]).map((o) => (
            <option key={o.userId} value={o.userId}>{o.name === o.userId ? o.userId : `${o.name} (${o.userId})`}</option>
          ))}
        </HTMLSelect>
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => customersPerAeWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="sq-reports-customers-download" />
      </div>
      {problem}
      {period && !userId && <NonIdealState title="Choose an account executive" description="Pick one above, or click an AE on the AE summary." />}
      {query && (
        <ReportBody loading={loading} empty={!report || report.data.length === 0} emptyText={report?.message}>
          {report && (
            <div data-testid="sq-reports-customers-headline">
              <strong>{report.ae.name}</strong> ({report.ae.userId}): {report.ae.total} quotation(s), {report.ae.faApproved} FA approved, for{" "}
              {report.ae.customers} customer(s)
            </div>
          )}
          <BarChart categories={categories} series={CUSTOMER_SERIES} mode="grouped" title="Quotations and FA approvals per customer" testId="sq-reports-customers-chart" />
          <ReportTable columns={columns} rows={report?.data ?? []} totals={totals} testId="sq-reports-customers-table" />
        </ReportBody>
      )}
    </section>
  );
}

// ---------------------------------------------------------------------------------------------------------

function AgingTab({ branches, today }: { branches: BranchOption[]; today: string }) {
  const [asOf, setAsOf] = useState(today);
  const [branchCode, setBranchCode] = useState("");
  // Clicking an AE's bar narrows the list of quotations to theirs; clicking it again shows all.
  const [focus, setFocus] = useState<string | null>(null);
  const query = useMemo<AgingQuery | null>(() => (asOf ? { asOf, branchCode: branchCode || undefined } : null), [asOf, branchCode]);
  const { report, loading } = useReport<AgingQuery, AgingReport>(agingOfQuotations, query, { warnWhenEmpty: true });

  const buckets = report?.buckets ?? [];
  const series: BarSeries[] = buckets.map((b) => ({ key: b.key, label: b.label, color: BUCKET_COLORS[b.key] ?? Colors.GRAY2 }));
  const bucketLabel = new Map(buckets.map((b) => [b.key, b.label] as const));
  const categories: BarCategory[] = (report?.summary ?? []).map((r) => ({
    id: r.userId,
    label: r.name === r.userId ? r.userId : `${r.name} (${r.userId})`,
    values: r as unknown as Record<string, number>,
  }));
  const summaryColumns: ReportColumn<AgingSummaryRow>[] = [
    { name: "AE User ID", width: 110, value: (r) => r.userId },
    { name: "Account executive", width: { share: 1 }, value: (r) => r.userId === "" ? "All account executives" : r.name },
    ...buckets.map((b) => countColumn<AgingSummaryRow>(b.label, (r) => r[b.key], 110)),
    countColumn<AgingSummaryRow>("Total", (r) => r.total, 70),
  ];
  const summaryTotals = report ? ({ ...report.totals, userId: "", name: "" } as AgingSummaryRow) : undefined;
  const detail = (report?.data ?? []).filter((r) => focus === null || r.userId === focus);
  const detailColumns: ReportColumn<AgingRow>[] = [
    {
      name: "SQ ref no",
      width: 170,
      value: (r) => <AppLink to={pathTo(PAGES.sqRead, { sqRefNum: r.sqRefNum })}>{r.sqRefNum}</AppLink>,
    },
    { name: "SQ date", width: 96, value: (r) => r.sqDate },
    { name: "Account executive", width: { share: 0.4 }, value: (r) => r.aeName },
    { name: "Branch", width: 70, value: (r) => r.branchCode },
    { name: "Customer", width: { share: 0.6 }, value: (r) => r.customerName || r.customerCode },
    { name: "Waiting at", width: 116, value: (r) => r.status },
    { name: "Since", width: 96, value: (r) => r.since },
    countColumn<AgingRow>("Days", (r) => r.days, 60),
    {
      name: "Aging",
      width: 110,
      value: (r) => (
        <Tag minimal style={{ background: BUCKET_COLORS[r.bucket], color: "#fff" }}>{bucketLabel.get(r.bucket) ?? r.bucket}</Tag>
      ),
    },
  ];

  return (
    <section style={{ display: "flex", flexDirection: "column", gap: 10 }} data-testid="sq-reports-aging">
      <div className="lading-toolbar">
        <DateField label="As of" value={asOf} invalid={!asOf} onChange={setAsOf} testId="sq-reports-asof" />
        <BranchSelect branches={branches} value={branchCode} onChange={setBranchCode} testId="sq-reports-aging-branch" />
        <span style={{ flex: 1 }} />
        <DownloadButton build={() => agingWorkbook(query!)} disabled={!query || !report || report.data.length === 0} testId="sq-reports-aging-download" />
      </div>
      {!asOf && <Callout intent="danger" compact>Choose the as-of date.</Callout>}
      {query && (
        <ReportBody loading={loading} empty={!report || report.data.length === 0} emptyText={report?.message}>
          <span style={{ color: "var(--lading-muted)" }}>
            Quotations waiting for the sales manager, the auditor or finance at the end of {report?.asOf}, by days at that step.
          </span>
          <BarChart
            categories={categories}
            series={series}
            mode="stacked"
            title="Waiting quotations per account executive by days waited"
            testId="sq-reports-aging-chart"
            onSelect={(c) => setFocus((f) => (f === c.id ? null : c.id))}
          />
          <ReportTable columns={summaryColumns} rows={report?.summary ?? []} totals={summaryTotals} testId="sq-reports-aging-summary" />
          {focus !== null && (
            <div>
              <Tag onRemove={() => setFocus(null)} data-testid="sq-reports-aging-focus">Only {focus}</Tag>
            </div>
          )}
          <ReportTable columns={detailColumns} rows={detail} testId="sq-reports-aging-table" redrawOn={[focus]} />
        </ReportBody>
      )}
    </section>
  );
}
