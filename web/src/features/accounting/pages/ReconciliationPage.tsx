import "../accounting.css";
import { Callout, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Refresh, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { DataTable } from "../../../components/DataTable.tsx";
import { FormField } from "../../../components/FormDialog.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { usePagedList } from "../../../lib/data/paged-list.ts";
import { formatAmount } from "../../../lib/format.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import type { PostingRow, ReconciliationAnswer } from "../api/contracts.ts";
import { loadPostingExceptions, loadReconciliation, retryPosting } from "../api/postings.ts";
import { AccountingTabs } from "../components/AccountingTabs.tsx";

type Row = ReconciliationAnswer["data"][number] & { id: number };
type Cellish = { count: number; totals: { gross: string; vat: string; ewt: string; wvat: string; cash: string } };

const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
const countAndGross = (c: Cellish) => `${c.count} · ${formatAmount(c.totals.gross)}`;

/**
 * The daily reconciliation of the postings to BASE: per voyage, how many documents (and their gross, VAT,
 * withholding and cash) are in BASE, still on their way, and failed; the documents Lading and BASE disagree
 * on; and the posting exceptions, each sent again from here.
 */
export default function ReconciliationPage(_props: PageProps) {
  const [date, setDate] = useState(today());
  const [voyageText, setVoyageText] = useState("");
  const voyageNum = useDebounced(voyageText.trim());
  const [version, setVersion] = useState(0);
  const report = useRecord(`${version}:${date}:${voyageNum}`, () => loadReconciliation({ date: date || undefined, voyageNum: voyageNum || undefined }));
  const data = report.data;
  const rows: Row[] = (data?.data ?? []).map((r, i) => ({ ...r, id: i + 1 }));
  const text = textCells(rows);
  const exceptions = usePagedList<PostingRow, "">({
    load: ({ skip, take, search }) => loadPostingExceptions({ skip, take, search }),
    initialFilter: "",
  });
  const exceptionText = textCells(exceptions.rows, { tooltip: true });
  const retry = actionsCell(exceptions.rows, exceptions.busyId, (row, busy) => (
    <RowAction icon={<Refresh />} label="Send again" hint="Send it to BASE again now, under the same key" disabled={busy}
      onClick={() => void exceptions.runRowAction(row.id, () => retryPosting(row.id), () => {
        exceptions.reload();
        setVersion((n) => n + 1);
      })} data-testid={`exception-retry-${row.idempotencyKey}`} />
  ));
  const group = (pick: (r: Row) => Cellish, name: string) => (row: number) => (
    <Cell>{rows[row] && <span data-testid={`recon-${name}-${rows[row].voyageNum ?? "none"}`}>{countAndGross(pick(rows[row]))}</span>}</Cell>
  );

  return (
    <div className="lading-page" data-testid="reconciliation-page">
      <PageHeader title="Posting reconciliation" crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]} />
      <AccountingTabs />
      <div className="lading-accounting-filters">
        <FormField label="Day" id="recon-date">
          <InputGroup id="recon-date" type="date" value={date} onValueChange={setDate} data-testid="recon-date" />
        </FormField>
        <FormField label="Voyage" id="recon-voyage">
          <InputGroup id="recon-voyage" type="search" leftIcon={<Search />} placeholder="Every voyage" value={voyageText} onValueChange={setVoyageText}
            data-testid="recon-voyage" />
        </FormField>
      </div>
      <DataTable numRows={rows.length} loading={report.loading} testId="recon-table">
        <Column name="Voyage" cellRenderer={(row) => (
          <Cell>{rows[row] && (rows[row].voyageNum
            ? <AppLink to={pathTo(PAGES.croPosting, { voyageNum: rows[row].voyageNum! })}>{rows[row].voyageNum}</AppLink>
            : "No voyage")}</Cell>
        )} />
        <Column name="Day" cellRenderer={text((r) => r.documentDate)} />
        <Column name="Posted (count · gross)" cellRenderer={group((r) => r.posted, "posted")} />
        <Column name="Pending" cellRenderer={group((r) => r.pending, "pending")} />
        <Column name="Failed" cellRenderer={group((r) => r.failed, "failed")} />
        <Column name="Posted VAT" cellRenderer={text((r) => formatAmount(r.posted.totals.vat))} />
        <Column name="Posted EWT" cellRenderer={text((r) => formatAmount(r.posted.totals.ewt))} />
        <Column name="Posted WVAT" cellRenderer={text((r) => formatAmount(r.posted.totals.wvat))} />
        <Column name="Posted cash" cellRenderer={text((r) => formatAmount(r.posted.totals.cash))} />
      </DataTable>
      {data && rows.length === 0 && <NonIdealState title="Nothing posted on this day" description={data.message} />}
      {data && rows.length > 0 && (
        <p data-testid="recon-totals">
          Day's totals: posted {countAndGross(data.totals.posted)}; pending {countAndGross(data.totals.pending)}; failed {countAndGross(data.totals.failed)}.
        </p>
      )}
      <h4 className="lading-accounting-section">Lading against BASE</h4>
      {data?.comparisonNote && <Callout intent="primary" data-testid="recon-note">{data.comparisonNote}</Callout>}
      {data?.comparison && (
        <Callout intent={data.comparison.onlyInBase.length + data.comparison.onlyInLading.length + data.comparison.amountsDiffer.length === 0 ? "success" : "warning"}
          data-testid="recon-comparison">
          <p>Posted in Lading {formatAmount(data.comparison.totals.lading)}; held by BASE {formatAmount(data.comparison.totals.base)}.</p>
          <ul>
            {data.comparison.onlyInBase.map((d) => <li key={d.idempotencyKey}>In BASE only: {d.reference} ({d.idempotencyKey}), {formatAmount(d.gross)}</li>)}
            {data.comparison.onlyInLading.map((d) => <li key={d.idempotencyKey}>Posted in Lading, not in BASE: {d.reference} ({d.idempotencyKey}), {formatAmount(d.gross)}</li>)}
            {data.comparison.amountsDiffer.map((d) => <li key={d.idempotencyKey}>{d.reference}: {formatAmount(d.lading)} in Lading, {formatAmount(d.base)} in BASE</li>)}
          </ul>
        </Callout>
      )}
      <h4 className="lading-accounting-section">Posting exceptions</h4>
      <PagedTable list={exceptions} testId="exception-table" rangeTestId="exception-range" frozen={1}
        empty={<NonIdealState title="No exceptions" description="No posting has failed." />}>
        <Column name="Document" cellRenderer={exceptionText((p) => p.reference, (p) => `exception-ref-${p.idempotencyKey}`)} />
        <Column name="Key" cellRenderer={exceptionText((p) => p.idempotencyKey)} />
        <Column name="Voyage" cellRenderer={exceptionText((p) => p.voyageNum ?? "")} />
        <Column name="Gross" cellRenderer={exceptionText((p) => formatAmount(p.totals.gross))} />
        <Column name="Attempts" cellRenderer={exceptionText((p) => String(p.attempts))} />
        <Column name="Why" cellRenderer={exceptionText((p) => p.lastError ?? "")} />
        <Column name="Actions" cellRenderer={retry} />
      </PagedTable>
    </div>
  );
}
