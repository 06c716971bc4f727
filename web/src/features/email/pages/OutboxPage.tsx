import "@blueprintjs/table/lib/css/table.css";
import { Button, ButtonGroup, Callout, Classes, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Envelope, Refresh, Search } from "@blueprintjs/icons";
import { Cell, Column, RowHeaderCell, Table, TableLoadingOption } from "@blueprintjs/table";
import { type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { errorText, notify } from "../../../lib/notify.ts";
import { loadOutbox, OUTBOX_STATUSES, type OutboxStatus, type OutboxSummary } from "../api/outbox.ts";
import { formatDateTime, StatusTag } from "../components/format.tsx";
import { OutboxMessageDialog } from "../components/OutboxMessageDialog.tsx";

const PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;
const ROW_HEIGHT = 28;
const HEADER_HEIGHT = 30;
const FIXED_WIDTHS = { date: 160, to: 230, status: 90, attempts: 80, rowHeader: 30 };

/** Subject and Last error share what the fixed columns leave, so the table spans the page. */
function useColumnWidths(container: React.RefObject<HTMLDivElement | null>): number[] {
  const [width, setWidth] = useState(1000);
  useLayoutEffect(() => {
    const el = container.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry!.contentRect.width)));
    observer.observe(el);
    return () => observer.disconnect();
  }, [container]);
  const { date, to, status, attempts, rowHeader } = FIXED_WIDTHS;
  const rest = Math.max(360, width - date - to - status - attempts - rowHeader - 2);
  const subject = Math.floor(rest * 0.55);
  return [date, to, subject, status, attempts, rest - subject];
}

/**
 * System Account > Email outbox: every message Lading sent or tried to send. An administrator sees why one
 * failed, sends it again, and, when no SMTP server is configured, reads held set-up links to hand them over.
 */
export default function OutboxPage() {
  const [page, setPage] = useState(0);
  const [searchText, setSearchText] = useState("");
  const [search, setSearch] = useState("");
  const [status, setStatus] = useState<OutboxStatus | "">("");
  const [rows, setRows] = useState<OutboxSummary[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  const [reloads, setReloads] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const tableBox = useRef<HTMLDivElement>(null);
  const widths = useColumnWidths(tableBox);

  const reload = useCallback(() => setReloads((n) => n + 1), []);
  const closeDialog = useCallback(() => setOpenId(null), []);

  useEffect(() => {
    const timer = setTimeout(() => {
      setSearch((current) => {
        const next = searchText.trim();
        if (next !== current) setPage(0);
        return next;
      });
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText]);

  useEffect(() => {
    let stale = false;
    setLoading(true);
    loadOutbox({ skip: page * PAGE_SIZE, take: PAGE_SIZE, search: search || undefined, status })
      .then((result) => {
        if (stale) return;
        if (result.data.length === 0 && page > 0 && result.total > 0) {
          setPage(Math.ceil(result.total / PAGE_SIZE) - 1);
          return;
        }
        setRows(result.data);
        setTotal(result.total);
        if (result.data.length === 0) notify.warning(result.message ?? "No more data to load");
      })
      .catch((error) => {
        if (!stale) notify.error(errorText(error));
      })
      .finally(() => {
        if (!stale) setLoading(false);
      });
    return () => {
      stale = true;
    };
  }, [page, search, status, reloads]);

  /** Any cell opens its message; the subject is also a keyboard-reachable link. */
  const cell = (render: (m: OutboxSummary) => ReactNode, title?: (m: OutboxSummary) => string | undefined) => (row: number) => {
    const m = rows[row];
    if (!m) return <Cell />;
    return (
      <Cell interactive tooltip={title?.(m)}>
        <div style={{ cursor: "pointer", overflow: "hidden", textOverflow: "ellipsis" }} onClick={() => setOpenId(m.id)}>
          {render(m)}
        </div>
      </Cell>
    );
  };

  const subjectCell = cell((m) => (
    <a
      href={`#message-${m.id}`}
      data-testid="outbox-subject"
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        setOpenId(m.id);
      }}
    >
      {m.subject}
    </a>
  ), (m) => m.subject);

  const first = total === 0 ? 0 : page * PAGE_SIZE + 1;
  const last = page * PAGE_SIZE + rows.length;
  const lastPage = Math.max(0, Math.ceil(total / PAGE_SIZE) - 1);
  const tableHeight = HEADER_HEIGHT + Math.max(rows.length, 1) * ROW_HEIGHT + 2;
  const anyHeld = rows.some((m) => m.status === "HELD");

  return (
    <div className="lading-page" data-testid="outbox-page">
      <PageHeader title="Email outbox" crumbs={[{ text: "System Account", href: "/system_account" }]} />
      <SystemAccountTabs />
      {anyHeld && (
        <Callout intent="primary" compact icon={<Envelope />} style={{ marginBottom: 8 }}>
          HELD messages were not sent because no SMTP server is configured. Open one to read it and hand its link over.
        </Callout>
      )}
      <div className="lading-toolbar">
        <InputGroup
          type="search"
          leftIcon={<Search />}
          placeholder="Search recipient or subject"
          aria-label="Search messages"
          value={searchText}
          onValueChange={setSearchText}
          className="lading-search"
          data-testid="outbox-search"
        />
        <HTMLSelect
          aria-label="Status filter"
          value={status}
          onChange={(e) => {
            setStatus(e.currentTarget.value as OutboxStatus | "");
            setPage(0);
          }}
          data-testid="outbox-filter"
        >
          <option value="">All statuses</option>
          {OUTBOX_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <div ref={tableBox} className="lading-table-box" style={{ height: tableHeight }} data-testid="outbox-table">
        <Table
          numRows={rows.length}
          defaultRowHeight={ROW_HEIGHT}
          columnWidths={widths}
          enableColumnResizing={false}
          enableRowResizing={false}
          cellRendererDependencies={[rows]}
          loadingOptions={loading ? [TableLoadingOption.CELLS] : []}
          rowHeaderCellRenderer={(row) => <RowHeaderCell name={String(page * PAGE_SIZE + row + 1)} />}
        >
          <Column name="Date" cellRenderer={cell((m) => formatDateTime(m.dateCreated))} />
          <Column name="To" cellRenderer={cell((m) => m.toAddress, (m) => m.toAddress)} />
          <Column name="Subject" cellRenderer={subjectCell} />
          <Column name="Status" cellRenderer={cell((m) => <StatusTag status={m.status} />)} />
          <Column name="Attempts" cellRenderer={cell((m) => m.attempts)} />
          <Column
            name="Last error"
            cellRenderer={cell((m) => (m.status === "SENT" ? "" : m.lastError ?? ""), (m) => (m.status === "SENT" ? undefined : m.lastError ?? undefined))}
          />
        </Table>
      </div>
      {!loading && rows.length === 0 && (
        <NonIdealState
          icon={<Envelope size={32} />}
          title="No messages"
          description={search || status ? "Nothing matches the search or status." : "Nothing has been sent yet."}
        />
      )}
      <div className="lading-pager">
        <span className={Classes.TEXT_MUTED} data-testid="outbox-range">
          {first}–{last} of {total}
        </span>
        <ButtonGroup>
          <Button text="Previous" disabled={page === 0 || loading} onClick={() => setPage((p) => Math.max(0, p - 1))} aria-label="Previous page" />
          <Button text="Next" disabled={page >= lastPage || loading} onClick={() => setPage((p) => p + 1)} aria-label="Next page" />
        </ButtonGroup>
      </div>
      <OutboxMessageDialog id={openId} onClose={closeDialog} onRetried={reload} />
    </div>
  );
}
