import { Button, HTMLSelect, InputGroup, NonIdealState, Tag } from "@blueprintjs/core";
import { Add, Archive, DocumentOpen, Refresh, Search, SendMessage } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { type ReactNode, useEffect, useState } from "react";
import { type PageQuery, usePagedList } from "../../lib/data/paged-list.ts";
import { formatDateTime } from "../../lib/format.ts";
import { confirmPrompt } from "../ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../list-cells.tsx";
import { PageHeader } from "../PageHeader.tsx";
import { PagedTable } from "../PagedTable.tsx";
import type { DispatchQuery, DispatchRow, DispatchView, ListResult } from "./contracts.ts";
import { DispatchListDialog } from "./DispatchListDialog.tsx";
import type { NewDispatchListDialogProps } from "./NewDispatchListDialog.tsx";

const STATUS_INTENT = { Draft: "none", Sent: "primary", Archived: "success" } as const;

/** How one direction's dispatch screen speaks: the outbound pick-up lists, the inbound delivery lists. */
export interface DispatchWords {
  title: string;
  crumb: { text: string; href: string };
  /** The kind of list, in lower case: "pick-up list". */
  list: string;
  /** Its lines counted: "3 door bookings". */
  lines: (n: number) => string;
  /** The lines' column heading: "Pick-ups". */
  linesColumn: string;
  /** What a draft's lines are, as the list read whole says: "The door bookings". */
  draftLines: string;
  /** What View shows, as its hint. */
  viewHint: string;
  /** The search box's label for screen readers. */
  searchLabel: string;
  /** The prefix of the screen's test ids ("dispatch", "delivery"); the page's own id is `pageTestId`. */
  testIdPrefix: string;
  pageTestId: string;
}

/** What the screen asks of its direction's API. */
export interface DispatchCalls {
  pageSize: number;
  load: (query: DispatchQuery) => Promise<ListResult<DispatchRow>>;
  read: (dispatchNum: string) => Promise<{ data: DispatchRow }>;
  /** The list as a workbook, where the direction has one (the inbound DeliveryList.xlsx). */
  workbook?: (dispatchNum: string) => Promise<{ bytes: Uint8Array; fileName: string }>;
  send: (dispatchNum: string, dateModified: string) => Promise<{ message: string }>;
  archive: (dispatchNum: string, dateModified: string) => Promise<{ message: string }>;
}

/**
 * The dispatch lists of one direction (001 §2 dispatchModule, outbound and inbound alike): a list is made as a
 * draft, sent to the branch's dispatch team (each is notified and e-mailed), then archived, and the archive is
 * read here too. `initialSearch` fills the search box from the address (a notification's link names the list).
 * The direction brings its words, its calls and its dialog making a list, which chooses the voyage its own way.
 */
