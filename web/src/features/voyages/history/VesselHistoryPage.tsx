import { Callout, HTMLSelect, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Search } from "@blueprintjs/icons";
import { useMemo, useState } from "react";
import { formatDateTime } from "../../../lib/format.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { loadPicker } from "../../../lib/data/pickers.ts";
import { DateField } from "../../../components/DateField.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { useReport } from "../../../lib/data/report.ts";
import { manilaMonth, monthBounds } from "../../../../../api/shared/dates.ts";
import { loadVesselHistory, type VesselHistoryQuery, type VesselHistoryVoyage } from "./api.ts";
import { latenessText } from "./lateness.ts";
import { PAGES } from "../../../lib/paths.ts";

/**
 * The vessel history report (/voyage/vessel_history): a vessel's voyages departing in a period, each as its
 * departure from the origin followed by its calls, with the planned time, the time the vessel updates recorded,
 * and how late or early that was.
 */

/** One line of the table: a voyage's departure, or one of its calls. */
interface Leg {
  voyage: VesselHistoryVoyage;
  /** The first line of a voyage carries its number, reference and route; its calls leave them blank. */
  first: boolean;
  event: "Departure" | "Arrival";
  port: string;
  planned: string;
  actual: string | null;
  minutesLate: number | null;
  /** Alternating shade per voyage, so the lines of one voyage read as a group. */
  band: number;
}

function legsOf(data: readonly VesselHistoryVoyage[]): Leg[] {
  return data.flatMap((voyage, band) => [
    {
      voyage, first: true, event: "Departure" as const, port: voyage.originBranchCode, planned: voyage.estimatedTimeDeparture,
      actual: voyage.actualTimeDeparture, minutesLate: voyage.minutesLateDeparture, band,
    },
    ...voyage.calls.map((call) => ({
      voyage, first: false, event: "Arrival" as const, port: call.branchName ? `${call.branchCode} · ${call.branchName}` : call.branchCode,
      planned: call.estimatedTimeArrival, actual: call.actualTimeArrival, minutesLate: call.minutesLate, band,
    })),
  ]);
}

function Lateness({ minutes }: { minutes: number | null }) {
  if (minutes === null) return <span style={{ color: "var(--lading-muted)" }}>not recorded</span>;
  const intent = minutes > 0 ? "danger" : "success";
  return <Tag minimal intent={intent}>{latenessText(minutes)}</Tag>;
}

const COLUMNS: ReportColumn<Leg>[] = [
  { name: "Voyage", width: 180, value: (l) => (l.first ? l.voyage.voyageNum : "") },
  { name: "Ref", width: { share: 0.4 }, value: (l) => (l.first ? l.voyage.voyageRef : "") },
  { name: "Route", width: 84, value: (l) => (l.first ? l.voyage.routeCode : "") },
  { name: "Event", width: 84, value: (l) => l.event },
  { name: "Port", width: { share: 0.6 }, value: (l) => l.port },
  { name: "Planned (ETD / ETA)", width: 170, value: (l) => formatDateTime(l.planned) },
  { name: "Actual (ATD / ATA)", width: 170, value: (l) => formatDateTime(l.actual) },
  { name: "Late / early", width: 120, value: (l) => <Lateness minutes={l.minutesLate} /> },
];

/** The default period: last month through next month, the voyages a planner is most likely asking about. */
function defaultPeriod() {
  const { year, month } = manilaMonth();
  const before = month === 1 ? { year: year - 1, month: 12 } : { year, month: month - 1 };
  const after = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 };
  return { dateFrom: monthBounds(before.year, before.month).first, dateTo: monthBounds(after.year, after.month).last };
}

export default function VesselHistoryPage() {
  const [vesselCode, setVesselCode] = useState("");
  const [period, setPeriod] = useState(defaultPeriod);
  const vesselList = useRecord("vessels", () => loadPicker("vessels"), {
    onAnswer: (list) => setVesselCode((current) => current || list[0]?.code || ""),
  });
  // A failed read leaves no vessel to choose, with the notice.
  const vessels = vesselList.error !== null ? [] : vesselList.data;

  const periodValid = period.dateFrom !== "" && period.dateTo !== "" && period.dateTo >= period.dateFrom;
  const query = useMemo<VesselHistoryQuery | null>(
    () => (vesselCode && periodValid ? { vesselCode, dateFrom: period.dateFrom, dateTo: period.dateTo } : null),
    [vesselCode, periodValid, period],
  );

  const { report, loading } = useReport(loadVesselHistory, query);
  const legs = useMemo(() => legsOf(report?.data ?? []), [report]);

  return (
    <div className="lading-page" data-testid="vessel-history-page">
      <PageHeader title="Vessel history" crumbs={[{ text: "Voyage", href: PAGES.voyage }]} />
      <div className="lading-toolbar" style={{ marginBottom: 10 }}>
        <HTMLSelect aria-label="Vessel" value={vesselCode} onChange={(e) => setVesselCode(e.currentTarget.value)} data-testid="vessel-history-vessel">
          {vessels === null && <option value="">Loading vessels…</option>}
          {vessels?.length === 0 && <option value="">No active vessel</option>}
          {vessels?.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
        </HTMLSelect>
        <DateField label="From" value={period.dateFrom} onChange={(dateFrom) => setPeriod((p) => ({ ...p, dateFrom }))} testId="vessel-history-from" />
        <DateField label="To" value={period.dateTo} invalid={!periodValid} onChange={(dateTo) => setPeriod((p) => ({ ...p, dateTo }))} testId="vessel-history-to" />
      </div>
      {!periodValid && (
        <Callout intent="danger" compact data-testid="vessel-history-period-error">
          {period.dateFrom === "" || period.dateTo === "" ? "Choose both dates of the period." : "The to date cannot be before the from date."}
        </Callout>
      )}
      {query && loading && !report && <Spinner size={30} />}
      {query && report && report.data.length === 0 && (
        <NonIdealState icon={<Search size={32} />} title={report.message ?? "No data found"} description="No voyage of this vessel departs in the period." />
      )}
      {query && report && report.data.length > 0 && (
        <div style={{ display: "flex", flexDirection: "column", gap: 10, opacity: loading ? 0.6 : 1 }}>
          <span style={{ color: "var(--lading-muted)" }} data-testid="vessel-history-summary">
            {report.data.length} voyage(s) of {report.vesselCode} {report.vesselName}, latest departure first. Times are Manila's; actual times come
            from the vessel updates.
          </span>
          <ReportTable
            columns={COLUMNS}
            rows={legs}
            rowLabel={(leg) => (leg.first ? String(leg.band + 1) : "")}
            rowStyle={(leg) => (leg.band % 2 === 1 ? { background: "var(--lading-stripe, rgba(143, 153, 168, 0.12))" } : undefined)}
            testId="vessel-history-table"
          />
        </div>
      )}
    </div>
  );
}
