import "../stowage.css";
import { InputGroup, NonIdealState } from "@blueprintjs/core";
import { GridView, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { useLocation } from "wouter";
import { DataTable } from "../../../components/DataTable.tsx";
import { RowAction, RowActions, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { loadStowageVoyages, type StowageVoyageRow } from "../api/stowage.ts";

/**
 * /outbound/stowage: the voyages of the user's branches whose vans are being counted onto the vessel, the latest
 * departure first, with how many are counted and how many placed; each opens its stowage plan and its shippers'
 * loading confirmations.
 */
export default function StowageVoyagesPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const [searchText, setSearchText] = useState("");
  const search = useDebounced(searchText.trim());
  const voyages = useRecord(`stowage-voyages:${search}`, () => loadStowageVoyages(search));
  const rows = voyages.data?.data ?? [];
  const text = textCells(rows);
  const open = (row: StowageVoyageRow) => navigate(pathTo(PAGES.stowagePlan, { voyageNum: row.voyageNum }));

  const actions = (row: number) => {
    const item = rows[row];
    if (!item) return <Cell />;
    return (
      <Cell interactive className="lading-actions-cell">
        <RowActions>
          <RowAction icon={<GridView />} label="Open" hint="Open the stowage plan" onClick={() => open(item)} data-testid={`stowage-open-${item.voyageNum}`} />
        </RowActions>
      </Cell>
    );
  };

  return (
    <div className="lading-page" data-testid="stowage-voyages-page">
      <PageHeader title="Stowage plans and loading confirmations" crumbs={[{ text: "Outbound", href: PAGES.outbound }]} />
      <InputGroup leftIcon={<Search />} placeholder="Search voyage, reference or vessel" value={searchText} onValueChange={setSearchText}
        aria-label="Search voyages" data-testid="stowage-voyages-search" style={{ maxWidth: 360, marginBottom: 12 }} />
      {rows.length === 0 && !voyages.loading
        ? (
          <NonIdealState icon={<GridView size={32} />} title="No voyages to stow"
            description={voyages.data?.message ?? "No voyage of your branches has counted vans yet."} />
        )
        : (
          <DataTable numRows={rows.length} loading={voyages.loading} testId="stowage-voyages-table">
            <Column name="Voyage" cellRenderer={text((v) => v.voyageNum, (v) => `stowage-voyage-${v.voyageNum}`)} />
            <Column name="Reference" cellRenderer={text((v) => v.voyageRef)} />
            <Column name="Vessel" cellRenderer={text((v) => v.vesselName)} />
            <Column name="ETD" cellRenderer={text((v) => formatDateTime(v.estimatedTimeDeparture))} />
            <Column name="Final tally" cellRenderer={text((v) => (v.finalTallyAt ? formatDateTime(v.finalTallyAt) : "Not final"))} />
            <Column name="Vans counted" cellRenderer={text((v) => String(v.countedVans), (v) => `stowage-counted-${v.voyageNum}`)} />
            <Column name="Vans placed" cellRenderer={text((v) => (v.planStarted ? String(v.placedVans) : "Plan not started"), (v) => `stowage-placed-${v.voyageNum}`)} />
            <Column name="Actions" cellRenderer={actions} />
          </DataTable>
        )}
    </div>
  );
}
