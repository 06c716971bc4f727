import "../collections.css";
import { Button, Callout, Card, H5, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Add, Disable, Print, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatAmount } from "../../../lib/format.ts";
import { paymentMethodLabel } from "../../../lib/labels.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { COLLECTION_PAGE_SIZE, COLLECTION_STATUSES, type CollectionRow, type CollectionStatus, REDIRECT_DELAY_MS, type SidePaymentRow } from "../api/collections-contracts.ts";
import { cancelCollection, loadCollections, loadDayTotals, readWaybillAccount, receiptPrintUrl, type WaybillAccount } from "../api/collections.ts";
import { AccountingStatusTag } from "../components/CollectionStatusTag.tsx";
import { NewCollectionDialog } from "../components/NewCollectionDialog.tsx";
import { ReasonDialog } from "../components/ReasonDialog.tsx";
import { AccountingTabs } from "../components/AccountingTabs.tsx";

interface Filters {
  status: CollectionStatus | "";
  collectionDate: string;
}

/** The figures of a day a cashier reconciles at closing: how the money came, and what the payers withheld. */
function DayTotals({ revision }: { revision: number }) {
  const [day, setDay] = useState(manilaToday());
  const totals = useRecord(/^\d{4}-\d{2}-\d{2}$/.test(day) ? `${revision}:${day}` : null, () => loadDayTotals(day).then((r) => r.data));
  const t = totals.data;
  const figure = (label: string, value: string, id: string, count?: number) => (
    <div>
      <span>{label}{count !== undefined ? ` (${count})` : ""}</span>
      <strong data-testid={id}>{formatAmount(value)}</strong>
    </div>
  );
  return (
    <Card className="lading-accounting-card" data-testid="day-totals">
      <div className="lading-collection-row">
        <H5 style={{ margin: 0 }}>The day's collections</H5>
        <InputGroup type="date" aria-label="Day" value={day} onValueChange={setDay} data-testid="day-totals-date" />
      </div>
      {t && (
        <div className="lading-day-totals">
          {figure("Cash", t.cash.amount, "day-total-cash", t.cash.count)}
          {figure("Cheques", t.cheques.amount, "day-total-cheques", t.cheques.count)}
          {figure("PDCs", t.pdcs.amount, "day-total-pdcs", t.pdcs.count)}
          {figure("EWT withheld", t.ewt, "day-total-ewt")}
          {figure("VAT withheld", t.wvat, "day-total-wvat")}
          {figure("Other charges", t.other, "day-total-other")}
          {figure("Credit applied", t.creditApplied, "day-total-credit")}
          {figure("Received", t.received, "day-total-received", t.receipts)}
          <div><span>Cancelled or reversed</span><strong data-testid="day-total-cancelled">{t.cancelled}</strong></div>
        </div>
      )}
    </Card>
  );
}

function SidePaid({ label, side, testId }: { label: string; side: SidePaymentRow; testId: string }) {
  return (
    <div className="lading-paid-side">
      <strong>{label}</strong>
      <AccountingStatusTag status={side.paid ? "Paid" : "Not paid"} intent={side.paid ? "success" : "danger"} testId={`${testId}-status`} />
      <span data-testid={`${testId}-reason`}>{side.reason}</span>
    </div>
  );
}

