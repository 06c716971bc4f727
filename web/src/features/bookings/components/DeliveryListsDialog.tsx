import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, Spinner, Tab, Tabs } from "@blueprintjs/core";
import { Refresh } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { addCalendarDays, manilaToday } from "../../../../../api/shared/dates.ts";
import { DateField } from "../../../components/DateField.tsx";
import { type ReportColumn, ReportTable } from "../../../components/ReportTable.tsx";
import { useReport } from "../../../lib/data/report.ts";
import { DownloadButton } from "../../../components/DownloadButton.tsx";
import { usePicker } from "../../../lib/data/pickers.ts";
import { deliveryModeLabel } from "../../../lib/labels.ts";
import type { BookingStatus, DeliveryListLine, DeliveryListQuery, VoyageRow } from "../api/contracts.ts";
import {
  inboundDeliveryListWorkbook,
  loadInboundDeliveryList,
  loadPickUpList,
  pickUpListWorkbook,
} from "../api/staff.ts";
import { StatusTag } from "./StatusTag.tsx";

/**
 * The two lists the trucking side works from: door pick-ups leaving a branch, and confirmed door deliveries
 * coming into one. Both start from the voyage on screen, but any active branch may be chosen, since the trucks
 * of a port serve every voyage calling there.
 */

type ListKind = "pickup" | "delivery";

interface ListFilter {
  branchCode: string;
  dateFrom: string;
  dateTo: string;
}

/** What was last asked for; `n` counts the presses of Load so the same filter can be read again. */
interface Loaded {
  query: DeliveryListQuery | null;
  n: number;
}

const LISTS = {
  pickup: {
    title: "Pick-up list",
    note: "Door pick-ups booked at the branch, by pick-up date.",
    load: loadPickUpList,
    workbook: pickUpListWorkbook,
  },
  delivery: {
    title: "Inbound delivery list",
    note: "Confirmed door deliveries bound for the branch, by booking date.",
    load: loadInboundDeliveryList,
    workbook: inboundDeliveryListWorkbook,
  },
} as const;


/** Pick-ups look ahead to the trucks still to send; deliveries look back over what has been booked to arrive. */
function defaultFilters(voyage: VoyageRow): Record<ListKind, ListFilter> {
  const today = manilaToday();
  return {
    pickup: { branchCode: voyage.originBranchCode, dateFrom: today, dateTo: addCalendarDays(today, 7) },
    delivery: { branchCode: voyage.destinations[0]?.destinationBranchCode ?? voyage.originBranchCode, dateFrom: addCalendarDays(today, -30), dateTo: today },
  };
}

const NOTHING_LOADED: Record<ListKind, Loaded> = { pickup: { query: null, n: 0 }, delivery: { query: null, n: 0 } };

function filterProblem(filter: ListFilter): string | null {
  if (filter.branchCode === "") return "Choose a branch.";
  if (filter.dateFrom === "" || filter.dateTo === "") return "Choose both dates.";
  if (filter.dateTo < filter.dateFrom) return "The to date cannot be before the from date.";
  return null;
}

const COLUMNS: ReportColumn<DeliveryListLine>[] = [
  { name: "Booking Ref", width: 154, value: (l) => <span data-testid={`delivery-line-${l.bookingRef}`}>{l.bookingRef}</span> },
  { name: "Booking Date", width: 106, value: (l) => l.bookingDate },
  { name: "Pick-up Date", width: 106, value: (l) => l.pickUpDate ?? "" },
  { name: "Time", width: 56, value: (l) => l.pickUpTime },
  { name: "Customer", width: { share: 0.3 }, value: (l) => <span title={l.customer}>{l.customer}</span> },
  { name: "Destination", width: 96, value: (l) => l.destination },
  { name: "Address", width: { share: 0.4 }, value: (l) => <span title={l.address}>{l.address}</span> },
  { name: "Mode", width: 104, value: (l) => deliveryModeLabel(l.modeOfDelivery) },
  { name: "Trucker", width: { share: 0.15 }, value: (l) => l.truckerName },
  { name: "Plate", width: 80, value: (l) => l.plateNum },
  { name: "Status", width: 104, value: (l) => <StatusTag status={l.status as BookingStatus} /> },
  { name: "Remarks", width: { share: 0.15 }, value: (l) => <span title={l.remarks}>{l.remarks}</span> },
];

