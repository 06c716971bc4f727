import { Button, Callout, Colors, HTMLSelect, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Plus, Search } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { type BarCategory, BarChart, type BarSeries } from "../../../components/BarChart.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { signedInUserAtom } from "../../../lib/session.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { loadPicker } from "../../../lib/data/pickers.ts";
import { LIQUIDS, type SoundingReport, type SoundingReportLine, soundingReport, soundingWorkbook } from "./api.ts";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { type ReportState, useReport } from "../../../lib/data/report.ts";
import { manilaDate, manilaMonth, MONTH_NAMES } from "../../../../../api/shared/dates.ts";
import { RecordSoundingDialog } from "./RecordSoundingDialog.tsx";

/**
 * The sounding report of a vessel for a month (/voyage/soundings/{year}/{month}/{vessel}): what each voyage
 * departing in the month had on board leaving the origin and at its final arrival, and what it used. The
 * address holds the choice, so a report can be bookmarked or sent. Recording a sounding is open to everybody
 * with the voyage menu; reading the report needs the Sounding Report capability, as the server enforces.
 */

const USED_SERIES: BarSeries[] = [
  { key: "fuelOil", label: "Fuel oil used (L)", color: Colors.ORANGE3 },
  { key: "dieselOil", label: "Diesel oil used (L)", color: Colors.BLUE3 },
];

