import "../accounting.css";
import { Button, ButtonGroup, Callout, Card, NonIdealState, Spinner } from "@blueprintjs/core";
import { CloudUpload, Disable, Export, NewLayers, Print, Search, Trash, Undo } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { useLocation } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { useRowAction } from "../../../lib/data/save.ts";
import { formatAmount } from "../../../lib/format.ts";
import { paymentModeLabel } from "../../../lib/labels.ts";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import type { CroAccountingDetail, InvoiceRow, PostingRow } from "../api/contracts.ts";
import {
  deleteCroAccounting,
  generateInvoices,
  invoicePrintUrl,
  loadCroWaybills,
  postCro,
  postCroToBase,
  readCroAccounting,
  updateCroStatus,
} from "../api/cro-accounting.ts";
import { CancelInvoiceDialog } from "../components/CancelInvoiceDialog.tsx";
import { CroStatusTag, InvoiceStatusTag, PostingStatusTag } from "../components/StatusTags.tsx";

const noPaging = () => {};

/** What BASE said of the documents just sent: the message, and the customers it booked them to. */
interface BaseAnswer {
  message: string;
  postings: PostingRow[];
}

/**
 * /outbound/CROAcctg/read/{id}: one CRO accounting record with its invoices. The cashier generates the waybill
 * invoices still waiting, prints them, cancels one with a reason, posts the record (its postings go to BASE at
 * once) or sends its postings to BASE again, and reads BASE's answer.
 */
