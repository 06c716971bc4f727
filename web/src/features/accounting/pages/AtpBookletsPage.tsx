import "../collections.css";
import { Button, HTMLSelect, NonIdealState } from "@blueprintjs/core";
import { Add, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { DataTable } from "../../../components/DataTable.tsx";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { textCells } from "../../../components/list-cells.tsx";
import { AppLink, PageHeader } from "../../../components/PageHeader.tsx";
import { useReport } from "../../../lib/data/report.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { createBooklet, loadBooklets, type NewBooklet } from "../api/manual-invoices.ts";
import { AccountingStatusTag } from "../components/CollectionStatusTag.tsx";
import { useWorkBranches } from "../components/work-branches.ts";
import { AccountingTabs } from "../components/AccountingTabs.tsx";

const blank = (branchCode: string): NewBooklet => ({
  branchCode, atpNo: "", atpDate: "", printerName: "", printerAccreditationNo: "", serialFrom: "", serialTo: "", serialDigits: 4, dateReceived: manilaToday(),
});

/** A booklet received from the accredited printer, with its Authority to Print and its range of serials. */
function BookletDialog({ isOpen, onClose, onSaved }: { isOpen: boolean; onClose: () => void; onSaved: () => void }) {
  const branches = useWorkBranches();
  const [form, setForm] = useState<NewBooklet | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const { saving, save } = useFormSave();
  const current = form ?? blank(branches[0]?.branchCode ?? "");
  const close = () => {
    setForm(null);
    setErrors({});
    onClose();
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    await save(() => createBooklet(current), { onSaved: () => {
      close();
      onSaved();
    }, onFieldErrors: setErrors });
  };
  const field = (key: Exclude<keyof NewBooklet, "serialDigits" | "branchCode">, label: string, type = "text") => (
    <TextField label={label} id={`booklet-${key}`} type={type} required value={current[key]} error={errors[key]}
      onValueChange={(v) => setForm({ ...current, [key]: v })} data-testid={`booklet-${key}`} />
  );
  return (
    <FormDialog isOpen={isOpen} title="New ATP booklet" className="lading-wide-form" saving={saving} onClose={close} onSubmit={submit} formTestId="booklet-form" saveTestId="booklet-save">
      <div className="lading-form-grid">
        <FormField label="Branch" id="booklet-branch" required error={errors.branchCode}>
          <HTMLSelect id="booklet-branch" value={current.branchCode} onChange={(e) => setForm({ ...current, branchCode: e.currentTarget.value })} data-testid="booklet-branch">
            {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
          </HTMLSelect>
        </FormField>
        {field("atpNo", "ATP No.")}
        {field("atpDate", "ATP date", "date")}
        {field("dateReceived", "Received on", "date")}
        {field("printerName", "Printer")}
        {field("printerAccreditationNo", "Printer's accreditation No.")}
        {field("serialFrom", "First serial")}
        {field("serialTo", "Last serial")}
        <TextField label="Digits printed" id="booklet-digits" required value={String(current.serialDigits)} error={errors.serialDigits}
          onValueChange={(v) => setForm({ ...current, serialDigits: Number(v) || 0 })} data-testid="booklet-digits" />
      </div>
    </FormDialog>
  );
}

/**
 * The Authority-to-Print booklets of the user's branches (domain notes §11): the serials a branch may write manual
 * sales invoices on, how many are issued, spoiled and left, and the next one unused. A booklet is used up
 * (EXHAUSTED) once its last serial is. ATP stock no longer expires, so no validity date is kept.
 */
export default function AtpBookletsPage(_props: PageProps) {
  const [adding, setAdding] = useState(false);
  const [revision, setRevision] = useState(0);
  const { report, loading } = useReport(() => loadBooklets(), {}, { revision });
  const rows = report?.data ?? [];
  const text = textCells(rows);
  return (
    <div className="lading-page" data-testid="booklets-page">
      <PageHeader title="ATP booklets" crumbs={[{ text: "CRO Accounting", href: PAGES.croAccounting }]}
        actions={
          <>
            <AppLink to={PAGES.manualSalesInvoices}>Manual sales invoices</AppLink>
            <Button intent="primary" icon={<Add />} text="New booklet" onClick={() => setAdding(true)} data-testid="booklet-new" />
          </>
        } />
      <AccountingTabs />
      <DataTable numRows={rows.length} frozen={1} loading={loading} testId="booklet-table">
        <Column name="ATP No." cellRenderer={text((b) => b.atpNo, (b) => `booklet-row-${b.atpNo}`)} />
        <Column name="Branch" cellRenderer={text((b) => b.branchCode)} />
        <Column name="Serials" cellRenderer={text((b) => `${b.serialFrom} to ${b.serialTo}`, (b) => `booklet-serials-${b.atpNo}`)} />
        <Column name="ATP date" cellRenderer={text((b) => b.atpDate)} />
        <Column name="Printer" cellRenderer={text((b) => `${b.printerName} (${b.printerAccreditationNo})`)} />
        <Column name="Received" cellRenderer={text((b) => b.dateReceived)} />
        <Column name="Issued" cellRenderer={text((b) => String(b.issued))} />
        <Column name="Cancelled" cellRenderer={text((b) => String(b.cancelled))} />
        <Column name="Drafts" cellRenderer={text((b) => String(b.drafts))} />
        <Column name="Unused" cellRenderer={text((b) => String(b.unused), (b) => `booklet-unused-${b.atpNo}`)} />
        <Column name="Next serial" cellRenderer={text((b) => b.nextSerial ?? "-", (b) => `booklet-next-${b.atpNo}`)} />
        <Column name="Status" cellRenderer={(row) => <Cell>{rows[row] && <AccountingStatusTag status={rows[row].bookletStatus} testId={`booklet-status-${rows[row].atpNo}`} />}</Cell>} />
      </DataTable>
      {!loading && rows.length === 0 && <NonIdealState icon={<Search size={32} />} title="No booklets" description="No ATP booklet is recorded yet." />}
      <BookletDialog isOpen={adding} onClose={() => setAdding(false)} onSaved={() => setRevision((n) => n + 1)} />
    </div>
  );
}
