import "../collections.css";
import { Checkbox, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { BankAccount, Disable, Exchange, Search, TickCircle } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { actionsCell, RowAction, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { PagedTable } from "../../../components/PagedTable.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import { type PageQuery, usePagedList } from "../../../lib/data/paged-list.ts";
import { formatAmount } from "../../../lib/format.ts";
import { notify } from "../../../lib/notify.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { PDC_FILTERS, PDC_PAGE_SIZE, PDC_RELOAD_MS, type PdcFilter, type PdcRow } from "../api/collections-contracts.ts";
import { bounceCheque, clearCheque, depositCheque, loadCheques, replaceCheque } from "../api/pdc.ts";
import { AccountingStatusTag } from "../components/CollectionStatusTag.tsx";
import { ReasonDialog } from "../components/ReasonDialog.tsx";
import { AccountingTabs } from "../components/AccountingTabs.tsx";

type DateAction = { kind: "deposit" | "clear"; row: PdcRow };

const FILTER_WORDS: Record<PdcFilter, string> = {
  OUTSTANDING: "Outstanding (received or deposited)", RECEIVED: "Received", DEPOSITED: "Deposited", CLEARED: "Cleared", BOUNCED: "Bounced",
  REPLACED: "Replaced", CANCELLED: "Cancelled",
};

/** The date of a deposit or a clearing; the server checks it against the cheque's date and the banking days. */
function ChequeDateDialog({ action, onClose, onDone }: { action: DateAction | null; onClose: () => void; onDone: (kind: DateAction["kind"]) => void }) {
  const [date, setDate] = useState("");
  const [error, setError] = useState<string | undefined>();
  const { saving, save } = useFormSave();
  const row = action?.row;
  const suggested = !row ? "" : action!.kind === "deposit"
    ? (row.chequeDate > manilaToday() ? row.chequeDate : manilaToday())
    : (row.earliestClearing && row.earliestClearing > manilaToday() ? row.earliestClearing : manilaToday());
  const value = date || suggested;
  const close = () => {
    setDate("");
    setError(undefined);
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!row || !action) return;
    const kind = action.kind;
    await save(async () => {
      if (kind === "clear") return await clearCheque(row, value);
      const result = await depositCheque(row, value);
      // A cheque near its stale date is deposited with a warning the cashier sees.
      for (const warning of result.warnings) notify.warning(warning);
      return result;
    }, {
      onSaved: () => {
        close();
        onDone(kind);
      },
      onFieldErrors: (fields) => setError(fields.depositDate ?? fields.clearedDate),
    });
  };
  const depositing = action?.kind === "deposit";
  return (
    <FormDialog isOpen={action !== null} title={depositing ? "Deposit cheque" : "Clear cheque"} saving={saving} onClose={close} onSubmit={submit}
      formTestId="pdc-date-form" saveTestId="pdc-date-save">
      {row && (
        <p>
          Cheque {row.chequeNo} of {row.bank}, dated {row.chequeDate}, {formatAmount(row.amount)} from {row.payerName} (receipt {row.receiptNo}).
          {!depositing && row.earliestClearing && ` Deposited ${row.depositDate}: it clears from ${row.earliestClearing}.`}
        </p>
      )}
      <TextField label={depositing ? "Deposited on" : "Cleared on"} id="pdc-date" type="date" required value={value} error={error}
        onValueChange={(v) => {
          setDate(v);
          setError(undefined);
        }} data-testid="pdc-date" />
    </FormDialog>
  );
}

/** Another cheque for one not yet deposited: same collection, same amount. */
function ReplaceDialog({ row, onClose, onDone }: { row: PdcRow | null; onClose: () => void; onDone: () => void }) {
  const [form, setForm] = useState({ bank: "", chequeNo: "", chequeDate: "", isManagersCheque: false, reason: "" });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { saving, save } = useFormSave();
  const close = () => {
    setForm({ bank: "", chequeNo: "", chequeDate: "", isManagersCheque: false, reason: "" });
    setErrors({});
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!row) return;
    await save(() => replaceCheque(row, form), {
      onSaved: () => {
        close();
        onDone();
      },
      onFieldErrors: setErrors,
    });
  };
  const field = (key: "bank" | "chequeNo" | "chequeDate" | "reason", label: string, type = "text") => (
    <TextField label={label} id={`pdc-replace-${key}`} type={type} required value={form[key]} error={errors[key]}
      onValueChange={(v) => setForm((f) => ({ ...f, [key]: v }))} data-testid={`pdc-replace-${key}`} />
  );
  return (
    <FormDialog isOpen={row !== null} title="Replace cheque" saving={saving} onClose={close} onSubmit={submit} formTestId="pdc-replace-form" saveTestId="pdc-replace-save">
      {row && <p>Cheque {row.chequeNo} of {row.bank} for {formatAmount(row.amount)} is replaced by:</p>}
      {field("bank", "Bank")}
      {field("chequeNo", "Cheque No.")}
      {field("chequeDate", "Cheque date", "date")}
      <Checkbox label="Manager's or cashier's cheque" checked={form.isManagersCheque} onChange={(e) => setForm((f) => ({ ...f, isManagersCheque: e.currentTarget.checked }))} />
      {field("reason", "Reason")}
    </FormDialog>
  );
}

