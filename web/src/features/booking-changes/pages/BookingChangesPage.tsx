import "../booking-changes.css";
import { Button, Checkbox, InputGroup, NonIdealState, Tab, Tabs } from "@blueprintjs/core";
import { Add, DocumentOpen, Download, Refresh, Search, Trash } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useRef, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { useDownload } from "../../../lib/download.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { REVISION_PAGE_SIZE, type RevisionList, type RevisionRow } from "../api/contracts.ts";
import { approvedWorkbook, deleteRevision, loadRevisions, type RevisionFlags, revisionListPath } from "../api/booking-changes.ts";
import { NewBookingChangeDialog } from "../components/NewBookingChangeDialog.tsx";
import { StatusTag } from "../components/StatusTag.tsx";

/** The working lists; a user without the flag sees their own changes in that list, and the tab says so. */
const WORKING: { list: RevisionList; title: (f: RevisionFlags) => string }[] = [
  { list: "draft", title: () => "My drafts" },
  { list: "forEndorse", title: (f) => (f.isEndorser || f.adminEndorser ? "For endorsement" : "My changes for endorsement") },
  { list: "forApproval", title: (f) => (f.isApprover || f.isBCFinalApprover || f.isAcctngApprover ? "For approval" : "My changes for approval") },
];

const NO_FLAGS: RevisionFlags = { isEndorser: false, adminEndorser: false, isApprover: false, isBCFinalApprover: false, isAcctngApprover: false, isDat: false };

const EMPTY: Record<RevisionList, string> = {
  draft: "You have no booking change in draft, and none was denied or cancelled.",
  forEndorse: "No booking change waits for endorsement.",
  forApproval: "No booking change waits for your approval.",
  approved: "No booking change has been approved yet.",
};

function listOf(path: string, search: string): RevisionList {
  if (path.toLowerCase() === PAGES.bookingChangesApproved.toLowerCase()) return "approved";
  const asked = new URLSearchParams(search).get("list");
  return asked === "forEndorse" || asked === "forApproval" ? asked : "draft";
}

/**
 * Booking changes (001 §2): /bookingChanges/draft holds the working lists (the user's drafts, those waiting for
 * endorsement, those waiting for the user's approval step), /bookingChanges/approved the approved ones, all or only
 * those the user took part in (showMyApproved), with their workbook. 20 a page.
 */
export default function BookingChangesPage({ route }: PageProps) {
  const [, navigate] = useLocation();
  const search = useSearch();
  const current = listOf(route.path, search);
  const [flags, setFlags] = useState<RevisionFlags>(NO_FLAGS);
  const [showMyApproved, setShowMyApproved] = useState(false);
  // Read by the list's loader at each load, so the box's latest state counts.
  const mineOnly = useRef(false);
  const list = usePagedList<RevisionRow, RevisionList>({
    load: async (q: PageQuery<RevisionList>) => {
      const answer = await loadRevisions({ list: q.filter, skip: q.skip, take: q.take, search: q.search, showMyApproved: q.filter === "approved" && mineOnly.current });
      setFlags({ isEndorser: answer.isEndorser, adminEndorser: answer.adminEndorser, isApprover: answer.isApprover, isBCFinalApprover: answer.isBCFinalApprover, isAcctngApprover: answer.isAcctngApprover, isDat: answer.isDat });
      return answer;
    },
    initialFilter: current,
    pageSize: REVISION_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, busyId, setFilter, setSearchText, reload, reloadFromStart } = list;
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setFilter(current);
  }
  const [creating, setCreating] = useState(false);
  const download = useDownload();
  const text = textCells(rows, { tooltip: true });
  const open = (row: RevisionRow) => navigate(pathTo(PAGES.bookingChangeForApproval, { revisionId: row.revisionId }));

  const remove = async (row: RevisionRow) => {
    const confirmed = await confirmPrompt({ title: "Delete booking change", description: `Delete the draft ${row.revisionId} of booking ${row.bookingRef}?`, actionText: "Delete", intent: "danger" });
    if (confirmed) await list.runRowAction(row.id, () => deleteRevision(row.id), reloadFromStart);
  };

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <StatusTag status={item.status} testId={`bc-status-${item.revisionId}`} />}</Cell>;
  };
  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="Open" disabled={busy} onClick={() => open(item)} data-testid={`bc-open-${item.revisionId}`} />
      {item.status === "draft" && (
        <RowAction icon={<Trash />} intent="danger" label="Delete" disabled={busy} onClick={() => void remove(item)} data-testid={`bc-delete-${item.revisionId}`} />
      )}
    </>
  ));

  const approved = current === "approved";
  return (
    <div className="lading-page" data-testid="booking-changes-page">
      <PageHeader
        title={approved ? "Approved booking changes" : "Booking changes"}
        crumbs={[{ text: "Booking Changes", href: PAGES.bookingChanges }]}
        actions={
          <>
            {approved && <Button icon={<Download />} text="Download" loading={download.busy} onClick={() => void download.run(() => approvedWorkbook(showMyApproved))} data-testid="bc-download" />}
            <Button intent="primary" icon={<Add />} text="New booking change" onClick={() => setCreating(true)} data-testid="bc-new" />
          </>
        }
      />
      {!approved && (
        <Tabs id="bc-tabs" selectedTabId={current} onChange={(id) => navigate(revisionListPath(id as RevisionList))} className="lading-area-tabs">
          {WORKING.map((tab) => <Tab key={tab.list} id={tab.list} title={tab.title(flags)} data-testid={`bc-tab-${tab.list}`} />)}
        </Tabs>
      )}
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} placeholder="Search change no., booking, waybill or remarks" aria-label="Search booking changes"
          value={list.searchText} onValueChange={setSearchText} className="lading-search" data-testid="bc-search" />
        {approved && (
          <Checkbox label="Only those I took part in" checked={showMyApproved} data-testid="bc-show-mine"
            onChange={(e) => { mineOnly.current = e.currentTarget.checked; setShowMyApproved(mineOnly.current); reloadFromStart(); }} />
        )}
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable list={list} testId={`bc-table-${current}`} rangeTestId="bc-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No booking changes" description={list.search ? `Nothing matches “${list.search}”.` : EMPTY[current]} />}>
        <Column name="Change No." cellRenderer={text((r) => r.revisionId, (r) => `bc-row-${r.revisionId}`)} />
        <Column name="Booking" cellRenderer={text((r) => r.bookingRef, (r) => `bc-booking-${r.revisionId}`)} />
        <Column name="Waybill" cellRenderer={text((r) => r.waybillref ?? "")} />
        <Column name="Changes" cellRenderer={text((r) => r.changes.map((c) => c.label).join(", "))} />
        <Column name="Charges after" cellRenderer={text((r) => formatAmount(r.totalAfter), (r) => `bc-total-${r.revisionId}`)} />
        <Column name="Remarks" cellRenderer={text((r) => r.remarks)} />
        <Column name="Drafted by" cellRenderer={text((r) => r.requestedBy)} />
        <Column name="Last change" cellRenderer={text((r) => formatDateTime(r.dateModified))} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewBookingChangeDialog isOpen={creating} onClose={() => setCreating(false)}
        onSaved={(row) => {
          setCreating(false);
          open(row);
        }} />
    </div>
  );
}
