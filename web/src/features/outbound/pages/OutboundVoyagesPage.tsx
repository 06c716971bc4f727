import "../outbound.css";
import "../voyages.css";
import { Button, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Document, Exchange, Refresh, Search, SwapHorizontal } from "@blueprintjs/icons";
import { Column } from "@blueprintjs/table";
import { useCallback, useState } from "react";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { loadOutboundVoyages, OUTBOUND_VOYAGE_PAGE_SIZE, type OutboundVoyageRow } from "../api/voyage-documents.ts";
import { VesselChangeDialog } from "../components/VesselChangeDialog.tsx";
import { VoyageReportsDialog } from "../components/VoyageReportsDialog.tsx";
import { VoyageTransferDialog } from "../components/VoyageTransferDialog.tsx";

/**
 * The voyages of the user's branches as the outbound side works them (001 §7 OutBound: voyage listings per
 * branch): latest departure first, with their waybills and final tally. From a row: the voyage's Reports panel,
 * and reguiding, a vessel change or a transfer of bookings to another voyage.
 */
export default function OutboundVoyagesPage(_props: PageProps) {
  const list = usePagedList<OutboundVoyageRow, "All">({
    load: (q: PageQuery<"All">) => loadOutboundVoyages({ skip: q.skip, take: q.take, search: q.search }),
    initialFilter: "All",
    pageSize: OUTBOUND_VOYAGE_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, search, busyId, reload } = list;
  const [reports, setReports] = useState<string | null>(null);
  const [changing, setChanging] = useState<OutboundVoyageRow | null>(null);
  const [transferring, setTransferring] = useState<OutboundVoyageRow | null>(null);
  const text = textCells(rows, { tooltip: true });

  const afterVesselChange = useCallback(() => {
    setChanging(null);
    reload();
  }, [reload]);
  const afterTransfer = useCallback(() => {
    setTransferring(null);
    reload();
  }, [reload]);

  const actions = actionsCell(rows, busyId, (item) => (
    <>
      <RowAction icon={<Document />} label="Reports" hint="The voyage's build-up report, manifests and loading reports"
        onClick={() => setReports(item.voyageNum)} data-testid={`voyage-reports-open-${item.voyageNum}`} />
      <RowAction icon={<Exchange />} label="Change vessel" hint={item.finalTallyAt ? "Loaded by its final tally: the vessel stays" : "Change the vessel (reguide)"}
        disabled={item.finalTallyAt !== null} onClick={() => setChanging(item)} data-testid={`voyage-change-vessel-${item.voyageNum}`} />
      <RowAction icon={<SwapHorizontal />} label="Transfer bookings" hint="Move bookings and their waybills to another voyage (reguide)"
        onClick={() => setTransferring(item)} data-testid={`voyage-transfer-${item.voyageNum}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="outbound-voyages-page">
      <PageHeader title="Voyages" crumbs={[{ text: "Outbound", href: PAGES.outbound }]} />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search voyage no., ref, vessel, route or remarks"
          aria-label="Search voyages" value={list.searchText} onValueChange={list.setSearchText} data-testid="outbound-voyage-search" />
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable
        list={list}
        testId="outbound-voyage-table"
        rangeTestId="outbound-voyage-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title="No voyages"
            description={search ? `Nothing matches “${search}”.` : "No voyage leaves from or calls at your branches."} />
        }
      >
        <Column name="Voyage No." cellRenderer={text((v) => v.voyageNum, (v) => `outbound-voyage-row-${v.voyageNum}`)} />
        <Column name="Ref" cellRenderer={text((v) => v.voyageRef, (v) => `outbound-voyage-ref-${v.voyageNum}`)} />
        <Column name="Vessel" cellRenderer={text((v) => v.vesselName, (v) => `outbound-voyage-vessel-${v.voyageNum}`)} />
        <Column name="Route" cellRenderer={text((v) => v.routeCode, (v) => `outbound-voyage-route-${v.voyageNum}`)} />
        <Column name="ETD" cellRenderer={text((v) => formatDateTime(v.estimatedTimeDeparture), (v) => `outbound-voyage-etd-${v.voyageNum}`)} />
        <Column name="Calls" cellRenderer={text((v) => v.destinations.map((d) => d.branchCode).join(", "), (v) => `outbound-voyage-calls-${v.voyageNum}`)} />
        <Column name="Waybills" cellRenderer={text((v) => String(v.waybills), (v) => `outbound-voyage-waybills-${v.voyageNum}`)} />
        <Column name="Final tally" cellRenderer={text((v) => (v.finalTallyAt ? formatDateTime(v.finalTallyAt) : ""), (v) => `outbound-voyage-final-${v.voyageNum}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <VoyageReportsDialog voyageNum={reports} onClose={() => setReports(null)} />
      <VesselChangeDialog voyage={changing} onClose={() => setChanging(null)} onDone={afterVesselChange} />
      <VoyageTransferDialog voyage={transferring} onClose={() => setTransferring(null)} onDone={afterTransfer} />
    </div>
  );
}
