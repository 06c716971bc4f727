import { Callout, Checkbox, HTMLSelect, Spinner, TextArea } from "@blueprintjs/core";
import { Cell, Column } from "@blueprintjs/table";
import { useState } from "react";
import { manilaToday } from "../../../../../api/shared/dates.ts";
import { formatCentavos, toCentavos } from "../../../../../api/shared/money.ts";
import { DataTable } from "../../../components/DataTable.tsx";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatAmount } from "../../../lib/format.ts";
import { excessHandlingLabel, paymentMethodLabel, withholdingLabel } from "../../../lib/labels.ts";
import { useUnsavedChanges } from "../../../lib/leave-guard.ts";
import { useWorkBranches } from "./work-branches.ts";
import {
  collectionBalance,
  type CollectionRow,
  EXCESS_HANDLINGS,
  type ExcessHandling,
  lineWithholding,
  type OpenInvoiceRow,
  OTHER_INCOME_ACCOUNTS,
  PAYMENT_METHODS,
  type PaymentMethod,
  type PayerRow,
  rateProblem,
  rateWarnings,
  settingRates,
} from "../api/collections-contracts.ts";
import { createCollection, loadOpenInvoices, loadPayers, nextReceiptNumber } from "../api/collections.ts";

const AMOUNT = /^\d{1,12}(\.\d{1,2})?$/;
const RATE = /^\d{1,3}(\.\d{1,2})?$/;
const isAmount = (text: string) => AMOUNT.test(text.trim().replace(/,/g, ""));
const centavos = (text: string) => toCentavos(text.trim().replace(/,/g, ""));
const peso = (value: bigint) => formatAmount(formatCentavos(value));
/** The payer choice for a consignee who is not a registered customer: the cashier finds the invoice instead. */
const WALK_IN = "*";

interface Pick {
  on: boolean;
  applied: string;
}

interface Form {
  collectionDate: string;
  paymentMethod: PaymentMethod;
  bank: string;
  chequeNo: string;
  chequeDate: string;
  isManagersCheque: boolean;
  ewtRate: string;
  wvatRate: string;
  otherAccount: string;
  otherDescription: string;
  otherAmount: string;
  amountReceived: string;
  excessHandling: ExcessHandling;
  creditApplied: string;
  remarks: string;
}

const blank = (): Form => ({
  collectionDate: manilaToday(), paymentMethod: "CASH", bank: "", chequeNo: "", chequeDate: "", isManagersCheque: false,
  ewtRate: "", wvatRate: "", otherAccount: "", otherDescription: "", otherAmount: "", amountReceived: "", excessHandling: "REFUSE", creditApplied: "",
  remarks: "",
});

/** The withholding of one picked invoice worked out in the page, exactly as the server will (collections/rules.ts). */
function worked(invoice: OpenInvoiceRow, applied: string, rates: { ewtRate: string; wvatRate: string }, payer: PayerRow) {
  const e = invoice.earlier;
  return lineWithholding(invoice, centavos(applied), {
    applied: centavos(e.applied), ewtBase: centavos(e.ewtBase), ewt: centavos(e.ewt), wvatBase: centavos(e.wvatBase), wvat: centavos(e.wvat),
  }, { ...rates, isTopWithholdingAgent: payer.isTopWithholdingAgent });
}

/**
 * A new collection at DAT: the cashier picks the payer of the branch, ticks the open invoices it pays and how much
 * of each, and sees the tax the payer withholds on each worked out as it is typed (the payer's setting, or the
 * rate the payer actually withheld, with a warning), then how the money came: cash, a cheque, or a post-dated
 * cheque. Saving issues the receipt with the branch's next number.
 */
