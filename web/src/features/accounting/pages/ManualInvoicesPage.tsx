import "../collections.css";
import { Button, Card, H5, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Add, Confirm, Disable, Print, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { DataTable } from "../../../components/DataTable.tsx";
import { actionsCell, DeleteButton, EditButton, RowAction, textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatAmount } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { MANUAL_SI_PAGE_SIZE, MANUAL_SI_STATUSES, type ManualSiRow, type ManualSiStatus } from "../api/collections-contracts.ts";
import { cancelManualSi, deleteManualSi, type GapRow, issueManualSi, loadGapReport, loadManualSi, manualSiPrintUrl } from "../api/manual-invoices.ts";
import { AccountingStatusTag } from "../components/CollectionStatusTag.tsx";
import { ManualSiDialog } from "../components/ManualSiDialog.tsx";
import { ReasonDialog } from "../components/ReasonDialog.tsx";
import { useWorkBranches } from "../components/work-branches.ts";
import { AccountingTabs } from "../components/AccountingTabs.tsx";

const GAP_INTENT: Record<GapRow["state"], "success" | "none" | "warning" | "primary"> = { ISSUED: "success", CANCELLED: "none", DRAFT: "warning", UNUSED: "primary" };

/** Every serial of a range with what became of it: issued, cancelled (spoiled), a draft, or unused. */
function GapReport({ revision }: { revision: number }) {
  const branches = useWorkBranches();
  const [form, setForm] = useState({ branchCode: "", from: "", to: "" });
  const [asked, setAsked] = useState<typeof form | null>(null);
  const report = useRecord(asked ? `${revision}:${JSON.stringify(asked)}` : null, () => loadGapReport(asked!).then((r) => r.data));
  const rows = report.data ?? [];
  const text = textCells(rows);
  const branchCode = form.branchCode || branches[0]?.branchCode || "";
  return (
    <Card className="lading-accounting-card" data-testid="gap-report">
      <form className="lading-collection-row" onSubmit={(e) => {
        e.preventDefault();
        setAsked({ ...form, branchCode });
      }}>
        <H5 style={{ margin: 0 }}>Gap report</H5>
        <HTMLSelect aria-label="Branch" value={branchCode} onChange={(e) => setForm({ ...form, branchCode: e.currentTarget.value })} data-testid="gap-branch">
          {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode}</option>)}
        </HTMLSelect>
        <InputGroup placeholder="From serial" aria-label="From serial" value={form.from} onValueChange={(v) => setForm({ ...form, from: v })} data-testid="gap-from" />
        <InputGroup placeholder="To serial" aria-label="To serial" value={form.to} onValueChange={(v) => setForm({ ...form, to: v })} data-testid="gap-to" />
        <Button type="submit" text="Report" data-testid="gap-run" />
      </form>
      {rows.length > 0 && (
        <DataTable numRows={rows.length} frozen={1} testId="gap-table">
          <Column name="Serial" cellRenderer={text((r) => r.serial, (r) => `gap-serial-${r.serial}`)} />
          <Column name="State" cellRenderer={(row) => <Cell>{rows[row] && <AccountingStatusTag status={rows[row].state} intent={GAP_INTENT[rows[row].state]} testId={`gap-state-${rows[row].serial}`} />}</Cell>} />
        </DataTable>
      )}
    </Card>
  );
}

/**
 * Manual sales invoices (001 §7 BaseManualSI): the invoices written on the branch's ATP booklets, twenty a page
 * (skip 0, take 20). A new one takes a serial of an active booklet of the branch, never used before; a Draft is
 * changed, issued or deleted; an issued one is cancelled (spoiled) with its reason and printed on legal paper.
 */
