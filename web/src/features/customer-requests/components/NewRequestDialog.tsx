import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup, Tag } from "@blueprintjs/core";
import { Add, Edit, Search } from "@blueprintjs/icons";
import { Cell, Column } from "@blueprintjs/table";
import { useEffect, useState } from "react";
import { DataTable } from "../../../components/DataTable.tsx";
import { FormField } from "../../../components/FormDialog.tsx";
import { RowAction, RowActions } from "../../../components/list-cells.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useDebounced, useRecord } from "../../../lib/data/load.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import type { RequestRow, RequestType } from "../api/contracts.ts";
import { createRequest, readCustomer, searchCompany } from "../api/requests.ts";
import { detailOf, emptyValues, type FormErrors, localErrors, RequestForm, type RequestFormValues, valuesOf, withoutErrorsOf } from "./RequestForm.tsx";

interface Branch {
  branchCode: string;
  branchName: string;
  defaultBranch: boolean;
}

type Step = { kind: "search" } | { kind: "form"; requestType: RequestType; customerCode: string | null };

/**
 * A new customer request, in two steps: first the company name is searched, so that a customer the line already
 * has (or one already asked for) is seen before a second is made; then the customer's detail, saved as a draft
 * or sent for approval at once. A customer found can be asked to change instead.
 */
