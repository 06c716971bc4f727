import "../accounting.css";
import { Callout, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Refresh, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { Button } from "@blueprintjs/core";
import { useState } from "react";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { POSTING_STATUSES, type PostingRow, type PostingStatus, RETRYABLE_BY_HAND } from "../api/contracts.ts";
import { loadVoyagePostings, type PostingList, retryPosting } from "../api/postings.ts";
import { AccountingTabs } from "../components/AccountingTabs.tsx";
import { POSTING_WORDS, PostingStatusTag } from "../components/StatusTags.tsx";

/** BASE's customer details as a line: its name and code when it gives them. */
export function customerText(details: unknown): string {
  if (details === null || details === undefined) return "";
  if (typeof details === "object") {
    const d = details as { name?: unknown; customerCode?: unknown };
    return [d.name, d.customerCode].filter((v) => typeof v === "string" && v).join(" · ");
  }
  return String(details);
}

/**
 * /CROAccounting/Posting/voyage/{voyageNum}: a voyage's postings to BASE at the cashier's branches, oldest first:
 * each document's key, its state, its attempts and next try, BASE's id and answer (its customer details and
 * message), and why it failed. A held, failed or uncertain one is sent again by hand, under the same key.
 */
export default function PostingsPage({ params }: PageProps) {
  const voyageNum = params.voyageNum ?? "";
  const [configured, setConfigured] = useState<boolean | null>(null);
  const list = usePagedList<PostingRow, PostingStatus | "">({
    load: async ({ skip, take, search, filter }) => {
      const answer: PostingList = await loadVoyagePostings(voyageNum, { skip, take, search, status: filter || undefined });
      setConfigured(answer.baseConfigured);
      return answer;
    },
    initialFilter: "",
    emptyNotice: "always",
  });
  const { rows, busyId, runRowAction, filter, setFilter, reload } = list;
  const text = textCells(rows, { tooltip: true });
  const held = rows.some((r) => r.status === "HELD");

  const actions = actionsCell(rows, busyId, (row, busy) => (
    <RowAction icon={<Refresh />} label="Send again" disabled={busy || !(RETRYABLE_BY_HAND as readonly string[]).includes(row.status)}
      hint={(RETRYABLE_BY_HAND as readonly string[]).includes(row.status) ? "Send it to BASE again now, under the same key" : POSTING_WORDS[row.status] ?? row.status}
      onClick={() => void runRowAction(row.id, () => retryPosting(row.id))} data-testid={`posting-retry-${row.idempotencyKey}`} />
  ));

  return (
    <div className="lading-page" data-testid="postings-page">
      <PageHeader title={`Postings of voyage ${voyageNum}`} crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]} />
      <AccountingTabs />
      {(held || configured === false) && (
        <Callout intent="warning" className="lading-accounting-answer" data-testid="postings-held">
          No BASE is configured: the postings wait as held and go out once BASE_URL and BASE_API_KEY are set.
        </Callout>
      )}
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search document number or key" aria-label="Search postings"
          value={list.searchText} onValueChange={list.setSearchText} data-testid="postings-search" />
        <HTMLSelect aria-label="State filter" value={filter} onChange={(e) => setFilter(e.currentTarget.value as PostingStatus | "")} data-testid="postings-filter">
          <option value="">Every state</option>
          {POSTING_STATUSES.map((s) => <option key={s} value={s}>{POSTING_WORDS[s] ?? s}</option>)}
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable list={list} testId="postings-table" rangeTestId="postings-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No postings" description="Nothing of this voyage was issued at your branches yet." />}>
        <Column name="Document" cellRenderer={text((p) => p.reference, (p) => `posting-ref-${p.idempotencyKey}`)} />
        <Column name="Key" cellRenderer={text((p) => p.idempotencyKey, (p) => `posting-key-${p.idempotencyKey}`)} />
        <Column name="Date" cellRenderer={text((p) => p.documentDate)} />
        <Column name="Gross" cellRenderer={(row) => (
          <Cell>{rows[row] && <span className="lading-accounting-amount" data-testid={`posting-gross-${rows[row].idempotencyKey}`}>{formatAmount(rows[row].totals.gross)}</span>}</Cell>
        )} />
        <Column name="State" cellRenderer={(row) => (
          <Cell>{rows[row] && <PostingStatusTag status={rows[row].status} testId={`posting-status-${rows[row].idempotencyKey}`} />}</Cell>
        )} />
        <Column name="Attempts" cellRenderer={text((p) => String(p.attempts))} />
        <Column name="Next try" cellRenderer={text((p) => (p.status === "CONFIRMED" || p.status === "FAILED_PERMANENT" ? "" : formatDateTime(p.nextAttemptAt)))} />
        <Column name="BASE id" cellRenderer={text((p) => p.externalRef ?? "", (p) => `posting-external-${p.idempotencyKey}`)} />
        <Column name="BASE's answer" cellRenderer={text((p) => p.message ?? "", (p) => `posting-message-${p.idempotencyKey}`)} />
        <Column name="Customer in BASE" cellRenderer={text((p) => customerText(p.custDetails), (p) => `posting-customer-${p.idempotencyKey}`)} />
        <Column name="Why not yet" cellRenderer={text((p) => (p.status === "CONFIRMED" ? "" : p.lastError ?? ""), (p) => `posting-error-${p.idempotencyKey}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
    </div>
  );
}
