import { Button, Callout, Dialog, DialogBody, DialogFooter, H6, HTMLSelect, Spinner, TextArea } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { FormField } from "../../../components/FormDialog.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { ARCHIVABLE, CUSTOMER_TYPE_LABELS, type CustomerRequestAction, EDITABLE, type RequestRow } from "../api/contracts.ts";
import { archiveRequest, loadAccountExecutives, moveRequest, readRequest, updateRequest } from "../api/requests.ts";
import { detailOf, type FormErrors, localErrors, RequestForm, type RequestFormValues, valuesOf, withoutErrorsOf } from "./RequestForm.tsx";
import { RequestStatusTag } from "./RequestStatusTag.tsx";

type Mode = "view" | "edit" | "approve" | "deny";

/** What the dialog did, for the page to read its list again or move to another (001 §4). */
export type Outcome = { kind: "saved"; row: RequestRow } | { kind: "moved"; row: RequestRow };

/**
 * One customer request: its detail and history, and what the user may do with it now. A draft is changed or
 * sent for approval; an approver approves it (assigning the account executive) or denies it (saying why); a
 * denied one goes back to draft or to the archive.
 */
export function RequestDialog(props: { requestNum: string | null; isApprover: boolean; userId: string; onClose: () => void; onDone: (outcome: Outcome) => void }) {
  const { requestNum, isApprover, userId, onClose, onDone } = props;
  const isOpen = requestNum !== null;
  const opening = useOpenings(isOpen);
  const [mode, setMode] = useState<Mode>("view");
  const [values, setValues] = useState<RequestFormValues | null>(null);
  const [errors, setErrors] = useState<FormErrors>({});
  const [remarks, setRemarks] = useState("");
  const [aeId, setAeId] = useState("");
  const [refusal, setRefusal] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  const record = useRecord(isOpen ? `${opening}:${requestNum}` : null, () => readRequest(requestNum!), { keepStale: false });
  const request = record.data?.data ?? null;
  const aes = useRecord(isOpen && request && mode === "approve" ? request.branchCode : null, () => loadAccountExecutives(request!.branchCode));

  useEffect(() => {
    if (!isOpen) return;
    setMode("view");
    setErrors({});
    setRemarks("");
    setRefusal(null);
  }, [isOpen, requestNum]);

  if (!isOpen) return null;
  const status = request?.status;
  const archived = request?.isArchive ?? false;
  const mayEdit = !!request && !archived && EDITABLE.includes(request.status);
  const mayDecide = !!request && !archived && isApprover && status === "For Approval";
  const mayArchive = !!request && !archived && ARCHIVABLE.includes(request.status);
  // Four eyes, as the server holds them: the drafter does not approve their own request.
  const ownRequest = request?.requestedBy === userId;

  const run = async (work: () => Promise<{ data: RequestRow; message: string }>, kind: Outcome["kind"]) => {
    setRefusal(null);
    await save(() => work().catch((error) => {
      setRefusal(serverMessage(error));
      throw error;
    }), { onSaved: (result) => onDone({ kind, row: result.data }), onFieldErrors: (f) => setErrors(f) });
  };

  const move = (action: CustomerRequestAction, extra: { remarks?: string; accountExecutiveId?: string } = {}) =>
    run(() => moveRequest(request!.requestNum, { action, dateModified: request!.dateModified, ...extra }), action === "submit" ? "saved" : "moved");

  const saveEdit = (sendNow: boolean) => {
    if (!values) return;
    const local = localErrors(values);
    if (Object.values(local).some(Boolean)) return setErrors(local);
    void run(() => updateRequest(request!.requestNum, { dateModified: request!.dateModified, submit: sendNow, ...detailOf(values) }), "saved");
  };

  const fact = (label: string, value: string | null | undefined, testId?: string) => (
    <>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value || "-"}</dd>
    </>
  );

  const footer = () => {
    if (!request) return <Button text="Close" onClick={onClose} />;
    if (mode === "edit") {
      return (
        <>
          <Button text="Cancel" disabled={saving} onClick={() => setMode("view")} />
          <Button text="Save draft" disabled={saving} onClick={() => saveEdit(false)} data-testid="cr-edit-save" />
          <Button intent="primary" text="Save and send for approval" loading={saving} onClick={() => saveEdit(true)} data-testid="cr-edit-submit" />
        </>
      );
    }
    if (mode === "approve") {
      return (
        <>
          <Button text="Cancel" disabled={saving} onClick={() => setMode("view")} />
          <Button intent="success" text="Approve" loading={saving} data-testid="cr-approve-confirm"
            onClick={() => void move("approve", { remarks: remarks.trim(), accountExecutiveId: aeId || undefined })} />
        </>
      );
    }
    if (mode === "deny") {
      return (
        <>
          <Button text="Cancel" disabled={saving} onClick={() => setMode("view")} />
          <Button intent="danger" text="Deny" loading={saving} data-testid="cr-deny-confirm" onClick={() => void move("deny", { remarks: remarks.trim() })} />
        </>
      );
    }
    return (
      <>
        <Button text="Close" onClick={onClose} />
        {mayArchive && <Button text="Archive" disabled={saving} onClick={() => void run(() => archiveRequest(request.requestNum, request.dateModified), "moved")} data-testid="cr-archive" />}
        {status === "Denied" && !archived && <Button text="Move to draft" disabled={saving} onClick={() => void move("moveToDraft")} data-testid="cr-move-to-draft" />}
        {mayEdit && <Button text="Edit" disabled={saving} onClick={() => { setValues(valuesOf(request)); setErrors({}); setMode("edit"); }} data-testid="cr-edit" />}
        {mayEdit && <Button intent="primary" text="Send for approval" loading={saving} onClick={() => void move("submit")} data-testid="cr-submit" />}
        {mayDecide && (
          <>
            <Button intent="danger" text="Deny" disabled={saving} onClick={() => { setRemarks(""); setMode("deny"); }} data-testid="cr-deny" />
            <Button intent="success" text="Approve" disabled={saving || ownRequest} title={ownRequest ? "You drafted this request; another approver decides it." : undefined}
              onClick={() => { setRemarks(""); setAeId(request.accountExecutiveId ?? ""); setMode("approve"); }} data-testid="cr-approve" />
          </>
        )}
      </>
    );
  };

  const executives = aes.data?.data ?? [];

  return (
    <Dialog isOpen={isOpen} title={request ? `Customer request ${request.requestNum}` : "Customer request"} onClose={saving ? undefined : onClose}
      canOutsideClickClose={false} className="lading-form-dialog lading-wide-form lading-cr-dialog">
      <DialogBody>
        {!request && <Spinner />}
        {request && (
          <div data-testid="cr-dialog">
            {refusal && <Callout intent="danger" className="lading-cts-refusal" data-testid="cr-dialog-error">{refusal}</Callout>}
            {mode === "edit" && values
              ? <RequestForm values={values} errors={errors} branchCode={request.branchCode} onChange={(patch) => {
                setValues((v) => v && { ...v, ...patch });
                setErrors((e) => withoutErrorsOf(e, Object.keys(patch)));
              }} />
              : (
                <>
                  <dl className="lading-kv lading-cr-facts">
                    <dt>Status</dt>
                    <dd><RequestStatusTag status={request.status} archived={request.isArchive} testId="cr-dialog-status" /></dd>
                    {fact("Request", `${request.requestType === "New" ? "New customer" : `Change to ${request.customerCode}`} · ${request.branchCode}`, "cr-dialog-type")}
                    {fact("Company", request.company, "cr-dialog-company")}
                    {fact("Customer type", CUSTOMER_TYPE_LABELS[request.customerType])}
                    {fact("Contact", [request.firstName, request.middleInitial, request.lastName].filter(Boolean).join(" "))}
                    {fact("Email address", request.customerContactEmail, "cr-dialog-email")}
                    {fact("Contact number", request.contactNum)}
                    {fact("TIN", request.tin)}
                    {fact("Billing address", request.address)}
                    {fact("Account executive", request.accountExecutiveId, "cr-dialog-ae")}
                    {fact("Customer code", request.customerCode, "cr-dialog-customer")}
                    {fact("Requested by", `${request.requestedByName} · ${formatDateTime(request.dateCreated)}`)}
                    {fact("Remarks", request.remarks)}
                    {request.decidedBy && fact("Decided by", `${request.decidedBy} · ${formatDateTime(request.dateDecided ?? "")}${request.decisionRemarks ? `: ${request.decisionRemarks}` : ""}`, "cr-dialog-decision")}
                  </dl>
                  <H6>Addresses</H6>
                  <ul className="lading-cr-address-list" data-testid="cr-dialog-addresses">
                    {request.addresses.map((a, i) => (
                      <li key={i}>{a.label ? `${a.label}: ` : ""}{[a.street, a.barangay, a.city, a.province, a.zipCode].filter(Boolean).join(", ")}{a.isDefault ? " (default)" : ""}</li>
                    ))}
                  </ul>
                  <H6>History</H6>
                  <ul className="lading-cr-address-list" data-testid="cr-dialog-history">
                    {(record.data?.data.history ?? []).map((h, i) => (
                      <li key={i}>{formatDateTime(h.at)}: {h.fromStatus} → {h.toStatus} by {h.actor}{h.remarks ? ` (${h.remarks})` : ""}</li>
                    ))}
                  </ul>
                </>
              )}
            {mode === "approve" && (
              <>
                <FormField label="Account executive" id="cr-approve-ae" required error={errors.accountExecutiveId} helper="Assigned to the customer in master data">
                  <HTMLSelect id="cr-approve-ae" fill value={aeId} onChange={(e) => setAeId(e.currentTarget.value)} data-testid="cr-approve-ae">
                    <option value="">Choose the account executive…</option>
                    {aeId && !executives.some((a) => a.userId === aeId) && <option value={aeId}>{aeId}</option>}
                    {executives.map((a) => <option key={a.userId} value={a.userId}>{a.name} ({a.userId})</option>)}
                  </HTMLSelect>
                </FormField>
                <FormField label="Remarks" id="cr-approve-remarks">
                  <TextArea id="cr-approve-remarks" fill rows={2} maxLength={500} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)}
                    data-testid="cr-approve-remarks" />
                </FormField>
              </>
            )}
            {mode === "deny" && (
              <FormField label="Why is it denied?" id="cr-deny-remarks" required error={errors.remarks}>
                <TextArea id="cr-deny-remarks" fill rows={2} maxLength={500} value={remarks} onChange={(e) => setRemarks(e.currentTarget.value)}
                  data-testid="cr-deny-remarks" />
              </FormField>
            )}
          </div>
        )}
      </DialogBody>
      <DialogFooter actions={footer()} />
    </Dialog>
  );
}