const litres = new Intl.NumberFormat("en-PH", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Litres as the server writes them (decimal text) shown with separators; blank when there is no figure. */
const showLitres = (text: string | null | undefined) => (text === null || text === undefined || text === "" ? "" : litres.format(Number(text)));

/** The year, month and vessel of the address; null parts when they cannot be read. */
function readParams(params: PageProps["params"]) {
  const year = Number(params.year);
  const month = Number(params.month);
  return {
    given: params.year !== undefined,
    year: Number.isInteger(year) && year >= 2000 && year <= 2200 ? year : null,
    month: Number.isInteger(month) && month >= 1 && month <= 12 ? month : null,
    vesselCode: params.vesselCode ?? "",
  };
}

type SoundingState = ReportState<SoundingReport>;

export default function SoundingsPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const user = useAtomValue(signedInUserAtom);
  const mayReport = (user?.capabilities ?? []).includes("SOUNDING_REPORT");
  const { given, year, month, vesselCode } = readParams(params);
  const vesselList = useRecord("vessels", () => loadPicker("vessels"));
  // A failed read leaves no vessel to choose, with the notice.
  const vessels = vesselList.error !== null ? [] : vesselList.data;
  const [recording, setRecording] = useState(false);
  // Bumped after a sounding is saved, so the report reads the figures again.
  const [revision, setRevision] = useState(0);

  // The bare address opens this month's report of the first active vessel.
  useEffect(() => {
    if (given || !vessels || vessels.length === 0) return;
    const now = manilaMonth();
    navigate(pathTo(PAGES.soundingsOf, { year: now.year, month: now.month, vesselCode: vessels[0]!.code }), { replace: true });
  }, [given, vessels, navigate]);

  const query = useMemo(
    () => (year !== null && month !== null && vesselCode !== "" ? { year, month, vesselCode } : null),
    [year, month, vesselCode],
  );

  const state = useReport(soundingReport, mayReport ? query : null, { revision });

  const go = (patch: Partial<{ year: number; month: number; vesselCode: string }>) => {
    const now = manilaMonth();
    navigate(pathTo(PAGES.soundingsOf, { year: patch.year ?? year ?? now.year, month: patch.month ?? month ?? now.month, vesselCode: patch.vesselCode ?? vesselCode }));
  };

  const vesselName = state.report?.vesselName ?? vessels?.find((v) => v.code.toLowerCase() === vesselCode.toLowerCase())?.name ?? "";
  const title = vesselCode ? `Soundings · ${vesselCode}${vesselName ? ` ${vesselName}` : ""}` : "Soundings";
  const onSaved = useCallback(() => setRevision((r) => r + 1), []);

  if (!given) {
    return (
      <div className="lading-page" data-testid="soundings-page">
        <PageHeader title="Soundings" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
        {vessels === null ? <Spinner size={30} /> : (
          <NonIdealState title="No active vessel" description="Soundings are recorded against a vessel's voyages; add or activate a vessel first." />
        )}
      </div>
    );
  }

  const thisYear = manilaMonth().year;
  const years = [...new Set([thisYear - 3, thisYear - 2, thisYear - 1, thisYear, thisYear + 1, ...(year === null ? [] : [year])])].sort((p, q) => p - q);
  const vesselChoices = vessels ?? [];
  // A vessel named in the address stays offered even if it has since been deactivated.
  const vesselOffered = vesselChoices.some((v) => v.code.toLowerCase() === vesselCode.toLowerCase());

  return (
    <div className="lading-page" data-testid="soundings-page">
      <PageHeader
        title={title}
        crumbs={[{ text: "Voyage", href: PAGES.voyage }]}
        actions={
          <Button icon={<Plus />} intent="primary" text="Record sounding" disabled={!vesselCode} onClick={() => setRecording(true)} data-testid="soundings-record" />
        }
      />
      <div className="lading-toolbar" style={{ marginBottom: 10 }}>
        <HTMLSelect aria-label="Year" value={year ?? ""} onChange={(e) => go({ year: Number(e.currentTarget.value) })} data-testid="soundings-year">
          {year === null && <option value="">Year</option>}
          {years.map((y) => <option key={y} value={y}>{y}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Month" value={month ?? ""} onChange={(e) => go({ month: Number(e.currentTarget.value) })} data-testid="soundings-month">
          {month === null && <option value="">Month</option>}
          {MONTH_NAMES.map((name, i) => <option key={name} value={i + 1}>{name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Vessel" value={vesselCode} onChange={(e) => go({ vesselCode: e.currentTarget.value })} data-testid="soundings-vessel">
          {!vesselOffered && <option value={vesselCode}>{vesselCode}</option>}
          {vesselChoices.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
        <span style={{ flex: 1 }} />
        {mayReport && <DownloadButton build={() => soundingWorkbook(query!)} disabled={!query || !state.report || state.report.data.length === 0} testId="soundings-download" />}
      </div>
      {(year === null || month === null) && (
        <Callout intent="danger" compact data-testid="soundings-bad-address">
          The address names no valid {year === null ? "year (2000 to 2200)" : "month (1 to 12)"}; choose one above.
        </Callout>
      )}
      {!mayReport && (
        <Callout intent="primary" title="The sounding report is not part of your role" data-testid="soundings-no-report">
          Reading and downloading the monthly sounding report needs the Sounding Report capability; ask your administrator to add
          it to your role. You can still record soundings with the button above.
        </Callout>
      )}
      {mayReport && query && <ReportBody state={state} />}
      <RecordSoundingDialog
        isOpen={recording}
        vesselCode={vesselCode}
        vesselName={vesselName}
        preferMonth={year !== null && month !== null ? `${year}-${String(month).padStart(2, "0")}` : ""}
        onClose={() => setRecording(false)}
        onSaved={onSaved}
      />
    </div>
  );
}

/** A report line, or the totals line (no voyage, only the used figures). */
type Line = SoundingReportLine | { total: SoundingReport["totals"] };
const voyageOf = (line: Line) => ("total" in line ? null : line);
const usedOf = (line: Line) => ("total" in line ? line.total : line.consumed);

function missingText(line: SoundingReportLine): string {
  if (!line.departure && !line.arrival) return "No departure or arrival sounding yet";
  return line.departure ? "No arrival sounding yet" : "No departure sounding at the origin yet";
}

const COLUMNS: ReportColumn<Line>[] = [
  { name: "Voyage", width: 180, value: (l) => voyageOf(l)?.voyageNum ?? "All complete voyages" },
  { name: "Ref", width: { share: 1 }, value: (l) => voyageOf(l)?.voyageRef ?? "" },
  { name: "ETD", width: 92, value: (l) => (voyageOf(l) ? manilaDate(voyageOf(l)!.estimatedTimeDeparture) : "") },
  { name: "Dep. port", width: 76, value: (l) => voyageOf(l)?.departure?.branchCode ?? "" },
  { name: "Fuel at dep.", width: 100, numeric: true, value: (l) => showLitres(voyageOf(l)?.departure?.fuelOil) },
  { name: "Arr. port", width: 76, value: (l) => voyageOf(l)?.arrival?.branchCode ?? "" },
  { name: "Fuel at arr.", width: 100, numeric: true, value: (l) => showLitres(voyageOf(l)?.arrival?.fuelOil) },
  ...LIQUIDS.map((liquid): ReportColumn<Line> => ({
    name: `${liquid.short} used`,
    width: 100,
    numeric: true,
    value: (l) => showLitres(usedOf(l)?.[liquid.key]),
  })),
  {
    name: "Status",
    width: 96,
    value: (l) => {
      const line = voyageOf(l);
      if (!line) return "";
      return line.consumed
        ? <Tag minimal intent="success">Complete</Tag>
        : <Tag minimal intent="warning" title={missingText(line)} data-testid="soundings-incomplete">Incomplete</Tag>;
    },
  },
];

function ReportBody({ state }: { state: SoundingState }) {
  const { report, loading } = state;
  if (loading && !report) return <Spinner size={30} />;
  if (!report) return null;
  if (report.data.length === 0) {
    return (
      <NonIdealState
        icon={<Search size={32} />}
        title={report.message ?? "No data found"}
        description={`No voyage of ${report.vesselCode} departs in ${MONTH_NAMES[report.month - 1]} ${report.year}.`}
        data-testid="soundings-empty"
      />
    );
  }
  const complete = report.data.filter((line) => line.consumed !== null);
  const categories: BarCategory[] = complete.map((line) => ({
    id: line.voyageNum,
    label: line.voyageRef ? `${line.voyageNum} · ${line.voyageRef}` : line.voyageNum,
    values: { fuelOil: Number(line.consumed!.fuelOil), dieselOil: Number(line.consumed!.dieselOil) },
  }));
  const lines: Line[] = report.data;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }} data-testid="soundings-report">
      <span style={{ color: "var(--lading-muted)" }} data-testid="soundings-summary">
        {report.voyages} voyage(s) of {report.vesselCode} departing in {MONTH_NAMES[report.month - 1]} {report.year}
        {report.incomplete > 0 ? `, ${report.incomplete} still missing a sounding (left out of the totals and the chart)` : ""}. Litres used are
        the departure sounding at the origin less the last arrival sounding.
      </span>
      {categories.length > 0
        ? <BarChart categories={categories} series={USED_SERIES} mode="grouped" title="Litres of fuel and diesel oil used per voyage" testId="soundings-chart" />
        : <Callout compact intent="warning">No voyage of the month has both its departure and arrival soundings yet, so there is nothing to chart.</Callout>}
      <ReportTable columns={COLUMNS} rows={lines} totals={{ total: report.totals }} testId="soundings-table" />
    </div>
  );
}
