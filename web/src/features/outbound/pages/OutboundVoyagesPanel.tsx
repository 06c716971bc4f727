import "../loading.css";
import { H5, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Search, Th, TickCircle } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { keepLoadedAssetsOffline } from "../../../lib/offline.ts";
import { PAGES, pathTo } from "../../../lib/paths.ts";
import { LOADING_STATES, type LoadingState, type OutboundVoyageRow, VOYAGE_PAGE_SIZE } from "../api/loading-contracts.ts";
import { loadOutboundVoyages } from "../api/load-lists.ts";
import { LoadingStateTag } from "../components/LoadingTags.tsx";

/**
 * The voyages leaving from the user's branches, on the Outbound landing page (001 §7 voyage listings per
 * branch): where each one's loading stands, and the way to its load list and its tally sheet.
 */
export default function OutboundVoyagesPanel() {
  const [, navigate] = useLocation();
  const list = usePagedList<OutboundVoyageRow, LoadingState | "">({
    load: (q: PageQuery<LoadingState | "">) => loadOutboundVoyages({ skip: q.skip, take: q.take, search: q.search, state: q.filter || undefined }),
    initialFilter: "",
    pageSize: VOYAGE_PAGE_SIZE,
    emptyNotice: "searched",
  });
  const { rows, filter, setFilter, setSearchText, search } = list;
  const text = textCells(rows, { tooltip: true });

  // The tally screen is the one used at the pier, where the connection comes and goes: its code is fetched now
  // and kept by the service worker, so it opens from this list even offline.
  useEffect(() => {
    void import("./TallySheetPage.tsx").then(() => keepLoadedAssetsOffline()).catch(() => {});
  }, []);

  const actions = actionsCell(rows, null, (v) => (
    <>
      <RowAction icon={<Th />} label="Load list" hint="Open the load list" onClick={() => navigate(pathTo(PAGES.loadList, { voyageNum: v.voyageNum }))}
        data-testid={`loading-voyage-load-list-${v.voyageNum}`} />
      <RowAction icon={<TickCircle />} label="Tally sheet" hint="Open the loading tally sheet"
        onClick={() => navigate(pathTo(PAGES.loadingTallySheet, { voyageNum: v.voyageNum }))} data-testid={`loading-voyage-tally-${v.voyageNum}`} />
    </>
  ));

  return (
    <section className="lading-loading-section" data-testid="loading-voyages">
      <H5>Voyages loading from your branches</H5>
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search voyage, route or vessel" aria-label="Search voyages"
          value={list.searchText} onValueChange={setSearchText} data-testid="loading-voyage-search" />
        <HTMLSelect aria-label="Loading filter" value={filter} onChange={(e) => setFilter(e.currentTarget.value as LoadingState | "")}
          data-testid="loading-voyage-state">
          <option value="">Every voyage</option>
          {LOADING_STATES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
      </div>
      <PagedTable list={list} testId="loading-voyage-table" rangeTestId="loading-voyage-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No voyages" description={search ? `Nothing matches “${search}”.` : "No voyage leaves from your branches."} />}>
        <Column name="Voyage No." cellRenderer={text((v) => v.voyageNum, (v) => `loading-voyage-${v.voyageNum}`)} />
        <Column name="Voyage" cellRenderer={text((v) => v.voyageRef)} />
        <Column name="Vessel" cellRenderer={text((v) => v.vesselName)} />
        <Column name="Route" cellRenderer={text((v) => [v.originBranchCode, ...v.destinations.map((d) => d.destinationBranchCode)].join(" → "))} />
        <Column name="ETD" cellRenderer={text((v) => formatDateTime(v.estimatedTimeDeparture))} />
        <Column name="Waiting" cellRenderer={text((v) => String(v.waiting), (v) => `loading-voyage-waiting-${v.voyageNum}`)} />
        <Column name="On list" cellRenderer={text((v) => String(v.onList), (v) => `loading-voyage-on-list-${v.voyageNum}`)} />
        <Column name="Counted" cellRenderer={text((v) => String(v.counted), (v) => `loading-voyage-counted-${v.voyageNum}`)} />
        <Column name="Loaded" cellRenderer={text((v) => String(v.loaded), (v) => `loading-voyage-loaded-${v.voyageNum}`)} />
        <Column name="Loading" cellRenderer={(row) => (
          <Cell>{rows[row] && <LoadingStateTag state={rows[row].state} testId={`loading-voyage-state-${rows[row].voyageNum}`} />}</Cell>
        )} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
    </section>
  );
}
