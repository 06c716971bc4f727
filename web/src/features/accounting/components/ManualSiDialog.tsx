import { Button, Callout, Checkbox, HTMLSelect, TextArea } from "@blueprintjs/core";
import { Add, Trash } from "@blueprintjs/icons";
import { useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatAmount } from "../../../lib/format.ts";
import { taxClassLabel } from "../../../lib/labels.ts";
import { buyerTinProblem, documentVat, lineAmount, type ManualSiRow, TAX_CLASSES, type TaxClass } from "../api/collections-contracts.ts";
import { createManualSi, type ManualSiContent, updateManualSi } from "../api/manual-invoices.ts";
import { useWorkBranches } from "./work-branches.ts";

interface Line {
  chargeCode: string;
  description: string;
  quantity: string;
  unit: string;
  unitPrice: string;
  taxClass: TaxClass;
}

const NUMBER = /^\d{1,12}(\.\d{1,3})?$/;
const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const EMPTY_LINE: Line = { chargeCode: "", description: "", quantity: "1", unit: "", unitPrice: "", taxClass: "VATABLE" };

interface Draft {
  branchCode: string;
  serialNo: string;
  invoiceDate: string;
  customerCode: string;
  buyerName: string;
  buyerAddress: string;
  buyerTin: string;
  buyerVatRegistered: boolean;
  wayBillRef: string;
  remarks: string;
  lines: Line[];
  issue: boolean;
}

function draftOf(row: ManualSiRow | null, branchCode: string): Draft {
  if (!row) {
    return {
      branchCode, serialNo: "", invoiceDate: manilaToday(), customerCode: "", buyerName: "", buyerAddress: "", buyerTin: "", buyerVatRegistered: false,
      wayBillRef: "", remarks: "", lines: [{ ...EMPTY_LINE }], issue: false,
    };
  }
  return {
    branchCode: row.branchCode, serialNo: row.serial, invoiceDate: row.invoiceDate, customerCode: row.customerCode ?? "", buyerName: row.buyerName,
    buyerAddress: row.buyerAddress, buyerTin: row.buyerTin, buyerVatRegistered: row.buyerVatRegistered, wayBillRef: row.wayBillRef ?? "", remarks: row.remarks,
    lines: row.lines.map((l) => ({ chargeCode: l.chargeCode, description: l.description, quantity: l.quantity, unit: l.unit, unitPrice: l.unitPrice, taxClass: l.taxClass as TaxClass })),
    issue: false,
  };
}

/**
 * A manual sales invoice as written on the booklet's serial: the buyer (a customer's particulars fill what is left
 * blank), the lines with their tax class, and the VAT worked out once for the document as it is typed. A new one is
 * saved as a Draft, or issued at once; a Draft may be changed.
 */
