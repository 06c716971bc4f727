import "../waivers.css";
import { Button, Callout, H5, InputGroup, NonIdealState, Spinner, TextArea } from "@blueprintjs/core";
import { Edit, Trash } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { FormField } from "../../../components/FormDialog.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatCentavos, toCentavos } from "../../../../../api/shared/money.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { OVERRIDE_ACTION_LABELS, type OverrideAction, overrideListOfStatus, REASON_REQUIRED, WAIVER_REDIRECT_MS } from "../api/contracts.ts";
import { deleteOverride, moveOverride, overrideListPath, readOverride, updateOverride } from "../api/overrides.ts";
import { StatusTag } from "../components/StatusTag.tsx";
import { WaybillFacts } from "../components/WaybillFacts.tsx";

const INTENT: Record<OverrideAction, "primary" | "success" | "danger"> = { submit: "primary", approve: "success", deny: "danger" };

/** The waybill's total moved by the override's difference, in or out. */
const moved = (total: string, difference: string, sign: 1n | -1n) => formatCentavos(toCentavos(total) + sign * toCentavos(difference));

/**
 * /overrideCharge/read/{overrideNum}: one override. The line's value before and after side by side with the
 * difference, the waybill's total now (and, while the override waits, what it will be once approved), the reason,
 * the history with who and when, and only the actions the user may take now. After a move the screen goes to the
 * list the override is in a second later.
 */