export function NewRequestDialog(props: { isOpen: boolean; branches: Branch[]; onClose: () => void; onSaved: (row: RequestRow) => void }) {
  const { isOpen, branches, onClose, onSaved } = props;
  const [step, setStep] = useState<Step>({ kind: "search" });
  const [company, setCompany] = useState("");
  const [branchCode, setBranchCode] = useState("");
  const [values, setValues] = useState<RequestFormValues>(emptyValues());
  const [errors, setErrors] = useState<FormErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setStep({ kind: "search" });
    setCompany("");
    setBranchCode((branches.find((b) => b.defaultBranch) ?? branches[0])?.branchCode ?? "");
    setValues(emptyValues());
    setErrors({});
    setRefusal(null);
  }, [isOpen, branches]);

  const term = useDebounced(company.trim());
  const searching = isOpen && step.kind === "search" && term.length >= 2;
  const found = useRecord(searching ? term : null, () => searchCompany(term));
  const customers = found.data?.data.customers ?? [];
  const requests = found.data?.data.requests ?? [];
  const searched = searching && !found.loading && found.data !== null;

  const startNew = () => {
    setValues(emptyValues(company.trim()));
    setStep({ kind: "form", requestType: "New", customerCode: null });
  };

  const startChange = async (code: string) => {
    try {
      const { data } = await readCustomer(code);
      setValues(valuesOf(data));
      setStep({ kind: "form", requestType: "Change", customerCode: data.code });
    } catch (error) {
      notify.error(errorText(error));
    }
  };

  const change = (patch: Partial<RequestFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => withoutErrorsOf(e, Object.keys(patch)));
  };

  const submit = async (sendNow: boolean) => {
    if (step.kind !== "form") return;
    setRefusal(null);
    const local = localErrors(values);
    if (Object.values(local).some(Boolean)) {
      setErrors(local);
      return;
    }
    await save(() =>
      createRequest({
        branchCode, requestType: step.requestType, customerCode: step.customerCode ?? undefined, submit: sendNow, ...detailOf(values),
      }).catch((error) => {
        setRefusal(serverMessage(error));
        throw error;
      }), {
      onSaved: (result) => onSaved(result.data),
      onFieldErrors: (fieldErrors) => setErrors(fieldErrors),
    });
  };

  const likeness = (n: number) => `${Math.round(n * 100)}%`;

  return (
    <Dialog isOpen={isOpen} title={step.kind === "form" && step.requestType === "Change" ? `Request a change to ${step.customerCode}` : "New customer request"}
      onClose={saving ? undefined : onClose} canOutsideClickClose={false} className="lading-form-dialog lading-wide-form lading-cr-dialog">
      <form onSubmit={(e) => { e.preventDefault(); void submit(false); }} noValidate data-testid="cr-new-form">
        <DialogBody>
          {step.kind === "search" && (
            <>
              <FormField label="Company name" id="cr-new-company" helper="Search first: a customer the line has already is changed, not asked for again.">
                <InputGroup id="cr-new-company" type="search" leftIcon={<Search />} placeholder="Type the company's name" autoFocus
                  value={company} onValueChange={setCompany} data-testid="cr-new-company" />
              </FormField>
              {searched && customers.length > 0 && (
                <>
                  <Callout intent="warning" className="lading-cr-duplicates" data-testid="cr-new-duplicates">
                    {customers.length === 1 ? "A customer is" : `${customers.length} customers are`} named like “{term}”. Is it one of these?
                  </Callout>
                  <DataTable numRows={customers.length} frozen={1} testId="cr-new-matches">
                    <Column name="Code" cellRenderer={(i) => <Cell><span data-testid={`cr-new-match-${customers[i]?.code}`}>{customers[i]?.code}</span></Cell>} />
                    <Column name="Company" cellRenderer={(i) => <Cell>{customers[i]?.company}</Cell>} />
                    <Column name="Contact" cellRenderer={(i) => <Cell>{customers[i]?.contactName}</Cell>} />
                    <Column name="Email" cellRenderer={(i) => <Cell>{customers[i]?.customerContactEmail}</Cell>} />
                    <Column name="Alike" cellRenderer={(i) => <Cell>{customers[i] && likeness(customers[i].likeness)}{customers[i] && !customers[i].isActive && <Tag minimal>Inactive</Tag>}</Cell>} />
                    <Column name="Actions" cellRenderer={(i) => (
                      <Cell interactive className="lading-actions-cell">
                        <RowActions>
                          <RowAction icon={<Edit />} label="Request a change" onClick={() => void startChange(customers[i]!.code)}
                            data-testid={`cr-new-change-${customers[i]?.code}`} />
                        </RowActions>
                      </Cell>
                    )} />
                  </DataTable>
                </>
              )}
              {searched && requests.length > 0 && (
                <Callout intent="primary" className="lading-cr-duplicates" data-testid="cr-new-open-requests">
                  Already asked: {requests.map((r) => `${r.requestNum} (${r.company}, ${r.status})`).join("; ")}.
                </Callout>
              )}
              {searched && customers.length === 0 && requests.length === 0 && (
                <Callout intent="success" data-testid="cr-new-no-match">{found.data?.message}</Callout>
              )}
            </>
          )}
          {step.kind === "form" && (
            <>
              {refusal && <Callout intent="danger" className="lading-cts-refusal" data-testid="cr-new-error">{refusal}</Callout>}
              {step.requestType === "New" && (
                <FormField label="Branch" id="cr-new-branch" error={errors.branchCode} helper="The branch whose approvers decide">
                  <HTMLSelect id="cr-new-branch" value={branchCode} onChange={(e) => setBranchCode(e.currentTarget.value)} data-testid="cr-new-branch">
                    {branches.map((b) => <option key={b.branchCode} value={b.branchCode}>{b.branchCode} · {b.branchName}</option>)}
                  </HTMLSelect>
                </FormField>
              )}
              <RequestForm values={values} errors={errors} branchCode={branchCode} onChange={change} />
            </>
          )}
        </DialogBody>
        <DialogFooter
          actions={step.kind === "search"
            ? (
              <>
                <Button text="Cancel" onClick={onClose} />
                <Button intent="primary" icon={<Add />} text="Request a new customer" disabled={!searched}
                  onClick={startNew} data-testid="cr-new-start" />
              </>
            )
            : (
              <>
                <Button text="Back to the search" disabled={saving} onClick={() => setStep({ kind: "search" })} data-testid="cr-new-back" />
                <Button type="submit" text={saving ? "Saving…" : "Save as draft"} disabled={saving} data-testid="cr-new-save-draft" />
                <Button intent="primary" text="Save and send for approval" loading={saving} onClick={() => void submit(true)} data-testid="cr-new-submit" />
              </>
            )}
        />
      </form>
    </Dialog>
  );
}