export function DispatchListsScreen(props: {
  words: DispatchWords;
  calls: DispatchCalls;
  initialSearch: string;
  newListDialog: (dialog: NewDispatchListDialogProps) => ReactNode;
}) {
  const { words, calls, initialSearch } = props;
  const id = (what: string, dispatchNum?: string) => `${words.testIdPrefix}-${what}${dispatchNum ? `-${dispatchNum}` : ""}`;
  const list = usePagedList<DispatchRow, DispatchView>({
    load: (q: PageQuery<DispatchView>) => calls.load({ skip: q.skip, take: q.take, search: q.search, view: q.filter }),
    initialFilter: "current",
    pageSize: calls.pageSize,
    emptyNotice: "always",
    initialSearch,
  });
  const { rows, search, busyId, filter, setFilter, setSearchText, reload, reloadFromStart } = list;
  const [creating, setCreating] = useState(false);
  const [reading, setReading] = useState<string | null>(null);
  const text = textCells(rows, { tooltip: true });

  useEffect(() => {
    if (initialSearch) setSearchText(initialSearch);
  }, [initialSearch, setSearchText]);

  const send = async (row: DispatchRow) => {
    const confirmed = await confirmPrompt({
      title: `Send ${words.list}`,
      description: `Send ${row.dispatchNum} with its ${words.lines(row.lines.length)} to the dispatch team of ${row.branchCode}? ` +
        "Each of them is notified and e-mailed the list, which then stays as it is sent.",
      actionText: "Send",
      intent: "primary",
    });
    if (confirmed) await list.runRowAction(row.id, () => calls.send(row.dispatchNum, row.dateModified));
  };

  const archive = async (row: DispatchRow) => {
    const confirmed = await confirmPrompt({
      title: `Archive ${words.list}`,
      description: `Archive ${row.dispatchNum}? It leaves the lists in work and stays readable in the archive.`,
      actionText: "Archive",
    });
    if (confirmed) await list.runRowAction(row.id, () => calls.archive(row.dispatchNum, row.dateModified));
  };

  const statusCell = (row: number) => {
    const item = rows[row];
    return <Cell>{item && <Tag minimal intent={STATUS_INTENT[item.status]} data-testid={id("status", item.dispatchNum)}>{item.status}</Tag>}</Cell>;
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="View" hint={words.viewHint} onClick={() => setReading(item.dispatchNum)}
        data-testid={id("view", item.dispatchNum)} />
      <RowAction icon={<SendMessage />} intent="primary" label="Send" hint={item.status === "Draft" ? "Send to the dispatch team" : "Already sent"}
        disabled={busy || item.status !== "Draft"} onClick={() => void send(item)} data-testid={id("send", item.dispatchNum)} />
      <RowAction icon={<Archive />} label="Archive" hint={item.status === "Sent" ? "Archive" : item.status === "Draft" ? "Send it first" : "Archived"}
        disabled={busy || item.status !== "Sent"} onClick={() => void archive(item)} data-testid={id("archive", item.dispatchNum)} />
    </>
  ));

  return (
    <div className="lading-page" data-testid={words.pageTestId}>
      <PageHeader
        title={words.title}
        crumbs={[words.crumb]}
        actions={<Button intent="primary" icon={<Add />} text={`New ${words.list}`} onClick={() => setCreating(true)} data-testid={id("new")} />}
      />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search list no., voyage or remarks"
          aria-label={words.searchLabel} value={list.searchText} onValueChange={setSearchText} data-testid={id("search")} />
        <HTMLSelect aria-label="Lists shown" value={filter} onChange={(e) => setFilter(e.currentTarget.value as DispatchView)} data-testid={id("view")}>
          <option value="current">In work (draft and sent)</option>
          <option value="archive">Archive</option>
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable
        list={list}
        testId={id("table")}
        rangeTestId={id("range")}
        frozen={1}
        empty={
          <NonIdealState icon={<Search size={32} />} title={filter === "archive" ? "Nothing archived" : `No ${words.list}s`}
            description={search ? `Nothing matches “${search}”.` : filter === "archive" ? "No list has been archived yet." : `No ${words.list} is in work.`} />
        }
      >
        <Column name="List No." cellRenderer={text((d) => d.dispatchNum, (d) => id("row", d.dispatchNum))} />
        <Column name="Voyage" cellRenderer={text((d) => `${d.voyageNum} (${d.voyageRef})`, (d) => id("voyage", d.dispatchNum))} />
        <Column name="Vessel" cellRenderer={text((d) => d.vesselName)} />
        <Column name="Branch" cellRenderer={text((d) => d.branchCode)} />
        <Column name={words.linesColumn} cellRenderer={text((d) => String(d.lines.length), (d) => id("lines", d.dispatchNum))} />
        <Column name="Remarks" cellRenderer={text((d) => d.remarks)} />
        <Column name="Sent" cellRenderer={text((d) => (d.dateSent ? `${formatDateTime(d.dateSent)} by ${d.sentBy}` : ""), (d) => id("sent", d.dispatchNum))} />
        <Column name="Archived" cellRenderer={text((d) => (d.dateArchived ? `${formatDateTime(d.dateArchived)} by ${d.archivedBy}` : ""))} />
        <Column name="Status" cellRenderer={statusCell} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      {props.newListDialog({
        words,
        isOpen: creating,
        onClose: () => setCreating(false),
        onCreated: (row) => {
          setCreating(false);
          setFilter("current");
          setSearchText(row.dispatchNum);
          reloadFromStart();
        },
      })}
      <DispatchListDialog words={words} calls={calls} dispatchNum={reading} onClose={() => setReading(null)} />
    </div>
  );
}