export default function OverrideReadPage({ params }: PageProps) {
  const overrideNum = params.overrideNum ?? "";
  const [, navigate] = useLocation();
  const [state, setRecord] = useAddressedRecord(overrideNum, () => readOverride(overrideNum), `Charge override ${overrideNum} was not found.`);
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ newValue: string; reason: string } | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next), WAIVER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  const crumbs = [{ text: "Override", href: PAGES.override }, { text: "Charge overrides", href: PAGES.overrideDrafts }];
  if (state.kind === "loading") return <div className="lading-page" data-testid="override-page"><PageHeader title={`Charge override ${overrideNum}`} crumbs={crumbs} /><Spinner /></div>;
  if (state.kind === "missing") {
    return (
      <div className="lading-page" data-testid="override-page">
        <PageHeader title="Charge override" crumbs={crumbs} />
        <NonIdealState title="No such override" description={state.message} data-testid="override-not-found" />
      </div>
    );
  }
  const o = state.value.data;
  const refused = (error: unknown) => {
    setRefusal(serverMessage(error));
    throw error;
  };

  const act = (action: OverrideAction) => {
    if (action === "deny" && !remarks.trim()) return setErrors({ remarks: "Say why the override is denied" });
    setRefusal(null);
    void save(() => moveOverride(o.overrideNum, { action, dateModified: o.dateModified, remarks: remarks.trim() }).catch(refused), {
      onSaved: (result) => setNext(overrideListPath(overrideListOfStatus(result.data.status))),
      onFieldErrors: setErrors,
    });
  };

  const saveEdit = () => {
    if (!editing) return;
    if (!editing.reason.trim()) return setErrors({ reason: REASON_REQUIRED });
    setRefusal(null);
    void save(() => updateOverride(o.overrideNum, { dateModified: o.dateModified, newValue: editing.newValue.trim(), reason: editing.reason.trim() }).catch(refused), {
      onSaved: async () => {
        setEditing(null);
        setRecord(await readOverride(o.overrideNum));
      },
      onFieldErrors: setErrors,
    });
  };

  const remove = async () => {
    if (await confirmPrompt({ title: "Delete override", description: `Delete the draft ${o.overrideNum}?`, actionText: "Delete", intent: "danger" })) {
      void save(() => deleteOverride(o.id).catch(refused), { onSaved: () => navigate(PAGES.overrideDrafts), onFieldErrors: setErrors });
    }
  };

  const approved = o.status === "Approved";
  const totalOnceApproved = moved(o.waybill.total, o.difference, 1n);
  return (
    <div className="lading-page" data-testid="override-page">
      <PageHeader
        title={`Charge override ${o.overrideNum}`}
        crumbs={[crumbs[0], { text: "Charge overrides", href: overrideListPath(overrideListOfStatus(o.status)) }]}
        actions={o.canEdit && o.dateSubmitted === null
          ? <Button icon={<Trash />} intent="danger" text="Delete" disabled={saving} onClick={() => void remove()} data-testid="override-delete" />
          : undefined}
      />
      {refusal && <Callout intent="danger" data-testid="override-error">{refusal}</Callout>}
      <div className="lading-waiver-columns">
        <section>
          <H5>Override</H5>
          <dl className="lading-kv lading-waiver-facts" data-testid="override-facts">
            <dt>Status</dt>
            <dd><StatusTag status={o.status} testId="override-page-status" /></dd>
            <dt>Charge</dt>
            <dd>{o.chargeCode} {o.part} · {o.particulars}</dd>
            <dt>Billed by</dt>
            <dd>{o.branchCode} ({o.availableTo})</dd>
            <dt>Reason</dt>
            <dd data-testid="override-reason">{o.reason}</dd>
            <dt>Drafted by</dt>
            <dd>{o.requestedByName} · {formatDateTime(o.dateCreated)}</dd>
            <dt>Decided by</dt>
            <dd data-testid="override-decided-by">{o.decidedBy ? `${o.decidedByName} · ${formatDateTime(o.dateDecided ?? "")}${o.decisionRemarks ? `: ${o.decisionRemarks}` : ""}` : "-"}</dd>
          </dl>
        </section>
        <section>
          <H5>Waybill now</H5>
          <WaybillFacts waybill={o.waybill} testId="override-waybill" />
        </section>
      </div>

      <H5>Before and after</H5>
      <table className="lading-waiver-lines" data-testid="override-values">
        <thead><tr><th /><th className="lading-amount">Before</th><th className="lading-amount">After</th><th className="lading-amount">Difference</th></tr></thead>
        <tbody>
          <tr>
            <td>{o.chargeCode} {o.part} (computed {formatAmount(o.chargeValue)})</td>
            <td className="lading-amount" data-testid="override-before">{formatAmount(o.valueBefore)}</td>
            <td className="lading-amount" data-testid="override-after">
              {editing
                ? <InputGroup value={editing.newValue} inputMode="decimal" aria-label="New value" onValueChange={(v) => setEditing({ ...editing, newValue: v })} data-testid="override-edit-value" />
                : formatAmount(o.newValue)}
            </td>
            <td className="lading-amount" data-testid="override-difference">{formatAmount(o.difference)}</td>
          </tr>
          <tr>
            <td>Waybill total</td>
            <td className="lading-amount" data-testid="override-total-before">{formatAmount(approved ? moved(o.waybill.total, o.difference, -1n) : o.waybill.total)}</td>
            <td className="lading-amount" data-testid="override-total-after">{formatAmount(approved ? o.waybill.total : totalOnceApproved)}</td>
            <td className="lading-amount">{approved ? "applied" : o.status === "Denied" ? "not applied" : "once approved"}</td>
          </tr>
        </tbody>
      </table>
      {o.line && (
        <Callout intent={o.paid.paid ? "success" : "none"} data-testid="override-paid">
          {`${o.paid.side === "destination" ? "Destination" : "Origin"} side ${o.paid.paid ? "paid" : "not paid"} for release: ${o.paid.reason}`}
        </Callout>
      )}
      {o.canEdit && !editing && (
        <div className="lading-waiver-actions">
          <Button icon={<Edit />} text="Change the draft" onClick={() => setEditing({ newValue: o.newValue, reason: o.reason })} data-testid="override-edit" />
        </div>
      )}
      {editing && (
        <>
          <FormField label="Reason" id="override-edit-reason" required error={errors.reason ?? errors.newValue}>
            <TextArea id="override-edit-reason" fill rows={2} maxLength={1000} value={editing.reason} onChange={(e) => setEditing({ ...editing, reason: e.currentTarget.value })}
              data-testid="override-edit-reason" />
          </FormField>
          <div className="lading-waiver-actions">
            <Button text="Cancel" disabled={saving} onClick={() => setEditing(null)} />
            <Button intent="primary" text="Save" loading={saving} onClick={saveEdit} data-testid="override-edit-save" />
          </div>
        </>
      )}

      <H5>History</H5>
      <ul className="lading-waiver-list" data-testid="override-history">
        <li>{formatDateTime(o.dateCreated)}: drafted by {o.requestedByName}</li>
        {o.history.map((h, i) => <li key={i}>{formatDateTime(h.at)}: {h.fromStatus} → {h.toStatus} by {h.actorName}{h.remarks ? ` (${h.remarks})` : ""}</li>)}
      </ul>

      {o.actions.length > 0 && !editing && (
        <>
          {o.actions.some((a) => a !== "submit") && <FormField label="Remarks" id="override-decision-remarks" error={errors.remarks} helper="Required to deny">
            <TextArea id="override-decision-remarks" fill rows={2} maxLength={500} value={remarks}
              onChange={(e) => { setRemarks(e.currentTarget.value); setErrors((x) => ({ ...x, remarks: "" })); }} data-testid="override-decision-remarks" />
          </FormField>}
          <div className="lading-waiver-actions" data-testid="override-actions">
            {o.actions.map((action) => (
              <Button key={action} intent={INTENT[action]} text={OVERRIDE_ACTION_LABELS[action]} loading={saving} disabled={next !== null}
                onClick={() => act(action)} data-testid={`override-action-${action}`} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
