import { Button, Checkbox, HTMLSelect, TextArea } from "@blueprintjs/core";
import { Add, Trash } from "@blueprintjs/icons";
import { FormField, FormFieldset, TextField } from "../../../components/FormDialog.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { CUSTOMER_TYPE_LABELS, CUSTOMER_TYPES, DETAIL_REQUIRED, EMAIL_REQUIRED, type RequestRow } from "../api/contracts.ts";
import { loadAccountExecutives, type MasterCustomer } from "../api/requests.ts";

export interface AddressDraft {
  label: string;
  street: string;
  barangay: string;
  city: string;
  province: string;
  zipCode: string;
  areaCode: string | null;
  isDefault: boolean;
}

/** The customer detail as the form holds it. */
export interface RequestFormValues {
  company: string;
  firstName: string;
  middleInitial: string;
  lastName: string;
  address: string;
  contactNum: string;
  customerContactEmail: string;
  tin: string;
  customerType: (typeof CUSTOMER_TYPES)[number] | "";
  accountExecutiveId: string;
  remarks: string;
  addresses: AddressDraft[];
}

export type FormErrors = Record<string, string | undefined>;

/** The errors left once these fields changed: theirs go, and those of their parts ("addresses" takes "addresses.0.city"). */
export function withoutErrorsOf(errors: FormErrors, fields: string[]): FormErrors {
  return Object.fromEntries(Object.entries(errors).filter(([key]) => !fields.some((f) => key === f || key.startsWith(`${f}.`))));
}

const blankAddress = (isDefault: boolean): AddressDraft => ({ label: "", street: "", barangay: "", city: "", province: "", zipCode: "", areaCode: null, isDefault });

export function emptyValues(company = ""): RequestFormValues {
  return {
    company, firstName: "", middleInitial: "", lastName: "", address: "", contactNum: "", customerContactEmail: "", tin: "",
    customerType: "", accountExecutiveId: "", remarks: "", addresses: [blankAddress(true)],
  };
}

/** A request's detail, or a customer of the master's, as the form starts from it. */
export function valuesOf(source: RequestRow | MasterCustomer): RequestFormValues {
  return {
    company: source.company,
    firstName: source.firstName,
    middleInitial: source.middleInitial,
    lastName: source.lastName,
    address: source.address,
    contactNum: source.contactNum,
    customerContactEmail: source.customerContactEmail,
    tin: source.tin,
    customerType: (CUSTOMER_TYPES as readonly string[]).includes(source.customerType) ? source.customerType as RequestFormValues["customerType"] : "",
    accountExecutiveId: source.accountExecutiveId ?? "",
    remarks: "remarks" in source ? source.remarks : "",
    addresses: source.addresses.length > 0 ? source.addresses.map((a) => ({ ...a })) : [blankAddress(true)],
  };
}

/** What the server would refuse outright (001 §5), said where the field is. */
export function localErrors(v: RequestFormValues): FormErrors {
  const e: FormErrors = {};
  if (!v.company.trim()) e.company = "Company is required";
  if (!v.customerContactEmail.trim()) e.customerContactEmail = EMAIL_REQUIRED;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.customerContactEmail.trim())) e.customerContactEmail = "Customer email must be an email address, such as name@company.ph";
  if (!v.customerType) e.customerType = "Customer type must be SHIPPER, CONSIGNEE or BOTH";
  if (v.addresses.length === 0) e.addresses = DETAIL_REQUIRED;
  v.addresses.forEach((a, i) => {
    if (!a.city.trim()) e[`addresses.${i}.city`] = "City or municipality is required";
    if (!a.province.trim()) e[`addresses.${i}.province`] = "Province is required";
  });
  return e;
}

/** The body of a create or an update: trimmed, the account executive left out when none is chosen. */
export function detailOf(v: RequestFormValues) {
  return {
    company: v.company.trim(),
    firstName: v.firstName.trim(),
    middleInitial: v.middleInitial.trim(),
    lastName: v.lastName.trim(),
    address: v.address.trim(),
    contactNum: v.contactNum.trim(),
    customerContactEmail: v.customerContactEmail.trim(),
    tin: v.tin.trim(),
    customerType: v.customerType as (typeof CUSTOMER_TYPES)[number],
    accountExecutiveId: v.accountExecutiveId || undefined,
    remarks: v.remarks.trim(),
    addresses: v.addresses.map((a) => ({ ...a, label: a.label.trim(), street: a.street.trim(), barangay: a.barangay.trim(), city: a.city.trim(), province: a.province.trim(), zipCode: a.zipCode.trim() })),
  };
}

/**
 * The customer detail of a request: the company and its contact, the e-mail (required), the type, the account
 * executive of the branch, and the addresses (at least one: the customer detail a request requires, 001 §5).
 */