export default function ManualInvoicesPage(_props: PageProps) {
  const list = usePagedList<ManualSiRow, ManualSiStatus | "">({
    load: (q: PageQuery<ManualSiStatus | "">) => loadManualSi({ skip: q.skip, take: q.take, search: q.search, status: q.filter || undefined }),
    initialFilter: "",
    pageSize: MANUAL_SI_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, busyId, filter, setFilter, reload, reloadFromStart, runRowAction } = list;
  const [editing, setEditing] = useState<{ row: ManualSiRow | null } | null>(null);
  const [cancelling, setCancelling] = useState<ManualSiRow | null>(null);
  const [revision, setRevision] = useState(0);
  const text = textCells(rows, { tooltip: true });
  const after = () => {
    reload();
    setRevision((n) => n + 1);
  };

  const remove = async (row: ManualSiRow) => {
    const ok = await confirmPrompt({ title: "Delete draft", description: `Delete the draft on serial ${row.serial}? The serial is free again.`, actionText: "Delete", intent: "danger" });
    if (ok) await runRowAction(row.id, () => deleteManualSi(row), after);
  };
  const issue = async (row: ManualSiRow) => {
    const ok = await confirmPrompt({ title: "Issue invoice", description: `Issue the manual SI on serial ${row.serial} for ${formatAmount(row.total)}? It is posted to BASE and is never deleted.`, actionText: "Issue" });
    if (ok) await runRowAction(row.id, () => issueManualSi(row), after);
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <EditButton hint={item.status === "Draft" ? "Change the draft" : "Only a draft is changed"} disabled={busy || item.status !== "Draft"}
        onClick={() => setEditing({ row: item })} data-testid={`manual-si-edit-${item.serial}`} />
      <RowAction icon={<Confirm />} intent="success" label="Issue" disabled={busy || item.status !== "Draft"} onClick={() => void issue(item)} data-testid={`manual-si-issue-${item.serial}`} />
      <DeleteButton hint={item.status === "Draft" ? "Delete the draft" : "An issued SI is never deleted: cancel it"} disabled={busy || item.status !== "Draft"}
        onClick={() => void remove(item)} data-testid={`manual-si-delete-${item.serial}`} />
      <RowAction icon={<Disable />} intent="danger" label="Cancel (spoiled)" disabled={busy || item.status === "Cancelled"} onClick={() => setCancelling(item)}
        data-testid={`manual-si-cancel-${item.serial}`} />
      <RowAction icon={<Print />} label="Print" hint="Print on legal paper (PDF)" href={manualSiPrintUrl(item.id)} target="_blank" data-testid={`manual-si-print-${item.serial}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="manual-si-page">
      <PageHeader
        title="Manual sales invoices"
        crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]}
        actions={
          <>
            <AppLink to={PAGES.atpBooklets} data-testid="manual-si-to-booklets">ATP booklets</AppLink>
            <Button intent="primary" icon={<Add />} text="New manual SI" onClick={() => setEditing({ row: null })} data-testid="manual-si-new" />
          </>
        }
      />
      <AccountingTabs />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search serial, buyer, customer or waybill" aria-label="Search manual SIs"
          value={list.searchText} onValueChange={list.setSearchText} data-testid="manual-si-search" />
        <HTMLSelect aria-label="Status filter" value={filter} onChange={(e) => setFilter(e.currentTarget.value as ManualSiStatus | "")} data-testid="manual-si-filter">
          <option value="">All statuses</option>
          {MANUAL_SI_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
      </div>
      <PagedTable list={list} testId="manual-si-table" rangeTestId="manual-si-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No manual SIs" description="No manual sales invoice is recorded." />}>
        <Column name="Serial" cellRenderer={text((s) => `${s.branchCode} ${s.serial}`, (s) => `manual-si-row-${s.serial}`)} />
        <Column name="Date" cellRenderer={text((s) => s.invoiceDate)} />
        <Column name="Buyer" cellRenderer={text((s) => s.buyerName, (s) => `manual-si-buyer-${s.serial}`)} />
        <Column name="Waybill" cellRenderer={text((s) => s.wayBillRef ?? "-")} />
        <Column name="VATable" cellRenderer={(row) => <Cell className="lading-money">{rows[row] && formatAmount(rows[row].vatableSales)}</Cell>} />
        <Column name="VAT" cellRenderer={(row) => <Cell className="lading-money">{rows[row] && formatAmount(rows[row].vatAmount)}</Cell>} />
        <Column name="Total" cellRenderer={(row) => <Cell className="lading-money">{rows[row] && <span data-testid={`manual-si-total-${rows[row].serial}`}>{formatAmount(rows[row].total)}</span>}</Cell>} />
        <Column name="Status" cellRenderer={(row) => <Cell>{rows[row] && <AccountingStatusTag status={rows[row].status} testId={`manual-si-status-${rows[row].serial}`} />}</Cell>} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <GapReport revision={revision} />
      <ManualSiDialog isOpen={editing !== null} row={editing?.row ?? null} onClose={() => setEditing(null)} onSaved={() => {
        setEditing(null);
        reloadFromStart();
        setRevision((n) => n + 1);
      }} />
      <ReasonDialog
        isOpen={cancelling !== null}
        title="Cancel manual SI (spoiled)"
        description={cancelling ? `Cancel the manual SI on serial ${cancelling.serial}? It keeps its serial and stays in the reports.` : ""}
        actionText="Nothing is deleted: the serial is marked cancelled with your reason."
        testId="manual-si-cancel"
        onClose={() => setCancelling(null)}
        onConfirm={(reason) => cancelManualSi(cancelling!, reason)}
        onDone={after}
      />
    </div>
  );
}
