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
import { WAIVER_PAGE_SIZE, type WaiverList, type WaiverRow } from "../api/contracts.ts";
import { deleteWaiver, loadWaivers, waiverListPath } from "../api/waivers.ts";
import { NewWaiverDialog } from "../components/NewWaiverDialog.tsx";
import { StatusTag } from "../components/StatusTag.tsx";

/** The working lists; a user without the flag sees their own waivers in that list, and the tab says so. */
const WORKING: { list: WaiverList; title: (f: Flags) => string }[] = [
  { list: "draft", title: () => "My drafts" },
  { list: "forEndorse", title: (f) => (f.isEndorser ? "For endorsement" : "My waivers for endorsement") },
  { list: "forApproval", title: (f) => (f.isApprover ? "For approval" : "My waivers for approval") },
];

interface Flags {
  isEndorser: boolean;
  isApprover: boolean;
}

const EMPTY: Record<WaiverList, string> = {
  draft: "You have no waiver in draft, and none was denied.",
  forEndorse: "No waiver waits for endorsement.",
  forApproval: "No waiver waits for approval.",
  approved: "No waiver has been approved yet.",
};

/** The list an address shows: /waiver/approved, or a working list of /waiver/draft named by ?list=. */
function listOf(path: string, search: string): WaiverList {
  if (path.toLowerCase() === PAGES.waiversApproved.toLowerCase()) return "approved";
  const asked = new URLSearchParams(search).get("list");
  return asked === "forEndorse" || asked === "forApproval" ? asked : "draft";
}

/**
 * Waivers (001 §2): /waiver/draft holds the working lists, the user's own drafts (and denied waivers), those waiting
 * for endorsement (every one of the user's branches to an endorser, their own to anyone else) and those waiting for
 * approval (likewise to an approver); /waiver/approved the approved ones. 20 a page. A new waiver starts from the
 * waybill; each waiver opens on its own page.
 */
export default function WaiversPage({ route }: PageProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const current = listOf(route.path, search);
  const addressed = new URLSearchParams(search).get("search") ?? "";
  const [flags, setFlags] = useState<Flags>({ isEndorser: false, isApprover: false });
  const list = usePagedList<WaiverRow, WaiverList>({
    load: async (q: PageQuery<WaiverList>) => {
      const answer = await loadWaivers({ list: q.filter, skip: q.skip, take: q.take, search: q.search });
      setFlags({ isEndorser: answer.isEndorser, isApprover: answer.isApprover });
      return answer;
    },
    initialFilter: current,
    pageSize: WAIVER_PAGE_SIZE,
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
  const open = (row: WaiverRow) => navigate(pathTo(PAGES.waiverRead, { waiverNum: row.waiverNum }));

  const remove = async (row: WaiverRow) => {
    const confirmed = await confirmPrompt({ title: "Delete waiver", description: `Delete the draft ${row.waiverNum} of waybill ${row.wayBillRef}?`, actionText: "Delete", intent: "danger" });
    if (confirmed) await list.runRowAction(row.id, () => deleteWaiver(row.id), reloadFromStart);
  };

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <StatusTag status={item.status} testId={`waiver-status-${item.waiverNum}`} />}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="Open" disabled={busy} onClick={() => open(item)} data-testid={`waiver-open-${item.waiverNum}`} />
      {item.status === "Draft" && item.dateSubmitted === null && item.endorsedBy === null && (
        <RowAction icon={<Trash />} intent="danger" label="Delete" disabled={busy} onClick={() => void remove(item)} data-testid={`waiver-delete-${item.waiverNum}`} />
      )}
    </>
  ));

  const approved = current === "approved";
  return (
    <div className="lading-page" data-testid="waivers-page">
      <PageHeader
        title={approved ? "Approved waivers" : "Waivers"}
        crumbs={[{ text: "Waiver", href: PAGES.waiver }]}
        actions={<Button intent="primary" icon={<Add />} text="New waiver" onClick={() => setCreating(true)} data-testid="waiver-new" />}
      />
      {!approved && (
        <Tabs id="waiver-tabs" selectedTabId={current} onChange={(id) => navigate(waiverListPath(id as WaiverList))} className="lading-area-tabs">
          {WORKING.map((tab) => <Tab key={tab.list} id={tab.list} title={tab.title(flags)} data-testid={`waiver-tab-${tab.list}`} />)}
        </Tabs>
      )}
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} placeholder="Search waiver no., waybill or remarks" aria-label="Search waivers"
          value={list.searchText} onValueChange={setSearchText} className="lading-search" data-testid="waiver-search" />
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable list={list} testId={`waiver-table-${current}`} rangeTestId="waiver-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No waivers" description={list.search ? `Nothing matches “${list.search}”.` : EMPTY[current]} />}>
        <Column name="Waiver No." cellRenderer={text((r) => r.waiverNum, (r) => `waiver-row-${r.waiverNum}`)} />
        <Column name="Waybill" cellRenderer={text((r) => r.wayBillRef, (r) => `waiver-waybill-${r.waiverNum}`)} />
        <Column name="Branch" cellRenderer={text((r) => `${r.branchCode} (${r.side})`)} />
        <Column name="Waived" cellRenderer={text((r) => formatAmount(r.total), (r) => `waiver-total-${r.waiverNum}`)} />
        <Column name="Remarks" cellRenderer={text((r) => r.remarks)} />
        <Column name="Drafted by" cellRenderer={text((r) => r.requestedByName)} />
        <Column name="Files" cellRenderer={text((r) => String(r.files.length))} />
        <Column name="Last change" cellRenderer={text((r) => formatDateTime(r.dateModified))} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewWaiverDialog isOpen={creating} onClose={() => setCreating(false)}
        onSaved={(row) => {
          setCreating(false);
          open(row);
        }} />
    </div>
  );
}