export default function CroAccountingReadPage({ params }: PageProps) {
  const id = params.id ?? "";
  const [, navigate] = useLocation();
  const [version, setVersion] = useState(0);
  // The record stays on the page while it is read again after a change; one that cannot be read is said on the page.
  const record = useRecord(`${version}:${id}`, () => readCroAccounting(id).then((r) => r.data), { quiet: () => true });
  const waybills = useRecord(record.data ? `${version}:${id}` : null, () => loadCroWaybills(Number(id)));
  const action = useRowAction<string>();
  const [cancelling, setCancelling] = useState<InvoiceRow | null>(null);
  const [answer, setAnswer] = useState<BaseAnswer | null>(null);
  const reload = () => setVersion((n) => n + 1);
  const crumbs = [{ text: "CRO Accounting", href: PAGES.croAccounting }];

  if (!record.data) {
    return (
      <div className="lading-page" data-testid="cro-read-page">
        <PageHeader title={`CRO accounting ${id}`} crumbs={crumbs} />
        {record.loading ? <Spinner /> : (
          <NonIdealState icon={<Search size={32} />} title="CRO accounting not found" description={errorText(record.error)}
            action={<AppLink to={PAGES.croAccounting}>Back to CRO Accounting</AppLink>} />
        )}
      </div>
    );
  }
  const cro: CroAccountingDetail = record.data;
  const draft = cro.status === "Draft";
  const busy = action.busy !== null;
  const rows = cro.invoices;
  const text = textCells(rows, { tooltip: true });
  const money = (pick: (i: InvoiceRow) => string, name: string) => (row: number) => (
    <Cell>{rows[row] && <span className="lading-accounting-amount" data-testid={`invoice-${name}-${rows[row].invoiceNo}`}>{formatAmount(pick(rows[row]))}</span>}</Cell>
  );

  const run = (key: string, work: () => Promise<{ message: string }>) => action.run(key, work, reload);
  const sendToBase = (work: () => Promise<{ message: string; postings?: PostingRow[]; data: unknown }>) =>
    run("post", async () => {
      const done = await work();
      const postings = (done.postings ?? (Array.isArray(done.data) ? done.data : [])) as PostingRow[];
      setAnswer({ message: done.message, postings });
      return done;
    });
  const remove = async () => {
    const confirmed = await confirmPrompt({
      title: "Delete CRO accounting", description: `Delete ${cro.croAcctgNum}? It has no invoice; it can be opened again later.`, actionText: "Delete", intent: "danger",
    });
    if (confirmed) await action.run("delete", () => deleteCroAccounting(cro.id), () => navigate(PAGES.croAccounting));
  };

  const invoiceActions = actionsCell(rows, null, (invoice) => (
    <>
      <RowAction icon={<Print />} label="Print" hint="Print the invoice (PDF)" href={invoicePrintUrl(invoice.invoiceNo)} target="_blank"
        data-testid={`invoice-print-${invoice.invoiceNo}`} />
      <RowAction icon={<Disable />} label="Cancel" intent="danger" disabled={invoice.status !== "Issued" || busy}
        hint={invoice.status === "Issued" ? "Cancel the invoice with a reason (its number stays)" : "Cancelled"}
        onClick={() => setCancelling(invoice)} data-testid={`invoice-cancel-${invoice.invoiceNo}`} />
    </>
  ));

  const waybillRows = waybills.data?.data ?? [];
  const waybillText = textCells(waybillRows, { tooltip: true });

  return (
    <div className="lading-page" data-testid="cro-read-page">
      <PageHeader
        title={`CRO accounting ${cro.croAcctgNum}`}
        crumbs={crumbs}
        actions={
          <ButtonGroup>
            {draft && (
              <Button intent="primary" icon={<NewLayers />} text="Generate invoices" loading={action.busy === "generate"} disabled={busy || cro.waiting === 0}
                onClick={() => void run("generate", async () => {
                  const answer = await generateInvoices(cro.id);
                  for (const refused of answer.refused) notify.warning(refused.message);
                  return answer;
                })} data-testid="cro-generate" />
            )}
            {draft && (
              <Button icon={<CloudUpload />} text="Post CRO" loading={action.busy === "post"} disabled={busy}
                onClick={() => void sendToBase(() => postCro(cro.id))} data-testid="cro-post" />
            )}
            <Button icon={<Export />} text="Post to BASE" disabled={busy || rows.length === 0} onClick={() => void sendToBase(() => postCroToBase(cro.id))}
              data-testid="cro-post-base" />
            {!draft && (
              <Button icon={<Undo />} text="Reopen" disabled={busy} onClick={() => void run("reopen", () => updateCroStatus(cro.id, "reopen", cro.dateModified))}
                data-testid="cro-reopen" />
            )}
            {draft && rows.length === 0 && (
              <Button icon={<Trash />} intent="danger" text="Delete" disabled={busy} onClick={() => void remove()} data-testid="cro-delete" />
            )}
          </ButtonGroup>
        }
      />
      <Card className="lading-accounting-facts">
        <dl className="lading-kv lading-kv-plain">
          <dt>Status</dt>
          <dd><CroStatusTag status={cro.status} testId="cro-fact-status" /></dd>
          <dt>Voyage</dt>
          <dd data-testid="cro-fact-voyage">
            <AppLink to={pathTo(PAGES.croPosting, { voyageNum: cro.voyageNum })}>{cro.voyageNum}</AppLink> · {cro.voyageRef} · {cro.vesselName}
          </dd>
          <dt>Bills</dt>
          <dd data-testid="cro-fact-side">{cro.side} side at {cro.branchCode} · {cro.branchName}</dd>
          <dt>Invoiced</dt>
          <dd data-testid="cro-fact-invoiced">{formatAmount(cro.invoiced)} ({cro.invoiceCount} invoice{cro.invoiceCount === 1 ? "" : "s"})</dd>
          <dt>Collected</dt>
          <dd data-testid="cro-fact-collected">{formatAmount(cro.collected)}</dd>
          <dt>Open</dt>
          <dd data-testid="cro-fact-open">{formatAmount(cro.open)}</dd>
          <dt>Waybills to invoice</dt>
          <dd data-testid="cro-fact-waiting">{cro.waiting}</dd>
          <dt>Remarks</dt>
          <dd>{cro.remarks || "—"}</dd>
        </dl>
      </Card>
      {answer && (
        <Callout className="lading-accounting-answer" intent={answer.postings.every((p) => p.status === "CONFIRMED") ? "success" : "warning"}
          title="BASE's answer" data-testid="cro-base-answer">
          <p data-testid="cro-base-message">{answer.message}</p>
          <ul>
            {answer.postings.map((p) => (
              <li key={p.id} data-testid={`cro-base-line-${p.reference}`}>
                {p.reference} ({p.docType}): <PostingStatusTag status={p.status} />
                {p.message ? ` ${p.message}` : ""}
                {p.custDetails ? ` · ${describeCustomer(p.custDetails)}` : ""}
                {p.lastError && p.status !== "CONFIRMED" ? ` · ${p.lastError}` : ""}
              </li>
            ))}
          </ul>
        </Callout>
      )}
      <h4 className="lading-accounting-section">Invoices</h4>
      <PagedTable list={{ rows, total: rows.length, page: 0, setPage: noPaging, pageSize: Math.max(rows.length, 1), loading: false }}
        testId="invoice-table" rangeTestId="invoice-range" frozen={1}
        empty={<NonIdealState title="No invoices yet" description={draft ? "Generate the invoices of the waybills waiting." : "This record has no invoice."} />}>
        <Column name="Invoice No." cellRenderer={text((i) => i.invoiceNo, (i) => `invoice-row-${i.invoiceNo}`)} />
        <Column name="Waybill" cellRenderer={text((i) => i.wayBillRef ?? "", (i) => `invoice-waybill-${i.invoiceNo}`)} />
        <Column name="Billed" cellRenderer={text((i) => paymentModeLabel(i.billedSide))} />
        <Column name="Buyer" cellRenderer={text((i) => i.buyerName, (i) => `invoice-buyer-${i.invoiceNo}`)} />
        <Column name="VATable sales" cellRenderer={money((i) => i.vatableSales, "vatable")} />
        <Column name="VAT" cellRenderer={money((i) => i.vatAmount, "vat")} />
        <Column name="VAT-exempt" cellRenderer={money((i) => i.exemptSales, "exempt")} />
        <Column name="Zero-rated" cellRenderer={money((i) => i.zeroRatedSales, "zero")} />
        <Column name="Total" cellRenderer={money((i) => i.total, "total")} />
        <Column name="Open" cellRenderer={money((i) => i.open, "open")} />
        <Column name="Status" cellRenderer={(row) => <Cell>{rows[row] && <InvoiceStatusTag status={rows[row].status} testId={`invoice-status-${rows[row].invoiceNo}`} />}</Cell>} />
        <Column name="Posting" cellRenderer={(row) => (
          <Cell tooltip={rows[row]?.posting?.lastError ?? undefined}>
            {rows[row]?.posting && <PostingStatusTag status={rows[row].posting!.status} testId={`invoice-posting-${rows[row].invoiceNo}`} />}
          </Cell>
        )} />
        <Column name="Actions" cellRenderer={invoiceActions} />
      </PagedTable>
      <h4 className="lading-accounting-section">Waybills of this side</h4>
      <PagedTable list={{ rows: waybillRows, total: waybillRows.length, page: 0, setPage: noPaging, pageSize: Math.max(waybillRows.length, 1), loading: waybills.loading }}
        testId="cro-waybill-table" rangeTestId="cro-waybill-range" frozen={1}
        empty={<NonIdealState title="No waybills" description="This voyage has no waybill to bill on this side." />}>
        <Column name="Waybill No." cellRenderer={waybillText((wb) => wb.wayBillRef, (wb) => `cro-waybill-${wb.wayBillRef}`)} />
        <Column name="Shipper" cellRenderer={waybillText((wb) => wb.shipperName)} />
        <Column name="Consignee" cellRenderer={waybillText((wb) => wb.consigneeName)} />
        <Column name="Van" cellRenderer={waybillText((wb) => wb.containerVanNum)} />
        <Column name="Bills" cellRenderer={waybillText((wb) => wb.sides.map((s) => `${paymentModeLabel(s.mode)} ${formatAmount(s.amount)}`).join("; "))} />
        <Column name="Invoice" cellRenderer={waybillText((wb) => wb.sides.map((s) => s.invoice?.invoiceNo ?? "not yet").join("; "), (wb) => `cro-waybill-invoice-${wb.wayBillRef}`)} />
      </PagedTable>
      <CancelInvoiceDialog
        invoice={cancelling}
        onClose={() => setCancelling(null)}
        onCancelled={(invoice) => {
          setCancelling(null);
          record.set({ ...cro, invoices: cro.invoices.map((i) => (i.id === invoice.id ? invoice : i)) });
          reload();
        }}
      />
    </div>
  );
}

/** BASE's customer details as a line: its name and code when it gives them. */
function describeCustomer(details: unknown): string {
  if (details && typeof details === "object") {
    const d = details as { name?: unknown; customerCode?: unknown };
    return [d.name, d.customerCode].filter((v) => typeof v === "string" && v).join(" · ");
  }
  return String(details);
}