/** Whether a waybill is paid for release at each end, and what is open on its invoices, by its reference. */
function WaybillLookup({ revision }: { revision: number }) {
  const [text, setText] = useState("");
  const [asked, setAsked] = useState("");
  const [failure, setFailure] = useState<string | null>(null);
  const account = useRecord<WaybillAccount>(asked ? `${revision}:${asked}` : null, () => readWaybillAccount(asked).then((r) => r.data), {
    keepStale: false,
    quiet: () => true,
    onFailure: (error) => setFailure(serverMessage(error)),
    onAnswer: () => setFailure(null),
  });
  const a = account.data;
  return (
    <Card className="lading-accounting-card" data-testid="waybill-lookup">
      <form className="lading-collection-row" onSubmit={(e) => {
        e.preventDefault();
        setAsked(text.trim());
      }}>
        <H5 style={{ margin: 0 }}>Is the waybill paid?</H5>
        <InputGroup placeholder="Waybill No." aria-label="Waybill No." value={text} onValueChange={setText} data-testid="waybill-lookup-ref" />
        <Button type="submit" icon={<Search />} text="Look up" data-testid="waybill-lookup-go" />
      </form>
      {failure && <Callout intent="warning" data-testid="waybill-lookup-failure">{failure}</Callout>}
      {a && (
        <div data-testid="waybill-lookup-answer">
          <p className="bp6-text-muted">{a.wayBillRef} · voyage {a.voyageNum} · {a.branchCode} to {a.destinationBranchCode} · {a.consigneeName}</p>
          <SidePaid label="Origin" side={a.origin} testId="waybill-paid-origin" />
          <SidePaid label="Destination" side={a.destination} testId="waybill-paid-destination" />
        </div>
      )}
    </Card>
  );
}

/**
 * Collections at DAT (001 §2 /CROAccounting/CollectionAtDAT): the receipts of the user's branches, newest first,
 * the day's totals the cashier reconciles, whether a waybill is paid for release, and a new collection. A receipt
 * is printed, or cancelled with a reason while it is not posted to BASE (the spec's delete); the list reloads a
 * second after.
 */
