import "../inbound.css";
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
import { archiveDeliveryList, DISPATCH_PAGE_SIZE, type DispatchRow, loadDeliveryLists, sendDeliveryList } from "../api/dispatch.ts";
import { DeliveryListDialog } from "../components/DeliveryListDialog.tsx";
import { NewDeliveryListDialog } from "../components/NewDeliveryListDialog.tsx";

type View = "current" | "archive";

const STATUS_INTENT = { Draft: "none", Sent: "primary", Archived: "success" } as const;

/**
 * Inbound dispatch (001 §2 /inbound/dispatchModule): the delivery lists of the voyages' door deliveries at the
 * user's ports of call, each carrying the deliveries whose cargo release order is made. As the outbound screen: a
 * list is made as a draft, sent to the branch's dispatch team (each is notified and e-mailed), archived, read from
 * the archive, and downloaded as DeliveryList.xlsx. A notification's link names the list (`?dispatchNum=`).
 */
export default function InboundDispatchPage(_props: PageProps) {
  const params = new URLSearchParams(useSearch());
  const addressed = params.get("dispatchNum") ?? "";
  const list = usePagedList<DispatchRow, View>({
    load: (q: PageQuery<View>) => loadDeliveryLists({ skip: q.skip, take: q.take, search: q.search, view: q.filter }),
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
      title: "Send delivery list",
      description: `Send ${row.dispatchNum} with its ${row.lines.length} door deliver${row.lines.length === 1 ? "y" : "ies"} to the dispatch team of ${row.branchCode}? ` +
        "Each of them is notified and e-mailed the list, which then stays as it is sent.",
      actionText: "Send",
      intent: "primary",
    });
    if (confirmed) await list.runRowAction(row.id, () => sendDeliveryList(row.dispatchNum, row.dateModified));
  };

  const archive = async (row: DispatchRow) => {
    const confirmed = await confirmPrompt({
      title: "Archive delivery list",
      description: `Archive ${row.dispatchNum}? It leaves the lists in work and stays readable in the archive.`,
      actionText: "Archive",
    });
    if (confirmed) await list.runRowAction(row.id, () => archiveDeliveryList(row.dispatchNum, row.dateModified));
  };

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <Tag minimal intent={STATUS_INTENT[item.status]} data-testid={`delivery-status-${item.dispatchNum}`}>{item.status}</Tag>}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="View" hint="The list's deliveries and its workbook" onClick={() => setReading(item.dispatchNum)}
        data-testid={`delivery-view-${item.dispatchNum}`} />
      <RowAction icon={<SendMessage />} intent="primary" label="Send" hint={item.status === "Draft" ? "Send to the dispatch team" : "Already sent"}
        disabled={busy || item.status !== "Draft"} onClick={() => void send(item)} data-testid={`delivery-send-${item.dispatchNum}`} />
      <RowAction icon={<Archive />} label="Archive" hint={item.status === "Sent" ? "Archive" : item.status === "Draft" ? "Send it first" : "Archived"}
        disabled={busy || item.status !== "Sent"} onClick={() => void archive(item)} data-testid={`delivery-archive-${item.dispatchNum}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="inbound-dispatch-page">
      <PageHeader
        title="Inbound dispatch"
        crumbs={[{ text: "Inbound", href: PAGES.inbound }]}
        actions={<Button intent="primary" icon={<Add />} text="New delivery list" onClick={() => setCreating(true)} data-testid="delivery-new" />}
      />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search list no., voyage or remarks"
          aria-label="Search delivery lists" value={list.searchText} onValueChange={setSearchText} data-testid="delivery-search" />
        <HTMLSelect aria-label="Lists shown" value={filter} onChange={(e) => setFilter(e.currentTarget.value as View)} data-testid="delivery-view">
          <option value="current">In work (draft and sent)</option>
          <option value="archive">Archive</option>
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable
        list={list}
        testId="delivery-table"
        rangeTestId="delivery-range"
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title={filter === "archive" ? "Nothing archived" : "No delivery lists"}
            description={search ? `Nothing matches “${search}”.` : filter === "archive" ? "No list has been archived yet." : "No delivery list is in work."} />
        }
      >
        <Column name="List No." cellRenderer={text((d) => d.dispatchNum, (d) => `delivery-row-${d.dispatchNum}`)} />
        <Column name="Voyage" cellRenderer={text((d) => `${d.voyageNum} (${d.voyageRef})`)} />
        <Column name="Vessel" cellRenderer={text((d) => d.vesselName)} />
        <Column name="Branch" cellRenderer={text((d) => d.branchCode)} />
        <Column name="Deliveries" cellRenderer={text((d) => String(d.lines.length), (d) => `delivery-lines-${d.dispatchNum}`)} />
        <Column name="Remarks" cellRenderer={text((d) => d.remarks)} />
        <Column name="Sent" cellRenderer={text((d) => (d.dateSent ? `${formatDateTime(d.dateSent)} by ${d.sentBy}` : ""))} />
        <Column name="Archived" cellRenderer={text((d) => (d.dateArchived ? `${formatDateTime(d.dateArchived)} by ${d.archivedBy}` : ""))} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewDeliveryListDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(row) => {
          setCreating(false);
          setFilter("current");
          setSearchText(row.dispatchNum);
          reloadFromStart();
        }}
      />
      <DeliveryListDialog dispatchNum={reading} onClose={() => setReading(null)} />
    </div>
  );
}
