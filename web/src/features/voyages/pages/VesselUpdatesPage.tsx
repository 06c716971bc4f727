import "../voyages.css";
import { Button, NonIdealState } from "@blueprintjs/core";
import { Add, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useLocation } from "wouter";
import { useState } from "react";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, DeleteButton, textCells } from "../../../components/list-cells.tsx";
import { type FilterOption, ListToolbar } from "../../../components/ListToolbar.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { withoutLeaveGuard } from "../../../lib/leave-guard.ts";
import type { HeaderListRow } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { deleteHeaders, loadHeaders } from "../api/voyages.ts";
import { NewVesselUpdateDialog } from "../components/NewVesselUpdateDialog.tsx";

/**
 * Vessel updates: one per vessel and voyage, newest first, each with its latest activity; the list's filter
 * picks a vessel. A new one is opened from a dialog and the screen moves on to it.
 */
export default function VesselUpdatesPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const vessels = usePicker("vessels");
  const list = usePagedList<HeaderListRow, string>({
    load: (q: PageQuery<string>) => loadHeaders({ skip: q.skip, take: q.take, search: q.search, vesselCode: q.filter === "All" ? undefined : q.filter }),
    initialFilter: "All",
    emptyNotice: "always",
  });
  const { rows, search, busyId, reloadFromStart } = list;
  const [creating, setCreating] = useState(false);
  const text = textCells(rows, { tooltip: true });
  const options: FilterOption<string>[] = [{ value: "All", label: "All vessels" }, ...vessels.map((v) => ({ value: v.code, label: `${v.code} · ${v.name}` }))];

  const vuidCell = (row: number) => {
    const item = rows[row];
    return (
      <Cell interactive>
        {item && <AppLink to={pathTo(PAGES.vesselUpdateRead, { vuid: item.vuid })} data-testid={`vu-row-${item.vuid}`}>{item.vuid}</AppLink>}
      </Cell>
    );
  };

  const remove = async (row: HeaderListRow) => {
    const confirmed = await confirmPrompt({
      title: "Delete vessel update",
      description: `Delete vessel update ${row.vuid} and its ${row.detailCount} activit${row.detailCount === 1 ? "y" : "ies"}? This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (confirmed) await list.runRowAction(row.id, () => deleteHeaders([row.id]), reloadFromStart);
  };
  const actions = actionsCell(rows, busyId, (item, busy) => (
    <DeleteButton disabled={busy} onClick={() => void remove(item)} data-testid={`vu-delete-${item.vuid}`} />
  ));

  return (
    <div className="lading-page" data-testid="vessel-updates">
      <PageHeader
        title="Vessel updates"
        crumbs={[{ text: "Voyage", href: PAGES.voyage }]}
        actions={<Button intent="primary" icon={<Add />} text="New vessel update" onClick={() => setCreating(true)} data-testid="vu-new" />}
      />
      <ListToolbar
        list={list}
        placeholder="Search VUID, vessel, voyage or remarks"
        searchLabel="Search vessel updates"
        searchTestId="vu-search"
        filterLabel="Vessel filter"
        filterTestId="vu-filter"
        options={options}
      />
      <PagedTable
        list={list}
        testId="vu-table"
        rangeTestId="vu-range"
        empty={
          <NonIdealState icon={<Search size={32} />} title="No vessel updates"
            description={search ? `Nothing matches “${search}”.` : "No vessel update has been opened yet."} />
        }
      >
        <Column name="VUID" cellRenderer={vuidCell} />
        <Column name="Vessel" cellRenderer={text((h) => `${h.vesselCode} · ${h.vesselName}`)} />
        <Column name="Voyage" cellRenderer={text((h) => `${h.voyageNum} · ${h.voyageRef}`)} />
        <Column name="Latest activity" cellRenderer={text((h) =>
          h.lastActivity ? `${h.lastActivity.vesselStatus} - ${h.lastActivity.activity}, ${formatDateTime(h.lastActivity.activityAt)}` : "—"
        , (h) => `vu-last-${h.vuid}`)} />
        <Column name="Activities" cellRenderer={text((h) => String(h.detailCount), (h) => `vu-count-${h.vuid}`)} />
        <Column name="Opened" cellRenderer={text((h) => formatDateTime(h.dateCreated))} />
        <Column name="By" cellRenderer={text((h) => h.userCreated ?? "")} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewVesselUpdateDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(header) => {
          setCreating(false);
          withoutLeaveGuard(() => navigate(pathTo(PAGES.vesselUpdateRead, { vuid: header.vuid })));
        }}
      />
    </div>
  );
}
