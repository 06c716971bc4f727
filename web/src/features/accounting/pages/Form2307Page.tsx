import "../collections.css";
import { HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Endorsed, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { DataTable } from "../../../components/DataTable.tsx";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { RowAction, RowActions, textCells } from "../../../components/list-cells.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useFormSave } from "../../../lib/data/save.ts";
import { useReport } from "../../../lib/data/report.ts";
import { formatAmount } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { FORM_2307_STATUSES, type Form2307Row, type Form2307Status } from "../api/collections-contracts.ts";
import { loadForm2307, receiveForm2307 } from "../api/collections.ts";
import { AccountingStatusTag } from "../components/CollectionStatusTag.tsx";
import { AccountingTabs } from "../components/AccountingTabs.tsx";

const STATUS_INTENT: Record<Form2307Status, "primary" | "success" | "danger"> = { EXPECTED: "primary", RECEIVED: "success", MISSING: "danger" };

/** Records a customer's 2307 as received: the amount and date printed on it, and the period when it differs. */
function ReceiveDialog({ row, onClose, onSaved }: { row: Form2307Row | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState({ amount: "", dateReceived: "", periodOnForm: "", remarks: "" });
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { saving, save } = useFormSave();
  const value = { ...form, amount: form.amount || row?.received || row?.pending || "", dateReceived: form.dateReceived || row?.dateReceived || manilaToday() };
  const close = () => {
    setForm({ amount: "", dateReceived: "", periodOnForm: "", remarks: "" });
    setErrors({});
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!row) return;
    await save(() => receiveForm2307({
      branchCode: row.branchCode, customerCode: row.customerCode, year: row.year, quarter: row.quarter, amount: value.amount.replace(/,/g, ""),
      dateReceived: value.dateReceived, periodOnForm: value.periodOnForm || row.periodOnForm, remarks: value.remarks, dateModified: row.dateModified ?? undefined,
    }), { onSaved: () => {
      close();
      onSaved();
    }, onFieldErrors: setErrors });
  };
  const field = (key: keyof typeof form, label: string, type = "text", required = true) => (
    <TextField label={label} id={`form2307-${key}`} type={type} required={required} value={value[key]} error={errors[key === "amount" ? "amount" : key]}
      onValueChange={(v) => setForm((f) => ({ ...f, [key]: v }))} data-testid={`form2307-${key}`} />
  );
  return (
    <FormDialog isOpen={row !== null} title="Form 2307 received" saving={saving} onClose={close} onSubmit={submit} formTestId="form2307-form" saveTestId="form2307-save">
      {row && <p>{row.company}, Q{row.quarter} {row.year} at {row.branchCode}: {formatAmount(row.expected)} expected.</p>}
      {field("amount", "Amount on the form")}
      {field("dateReceived", "Received on", "date")}
      {field("periodOnForm", "Period printed on the form", "text", false)}
      {field("remarks", "Remarks", "text", false)}
    </FormDialog>
  );
}

/**
 * Form 2307 (domain notes §8): the certificates customers owe for what they withheld, per customer, branch and
 * quarter: expected until the 20th day after the quarter, missing after it, received once recorded, with what is
 * still pending. Until the form arrives the tax withheld stays an asset pending its certificate.
 */
export default function Form2307Page(_props: PageProps) {
  const [year, setYear] = useState(Number(manilaToday().slice(0, 4)));
  const [quarter, setQuarter] = useState("");
  const [status, setStatus] = useState<Form2307Status | "">("");
  const [revision, setRevision] = useState(0);
  const [receiving, setReceiving] = useState<Form2307Row | null>(null);
  const { report, loading } = useReport(loadForm2307, { year, quarter: quarter ? Number(quarter) : undefined, status: status || undefined }, { revision });
  const rows = report?.data ?? [];
  const text = textCells(rows);
  const money = (pick: (r: Form2307Row) => string, id: string) => (row: number) => (
    <Cell className="lading-money">{rows[row] && <span data-testid={`${id}-${rows[row].customerCode}-q${rows[row].quarter}`}>{formatAmount(pick(rows[row]))}</span>}</Cell>
  );
  return (
    <div className="lading-page" data-testid="form2307-page">
      <PageHeader title="Form 2307" crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]} />
      <AccountingTabs />
      <div className="lading-toolbar">
        <InputGroup type="number" aria-label="Year" value={String(year)} onValueChange={(v) => /^\d{4}$/.test(v) && setYear(Number(v))} data-testid="form2307-year" />
        <HTMLSelect aria-label="Quarter" value={quarter} onChange={(e) => setQuarter(e.currentTarget.value)} data-testid="form2307-quarter">
          <option value="">Every quarter</option>
          {[1, 2, 3, 4].map((q) => <option key={q} value={String(q)}>Q{q}</option>)}
        </HTMLSelect>
        <HTMLSelect aria-label="Status" value={status} onChange={(e) => setStatus(e.currentTarget.value as Form2307Status | "")} data-testid="form2307-status">
          <option value="">Every status</option>
          {FORM_2307_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
        </HTMLSelect>
      </div>
      <DataTable numRows={rows.length} frozen={1} loading={loading} testId="form2307-table">
        <Column name="Customer" cellRenderer={text((r) => `${r.company} (${r.customerCode})`, (r) => `form2307-row-${r.customerCode}-q${r.quarter}`)} />
        <Column name="Branch" cellRenderer={text((r) => r.branchCode)} />
        <Column name="Quarter" cellRenderer={text((r) => `Q${r.quarter} ${r.year}`)} />
        <Column name="Receipts" cellRenderer={text((r) => String(r.receipts))} />
        <Column name="EWT" cellRenderer={money((r) => r.expectedEwt, "form2307-ewt")} />
        <Column name="VAT withheld" cellRenderer={money((r) => r.expectedWvat, "form2307-wvat")} />
        <Column name="Expected" cellRenderer={money((r) => r.expected, "form2307-expected")} />
        <Column name="Received" cellRenderer={money((r) => r.received ?? "0.00", "form2307-received")} />
        <Column name="Pending" cellRenderer={money((r) => r.pending, "form2307-pending")} />
        <Column name="Due" cellRenderer={text((r) => r.dueDate, (r) => `form2307-due-${r.customerCode}-q${r.quarter}`)} />
        <Column name="Status" cellRenderer={(row) => <Cell>{rows[row] && <AccountingStatusTag status={rows[row].status} intent={STATUS_INTENT[rows[row].status]} testId={`form2307-status-${rows[row].customerCode}-q${rows[row].quarter}`} />}</Cell>} />
        <Column name="Actions" cellRenderer={(row) => (
          <Cell interactive className="lading-actions-cell">
            {rows[row] && (
              <RowActions>
                <RowAction icon={<Endorsed />} label="Record received" onClick={() => setReceiving(rows[row])} data-testid={`form2307-receive-${rows[row].customerCode}-q${rows[row].quarter}`} />
              </RowActions>
            )}
          </Cell>
        )} />
      </DataTable>
      {!loading && rows.length === 0 && <NonIdealState icon={<Search size={32} />} title="No forms" description={report?.message ?? "No Form 2307 is expected for this period."} />}
      <ReceiveDialog row={receiving} onClose={() => setReceiving(null)} onSaved={() => setRevision((n) => n + 1)} />
    </div>
  );
}