export function DeliveryListsDialog({ isOpen, voyage, onClose }: { isOpen: boolean; voyage: VoyageRow; onClose: () => void }) {
  const [tab, setTab] = useState<ListKind>("pickup");
  const [filters, setFilters] = useState(() => defaultFilters(voyage));
  const [loaded, setLoaded] = useState(NOTHING_LOADED);
  const branches = usePicker("branches", { enabled: isOpen });

  // Each opening starts from the voyage's own branches and today's dates, not from an earlier search.
  useEffect(() => {
    if (!isOpen) return;
    setFilters(defaultFilters(voyage));
    setLoaded(NOTHING_LOADED);
    setTab("pickup");
    // Keyed on the number: reading the same voyage again gives a new object, which must not wipe loaded lists.
  }, [isOpen, voyage.voyageNum]);

  const pickUps = useReport(LISTS.pickup.load, loaded.pickup.query, { warnWhenEmpty: true, revision: loaded.pickup.n });
  const deliveries = useReport(LISTS.delivery.load, loaded.delivery.query, { warnWhenEmpty: true, revision: loaded.delivery.n });
  const { report, loading } = tab === "pickup" ? pickUps : deliveries;
  const list = LISTS[tab];
  const filter = filters[tab];
  const shownQuery = loaded[tab].query;
  const problem = filterProblem(filter);

  const change = (patch: Partial<ListFilter>) => setFilters((f) => ({ ...f, [tab]: { ...f[tab], ...patch } }));
  const load = () => {
    if (problem) return;
    setLoaded((l) => ({ ...l, [tab]: { query: { ...filter }, n: l[tab].n + 1 } }));
  };

  const voyageBranches = [
    { code: voyage.originBranchCode, name: voyage.originBranchName, role: "origin" },
    ...voyage.destinations.map((d) => ({ code: d.destinationBranchCode, name: d.destinationBranchName, role: "destination" })),
  ];
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  const otherBranches = branches.filter((b) => !voyageBranches.some((v) => same(v.code, b.code)));
  const offered = [...voyageBranches, ...otherBranches].some((b) => same(b.code, filter.branchCode));

  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={`Pick-up & delivery lists · voyage ${voyage.voyageNum}`}
      className="lading-delivery-lists-dialog">
      <DialogBody>
        <div className="lading-delivery-lists" data-testid="delivery-lists">
          <Tabs id="delivery-lists-tabs" selectedTabId={tab} onChange={(id) => setTab(id as ListKind)}>
            <Tab id="pickup" title={LISTS.pickup.title} data-testid="delivery-lists-tab-pickup" />
            <Tab id="delivery" title={LISTS.delivery.title} data-testid="delivery-lists-tab-delivery" />
          </Tabs>
          <p className="lading-booking-muted">{list.note}</p>
          <div className="lading-toolbar">
            <label className="lading-delivery-lists-branch">
              Branch
              <HTMLSelect aria-label="Branch" value={filter.branchCode} onChange={(e) => change({ branchCode: e.currentTarget.value })}
                data-testid="delivery-lists-branch">
                {!offered && <option value={filter.branchCode}>{filter.branchCode || "Choose a branch"}</option>}
                <optgroup label="This voyage">
                  {voyageBranches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name} ({b.role})</option>)}
                </optgroup>
                {otherBranches.length > 0 && (
                  <optgroup label="Other active branches">
                    {otherBranches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
                  </optgroup>
                )}
              </HTMLSelect>
            </label>
            <DateField label="From" value={filter.dateFrom} onChange={(dateFrom) => change({ dateFrom })} testId="delivery-lists-from" />
            <DateField label="To" value={filter.dateTo} invalid={problem !== null && filter.dateFrom !== ""} onChange={(dateTo) => change({ dateTo })}
              testId="delivery-lists-to" />
            <Button icon={<Refresh />} intent="primary" text="Load" loading={loading} disabled={problem !== null} onClick={load}
              data-testid="delivery-lists-load" />
            <span style={{ flex: 1 }} />
            {/* The workbook is built from the query behind the table, so the file matches the lines on screen. */}
            <DownloadButton build={() => list.workbook(shownQuery!)} disabled={loading || !shownQuery || !report || report.data.length === 0}
              title="The list shown, as a workbook" testId="delivery-lists-download" />
          </div>
          {problem && <Callout intent="danger" compact data-testid="delivery-lists-problem">{problem}</Callout>}
          {loading && !report && <Spinner size={30} />}
          {report && shownQuery && (
            <div className="lading-delivery-lists-result" style={{ opacity: loading ? 0.6 : 1 }}>
              {report.data.length === 0
                ? (
                  <Callout intent="warning" compact data-testid="delivery-lists-empty">
                    {report.message ?? "No data found"}: nothing for {shownQuery.branchCode} from {shownQuery.dateFrom} to {shownQuery.dateTo}.
                  </Callout>
                )
                : (
                  <>
                    <span className="lading-booking-muted" data-testid="delivery-lists-summary">
                      {report.data.length} line(s) for {shownQuery.branchCode}, {shownQuery.dateFrom} to {shownQuery.dateTo}
                    </span>
                    <ReportTable columns={COLUMNS} rows={report.data} testId="delivery-lists-table" />
                  </>
                )}
            </div>
          )}
        </div>
      </DialogBody>
      <DialogFooter actions={<Button text="Close" onClick={onClose} />} />
    </Dialog>
  );
}
