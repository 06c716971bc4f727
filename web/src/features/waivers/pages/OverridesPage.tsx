import "../waivers.css";
import { Button, InputGroup, NonIdealState, Tab, Tabs } from "@blueprintjs/core";
import { Add, DocumentOpen, Refresh, Search, Trash } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { OVERRIDE_PAGE_SIZE, type OverrideList, type OverrideRow } from "../api/contracts.ts";
import { deleteOverride, loadOverrides, overrideListPath } from "../api/overrides.ts";
import { NewOverrideDialog } from "../components/NewOverrideDialog.tsx";
import { StatusTag } from "../components/StatusTag.tsx";

const EMPTY: Record<OverrideList, string> = {
  draft: "You have no override in draft, and none was denied.",
  forApproval: "No override waits for approval.",
  approved: "No override has been approved yet.",
};

const listOf = (search: string): OverrideList => {
  const asked = new URLSearchParams(search).get("list");
  return asked === "forApproval" || asked === "approved" ? asked : "draft";
};

/**
 * Charge overrides (001 §2 /overrideCharge/draft, under the waiver menu): the user's drafts (and denied ones), those
 * waiting for approval (every one of the user's branches to an approver, their own to anyone else) and the approved,
 * 20 a page. A new override names a waybill's line, its new value and the reason; each opens on its own page.
 */
export default function OverridesPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const current = listOf(search);
  const addressed = new URLSearchParams(search).get("search") ?? "";
  const [isApprover, setIsApprover] = useState(false);
  const list = usePagedList<OverrideRow, OverrideList>({
    load: async (q: PageQuery<OverrideList>) => {
      const answer = await loadOverrides({ list: q.filter, skip: q.skip, take: q.take, search: q.search });
      setIsApprover(answer.isApprover);
      return answer;
    },
    initialFilter: current,
    pageSize: OVERRIDE_PAGE_SIZE,
    emptyNotice: "always",
    initialSearch: addressed,
  });
  const { rows, busyId, setFilter, setSearchText, reload, reloadFromStart } = list;
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setFilter(current);
  }
  useEffect(() => {
    if (addressed) setSearchText(addressed);
  }, [addressed, setSearchText]);
  const [creating, setCreating] = useState(false);
  const text = textCells(rows, { tooltip: true });
  const open = (row: OverrideRow) => navigate(pathTo(PAGES.overrideRead, { overrideNum: row.overrideNum }));

  const remove = async (row: OverrideRow) => {
    const confirmed = await confirmPrompt({ title: "Delete override", description: `Delete the draft ${row.overrideNum} of waybill ${row.wayBillRef}?`, actionText: "Delete", intent: "danger" });
    if (confirmed) await list.runRowAction(row.id, () => deleteOverride(row.id), reloadFromStart);
  };

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <StatusTag status={item.status} testId={`override-status-${item.overrideNum}`} />}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="Open" disabled={busy} onClick={() => open(item)} data-testid={`override-open-${item.overrideNum}`} />
      {item.status === "Draft" && item.dateSubmitted === null && (
        <RowAction icon={<Trash />} intent="danger" label="Delete" disabled={busy} onClick={() => void remove(item)} data-testid={`override-delete-${item.overrideNum}`} />
      )}
    </>
  ));

  return (
    <div className="lading-page" data-testid="overrides-page">
      <PageHeader title="Charge overrides" crumbs={[{ text: "Override", href: PAGES.override }]}
        actions={<Button intent="primary" icon={<Add />} text="New override" onClick={() => setCreating(true)} data-testid="override-new" />} />
      <Tabs id="override-tabs" selectedTabId={current} onChange={(id) => navigate(overrideListPath(id as OverrideList))} className="lading-area-tabs">
        <Tab id="draft" title="My drafts" data-testid="override-tab-draft" />
        <Tab id="forApproval" title={isApprover ? "For approval" : "My overrides for approval"} data-testid="override-tab-forApproval" />
        <Tab id="approved" title="Approved" data-testid="override-tab-approved" />
      </Tabs>
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} placeholder="Search override no., waybill, charge or reason" aria-label="Search overrides"
          value={list.searchText} onValueChange={setSearchText} className="lading-search" data-testid="override-search" />
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable list={list} testId={`override-table-${current}`} rangeTestId="override-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No overrides" description={list.search ? `Nothing matches “${list.search}”.` : EMPTY[current]} />}>
        <Column name="Override No." cellRenderer={text((r) => r.overrideNum, (r) => `override-row-${r.overrideNum}`)} />
        <Column name="Waybill" cellRenderer={text((r) => r.wayBillRef)} />
        <Column name="Charge" cellRenderer={text((r) => `${r.chargeCode} ${r.part}`)} />
        <Column name="Before" cellRenderer={text((r) => formatAmount(r.valueBefore))} />
        <Column name="After" cellRenderer={text((r) => formatAmount(r.newValue), (r) => `override-new-value-${r.overrideNum}`)} />
        <Column name="Reason" cellRenderer={text((r) => r.reason)} />
        <Column name="Drafted by" cellRenderer={text((r) => r.requestedByName)} />
        <Column name="Last change" cellRenderer={text((r) => formatDateTime(r.dateModified))} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewOverrideDialog isOpen={creating} onClose={() => setCreating(false)} onSaved={(row) => { setCreating(false); open(row); }} />
    </div>
  );
}