export function RequestForm(props: { values: RequestFormValues; errors: FormErrors; branchCode: string; onChange: (patch: Partial<RequestFormValues>) => void }) {
  const { values: v, errors, branchCode, onChange } = props;
  const aes = useRecord(branchCode ? branchCode : null, () => loadAccountExecutives(branchCode));
  const executives = aes.data?.data ?? [];

  const setAddress = (index: number, patch: Partial<AddressDraft>) =>
    onChange({ addresses: v.addresses.map((a, i) => (i === index ? { ...a, ...patch } : patch.isDefault ? { ...a, isDefault: false } : a)) });

  const text = (field: keyof RequestFormValues, label: string, max: number, required = false) => (
    <TextField label={label} id={`cr-form-${field}`} required={required} maxLength={max} value={v[field] as string} error={errors[field]}
      onValueChange={(value) => onChange({ [field]: value })} data-testid={`cr-form-${field}`} />
  );

  return (
    <div className="lading-form-grid">
      {text("company", "Company", 200, true)}
      <FormField label="Customer type" id="cr-form-customerType" required error={errors.customerType}>
        <HTMLSelect id="cr-form-customerType" fill value={v.customerType} onChange={(e) => onChange({ customerType: e.currentTarget.value as RequestFormValues["customerType"] })}
          data-testid="cr-form-customerType">
          <option value="">Choose…</option>
          {CUSTOMER_TYPES.map((t) => <option key={t} value={t}>{CUSTOMER_TYPE_LABELS[t]}</option>)}
        </HTMLSelect>
      </FormField>
      {text("firstName", "Contact's first name", 80)}
      {text("lastName", "Contact's last name", 80)}
      {text("customerContactEmail", "Email address", 254, true)}
      {text("contactNum", "Contact number", 40)}
      {text("tin", "TIN", 20)}
      <FormField label="Account executive" id="cr-form-accountExecutiveId" error={errors.accountExecutiveId}
        helper={!aes.loading && executives.length === 0 ? aes.data?.message : "Who looks after the customer"}>
        <HTMLSelect id="cr-form-accountExecutiveId" fill value={v.accountExecutiveId} onChange={(e) => onChange({ accountExecutiveId: e.currentTarget.value })}
          data-testid="cr-form-accountExecutiveId">
          <option value="">Not assigned yet</option>
          {v.accountExecutiveId && !executives.some((a) => a.userId === v.accountExecutiveId) && <option value={v.accountExecutiveId}>{v.accountExecutiveId}</option>}
          {executives.map((a) => <option key={a.userId} value={a.userId}>{a.name} ({a.userId})</option>)}
        </HTMLSelect>
      </FormField>
      <FormField label="Billing address" id="cr-form-address" error={errors.address} className="lading-form-wide-line">
        <TextArea id="cr-form-address" fill rows={2} maxLength={300} value={v.address} onChange={(e) => onChange({ address: e.currentTarget.value })}
          data-testid="cr-form-address" />
      </FormField>

      <FormFieldset legend="Pick-up and delivery addresses (customer detail)" error={errors.addresses} className="lading-form-wide-line">
        <div className="lading-cr-addresses" data-testid="cr-form-addresses">
          {v.addresses.map((a, i) => (
            <div className="lading-cr-address" key={i} data-testid={`cr-form-address-${i}`}>
              <TextField label="Label" id={`cr-form-address-${i}-label`} maxLength={60} value={a.label} placeholder="Warehouse"
                onValueChange={(value) => setAddress(i, { label: value })} data-testid={`cr-form-address-${i}-label`} />
              <TextField label="Street" id={`cr-form-address-${i}-street`} maxLength={200} value={a.street}
                onValueChange={(value) => setAddress(i, { street: value })} data-testid={`cr-form-address-${i}-street`} />
              <TextField label="Barangay" id={`cr-form-address-${i}-barangay`} maxLength={120} value={a.barangay}
                onValueChange={(value) => setAddress(i, { barangay: value })} data-testid={`cr-form-address-${i}-barangay`} />
              <TextField label="City or municipality" id={`cr-form-address-${i}-city`} required maxLength={120} value={a.city} error={errors[`addresses.${i}.city`]}
                onValueChange={(value) => setAddress(i, { city: value })} data-testid={`cr-form-address-${i}-city`} />
              <TextField label="Province" id={`cr-form-address-${i}-province`} required maxLength={120} value={a.province} error={errors[`addresses.${i}.province`]}
                onValueChange={(value) => setAddress(i, { province: value })} data-testid={`cr-form-address-${i}-province`} />
              <TextField label="Zip code" id={`cr-form-address-${i}-zipCode`} maxLength={10} value={a.zipCode}
                onValueChange={(value) => setAddress(i, { zipCode: value })} data-testid={`cr-form-address-${i}-zipCode`} />
              <div className="lading-cr-address-end">
                <Checkbox label="Default" checked={a.isDefault} onChange={(e) => setAddress(i, { isDefault: e.currentTarget.checked })}
                  data-testid={`cr-form-address-${i}-default`} />
                <Button variant="minimal" icon={<Trash />} aria-label={`Remove address ${i + 1}`} title="Remove"
                  onClick={() => onChange({ addresses: v.addresses.filter((_, j) => j !== i) })} data-testid={`cr-form-address-${i}-remove`} />
              </div>
            </div>
          ))}
          <Button className="lading-self-start" icon={<Add />} text="Add address"
            onClick={() => onChange({ addresses: [...v.addresses, blankAddress(v.addresses.length === 0)] })} data-testid="cr-form-address-add" />
        </div>
      </FormFieldset>
      <FormField label="Why the customer is needed, or what should change" id="cr-form-remarks" error={errors.remarks} className="lading-form-wide-line">
        <TextArea id="cr-form-remarks" fill rows={2} maxLength={1000} value={v.remarks} onChange={(e) => onChange({ remarks: e.currentTarget.value })}
          data-testid="cr-form-remarks" />
      </FormField>
    </div>
  );
}