export function ManualSiDialog(props: { isOpen: boolean; row: ManualSiRow | null; onClose: () => void; onSaved: (row: ManualSiRow) => void }) {
  const { isOpen, row, onClose, onSaved } = props;
  const branches = useWorkBranches();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();
  const current = draft ?? draftOf(row, branches[0]?.branchCode ?? "");
  const set = (patch: Partial<Draft>) => {
    setDraft({ ...current, ...patch });
    setRefusal(null);
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) next[key] = undefined;
      return next;
    });
  };
  const setLine = (i: number, patch: Partial<Line>) => set({ lines: current.lines.map((l, j) => (j === i ? { ...l, ...patch } : l)) });
  const priced = current.lines.map((l) => ({ ...l, amount: NUMBER.test(l.quantity.trim()) && AMOUNT.test(l.unitPrice.trim()) ? lineAmount(l.quantity.trim(), l.unitPrice.trim()) : "0.00" }));
  const vat = documentVat(priced);
  const tinWarning = buyerTinProblem({ buyerVatRegistered: current.buyerVatRegistered, buyerTin: current.buyerTin, total: vat.total });

  const close = () => {
    setDraft(null);
    setErrors({});
    setRefusal(null);
    onClose();
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Record<string, string> = {};
    if (!row && !/^\d{1,9}$/.test(current.serialNo.trim())) local.serialNo = "The digits of the serial";
    if (!current.customerCode.trim() && !current.buyerName.trim()) local.buyerName = "Name the buyer, or give the customer code";
    current.lines.forEach((l, i) => {
      if (!l.description.trim()) local[`lines.${i}.description`] = "Say what was sold";
      if (!NUMBER.test(l.quantity.trim())) local[`lines.${i}.quantity`] = "A quantity";
      if (!AMOUNT.test(l.unitPrice.trim())) local[`lines.${i}.unitPrice`] = "An amount";
    });
    if (Object.keys(local).length > 0) return setErrors(local);
    const content: ManualSiContent = {
      invoiceDate: current.invoiceDate, customerCode: current.customerCode.trim() || undefined, buyerName: current.buyerName.trim(),
      buyerAddress: current.buyerAddress.trim(), buyerTin: current.buyerTin.trim(), buyerVatRegistered: current.customerCode.trim() ? undefined : current.buyerVatRegistered,
      wayBillRef: current.wayBillRef.trim() || undefined, remarks: current.remarks,
      lines: current.lines.map((l) => ({ chargeCode: l.chargeCode.trim(), description: l.description.trim(), quantity: l.quantity.trim(), unit: l.unit.trim(), unitPrice: l.unitPrice.trim(), taxClass: l.taxClass })),
    };
    await save(() => (row ? updateManualSi(row, content) : createManualSi({ ...content, branchCode: current.branchCode, serialNo: current.serialNo.trim(), issue: current.issue }))
      .catch((error) => {
        setRefusal(serverMessage(error));
        throw error;
      }), {
      onSaved: (result) => {
        close();
        onSaved(result.data);
      },
      onFieldErrors: setErrors,
    });
  };

  const text = (key: keyof Draft, label: string, o: { type?: string; required?: boolean; disabled?: boolean } = {}) => (
    <TextField label={label} id={`manual-si-${key}`} type={o.type} required={o.required} disabled={o.disabled} value={String(current[key])} error={errors[key]}
      onValueChange={(v) => set({ [key]: v } as Partial<Draft>)} data-testid={`manual-si-${key}`} />
  );

  return (
    <FormDialog isOpen={isOpen} title={row ? `Manual SI ${row.serial}` : "New manual SI"} className="lading-manual-si-form lading-wide-form lading-full-controls"
      saving={saving} onClose={close} onSubmit={submit} formTestId="manual-si-form" saveTestId="manual-si-save">
      {refusal && <Callout intent="danger" className="lading-cts-refusal" data-testid="manual-si-refusal">{refusal}</Callout>}
      <div className="lading-form-grid">
        <FormField label="Branch" id="manual-si-branch" required>
          <HTMLSelect id="manual-si-branch" value={current.branchCode} disabled={row !== null} onChange={(e) => set({ branchCode: e.currentTarget.value })} data-testid="manual-si-branch">
            {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
          </HTMLSelect>
        </FormField>
        {text("serialNo", "Serial No.", { required: true, disabled: row !== null })}
        {text("invoiceDate", "Date", { type: "date", required: true })}
        {text("wayBillRef", "Waybill No.")}
        {text("customerCode", "Customer code")}
        {text("buyerName", "Buyer")}
        {text("buyerAddress", "Buyer's address")}
        {text("buyerTin", "Buyer's TIN")}
        <Checkbox label="Buyer is VAT-registered" checked={current.buyerVatRegistered} disabled={current.customerCode.trim() !== ""}
          onChange={(e) => set({ buyerVatRegistered: e.currentTarget.checked })} data-testid="manual-si-vat-registered" />
      </div>
      <table className="bp6-html-table bp6-compact lading-manual-si-lines" data-testid="manual-si-lines">
        <thead>
          <tr><th>Description</th><th>Charge</th><th>Qty</th><th>Unit</th><th>Unit price</th><th>Tax class</th><th className="lading-money">Amount</th><th /></tr>
        </thead>
        <tbody>
          {current.lines.map((l, i) => (
            <tr key={i}>
              <td><input className="bp6-input" aria-label={`Line ${i + 1} description`} value={l.description} onChange={(e) => setLine(i, { description: e.currentTarget.value })} data-testid={`manual-si-line-${i}-description`} /></td>
              <td><input className="bp6-input" aria-label={`Line ${i + 1} charge`} value={l.chargeCode} onChange={(e) => setLine(i, { chargeCode: e.currentTarget.value })} data-testid={`manual-si-line-${i}-charge`} /></td>
              <td><input className="bp6-input" aria-label={`Line ${i + 1} quantity`} value={l.quantity} onChange={(e) => setLine(i, { quantity: e.currentTarget.value })} data-testid={`manual-si-line-${i}-quantity`} /></td>
              <td><input className="bp6-input" aria-label={`Line ${i + 1} unit`} value={l.unit} onChange={(e) => setLine(i, { unit: e.currentTarget.value })} data-testid={`manual-si-line-${i}-unit`} /></td>
              <td><input className="bp6-input" aria-label={`Line ${i + 1} unit price`} value={l.unitPrice} onChange={(e) => setLine(i, { unitPrice: e.currentTarget.value })} data-testid={`manual-si-line-${i}-price`} /></td>
              <td>
                <HTMLSelect aria-label={`Line ${i + 1} tax class`} value={l.taxClass} onChange={(e) => setLine(i, { taxClass: e.currentTarget.value as TaxClass })} data-testid={`manual-si-line-${i}-tax`}>
                  {TAX_CLASSES.map((c) => <option key={c} value={c}>{taxClassLabel(c)}</option>)}
                </HTMLSelect>
              </td>
              <td className="lading-money" data-testid={`manual-si-line-${i}-amount`}>{formatAmount(priced[i].amount)}</td>
              <td>
                <Button variant="minimal" icon={<Trash />} aria-label={`Remove line ${i + 1}`} disabled={current.lines.length === 1}
                  onClick={() => set({ lines: current.lines.filter((_, j) => j !== i) })} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {Object.entries(errors).filter(([k, v]) => k.startsWith("lines") && v).map(([k, v]) => <Callout key={k} intent="danger">{v}</Callout>)}
      <Button icon={<Add />} text="Add a line" onClick={() => set({ lines: [...current.lines, { ...EMPTY_LINE }] })} data-testid="manual-si-add-line" />
      <div className="lading-collection-totals" data-testid="manual-si-totals">
        <div><span>VATable sales</span><strong data-testid="manual-si-vatable">{formatAmount(vat.vatableSales)}</strong></div>
        <div><span>VAT (12%)</span><strong data-testid="manual-si-vat">{formatAmount(vat.vatAmount)}</strong></div>
        <div><span>VAT-exempt sales</span><strong data-testid="manual-si-exempt">{formatAmount(vat.exemptSales)}</strong></div>
        <div><span>Zero-rated sales</span><strong data-testid="manual-si-zero">{formatAmount(vat.zeroRatedSales)}</strong></div>
        <div><span>Total</span><strong data-testid="manual-si-total">{formatAmount(vat.total)}</strong></div>
      </div>
      {tinWarning && <Callout intent="warning">{tinWarning}</Callout>}
      <FormField label="Remarks" id="manual-si-remarks">
        <TextArea id="manual-si-remarks" fill value={current.remarks} maxLength={500} onChange={(e) => set({ remarks: e.currentTarget.value })} />
      </FormField>
      {!row && (
        <Checkbox label="Issue it now (the paper invoice is written and handed over)" checked={current.issue} onChange={(e) => set({ issue: e.currentTarget.checked })}
          data-testid="manual-si-issue" />
      )}
    </FormDialog>
  );
}
