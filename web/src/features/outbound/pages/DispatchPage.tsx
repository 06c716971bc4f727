import "../outbound.css";
import "../voyages.css";
import { Button, HTMLSelect, InputGroup, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Archive, DocumentOpen, Refresh, Search, SendMessage } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { useSearch } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { archiveDispatchList, DISPATCH_PAGE_SIZE, type DispatchRow, loadDispatchLists, sendDispatchList } from "../api/dispatch.ts";
import { DispatchListDialog } from "../components/DispatchListDialog.tsx";
import { NewDispatchDialog } from "../components/NewDispatchDialog.tsx";

type View = "current" | "archive";

const STATUS_INTENT = { Draft: "none", Sent: "primary", Archived: "success" } as const;

/**
 * Outbound dispatch (001 §2 /outbound/dispatchModule): the pick-up lists of the voyages' door bookings at the
 * user's branches. A list is made as a draft, sent to the branch's dispatch team (each is notified and
 * e-mailed), then archived; the archive is read here too. A notification's link names the list in the address
 * (`?dispatchNum=`), which fills the search box; the voyage list's Dispatch names the voyage (`?voyageNum=`),
 * whose lists are shown and which a new list starts from.
 */
export default function DispatchPage(_props: PageProps) {
  const params = new URLSearchParams(useSearch());
  const voyageNum = params.get("voyageNum") ?? "";
  const addressed = params.get("dispatchNum") ?? voyageNum;
  const list = usePagedList<DispatchRow, View>({
    load: (q: PageQuery<View>) => loadDispatchLists({ skip: q.skip, take: q.take, search: q.search, view: q.filter }),
    initialFilter: "current",
    pageSize: DISPATCH_PAGE_SIZE,
    emptyNotice: "always",
    initialSearch: addressed,
  });
  const { rows, search, busyId, filter, setFilter, setSearchText, reload, reloadFromStart } = list;
  const [creating, setCreating] = useState(false);
  const [reading, setReading] = useState<string | null>(null);
  const text = textCells(rows, { tooltip: true });

  useEffect(() => {
    if (addressed) setSearchText(addressed);
  }, [addressed, setSearchText]);

  const send = async (row: DispatchRow) => {
    const confirmed = await confirmPrompt({
      title: "Send pick-up list",
      description: `Send ${row.dispatchNum} with its ${row.lines.length} door booking${row.lines.length === 1 ? "" : "s"} to the dispatch team of ${row.branchCode}? ` +
        "Each of them is notified and e-mailed the list, which then stays as it is sent.",
      actionText: "Send",
      intent: "primary",
    });
    if (confirmed) await list.runRowAction(row.id, () => sendDispatchList(row.dispatchNum, row.dateModified));
  };

  const archive = async (row: DispatchRow) => {
    const confirmed = await confirmPrompt({
      title: "Archive pick-up list",
      description: `Archive ${row.dispatchNum}? It leaves the lists in work and stays readable in the archive.`,
      actionText: "Archive",
    });
    if (confirmed) await list.runRowAction(row.id, () => archiveDispatchList(row.dispatchNum, row.dateModified));
  };

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <Tag minimal intent={STATUS_INTENT[item.status]} data-testid={`dispatch-status-${item.dispatchNum}`}>{item.status}</Tag>}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="View" hint="The list's door bookings" onClick={() => setReading(item.dispatchNum)}
        data-testid={`dispatch-view-${item.dispatchNum}`} />
      <RowAction icon={<SendMessage />} intent="primary" label="Send" hint={item.status === "Draft" ? "Send to the dispatch team" : "Already sent"}
        disabled={busy || item.status !== "Draft"} onClick={() => void send(item)} data-testid={`dispatch-send-${item.dispatchNum}`} />
      <RowAction icon={<Archive />} label="Archive" hint={item.status === "Sent" ? "Archive" : item.status === "Draft" ? "Send it first" : "Archived"}
        disabled={busy || item.status !== "Sent"} onClick={() => void archive(item)} data-testid={`dispatch-archive-${item.dispatchNum}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="dispatch-page">
      <PageHeader
        title="Outbound dispatch"
        crumbs={[{ text: "Outbound", href: PAGES.outbound }]}
        actions={<Button intent="primary" icon={<Add />} text="New pick-up list" onClick={() => setCreating(true)} data-testid="dispatch-new" />}
      />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search list no., voyage or remarks"
          aria-label="Search dispatch lists" value={list.searchText} onValueChange={setSearchText} data-testid="dispatch-search" />
        <HTMLSelect aria-label="Lists shown" value={filter} onChange={(e) => setFilter(e.currentTarget.value as View)} data-testid="dispatch-view">
          <option value="current">In work (draft and sent)</option>
          <option value="archive">Archive</option>
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable
        list={list}
        testId="dispatch-table"
        rangeTestId="dispatch-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title={filter === "archive" ? "Nothing archived" : "No pick-up lists"}
            description={search ? `Nothing matches “${search}”.` : filter === "archive" ? "No list has been archived yet." : "No pick-up list is in work."} />
        }
      >
        <Column name="List No." cellRenderer={text((d) => d.dispatchNum, (d) => `dispatch-row-${d.dispatchNum}`)} />
        <Column name="Voyage" cellRenderer={text((d) => `${d.voyageNum} (${d.voyageRef})`, (d) => `dispatch-voyage-${d.dispatchNum}`)} />
        <Column name="Vessel" cellRenderer={text((d) => d.vesselName)} />
        <Column name="Branch" cellRenderer={text((d) => d.branchCode)} />
        <Column name="Pick-ups" cellRenderer={text((d) => String(d.lines.length), (d) => `dispatch-lines-${d.dispatchNum}`)} />
        <Column name="Remarks" cellRenderer={text((d) => d.remarks)} />
        <Column name="Sent" cellRenderer={text((d) => (d.dateSent ? `${formatDateTime(d.dateSent)} by ${d.sentBy}` : ""), (d) => `dispatch-sent-${d.dispatchNum}`)} />
        <Column name="Archived" cellRenderer={text((d) => (d.dateArchived ? `${formatDateTime(d.dateArchived)} by ${d.archivedBy}` : ""))} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewDispatchDialog
        isOpen={creating}
        voyageNum={voyageNum}
        onClose={() => setCreating(false)}
        onCreated={(row) => {
          setCreating(false);
          setFilter("current");
          setSearchText(row.dispatchNum);
          reloadFromStart();
        }}
      />
      <DispatchListDialog dispatchNum={reading} onClose={() => setReading(null)} />
    </div>
  );
}
