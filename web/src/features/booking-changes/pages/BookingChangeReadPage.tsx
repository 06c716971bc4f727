import "../booking-changes.css";
import { Button, Callout, H5, HTMLSelect, InputGroup, NonIdealState, Spinner, TextArea } from "@blueprintjs/core";
import { Edit, Trash } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { FormField } from "../../../components/FormDialog.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { listOfStatus, REVISION_ACTION_LABELS, type RevisionAction, type RevisionRow, valueText } from "../api/contracts.ts";
import { addReference, generateSiNum, insertReference, moveRevision, readRevision, removeReference, revisionListPath } from "../api/booking-changes.ts";
import { NewBookingChangeDialog } from "../components/NewBookingChangeDialog.tsx";
import { StatusTag } from "../components/StatusTag.tsx";

const INTENT: Record<RevisionAction, "primary" | "success" | "danger" | "none"> = {
  submit: "primary", endorse: "primary", approve: "success", finalApprove: "success", accountingApprove: "success", deny: "danger", cancel: "none",
};
/** After a move the screen goes to the list the change is in a second later (001 §4). */
const REDIRECT_MS = 1000;
type Line = RevisionRow["chargesBefore"][number];
const lineKey = (l: Line) => `${l.chargeCode} ${l.chargePart}`;

/**
 * /bookingChanges/forApproval/read/{revisionId}: one booking change. Each proposed value beside what the booking has,
 * the charges before and after (re-priced, with the amendment fee), the waybill entries it adds or removes, its SI/SH
 * references (added at the end or inserted at a place), the history, and only the actions the user may take now.
 * Its drafter edits a draft's values, added charges and remarks in the form it was made with. A change the server reports approved (it
 * carries datApproved) goes to /bookingChanges/approved.
 */
