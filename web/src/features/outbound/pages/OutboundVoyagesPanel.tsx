import "../loading.css";
import "../voyages.css";
import { Button, H5, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Document, Exchange, GridView, Refresh, Search, SwapHorizontal, Th, TickCircle, Truck } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { keepLoadedAssetsOffline } from "../../../lib/offline.ts";
import { PAGES, pathTo } from "../../../lib/paths.ts";
import { LOADING_STATES, type LoadingState } from "../api/loading-contracts.ts";
import { loadOutboundVoyages, OUTBOUND_VOYAGE_PAGE_SIZE, type OutboundVoyageRow } from "../api/voyage-documents.ts";
import { LoadingStateTag } from "../components/LoadingTags.tsx";
import { VesselChangeDialog } from "../components/VesselChangeDialog.tsx";
import { VoyageReportsDialog } from "../components/VoyageReportsDialog.tsx";
import { VoyageTransferDialog } from "../components/VoyageTransferDialog.tsx";

/** Why an action of the origin's is not offered on a voyage the user only sees as a port of call. */
const originsWork = (v: OutboundVoyageRow) => `Loaded at ${v.originBranchName}: that branch's outbound staff do this`;

/**
 * The one voyage list of the Outbound screens (001 §7 OutBound: voyage listings per branch), on the Outbound
 * landing page: the voyages leaving from or calling at the user's branches, latest departure first, with where
 * each one's loading and stowage stand. From a row: its load list, its tally sheet, its stowage plan and loading
 * confirmations, its reports, the reguiding (a vessel change, a transfer of bookings) and its pick-up lists.
 * The loading, stowage, reguiding and pick-ups are the origin branch's work; a port of call reads the reports.
 */