/**
 * PDC clearing (001 §7 PdcClearing: load and clear): the post-dated cheques of the user's branches by due date,
 * with their age and the last day they may be deposited. A cheque is deposited on or after its date, cleared no
 * earlier than the next banking day (the list reloads half a second later), bounced with a reason (its receipt is
 * reversed and the invoices are open again), or replaced before it is deposited.
 */
export default function PdcClearingPage(_props: PageProps) {
  const list = usePagedList<PdcRow, PdcFilter>({
    load: (q: PageQuery<PdcFilter>) => loadCheques({ skip: q.skip, take: q.take, search: q.search, filter: q.filter }),
    initialFilter: "OUTSTANDING",
    pageSize: PDC_PAGE_SIZE,
    emptyNotice: "always",
  });
  const { rows, busyId, filter, setFilter, reload } = list;
  const [dated, setDated] = useState<DateAction | null>(null);
  const [bouncing, setBouncing] = useState<PdcRow | null>(null);
  const [replacing, setReplacing] = useState<PdcRow | null>(null);
  const text = textCells(rows, { tooltip: true });
  // 001 §4: after a clearing the list is read again half a second later.
  const done = (kind: DateAction["kind"] | "other") => (kind === "clear" ? setTimeout(reload, PDC_RELOAD_MS) : reload());

  const ageText = (c: PdcRow) => {
    if (c.ageDays < 0) return `due in ${-c.ageDays} days`;
    if (c.staleness === "STALE") return `STALE (${c.ageDays} days)`;
    if (c.staleness === "WARN") return `${c.ageDays} days: deposit by ${c.lastDeposit}`;
    return `${c.ageDays} days`;
  };

  const actions = actionsCell(rows, busyId, (item, busy) => (
    <>
      <RowAction icon={<BankAccount />} label="Deposit" hint={item.status === "RECEIVED" ? "Record it deposited" : "Not in hand"}
        disabled={busy || item.status !== "RECEIVED"} onClick={() => setDated({ kind: "deposit", row: item })} data-testid={`pdc-deposit-${item.chequeNo}`} />
      <RowAction icon={<TickCircle />} intent="success" label="Clear" hint={item.status === "DEPOSITED" ? `Clears from ${item.earliestClearing}` : "Deposit it first"}
        disabled={busy || item.status !== "DEPOSITED"} onClick={() => setDated({ kind: "clear", row: item })} data-testid={`pdc-clear-${item.chequeNo}`} />
      <RowAction icon={<Disable />} intent="danger" label="Bounced" hint={item.status === "DEPOSITED" ? "The bank returned it" : "Only a deposited cheque bounces"}
        disabled={busy || item.status !== "DEPOSITED"} onClick={() => setBouncing(item)} data-testid={`pdc-bounce-${item.chequeNo}`} />
      <RowAction icon={<Exchange />} label="Replace" hint={item.status === "RECEIVED" ? "Another cheque for this one" : "Only a cheque in hand is replaced"}
        disabled={busy || item.status !== "RECEIVED"} onClick={() => setReplacing(item)} data-testid={`pdc-replace-${item.chequeNo}`} />
    </>
  ));

  return (
    <div className="lading-page" data-testid="pdc-page">
      <PageHeader title="PDC clearing" crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]} />
      <AccountingTabs />
      <div className="lading-toolbar">
        <InputGroup type="search" leftIcon={<Search />} className="lading-search" placeholder="Search cheque no., bank, receipt or payer" aria-label="Search cheques"
          value={list.searchText} onValueChange={list.setSearchText} data-testid="pdc-search" />
        <HTMLSelect aria-label="Cheques shown" value={filter} onChange={(e) => setFilter(e.currentTarget.value as PdcFilter)} data-testid="pdc-filter">
          {PDC_FILTERS.map((f) => <option key={f} value={f}>{FILTER_WORDS[f]}</option>)}
        </HTMLSelect>
      </div>
      <PagedTable list={list} testId="pdc-table" rangeTestId="pdc-range" frozen={1}
        empty={<NonIdealState icon={<Search size={32} />} title="No cheques" description="No post-dated cheque is waiting." />}>
        <Column name="Cheque No." cellRenderer={text((c) => c.chequeNo, (c) => `pdc-row-${c.chequeNo}`)} />
        <Column name="Bank" cellRenderer={text((c) => c.bank, (c) => `pdc-bank-${c.chequeNo}`)} />
        <Column name="Dated" cellRenderer={text((c) => c.chequeDate, (c) => `pdc-dated-${c.chequeNo}`)} />
        <Column name="Amount" cellRenderer={(row) => <Cell className="lading-money">{rows[row] && <span data-testid={`pdc-amount-${rows[row].chequeNo}`}>{formatAmount(rows[row].amount)}</span>}</Cell>} />
        <Column name="Payer" cellRenderer={text((c) => c.payerName, (c) => `pdc-payer-${c.chequeNo}`)} />
        <Column name="Receipt" cellRenderer={text((c) => c.receiptNo, (c) => `pdc-receipt-${c.chequeNo}`)} />
        <Column name="Age" cellRenderer={text(ageText, (c) => `pdc-age-${c.chequeNo}`)} />
        <Column name="Deposited" cellRenderer={text((c) => c.depositDate ?? "-", (c) => `pdc-deposited-${c.chequeNo}`)} />
        <Column name="Clears from" cellRenderer={text((c) => c.earliestClearing ?? "-", (c) => `pdc-clears-${c.chequeNo}`)} />
        <Column name="Cleared" cellRenderer={text((c) => c.clearedDate ?? "-", (c) => `pdc-cleared-${c.chequeNo}`)} />
        <Column name="Status" cellRenderer={(row) => <Cell>{rows[row] && <AccountingStatusTag status={rows[row].status} testId={`pdc-status-${rows[row].chequeNo}`} />}</Cell>} />
        <Column name="Actions" cellRenderer={actions} />
      </PagedTable>
      <ChequeDateDialog action={dated} onClose={() => setDated(null)} onDone={done} />
      <ReplaceDialog row={replacing} onClose={() => setReplacing(null)} onDone={() => done("other")} />
      <ReasonDialog
        isOpen={bouncing !== null}
        title="Cheque bounced"
        description={bouncing ? `Cheque ${bouncing.chequeNo} of ${bouncing.bank} for ${formatAmount(bouncing.amount)} came back. Receipt ${bouncing.receiptNo} is reversed and its invoices are open again.` : ""}
        actionText="The receipt is not deleted: it stays, marked reversed, and the reversal goes to BASE."
        testId="pdc-bounce"
        onClose={() => setBouncing(null)}
        onConfirm={(reason) => bounceCheque(bouncing!, reason)}
        onDone={() => reload()}
      />
    </div>
  );
}