export default function BookingChangeReadPage({ params }: PageProps) {
  const revisionId = params.revisionId ?? "";
  const [, navigate] = useLocation();
  const [state, setRecord] = useAddressedRecord(revisionId, () => readRevision(revisionId), `Booking change ${revisionId} was not found.`);
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reference, setReference] = useState<{ kind: "SI" | "SH"; refNum: string }>({ kind: "SI", refNum: "" });
  const [position, setPosition] = useState("1");
  const [editing, setEditing] = useState(false);
  const [next, setNext] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next), REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  const crumbs = [{ text: "Booking Changes", href: PAGES.bookingChanges }, { text: "Booking changes", href: PAGES.bookingChangeDrafts }];
  if (state.kind === "loading") return <div className="lading-page" data-testid="bc-page"><PageHeader title={`Booking change ${revisionId}`} crumbs={crumbs} /><Spinner /></div>;
  if (state.kind === "missing") {
    return (
      <div className="lading-page" data-testid="bc-page">
        <PageHeader title="Booking change" crumbs={crumbs} />
        <NonIdealState title="No such booking change" description={state.message} data-testid="bc-not-found" />
      </div>
    );
  }
  const r = state.value.data;
  const reload = async () => setRecord(await readRevision(r.revisionId));
  const fail = (error: unknown) => {
    setRefusal(serverMessage(error));
    throw error;
  };

  const act = (action: RevisionAction) => {
    if (action === "deny" && !remarks.trim()) return setErrors({ remarks: "Say why the booking change is denied" });
    setRefusal(null);
    void save(() => moveRevision({ revisionId: r.revisionId, action, dateModified: r.dateModified, remarks: remarks.trim() }).catch(fail), {
      onSaved: (result) => setNext(result.data.datApproved ? PAGES.bookingChangesApproved : revisionListPath(listOfStatus(result.data.status))),
      onFieldErrors: setErrors,
    });
  };
  const changeReferences = (work: () => Promise<{ message: string }>) => {
    setRefusal(null);
    void save(() => work().catch(fail), { onSaved: () => { setReference((x) => ({ ...x, refNum: "" })); void reload(); }, onFieldErrors: setErrors });
  };

  const before = new Map(r.chargesBefore.map((l) => [lineKey(l), l]));
  const after = new Map(r.chargesAfter.map((l) => [lineKey(l), l]));
  const keys = [...new Set([...before.keys(), ...after.keys()])];
  return (
    <div className="lading-page" data-testid="bc-page">
      <PageHeader title={`Booking change ${r.revisionId}`}
        crumbs={[crumbs[0], { text: r.status === "approved" ? "Approved booking changes" : "Booking changes", href: revisionListPath(listOfStatus(r.status)) }]} />
      {refusal && <Callout intent="danger" data-testid="bc-error">{refusal}</Callout>}
      {r.canEdit && (
        <div className="lading-bc-actions">
          <Button icon={<Edit />} text="Edit draft" onClick={() => setEditing(true)} data-testid="bc-edit" />
        </div>
      )}
      <NewBookingChangeDialog isOpen={editing} editing={r} onClose={() => setEditing(false)}
        onSaved={() => { setEditing(false); void reload(); }} />
      <dl className="lading-kv" data-testid="bc-facts">
        <dt>Status</dt><dd><StatusTag status={r.status} testId="bc-page-status" /></dd>
        <dt>Booking</dt><dd data-testid="bc-booking">{r.bookingRef} ({r.bookingStatus})</dd>
        <dt>Waybill</dt><dd data-testid="bc-waybill">{r.waybillref ?? "-"}</dd>
        <dt>Remarks</dt><dd data-testid="bc-remarks">{r.remarks}</dd>
        <dt>Drafted by</dt><dd>{r.requestedBy} · {formatDateTime(r.dateCreated)}</dd>
        <dt>Approved</dt><dd data-testid="bc-approved">{r.datApproved ? `${r.approvedBy} · ${formatDateTime(r.datApproved)}` : "-"}</dd>
        {r.decisionRemarks && <><dt>Decision</dt><dd data-testid="bc-decision">{r.decisionRemarks}</dd></>}
      </dl>

      <H5>Values, before and after</H5>
      <table className="lading-bc-table" data-testid="bc-changes">
        <thead><tr><th>Field</th><th>Before</th><th>After</th></tr></thead>
        <tbody>
          {r.changes.map((c) => (
            <tr key={c.field} data-testid={`bc-change-${c.field}`}>
              <td>{c.label}</td>
              <td data-testid={`bc-before-${c.field}`}>{valueText(c.before) || "-"}</td>
              <td data-testid={`bc-after-${c.field}`}>{valueText(c.after) || "-"}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <H5>Charges, before and after</H5>
      {!r.chargesChange && <p data-testid="bc-charges-same">The charges stay as they are.</p>}
      <table className="lading-bc-table" data-testid="bc-charges">
        <thead><tr><th>Charge</th><th className="lading-amount">Before</th><th className="lading-amount">After</th></tr></thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k} data-testid={`bc-charge-${k.replace(" ", "-")}`}>
              <td>{(after.get(k) ?? before.get(k))!.chargeName} ({k})</td>
              <td className="lading-amount">{before.has(k) ? formatAmount(before.get(k)!.amount) : "-"}</td>
              <td className="lading-amount">{after.has(k) ? formatAmount(after.get(k)!.amount) : "-"}</td>
            </tr>
          ))}
          <tr><th>Total</th><th className="lading-amount" data-testid="bc-total-before">{formatAmount(r.totalBefore)}</th><th className="lading-amount" data-testid="bc-total-after">{formatAmount(r.totalAfter)}</th></tr>
        </tbody>
      </table>
      {r.amendmentFee !== "0.00" && <Callout intent="warning" data-testid="bc-amf">{`An amendment fee (AMF) of ${formatAmount(r.amendmentFee)} is added: the cargo is loaded.`}</Callout>}

      {r.waybillEntries.length > 0 && (
        <>
          <H5>Waybill entries</H5>
          <ul data-testid="bc-entries">{r.waybillEntries.map((e, i) => <li key={i}>{`${e.wayBillRef} · ${e.containerVanNum} · ${e.status}`}</li>)}</ul>
        </>
      )}

      <H5>SI/SH references</H5>
      {r.references.length === 0 && <p data-testid="bc-no-references">No reference.</p>}
      <ul data-testid="bc-references">
        {r.references.map((x) => (
          <li key={`${x.kind}-${x.refNum}`}>
            {`${x.seq}. ${x.kind} ${x.refNum} `}
            {r.canEdit && <Button variant="minimal" size="small" intent="danger" icon={<Trash />} aria-label={`Remove ${x.kind} ${x.refNum}`} disabled={saving}
              onClick={() => changeReferences(() => removeReference({ revisionId: r.revisionId, dateModified: r.dateModified, kind: x.kind, refNum: x.refNum }))} />}
          </li>
        ))}
      </ul>
      {r.canEdit && (
        <div className="lading-bc-actions">
          <HTMLSelect value={reference.kind} onChange={(e) => setReference({ ...reference, kind: e.currentTarget.value as "SI" | "SH" })} options={["SI", "SH"]} aria-label="Reference kind" />
          <InputGroup placeholder="Reference no." value={reference.refNum} onValueChange={(v) => setReference({ ...reference, refNum: v })} data-testid="bc-reference-input" />
          <Button text="Add" disabled={!reference.refNum.trim() || saving}
            onClick={() => changeReferences(() => addReference({ revisionId: r.revisionId, dateModified: r.dateModified, ...reference }))} data-testid="bc-reference-add" />
          <Button text="Insert at" disabled={!reference.refNum.trim() || !(Number(position) >= 1) || saving}
            onClick={() => changeReferences(() => insertReference({ revisionId: r.revisionId, dateModified: r.dateModified, ...reference, position: Number(position) }))}
            data-testid="bc-reference-insert" />
          <InputGroup type="number" min={1} max={r.references.length + 1} value={position} onValueChange={setPosition} aria-label="Insert at position"
            className="lading-bc-position" data-testid="bc-reference-position" />
          <Button text="Generate SI no." disabled={saving} onClick={() => changeReferences(() => generateSiNum({ revisionId: r.revisionId, dateModified: r.dateModified }))}
            data-testid="bc-reference-generate" />
        </div>
      )}

      <H5>History</H5>
      <ul data-testid="bc-history">
        <li>{formatDateTime(r.dateCreated)}: drafted by {r.requestedBy}</li>
        {r.history.map((h, i) => <li key={i} data-testid={`bc-history-${i}`}>{formatDateTime(h.at)}: {h.fromStatus} → {h.toStatus} by {h.actor}{h.remarks ? ` (${h.remarks})` : ""}</li>)}
      </ul>

      {r.actions.length > 0 && (
        <>
          {r.actions.some((a) => a !== "submit" && a !== "cancel") && (
            <FormField label="Remarks" id="bc-decision-remarks" error={errors.remarks} helper="Required to deny">
              <TextArea id="bc-decision-remarks" fill rows={2} maxLength={500} value={remarks}
                onChange={(e) => { setRemarks(e.currentTarget.value); setErrors((x) => ({ ...x, remarks: "" })); }} data-testid="bc-decision-remarks" />
            </FormField>
          )}
          <div className="lading-bc-actions" data-testid="bc-actions">
            {r.actions.map((action) => (
              <Button key={action} intent={INTENT[action]} text={REVISION_ACTION_LABELS[action]} loading={saving} disabled={next !== null}
                onClick={() => act(action)} data-testid={`bc-action-${action}`} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