export default function OutboundVoyagesPanel() {
  const [, navigate] = useLocation();
  const list = usePagedList<OutboundVoyageRow, LoadingState | "">({
    load: (q: PageQuery<LoadingState | "">) => loadOutboundVoyages({ skip: q.skip, take: q.take, search: q.search, state: q.filter || undefined }),
    initialFilter: "",
    pageSize: OUTBOUND_VOYAGE_PAGE_SIZE,
    emptyNotice: "searched",
  });
  const { rows, filter, setFilter, setSearchText, search, busyId, reload } = list;
  const [reports, setReports] = useState<string | null>(null);
  const [changing, setChanging] = useState<OutboundVoyageRow | null>(null);
  const [transferring, setTransferring] = useState<OutboundVoyageRow | null>(null);
  const text = textCells(rows, { tooltip: true });

  // The tally screen is the one used at the pier, where the connection comes and goes: its code is fetched now
  // and kept by the service worker, so it opens from this list even offline.
  useEffect(() => {
    void import("./TallySheetPage.tsx").then(() => keepLoadedAssetsOffline()).catch(() => {});
  }, []);

  const afterVesselChange = useCallback(() => {
    setChanging(null);
    reload();
  }, [reload]);
  const afterTransfer = useCallback(() => {
    setTransferring(null);
    reload();
  }, [reload]);

  const actions = actionsCell(rows, busyId, (v) => {
    const theirs = !v.atOrigin;
    const go = (path: string) => () => navigate(path);
    return (
      <>
        <RowAction icon={<Th />} label="Load list" hint={theirs ? originsWork(v) : "Open the load list"} disabled={theirs}
          onClick={go(pathTo(PAGES.loadList, { voyageNum: v.voyageNum }))} data-testid={`outbound-voyage-load-list-${v.voyageNum}`} />
        <RowAction icon={<TickCircle />} label="Tally sheet" hint={theirs ? originsWork(v) : "Open the loading tally sheet"} disabled={theirs}
          onClick={go(pathTo(PAGES.loadingTallySheet, { voyageNum: v.voyageNum }))} data-testid={`outbound-voyage-tally-${v.voyageNum}`} />
        <RowAction icon={<GridView />} label="Stowage" hint={theirs ? originsWork(v) : "The stowage plan and the loading confirmations"} disabled={theirs}
          onClick={go(pathTo(PAGES.stowagePlan, { voyageNum: v.voyageNum }))} data-testid={`outbound-voyage-stowage-${v.voyageNum}`} />
        <RowAction icon={<Document />} label="Reports" hint="The voyage's build-up report, manifests and loading reports"
          onClick={() => setReports(v.voyageNum)} data-testid={`outbound-voyage-reports-${v.voyageNum}`} />
        <RowAction icon={<Exchange />} label="Change vessel"
          hint={theirs ? originsWork(v) : v.finalTallyAt ? "Loaded by its final tally: the vessel stays" : "Change the vessel (reguide)"}
          disabled={theirs || v.finalTallyAt !== null} onClick={() => setChanging(v)} data-testid={`outbound-voyage-change-vessel-${v.voyageNum}`} />
        <RowAction icon={<SwapHorizontal />} label="Transfer bookings"
          hint={theirs ? originsWork(v) : "Move bookings and their waybills to another voyage (reguide)"} disabled={theirs}
          onClick={() => setTransferring(v)} data-testid={`outbound-voyage-transfer-${v.voyageNum}`} />
        <RowAction icon={<Truck />} label="Dispatch" hint={theirs ? originsWork(v) : "The pick-up lists of its door bookings"} disabled={theirs}
          onClick={go(`${PAGES.outboundDispatch}?voyageNum=${encodeURIComponent(v.voyageNum)}`)} data-testid={`outbound-voyage-dispatch-${v.voyageNum}`} />
      </>
    );
  });

  return (
    <section className="lading-loading-section" data-testid="outbound-voyages">
      <H5>Voyages</H5>
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search voyage no., ref, vessel, route or remarks"
          aria-label="Search voyages" value={list.searchText} onValueChange={setSearchText} data-testid="outbound-voyage-search" />
        <HTMLSelect aria-label="Loading filter" value={filter} onChange={(e) => setFilter(e.currentTarget.value as LoadingState | "")}
          data-testid="outbound-voyage-state-filter">
          <option value="">Every voyage</option>
          {LOADING_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable list={list} testId="outbound-voyage-table" rangeTestId="outbound-voyage-range" frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No voyages"
            description={search ? `Nothing matches “${search}”.` : "No voyage leaves from or calls at your branches."} />
        }>
        <Column name="Voyage No." cellRenderer={text((v) => v.voyageNum, (v) => `outbound-voyage-row-${v.voyageNum}`)} />
        <Column name="Ref" cellRenderer={text((v) => v.voyageRef, (v) => `outbound-voyage-ref-${v.voyageNum}`)} />
        <Column name="Vessel" cellRenderer={text((v) => v.vesselName, (v) => `outbound-voyage-vessel-${v.voyageNum}`)} />
        <Column name="Route" cellRenderer={text((v) => [v.originBranchCode, ...v.destinations.map((d) => d.branchCode)].join(" → "),
          (v) => `outbound-voyage-route-${v.voyageNum}`)} />
        <Column name="ETD" cellRenderer={text((v) => formatDateTime(v.estimatedTimeDeparture))} />
        <Column name="Loading" cellRenderer={(row) => (
          <Cell>{rows[row] && <LoadingStateTag state={rows[row].state} testId={`outbound-voyage-state-${rows[row].voyageNum}`} />}</Cell>
        )} />
        <Column name="Waiting" cellRenderer={text((v) => String(v.waiting), (v) => `outbound-voyage-waiting-${v.voyageNum}`)} />
        <Column name="On list" cellRenderer={text((v) => String(v.onList), (v) => `outbound-voyage-on-list-${v.voyageNum}`)} />
        <Column name="Counted" cellRenderer={text((v) => String(v.counted), (v) => `outbound-voyage-counted-${v.voyageNum}`)} />
        <Column name="Loaded" cellRenderer={text((v) => String(v.loaded), (v) => `outbound-voyage-loaded-${v.voyageNum}`)} />
        <Column name="Stowed" cellRenderer={text((v) => (v.planStarted ? `${v.placed} of ${v.counted}` : "No plan"),
          (v) => `outbound-voyage-placed-${v.voyageNum}`)} />
        <Column name="Final tally" cellRenderer={text((v) => (v.finalTallyAt ? formatDateTime(v.finalTallyAt) : ""), (v) => `outbound-voyage-final-${v.voyageNum}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <VoyageReportsDialog voyageNum={reports} onClose={() => setReports(null)} />
      <VesselChangeDialog voyage={changing} onClose={() => setChanging(null)} onDone={afterVesselChange} />
      <VoyageTransferDialog voyage={transferring} onClose={() => setTransferring(null)} onDone={afterTransfer} />
    </section>
  );
}
