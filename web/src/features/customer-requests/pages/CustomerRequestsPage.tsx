import "../customer-requests.css";
import { Button, InputGroup, NonIdealState, Tab, Tabs } from "@blueprintjs/core";
import { Add, Archive, DocumentOpen, Refresh, Search, Trash } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { useLocation, useSearch } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import { ARCHIVABLE, CUSTOMER_REQUEST_PAGE_SIZE, CUSTOMER_REQUEST_REDIRECT_MS, type CustomerRequestList, listAfterSave, type RequestRow } from "../api/contracts.ts";
import { archiveRequest, deleteRequest, LIST_PATHS, loadRequests } from "../api/requests.ts";
import { NewRequestDialog } from "../components/NewRequestDialog.tsx";
import { type Outcome, RequestDialog } from "../components/RequestDialog.tsx";
import { RequestStatusTag } from "../components/RequestStatusTag.tsx";

const TABS: { list: CustomerRequestList; title: string }[] = [
  { list: "draft", title: "Drafts" },
  { list: "forApproval", title: "For approval" },
  { list: "archive", title: "Archive" },
];

const EMPTY: Record<CustomerRequestList, string> = {
  draft: "No request is being drafted or waits to be changed after a denial.",
  forApproval: "No request waits for approval.",
  archive: "No request has been archived yet.",
};

/** Which list an address shows. */
const listOfPath = (path: string): CustomerRequestList =>
  (Object.entries(LIST_PATHS).find(([, p]) => p.toLowerCase() === path.toLowerCase())?.[0] as CustomerRequestList | undefined) ?? "draft";

/**
 * Customer requests (001 §2): drafts, the approval list (every request waiting in an approver's branches; one's
 * own otherwise) and the archive, 20 a page. A new request starts with the company-name search. A request saved
 * as For Approval moves to the approval list a second later, any other to drafts (001 §4); a notification's link
 * names the request in the address (`?search=`).
 */
export default function CustomerRequestsPage({ route }: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  const current = listOfPath(route.path);
  const addressed = new URLSearchParams(useSearch()).get("search") ?? "";
  const [isApprover, setIsApprover] = useState(false);
  const list = usePagedList<RequestRow, CustomerRequestList>({
    load: async (q: PageQuery<CustomerRequestList>) => {
      const answer = await loadRequests({ list: current, skip: q.skip, take: q.take, search: q.search });
      setIsApprover(answer.isApprover);
      return answer;
    },
    initialFilter: current,
    pageSize: CUSTOMER_REQUEST_PAGE_SIZE,
    emptyNotice: "always",
    initialSearch: addressed,
  });
  const { rows, search, busyId, setFilter, setSearchText, reload, reloadFromStart } = list;
  // The three addresses share this page: another one reads its own list.
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setFilter(current);
  }
  useEffect(() => {
    if (addressed) setSearchText(addressed);
  }, [addressed, setSearchText]);
  const [creating, setCreating] = useState(false);
  const [open, setOpen] = useState<string | null>(null);
  const [next, setNext] = useState<CustomerRequestList | null>(null);
  const text = textCells(rows, { tooltip: true });

  // After a save the screen moves to the list the request is in now, a second after the notice (001 §4).
  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => {
      setNext(null);
      if (next === current) reloadFromStart();
      else navigate(LIST_PATHS[next]);
    }, CUSTOMER_REQUEST_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, current, navigate, reloadFromStart]);

  const done = (outcome: Outcome) => {
    setOpen(null);
    if (outcome.kind === "saved") setNext(listAfterSave(outcome.row.status));
    else reload();
  };

  const remove = async (row: RequestRow) => {
    const confirmed = await confirmPrompt({
      title: "Delete customer request", description: `Delete the draft ${row.requestNum} for ${row.company}?`, actionText: "Delete", intent: "danger",
    });
    if (confirmed) await list.runRowAction(row.id, () => deleteRequest(row.id), reloadFromStart);
  };

  const archive = async (row: RequestRow) => {
    const confirmed = await confirmPrompt({
      title: "Archive customer request", description: `Put ${row.requestNum} for ${row.company} in the archive? It is not sent for approval again.`,
      actionText: "Archive",
    });
    if (confirmed) await list.runRowAction(row.id, () => archiveRequest(row.requestNum, row.dateModified));
  };

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <RequestStatusTag status={item.status} archived={item.isArchive} testId={`cr-status-${item.requestNum}`} />}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="Open" disabled={busy} onClick={() => setOpen(item.requestNum)} data-testid={`cr-open-${item.requestNum}`} />
      {!item.isArchive && ARCHIVABLE.includes(item.status) && (
        <RowAction icon={<Archive />} label="Archive" disabled={busy} onClick={() => void archive(item)} data-testid={`cr-archive-${item.requestNum}`} />
      )}
      {item.status === "Draft" && !item.isArchive && item.dateSubmitted === null && (
        <RowAction icon={<Trash />} intent="danger" label="Delete" disabled={busy} onClick={() => void remove(item)} data-testid={`cr-delete-${item.requestNum}`} />
      )}
    </>
  ));

  return (
    <div className="lading-page" data-testid="customer-requests-page">
      <PageHeader
        title="Customer requests"
        crumbs={[{ text: "Customer Request", href: PAGES.customerRequest }]}
        actions={<Button intent="primary" icon={<Add />} text="New request" onClick={() => setCreating(true)} data-testid="cr-new" />}
      />
      <Tabs id="customer-request-tabs" selectedTabId={current} onChange={(id) => navigate(LIST_PATHS[id as CustomerRequestList])} className="lading-area-tabs">
        {TABS.map((tab) => <Tab key={tab.list} id={tab.list} title={tab.title} data-testid={`cr-tab-${tab.list}`} />)}
      </Tabs>
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} placeholder="Search request no., company, email or customer code" aria-label="Search customer requests"
          value={list.searchText} onValueChange={setSearchText} className="lading-search" data-testid="cr-search" />
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable
        list={list}
        testId={`cr-table-${current}`}
        rangeTestId="cr-range"
        frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No customer requests" description={search ? `Nothing matches “${search}”.` : EMPTY[current]} />}
      >
        <Column name="Request No." cellRenderer={text((r) => r.requestNum, (r) => `cr-row-${r.requestNum}`)} />
        <Column name="Company" cellRenderer={text((r) => r.company, (r) => `cr-company-${r.requestNum}`)} />
        <Column name="Request" cellRenderer={text((r) => (r.requestType === "New" ? "New customer" : `Change to ${r.customerCode}`))} />
        <Column name="Branch" cellRenderer={text((r) => r.branchCode)} />
        <Column name="Email" cellRenderer={text((r) => r.customerContactEmail)} />
        <Column name="Requested by" cellRenderer={text((r) => r.requestedByName)} />
        <Column name="Customer" cellRenderer={text((r) => r.customerCode ?? "", (r) => `cr-customer-${r.requestNum}`)} />
        <Column name="Last change" cellRenderer={text((r) => formatDateTime(r.dateModified))} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewRequestDialog
        isOpen={creating}
        branches={user?.branches ?? []}
        onClose={() => setCreating(false)}
        onSaved={(row) => {
          setCreating(false);
          setNext(listAfterSave(row.status));
        }}
      />
      <RequestDialog requestNum={open} isApprover={isApprover} userId={user?.userId ?? ""} onClose={() => setOpen(null)} onDone={done} />
    </div>
  );
}