export default function CollectionsPage(_props: PageProps) {
  const list = usePagedList<CollectionRow, Filters>({
    load: (q: PageQuery<Filters>) => loadCollections({
      skip: q.skip, take: q.take, search: q.search, status: q.filter.status || undefined, collectionDate: q.filter.collectionDate || undefined,
    }),
    initialFilter: { status: "", collectionDate: "" },
    pageSize: COLLECTION_PAGE_SIZE,
    emptyNotice: "searched",
  });
  const { rows, busyId, filter, setFilter, reload, reloadFromStart } = list;
  const [creating, setCreating] = useState(false);
  const [cancelling, setCancelling] = useState<CollectionRow | null>(null);
  const [revision, setRevision] = useState(0);
  const [made, setMade] = useState<CollectionRow | null>(null);
  const text = textCells(rows, { tooltip: true });
  const money = (pick: (c: CollectionRow) => string, id: string) => (row: number) => (
    <Cell className="lading-money">{rows[row] && <span data-testid={`${id}-${rows[row].receiptNo}`}>{formatAmount(pick(rows[row]))}</span>}</Cell>
  );
  const refresh = () => {
    reload();
    setRevision((n) => n + 1);
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<Print />} label="Print" hint="Print the receipt (PDF)" href={receiptPrintUrl(item.id)} target="_blank" data-testid={`collection-print-${item.receiptNo}`} />
      <RowAction icon={<Disable />} intent="danger" label="Cancel"
        hint={item.status !== "Issued" ? `Already ${item.status.toLowerCase()}` : item.postingStatus === "CONFIRMED" ? "Posted to BASE: accounting reverses it" : "Cancel the receipt"}
        disabled={busy || item.status !== "Issued" || item.postingStatus === "CONFIRMED"} onClick={() => setCancelling(item)}
        data-testid={`collection-cancel-${item.receiptNo}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="collections-page">
      <PageHeader
        title="Collections at DAT"
        crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]}
        actions={
          <>
            <AppLink to={PAGES.pdcClearing} data-testid="collections-to-pdc">PDC clearing</AppLink>
            <Button intent="primary" icon={<Add />} text="New collection" onClick={() => setCreating(true)} data-testid="collection-new" />
          </>
        }
      />
      <AccountingTabs />
      {made && (
        <Callout intent="success" className="lading-accounting-card" data-testid="collection-made">
          Receipt <strong data-testid="collection-made-receipt">{made.receiptNo}</strong>: {formatAmount(made.amountReceived)} received from {made.payerName}
          {made.creditApplied !== "0.00" && <>, with {formatAmount(made.creditApplied)} of credit applied</>}.{" "}
          <a href={receiptPrintUrl(made.id)} target="_blank" rel="noopener" data-testid="collection-made-print">Print the receipt</a>
        </Callout>
      )}
      <div className="lading-accounting-panels">
        <DayTotals revision={revision} />
        <WaybillLookup revision={revision} />
      </div>
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search receipt no., payer, cheque or bank"
          aria-label="Search collections" value={list.searchText} onValueChange={list.setSearchText} data-testid="collection-search" />
        <HTMLSelect aria-label="Status filter" value={filter.status} onChange={(e) => setFilter({ ...filter, status: e.currentTarget.value as CollectionStatus | "" })}
          data-testid="collection-filter-status">
          <option value="">All statuses</option>
          {COLLECTION_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
        <InputGroup type="date" aria-label="Collection date" value={filter.collectionDate} onValueChange={(v) => setFilter({ ...filter, collectionDate: v })}
          data-testid="collection-filter-date" />
      </div>
      <PagedTable
        list={list}
        testId="collection-table"
        rangeTestId="collection-range"
        frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No collections" description="No receipt matches." />}
      >
        <Column name="Receipt No." cellRenderer={text((c) => c.receiptNo, (c) => `collection-row-${c.receiptNo}`)} />
        <Column name="Date" cellRenderer={text((c) => c.collectionDate, (c) => `collection-date-${c.receiptNo}`)} />
        <Column name="Payer" cellRenderer={text((c) => c.payerName, (c) => `collection-payer-${c.receiptNo}`)} />
        <Column name="Invoices" cellRenderer={text((c) => c.lines.map((l) => l.invoiceNo).join(", "), (c) => `collection-invoices-${c.receiptNo}`)} />
        <Column name="Paid by" cellRenderer={text((c) => paymentMethodLabel(c.paymentMethod) + (c.cheque ? ` ${c.cheque.chequeNo} (${c.cheque.status})` : ""), (c) => `collection-method-${c.receiptNo}`)} />
        <Column name="Applied" cellRenderer={money((c) => c.appliedTotal, "collection-applied")} />
        <Column name="EWT" cellRenderer={money((c) => c.ewtTotal, "collection-ewt")} />
        <Column name="VAT withheld" cellRenderer={money((c) => c.wvatTotal, "collection-wvat")} />
        <Column name="Credit applied" cellRenderer={money((c) => c.creditApplied, "collection-credit")} />
        <Column name="Received" cellRenderer={money((c) => c.amountReceived, "collection-received")} />
        <Column name="Status" cellRenderer={(row) => <Cell>{rows[row] && <AccountingStatusTag status={rows[row].status} testId={`collection-status-${rows[row].receiptNo}`} />}</Cell>} />
        <Column name="BASE" cellRenderer={text((c) => c.postingStatus ?? "-", (c) => `collection-posting-${c.receiptNo}`)} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <NewCollectionDialog
        isOpen={creating}
        onClose={() => setCreating(false)}
        onCreated={(row) => {
          setCreating(false);
          setMade(row);
          reloadFromStart();
          setRevision((n) => n + 1);
        }}
      />
      <ReasonDialog
        isOpen={cancelling !== null}
        title="Cancel receipt"
        description={cancelling ? `Cancel receipt ${cancelling.receiptNo} of ${cancelling.payerName}? It keeps its number; its invoices are open again.` : ""}
        actionText="The receipt is not deleted: it stays, marked cancelled with your reason."
        testId="collection-cancel"
        onClose={() => setCancelling(null)}
        onConfirm={(reason) => cancelCollection(cancelling!, reason)}
        // 001 §9: the list comes back a second after a delete; after a refusal at once.
        onDone={(saved) => (saved ? setTimeout(refresh, REDIRECT_DELAY_MS) : reload())}
      />
    </div>
  );
}
