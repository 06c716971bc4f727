import { Callout, NonIdealState } from "@blueprintjs/core";
import { Envelope } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { type ReactNode, useCallback, useState } from "react";
import { type FilterOption, ListToolbar } from "../../../components/ListToolbar.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { SystemAccountTabs } from "../../../components/SystemAccountTabs.tsx";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { loadOutbox, OUTBOX_STATUSES, type OutboxStatus, type OutboxSummary } from "../api/outbox.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { StatusTag } from "../components/format.tsx";
import { OutboxMessageDialog } from "../components/OutboxMessageDialog.tsx";
import { PAGES } from "../../../lib/paths.ts";

const STATUS_CHOICES: FilterOption<OutboxStatus | "">[] = [
  { value: "", label: "All statuses" },
  ...OUTBOX_STATUSES.map((s) => ({ value: s, label: s })),
];

/**
 * System Account > Email outbox: every message Lading sent or tried to send. An administrator sees why one
 * failed, sends it again, and, when no SMTP server is configured, reads held set-up links to hand them over.
 */
export default function OutboxPage() {
  const list = usePagedList<OutboxSummary, OutboxStatus | "">({
    load: ({ skip, take, search, filter }) => loadOutbox({ skip, take, search, status: filter }),
    initialFilter: "",
    emptyNotice: "always",
  });
  const { rows, search, filter: status, reload } = list;
  const [openId, setOpenId] = useState<number | null>(null);

  const closeDialog = useCallback(() => setOpenId(null), []);

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

  const anyHeld = rows.some((m) => m.status === "HELD");

  return (
    <div className="lading-page" data-testid="outbox-page">
      <PageHeader title="Email outbox" crumbs={[{ text: "System Account", href: PAGES.systemAccount }]} />
      <SystemAccountTabs />
      {anyHeld && (
        <Callout intent="primary" compact icon={<Envelope />} style={{ marginBottom: 8 }}>
          HELD messages were not sent because no SMTP server is configured. Open one to read it and hand its link over.
        </Callout>
      )}
      <ListToolbar
        list={list}
        placeholder="Search recipient or subject"
        searchLabel="Search messages"
        searchTestId="outbox-search"
        filterLabel="Status filter"
        filterTestId="outbox-filter"
        options={STATUS_CHOICES}
      />
      <PagedTable
        list={list}
        testId="outbox-table"
        rangeTestId="outbox-range"
        empty={
          <NonIdealState
            icon={<Envelope size={32} />}
            title="No messages"
            description={search || status ? "Nothing matches the search or status." : "Nothing has been sent yet."}
          />
        }
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
      </PagedTable>
      <OutboxMessageDialog id={openId} onClose={closeDialog} onRetried={reload} />
    </div>
  );
}