export function NewCollectionDialog(props: { isOpen: boolean; onClose: () => void; onCreated: (row: CollectionRow) => void }) {
  const { isOpen, onClose, onCreated } = props;
  const branchChoices = useWorkBranches();
  const defaultBranch = branchChoices.find((b) => b.defaultBranch)?.branchCode ?? branchChoices[0]?.branchCode ?? "";
  const opening = useOpenings(isOpen);
  const [chosenBranch, setBranchCode] = useState("");
  const branchCode = chosenBranch || defaultBranch;
  const [customerCode, setCustomerCode] = useState("");
  const walkIn = customerCode === WALK_IN;
  const [walkInSearch, setWalkInSearch] = useState("");
  const [picks, setPicks] = useState<Record<number, Pick>>({});
  const [form, setForm] = useState<Form>(blank);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  const payersRead = useRecord(isOpen && opening && branchCode ? `${opening}:${branchCode}` : null, () => loadPayers(branchCode).then((r) => r.data), { keepStale: false });
  const nextNumber = useRecord(isOpen && opening && branchCode ? `${opening}:${branchCode}` : null, () => nextReceiptNumber(branchCode).then((r) => r.data.receiptNo));
  const findable = walkIn ? walkInSearch.trim().length >= 3 : customerCode !== "";
  const invoicesRead = useRecord(
    isOpen && opening && branchCode && findable ? `${opening}:${branchCode}:${customerCode}:${walkIn ? walkInSearch.trim() : ""}` : null,
    () => loadOpenInvoices(branchCode, walkIn ? { search: walkInSearch.trim() } : { customerCode }).then((r) => r.data),
    { keepStale: false },
  );
  const payers = payersRead.data ?? [];
  const invoices = invoicesRead.data ?? [];
  const firstPicked = invoices.find((i) => picks[i.invoiceId]?.on);
  // A walk-in payer is the consignee the invoices name; such a payer withholds nothing and keeps no credit.
  const payer: PayerRow | null = walkIn
    ? {
      customerCode: "", company: firstPicked?.buyerName ?? "", address: "", tin: "", withholding: "NONE", isTopWithholdingAgent: false,
      openInvoices: invoices.length, openBalance: "0.00", credit: "0.00",
    }
    : payers.find((p) => p.customerCode === customerCode) ?? null;
  useUnsavedChanges(isOpen && customerCode !== "");

  const defaults = payer ? settingRates(payer.withholding) : { ewtRate: "0.00", wvatRate: "0.00" };
  const rates = { ewtRate: form.ewtRate.trim() || defaults.ewtRate, wvatRate: form.wvatRate.trim() || defaults.wvatRate };
  const ratesValid = RATE.test(rates.ewtRate) && RATE.test(rates.wvatRate);
  const problem = ratesValid ? rateProblem(rates) : null;
  const warnings = payer && ratesValid && !problem ? rateWarnings(payer.withholding, rates) : [];

  const picked = invoices.filter((i) => picks[i.invoiceId]?.on);
  const lines = payer && ratesValid && !problem
    ? picked.flatMap((i) => {
      const applied = picks[i.invoiceId].applied;
      if (!isAmount(applied) || centavos(applied) <= 0n || centavos(applied) > centavos(i.balance)) return [];
      return [{ invoice: i, w: worked(i, applied, rates, payer) }];
    })
    : [];
  const other = isAmount(form.otherAmount) ? centavos(form.otherAmount) : 0n;
  const totals = {
    applied: lines.reduce((s, l) => s + l.w.applied, 0n),
    ewt: lines.reduce((s, l) => s + l.w.ewtAmount, 0n),
    wvat: lines.reduce((s, l) => s + l.w.wvatAmount, 0n),
    cash: lines.reduce((s, l) => s + l.w.cash, 0n) + other,
  };
  // Credit kept from earlier excess payments settles beside the money received; what is left is the cash to take.
  const creditKept = payer && !walkIn ? centavos(payer.credit) : 0n;
  const credit = creditKept > 0n && isAmount(form.creditApplied) ? centavos(form.creditApplied) : 0n;
  const cashToTake = totals.cash > credit ? totals.cash - credit : 0n;
  const received = isAmount(form.amountReceived) ? centavos(form.amountReceived) : cashToTake;
  const { excess } = collectionBalance({ lines: lines.map((l) => l.w), otherTotal: other, amountReceived: received, creditApplied: credit });
  const lineOf = (invoiceId: number) => lines.find((l) => l.invoice.invoiceId === invoiceId);

  const change = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) next[key] = undefined;
      return next;
    });
    setRefusal(null);
  };

  const choosePayer = (code: string) => {
    setCustomerCode(code);
    setWalkInSearch("");
    setPicks({});
    setForm((f) => ({ ...f, ewtRate: "", wvatRate: "", amountReceived: "", creditApplied: "" }));
    setRefusal(null);
  };

  const pick = (invoice: OpenInvoiceRow, on: boolean) => setPicks((p) => ({ ...p, [invoice.invoiceId]: { on, applied: p[invoice.invoiceId]?.applied ?? invoice.balance } }));
  const apply = (invoice: OpenInvoiceRow, applied: string) => setPicks((p) => ({ ...p, [invoice.invoiceId]: { on: true, applied } }));

  const close = () => {
    setCustomerCode("");
    setWalkInSearch("");
    setPicks({});
    setForm(blank());
    setErrors({});
    setRefusal(null);
    onClose();
  };

  const localErrors = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (!customerCode) found.customerCode = "Choose the payer";
    if (picked.length === 0) found.lines = "Tick at least one invoice";
    for (const i of picked) {
      const applied = picks[i.invoiceId].applied;
      if (!isAmount(applied) || centavos(applied) <= 0n) found.lines = `Apply an amount above zero to invoice ${i.invoiceNo}`;
      else if (centavos(applied) > centavos(i.balance)) found.lines = `Invoice ${i.invoiceNo} has ${formatAmount(i.balance)} open`;
    }
    if (!RATE.test(rates.ewtRate)) found.ewtRate = "A percent of at most 2 decimals";
    if (!RATE.test(rates.wvatRate)) found.wvatRate = "A percent of at most 2 decimals";
    if (problem) found[problem.field] = problem.message;
    if (form.paymentMethod !== "CASH") {
      if (!form.bank.trim()) found.bank = "Name the bank";
      if (!form.chequeNo.trim()) found.chequeNo = "Give the cheque number";
      if (!form.chequeDate) found.chequeDate = "Give the date on the cheque";
    }
    if (form.otherAmount.trim() !== "") {
      if (!isAmount(form.otherAmount)) found.otherAmount = "An amount of at most 2 decimals";
      if (!form.otherAccount) found.otherAccount = "Choose the account";
      if (!form.otherDescription.trim()) found.otherDescription = "Say what it is for";
    }
    if (form.amountReceived.trim() !== "" && !isAmount(form.amountReceived)) found.amountReceived = "An amount of at most 2 decimals";
    if (creditKept > 0n && form.creditApplied.trim() !== "") {
      if (!isAmount(form.creditApplied)) found.creditApplied = "An amount of at most 2 decimals";
      else if (credit > creditKept) found.creditApplied = `The customer has ${peso(creditKept)} of credit`;
      else if (credit > totals.cash) found.creditApplied = `More than the ${peso(totals.cash)} due`;
    }
    return found;
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = localErrors();
    if (Object.keys(local).length > 0) return setErrors(local);
    await save(() =>
      createCollection({
        branchCode, customerCode: walkIn ? undefined : customerCode, collectionDate: form.collectionDate, paymentMethod: form.paymentMethod,
        bank: form.paymentMethod === "CASH" ? "" : form.bank.trim(), chequeNo: form.paymentMethod === "CASH" ? "" : form.chequeNo.trim(),
        chequeDate: form.paymentMethod === "CASH" ? undefined : form.chequeDate, isManagersCheque: form.paymentMethod === "PDC" && form.isManagersCheque,
        ewtRate: rates.ewtRate, wvatRate: rates.wvatRate,
        lines: picked.map((i) => ({ invoiceId: i.invoiceId, applied: picks[i.invoiceId].applied.trim().replace(/,/g, "") })),
        otherCharges: form.otherAmount.trim() ? [{ accountCode: form.otherAccount, description: form.otherDescription.trim(), amount: form.otherAmount.trim() }] : [],
        amountReceived: form.amountReceived.trim() ? form.amountReceived.trim().replace(/,/g, "") : undefined,
        excessHandling: form.excessHandling, creditApplied: credit > 0n ? formatCentavos(credit) : undefined, remarks: form.remarks,
      }).catch((error) => {
        setRefusal(serverMessage(error));
        throw error;
      }), {
      onSaved: (result) => {
        close();
        onCreated(result.data);
      },
      onFieldErrors: (fields) => setErrors(fields),
    });
  };

  const invoiceText = (pick: (i: OpenInvoiceRow) => string, id: string) => (row: number) => (
    <Cell>{invoices[row] && <span data-testid={`${id}-${invoices[row].invoiceNo}`}>{pick(invoices[row])}</span>}</Cell>
  );
  const workedCell = (pickValue: (w: ReturnType<typeof worked>) => string, id: string) => (row: number) => {
    const line = invoices[row] && lineOf(invoices[row].invoiceId);
    return <Cell className="lading-money">{line && <span data-testid={`${id}-${line.invoice.invoiceNo}`}>{pickValue(line.w)}</span>}</Cell>;
  };

  return (
    <FormDialog isOpen={isOpen} title="New collection" className="lading-collection-form lading-full-controls" saving={saving} onClose={close} onSubmit={submit}
      formTestId="collection-form" saveTestId="collection-save">
      {refusal && <Callout intent="danger" className="lading-cts-refusal" data-testid="collection-refusal">{refusal}</Callout>}
      <div className="lading-collection-row">
        <FormField label="Branch" id="collection-branch" required>
          <HTMLSelect id="collection-branch" value={branchCode} onChange={(e) => {
            setBranchCode(e.currentTarget.value);
            choosePayer("");
          }} data-testid="collection-branch">
            {branchChoices.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Payer" id="collection-payer" required error={errors.customerCode}>
          <HTMLSelect id="collection-payer" value={customerCode} onChange={(e) => choosePayer(e.currentTarget.value)} data-testid="collection-payer"
            disabled={payersRead.loading}>
            <option value="">{payersRead.loading ? "Loading…" : payers.length ? "Choose the payer" : "No open invoices at this branch"}</option>
            {payers.map((p) => <option key={p.customerCode} value={p.customerCode}>{p.company} ({p.customerCode}) · {formatAmount(p.openBalance)} open</option>)}
            <option value={WALK_IN}>A consignee who is not a customer: find the invoice</option>
          </HTMLSelect>
        </FormField>
        {walkIn && (
          <TextField label="Invoice, waybill or consignee" id="collection-walk-in-search" value={walkInSearch} placeholder="At least 3 characters"
            onValueChange={(v) => {
              setWalkInSearch(v);
              setPicks({});
            }} data-testid="collection-walk-in-search" />
        )}
        <TextField label="Date" id="collection-date" type="date" required value={form.collectionDate} error={errors.collectionDate}
          onValueChange={(v) => change({ collectionDate: v })} data-testid="collection-date" />
        <FormField label="Receipt No.">
          <span className="bp6-text-muted" data-testid="collection-next-receipt">{nextNumber.data ? `${nextNumber.data} (taken when saved)` : "…"}</span>
        </FormField>
      </div>

      {walkIn && (
        <p className="bp6-text-muted" data-testid="collection-payer-setting">
          Not a registered customer{payer?.company ? `: ${payer.company}` : ""}. No tax withheld, no post-dated cheque, no credit kept.
        </p>
      )}
      {payer && !walkIn && (
        <p className="bp6-text-muted" data-testid="collection-payer-setting">
          Withholding: {withholdingLabel(payer.withholding)}{payer.isTopWithholdingAgent ? ", top withholding agent (WC160)" : ""}
          {payer.credit !== "0.00" && ` · Credit kept: ${formatAmount(payer.credit)}`}
        </p>
      )}

      {findable && (invoicesRead.loading ? <Spinner size={20} /> : (
        <FormField label="Open invoices" error={errors.lines}>
          <DataTable numRows={invoices.length} frozen={1} testId="collection-invoices" className="lading-collection-invoices">
            <Column name="Pay" cellRenderer={(row) => (
              <Cell interactive>
                {invoices[row] && (
                  <Checkbox checked={picks[invoices[row].invoiceId]?.on ?? false} onChange={(e) => pick(invoices[row], e.currentTarget.checked)}
                    aria-label={`Pay invoice ${invoices[row].invoiceNo}`} data-testid={`collection-pick-${invoices[row].invoiceNo}`} />
                )}
              </Cell>
            )} />
            <Column name="Invoice No." cellRenderer={invoiceText((i) => i.invoiceNo, "collection-invoice")} />
            <Column name="Waybill" cellRenderer={invoiceText((i) => i.wayBillRef ?? "-", "collection-waybill")} />
            {walkIn ? <Column name="Billed to" cellRenderer={invoiceText((i) => i.buyerName, "collection-buyer")} /> : null}
            <Column name="Date" cellRenderer={invoiceText((i) => i.invoiceDate, "collection-invoice-date")} />
            <Column name="Total" cellRenderer={invoiceText((i) => formatAmount(i.total), "collection-invoice-total")} />
            <Column name="Open" cellRenderer={invoiceText((i) => formatAmount(i.balance), "collection-invoice-open")} />
            <Column name="Apply" cellRenderer={(row) => (
              <Cell interactive>
                {invoices[row] && (
                  <input className="bp6-input lading-applied" aria-label={`Amount applied to ${invoices[row].invoiceNo}`}
                    value={picks[invoices[row].invoiceId]?.on ? picks[invoices[row].invoiceId].applied : ""}
                    disabled={!picks[invoices[row].invoiceId]?.on}
                    onChange={(e) => apply(invoices[row], e.currentTarget.value)} data-testid={`collection-applied-${invoices[row].invoiceNo}`} />
                )}
              </Cell>
            )} />
            <Column name="EWT" cellRenderer={workedCell((w) => (w.ewtAtc ? `${w.ewtAtc} ${peso(w.ewtAmount)}` : peso(w.ewtAmount)), "collection-ewt")} />
            <Column name="Base" cellRenderer={workedCell((w) => peso(w.ewtBase), "collection-base")} />
            <Column name="VAT withheld" cellRenderer={workedCell((w) => peso(w.wvatAmount), "collection-wvat")} />
            <Column name="Cash" cellRenderer={workedCell((w) => peso(w.cash), "collection-cash")} />
          </DataTable>
        </FormField>
      ))}

      <div className="lading-collection-row">
        <TextField label="EWT rate %" id="collection-ewt-rate" value={form.ewtRate} disabled={walkIn} placeholder={defaults.ewtRate} error={errors.ewtRate}
          onValueChange={(v) => change({ ewtRate: v })} data-testid="collection-ewt-rate" />
        <TextField label="VAT withheld %" id="collection-wvat-rate" value={form.wvatRate} disabled={walkIn} placeholder={defaults.wvatRate} error={errors.wvatRate}
          onValueChange={(v) => change({ wvatRate: v })} data-testid="collection-wvat-rate" />
        <FormField label="Paid by" id="collection-method" required>
          <HTMLSelect id="collection-method" value={form.paymentMethod} onChange={(e) => change({ paymentMethod: e.currentTarget.value as PaymentMethod })}
            data-testid="collection-method">
            {PAYMENT_METHODS.filter((m) => !walkIn || m !== "PDC").map((m) => <option key={m} value={m}>{paymentMethodLabel(m)}</option>)}
          </HTMLSelect>
        </FormField>
        {form.paymentMethod !== "CASH" && (
          <>
            <TextField label="Bank" id="collection-bank" required value={form.bank} error={errors.bank} onValueChange={(v) => change({ bank: v })} data-testid="collection-bank" />
            <TextField label="Cheque No." id="collection-cheque-no" required value={form.chequeNo} error={errors.chequeNo}
              onValueChange={(v) => change({ chequeNo: v })} data-testid="collection-cheque-no" />
            <TextField label="Cheque date" id="collection-cheque-date" type="date" required value={form.chequeDate} error={errors.chequeDate}
              onValueChange={(v) => change({ chequeDate: v })} data-testid="collection-cheque-date" />
          </>
        )}
        {form.paymentMethod === "PDC" && (
          <Checkbox label="Manager's or cashier's cheque" checked={form.isManagersCheque} onChange={(e) => change({ isManagersCheque: e.currentTarget.checked })}
            data-testid="collection-managers-cheque" />
        )}
      </div>
      {warnings.length > 0 && <Callout intent="warning" data-testid="collection-warnings">{warnings.join(" ")}</Callout>}

      <div className="lading-collection-row">
        <FormField label="Other charge account" id="collection-other-account" error={errors.otherAccount}>
          <HTMLSelect id="collection-other-account" value={form.otherAccount} onChange={(e) => change({ otherAccount: e.currentTarget.value })}
            data-testid="collection-other-account">
            <option value="">None</option>
            {OTHER_INCOME_ACCOUNTS.map((a) => <option key={a.code} value={a.code}>{a.code} · {a.name}</option>)}
          </HTMLSelect>
        </FormField>
        <TextField label="Other charge" id="collection-other-description" value={form.otherDescription} error={errors.otherDescription}
          onValueChange={(v) => change({ otherDescription: v })} data-testid="collection-other-description" />
        <TextField label="Amount" id="collection-other-amount" value={form.otherAmount} error={errors.otherAmount}
          onValueChange={(v) => change({ otherAmount: v })} data-testid="collection-other-amount" />
      </div>

      <div className="lading-collection-totals" data-testid="collection-totals">
        <div><span>Applied to invoices</span><strong data-testid="collection-total-applied">{peso(totals.applied)}</strong></div>
        <div><span>EWT withheld</span><strong data-testid="collection-total-ewt">{peso(totals.ewt)}</strong></div>
        <div><span>VAT withheld</span><strong data-testid="collection-total-wvat">{peso(totals.wvat)}</strong></div>
        <div><span>Cash due</span><strong data-testid="collection-total-cash">{peso(totals.cash)}</strong></div>
        {creditKept > 0n && <div><span>Credit applied</span><strong data-testid="collection-total-credit">{peso(credit)}</strong></div>}
        <div><span>Excess</span><strong data-testid="collection-total-excess">{peso(excess > 0n ? excess : 0n)}</strong></div>
      </div>

      <div className="lading-collection-row">
        {creditKept > 0n && (
          <TextField label="Credit applied" id="collection-credit" value={form.creditApplied} placeholder="0.00"
            helper={`Of ${peso(creditKept)} kept`} error={errors.creditApplied} onValueChange={(v) => change({ creditApplied: v })} data-testid="collection-credit" />
        )}
        <TextField label="Amount received" id="collection-received" value={form.amountReceived} placeholder={formatCentavos(cashToTake)} error={errors.amountReceived}
          onValueChange={(v) => change({ amountReceived: v })} data-testid="collection-received" />
        <FormField label="Excess payment" id="collection-excess">
          <HTMLSelect id="collection-excess" value={form.excessHandling} onChange={(e) => change({ excessHandling: e.currentTarget.value as ExcessHandling })}
            data-testid="collection-excess">
            {EXCESS_HANDLINGS.filter((h) => !walkIn || h === "REFUSE").map((h) => <option key={h} value={h}>{excessHandlingLabel(h)}</option>)}
          </HTMLSelect>
        </FormField>
      </div>
      <FormField label="Remarks" id="collection-remarks">
        <TextArea id="collection-remarks" fill value={form.remarks} maxLength={500} onChange={(e) => change({ remarks: e.currentTarget.value })} />
      </FormField>
    </FormDialog>
  );
}
