import { Button, Card, H5, HTMLSelect, TextArea } from "@blueprintjs/core";
import { Add } from "@blueprintjs/icons";
import { useState } from "react";
import { FormField, TextField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import type { SessionUser } from "../../../lib/session.ts";
import { createQuotationBody, type QuotationRow } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { createQuotation } from "../api/quotations.ts";

type Field = "customerCode" | "cargoTypeCode" | "branchCode" | "sqDate" | "validUntil" | "remarks";
type Values = Record<Field, string>;

const FIELDS: readonly Field[] = ["customerCode", "cargoTypeCode", "branchCode", "sqDate", "validUntil", "remarks"];

function initialValues(user: SessionUser): Values {
  const branch = user.branches.find((b) => b.defaultBranch) ?? user.branches[0];
  return { customerCode: "", cargoTypeCode: "", branchCode: branch?.branchCode ?? "", sqDate: "", validUntil: "", remarks: "" };
}

/** Empty dates are left out: the server dates the quotation today and gives it its usual validity. */
function bodyOf(values: Values) {
  return {
    customerCode: values.customerCode,
    cargoTypeCode: values.cargoTypeCode,
    branchCode: values.branchCode || undefined,
    sqDate: values.sqDate || undefined,
    validUntil: values.validUntil || undefined,
    remarks: values.remarks,
  };
}

/** The AE's new quotation: customer, cargo type, branch, dates and remarks; the server numbers it. */
export function NewQuotationForm({ user, onCreated }: { user: SessionUser; onCreated: (row: QuotationRow) => void }) {
  const customers = usePicker("customers");
  const cargoTypes = usePicker("cargoTypes");
  const [values, setValues] = useState<Values>(() => initialValues(user));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { saving, save } = useFormSave();

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createQuotationBody.safeParse(bodyOf(values));
    if (!parsed.success) {
      const local: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) local[issue.path[0] as Field] ??= issue.message;
      setErrors(local);
      focusSoon(`sq-new-${FIELDS.find((f) => local[f]) ?? "customerCode"}`);
      return;
    }
    await save(() => createQuotation(parsed.data), {
      onSaved: (result) => onCreated(result.data),
      onFieldErrors: (fieldErrors) => setErrors(fieldErrors as Partial<Record<Field, string>>),
    });
  };

  return (
    <Card className="lading-sq-section" data-testid="sq-new-form-card">
      <H5>New quotation</H5>
      <form onSubmit={(e) => void submit(e)} noValidate data-testid="sq-new-form" className="lading-sq-form-grid">
        <FormField label="Customer" id="sq-new-customerCode" required error={errors.customerCode}>
          <HTMLSelect id="sq-new-customerCode" fill value={values.customerCode} onChange={(e) => set("customerCode")(e.currentTarget.value)}>
            <option value="">Choose a customer…</option>
            {customers.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.company}</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Cargo type" id="sq-new-cargoTypeCode" required error={errors.cargoTypeCode}>
          <HTMLSelect id="sq-new-cargoTypeCode" fill value={values.cargoTypeCode} onChange={(e) => set("cargoTypeCode")(e.currentTarget.value)}>
            <option value="">Choose a cargo type…</option>
            {cargoTypes.map((c) => <option key={c.code} value={c.code}>{c.code} · {c.name}</option>)}
          </HTMLSelect>
        </FormField>
        <FormField label="Branch" id="sq-new-branchCode" error={errors.branchCode} helper="Your branches">
          <HTMLSelect id="sq-new-branchCode" fill value={values.branchCode} onChange={(e) => set("branchCode")(e.currentTarget.value)}>
            {user.branches.length === 0 && <option value="">Your default branch</option>}
            {user.branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
          </HTMLSelect>
        </FormField>
        <TextField label="SQ date" id="sq-new-sqDate" type="date" error={errors.sqDate} helper="Today when left empty"
          value={values.sqDate} onValueChange={set("sqDate")} />
        <TextField label="Valid until" id="sq-new-validUntil" type="date" error={errors.validUntil} helper="30 days on when left empty"
          value={values.validUntil} onValueChange={set("validUntil")} />
        <FormField label="Remarks" id="sq-new-remarks" error={errors.remarks} className="lading-sq-wide">
          <TextArea id="sq-new-remarks" fill rows={2} maxLength={1000} value={values.remarks} onChange={(e) => set("remarks")(e.currentTarget.value)} />
        </FormField>
        <div className="lading-form-actions lading-sq-wide">
          <Button type="submit" intent="primary" icon={<Add />} text={saving ? "Creating…" : "Create quotation"} loading={saving} data-testid="sq-new-save" />
        </div>
      </form>
    </Card>
  );
}
