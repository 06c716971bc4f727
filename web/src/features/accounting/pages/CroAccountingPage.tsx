import "../accounting.css";
import { Button, Card, H6, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { DocumentOpen, Export, NewLayers, Refresh, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { useLocation } from "wouter";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { BILLING_SIDES, type BillingSide, CRO_PAGE_SIZE, type VoyageRow } from "../api/contracts.ts";
import { createCroAccounting, generateInvoices, loadDailyTotals, loadVoyages } from "../api/cro-accounting.ts";
import { AccountingTabs } from "../components/AccountingTabs.tsx";
import { CroStatusTag } from "../components/StatusTags.tsx";

interface Filters {
  branchCode: string;
  side: BillingSide | "";
}

type Row = VoyageRow & { id: number };

const keyOf = (r: VoyageRow) => `${r.voyageNum}-${r.branchCode}-${r.side}`;
const today = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/**
 * /CROAccounting: the voyages of the cashier's branches by side (the origin bills prepaid and account-origin
 * lines, each destination collect and account-destination ones), with what their waybills bill, what is
 * invoiced, collected and open, and how many waybills wait for an invoice. Generating opens the voyage's CRO
 * accounting at that branch and side when it has none yet. Above them, the day's totals the cashier reconciles.
 */
export default function CroAccountingPage(_props: PageProps) {
  const [, navigate] = useLocation();
  const list = usePagedList<Row, Filters>({
    load: async (q: PageQuery<Filters>) => {
      const answer = await loadVoyages({
        skip: q.skip, take: q.take, search: q.search, branchCode: q.filter.branchCode || undefined, side: q.filter.side || undefined,
      });
      return { ...answer, data: answer.data.map((r, i) => ({ ...r, id: q.skip + i + 1 })) };
    },
    initialFilter: { branchCode: "", side: "" },
    pageSize: CRO_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, filter, setFilter, busyId, runRowAction, reload } = list;
  const [day, setDay] = useState(today());
  const [dayVersion, setDayVersion] = useState(0);
  const totals = useRecord(`${dayVersion}:${day}`, () => loadDailyTotals(day || undefined));
  const branches = usePicker("branches");
  const text = textCells(rows, { tooltip: true });
  const amount = (pick: (r: Row) => string, id: string) => (row: number) => (
    <Cell>{rows[row] && <span className="lading-accounting-amount" data-testid={`cro-amount-${id}-${keyOf(rows[row])}`}>{formatAmount(pick(rows[row]))}</span>}</Cell>
  );

  /** Generates the waybill invoices of a row, opening its CRO accounting first when it has none. */
  const generate = (row: Row) =>
    runRowAction(row.id, async () => {
      const id = row.croAccounting?.id ?? (await whileSaving(() => createCroAccounting({ voyageNum: row.voyageNum, branchCode: row.branchCode, side: row.side as BillingSide }))).data.id;
      const answer = await generateInvoices(id);
      for (const refused of answer.refused) notify.warning(refused.message);
      return answer;
    }, () => {
      reload();
      setDayVersion((n) => n + 1);
    });

  const open = async (row: Row) => {
    if (row.croAccounting) return navigate(pathTo(PAGES.croRead, { id: row.croAccounting.id }));
    try {
      const made = await whileSaving(() => createCroAccounting({ voyageNum: row.voyageNum, branchCode: row.branchCode, side: row.side as BillingSide }));
      notify.success(made.message);
      navigate(pathTo(PAGES.croRead, { id: made.data.id }));
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const actions = actionsCell(rows, busyId, (row, busy) => (
    <>
      <RowAction icon={<DocumentOpen />} label="Open" hint={row.croAccounting ? "Open its CRO accounting" : "Open a CRO accounting for this voyage, branch and side"}
        disabled={busy} onClick={() => void open(row)} data-testid={`cro-open-${keyOf(row)}`} />
      <RowAction icon={<NewLayers />} label="Generate invoices" disabled={busy || row.waiting === 0 || row.croAccounting?.status === "Posted"}
        hint={row.croAccounting?.status === "Posted" ? "Posted: reopen it to invoice more" : row.waiting === 0 ? "Every waybill of this side is invoiced" : "Generate the waybill invoices"}
        onClick={() => void generate(row)} data-testid={`cro-generate-${keyOf(row)}`} />
      <RowAction icon={<Export />} label="Postings" hint="The voyage's postings to BASE" onClick={() => navigate(pathTo(PAGES.croPosting, { voyageNum: row.voyageNum }))}
        data-testid={`cro-postings-${keyOf(row)}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="cro-accounting-page">
      <PageHeader title="CRO Accounting" />
      <AccountingTabs />
      <div className="lading-accounting-day" data-testid="cro-day">
        <Card>
          <H6>The day's totals</H6>
          <InputGroup type="date" aria-label="Day" value={day} onValueChange={setDay} data-testid="cro-day-date" />
        </Card>
        {(totals.data?.data ?? []).map((b) => (
          <Card key={b.branchCode} data-testid={`cro-day-${b.branchCode}`}>
            <H6>{b.branchCode}</H6>
            <dl>
              <dt>Invoices issued ({b.issued.count})</dt>
              <dd data-testid={`cro-day-issued-${b.branchCode}`}>{formatAmount(b.issued.total)}</dd>
              <dt>of which VAT</dt>
              <dd data-testid={`cro-day-vat-${b.branchCode}`}>{formatAmount(b.issued.vat)}</dd>
              <dt>Cancelled ({b.cancelled.count})</dt>
              <dd data-testid={`cro-day-cancelled-${b.branchCode}`}>{formatAmount(b.cancelled.total)}</dd>
              <dt>Collected ({b.collected.count})</dt>
              <dd data-testid={`cro-day-collected-${b.branchCode}`}>{formatAmount(b.collected.total)}</dd>
            </dl>
          </Card>
        ))}
        {totals.data && totals.data.data.length === 0 && <p className="bp6-text-muted">Nothing issued or collected on this day.</p>}
      </div>
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search voyage, voyage reference or vessel" aria-label="Search voyages"
          value={list.searchText} onValueChange={list.setSearchText} data-testid="cro-search" />
        <HTMLSelect aria-label="Branch filter" value={filter.branchCode} onChange={(e) => setFilter({ ...filter, branchCode: e.currentTarget.value })}
          data-testid="cro-filter-branch">
          <option value="">All my branches</option>
          {branches.map((b) => <option key={b.code} value={b.code}>{b.code} · {b.name}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Side filter" value={filter.side} onChange={(e) => setFilter({ ...filter, side: e.currentTarget.value as BillingSide | "" })}
          data-testid="cro-filter-side">
          <option value="">Origin and destination</option>
          {BILLING_SIDES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
        <Button variant="minimal" icon={<Refresh />} aria-label="Reload list" title="Reload list" onClick={reload} />
      </div>
      <PagedTable list={list} testId="cro-voyage-table" rangeTestId="cro-voyage-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No voyages to bill" description="No voyage of your branches has waybills to bill." />}>
        <Column name="Voyage" cellRenderer={text((r) => r.voyageNum, (r) => `cro-voyage-${keyOf(r)}`)} />
        <Column name="Vessel" cellRenderer={text((r) => `${r.vesselName} (${r.voyageRef})`)} />
        <Column name="ETD" cellRenderer={text((r) => formatDateTime(r.estimatedTimeDeparture))} />
        <Column name="Branch" cellRenderer={text((r) => `${r.branchCode} · ${r.branchName}`)} />
        <Column name="Side" cellRenderer={text((r) => r.side, (r) => `cro-side-${keyOf(r)}`)} />
        <Column name="CRO accounting" cellRenderer={(row) => (
          <Cell>
            {rows[row]?.croAccounting && (
              <span data-testid={`cro-record-${keyOf(rows[row])}`}>
                {rows[row].croAccounting!.croAcctgNum} <CroStatusTag status={rows[row].croAccounting!.status} />
              </span>
            )}
          </Cell>
        )} />
        <Column name="Waybills" cellRenderer={text((r) => String(r.waybills))} />
        <Column name="Billed" cellRenderer={amount((r) => r.billed, "billed")} />
        <Column name="Invoiced" cellRenderer={amount((r) => r.invoiced, "invoiced")} />
        <Column name="Collected" cellRenderer={amount((r) => r.collected, "collected")} />
        <Column name="Open" cellRenderer={amount((r) => r.open, "open")} />
        <Column name="To invoice" cellRenderer={text((r) => String(r.waiting), (r) => `cro-waiting-${keyOf(r)}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
    </div>
  );
}
