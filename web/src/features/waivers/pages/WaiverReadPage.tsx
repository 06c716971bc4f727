import "../waivers.css";
import { AnchorButton, Button, Callout, FileInput, H5, InputGroup, NonIdealState, Spinner, TextArea } from "@blueprintjs/core";
import { Download, Edit, Print, Trash } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { FormField } from "../../../components/FormDialog.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { serverMessage } from "../../../lib/api.ts";
import { useAddressedRecord } from "../../../lib/data/record.ts";
import { useFormSave } from "../../../lib/data/save.ts";
import { formatAmount, formatDateTime } from "../../../lib/format.ts";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import {
  listOfStatus,
  REMARKS_REQUIRED,
  SUPPORTING_FILE_TYPES,
  WAIVER_ACTION_LABELS,
  WAIVER_FILE_MAX_BYTES,
  WAIVER_REDIRECT_MS,
  type WaiverAction,
} from "../api/contracts.ts";
import {
  deleteWaiver,
  moveWaiver,
  readWaiver,
  removeWaiverFile,
  updateWaiver,
  uploadWaiverFile,
  waiverFileUrl,
  waiverListPath,
  waiverWaybillUrl,
} from "../api/waivers.ts";
import { StatusTag } from "../components/StatusTag.tsx";
import { WaybillFacts } from "../components/WaybillFacts.tsx";

const INTENT: Record<WaiverAction, "primary" | "success" | "danger"> = {
  submit: "primary", endorse: "primary", approve: "success", deny: "danger", denyEndorsement: "danger",
};
const testKey = (l: { chargeCode: string; part: string }) => `${l.chargeCode}-${l.part}`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
const ACCEPT = ".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png";

/**
 * /waiver/read/{waiverNum}: one waiver. Each waived line side by side, what was due before, the amount waived and
 * what is left; the waybill as it stands now and whether the waived side is paid for release; the supporting files;
 * the history with who and when; and only the actions the user may take now. After a move the screen goes to the
 * list the waiver is in a second later, an approved one to /waiver/approved (001 §4).
 */
export default function WaiverReadPage({ params }: PageProps) {
  const waiverNum = params.waiverNum ?? "";
  const [, navigate] = useLocation();
  const [state, setRecord] = useAddressedRecord(waiverNum, () => readWaiver(waiverNum), `Waiver ${waiverNum} was not found.`);
  const [remarks, setRemarks] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ remarks: string; amounts: Record<string, string> } | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [next, setNext] = useState<string | null>(null);
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!next) return;
    const timer = setTimeout(() => navigate(next), WAIVER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [next, navigate]);

  const crumbs = [{ text: "Waiver", href: PAGES.waiver }, { text: "Waivers", href: PAGES.waiverDrafts }];
  if (state.kind === "loading") return <div className="lading-page" data-testid="waiver-page"><PageHeader title={`Waiver ${waiverNum}`} crumbs={crumbs} /><Spinner /></div>;
  if (state.kind === "missing") {
    return (
      <div className="lading-page" data-testid="waiver-page">
        <PageHeader title="Waiver" crumbs={crumbs} />
        <NonIdealState title="No such waiver" description={state.message} data-testid="waiver-not-found" />
      </div>
    );
  }
  const w = state.value.data;
  const reload = async () => setRecord(await readWaiver(w.waiverNum));

  const run = (work: () => Promise<{ message: string }>, after: () => void | Promise<void>) => {
    setRefusal(null);
    return save(() => work().catch((error) => {
      setRefusal(serverMessage(error));
      throw error;
    }), { onSaved: () => void after(), onFieldErrors: setErrors });
  };

  const act = (action: WaiverAction) => {
    if ((action === "deny" || action === "denyEndorsement") && !remarks.trim()) return setErrors({ remarks: "Say why the waiver is denied" });
    void save(() => moveWaiver(w.waiverNum, { action, dateModified: w.dateModified, remarks: remarks.trim() }).catch((error) => {
      setRefusal(serverMessage(error));
      throw error;
    }), {
      onSaved: (result) => {
        // 001 §4: a waiver the server reports approved goes to the approved list; any other to the list it is in now.
        setNext(result.data.datApproved ? PAGES.waiversApproved : waiverListPath(listOfStatus(result.data.status)));
      },
      onFieldErrors: setErrors,
    });
  };

  const saveEdit = () => {
    if (!editing) return;
    if (!editing.remarks.trim()) return setErrors({ remarks: REMARKS_REQUIRED });
    const lines = w.lines.filter((l) => editing.amounts[testKey(l)]?.trim() !== "0").map((l) => ({ chargeCode: l.chargeCode, part: l.part, amount: editing.amounts[testKey(l)]?.trim() || undefined }));
    void run(() => updateWaiver(w.waiverNum, { dateModified: w.dateModified, remarks: editing.remarks.trim(), lines }), async () => {
      setEditing(null);
      await reload();
    });
  };

  const attach = () => {
    if (!file) return setErrors({ file: "Choose the file to attach" });
    void run(() => uploadWaiverFile(w.waiverNum, file), async () => {
      setFile(null);
      await reload();
    });
  };

  const removeFile = async (id: number, name: string) => {
    if (await confirmPrompt({ title: "Remove file", description: `Take ${name} off this draft?`, actionText: "Remove", intent: "danger" })) {
      void run(() => removeWaiverFile(w.waiverNum, id), reload);
    }
  };

  const remove = async () => {
    if (await confirmPrompt({ title: "Delete waiver", description: `Delete the draft ${w.waiverNum}?`, actionText: "Delete", intent: "danger" })) {
      void run(() => deleteWaiver(w.id), () => navigate(PAGES.waiverDrafts));
    }
  };

  const deletable = w.canEdit && w.dateSubmitted === null && w.endorsedBy === null;
  return (
    <div className="lading-page" data-testid="waiver-page">
      <PageHeader
        title={`Waiver ${w.waiverNum}`}
        crumbs={[...crumbs.slice(0, 1), { text: w.status === "Approved" ? "Approved waivers" : "Waivers", href: waiverListPath(listOfStatus(w.status)) }]}
        actions={
          <>
            <AnchorButton icon={<Print />} text="Waybill copy" href={waiverWaybillUrl(w.waiverNum)} target="_blank" data-testid="waiver-print-waybill" />
            {deletable && <Button icon={<Trash />} intent="danger" text="Delete" disabled={saving} onClick={() => void remove()} data-testid="waiver-delete" />}
          </>
        }
      />
      {refusal && <Callout intent="danger" data-testid="waiver-error">{refusal}</Callout>}
      <div className="lading-waiver-columns">
        <section>
          <H5>Waiver</H5>
          <dl className="lading-kv lading-waiver-facts" data-testid="waiver-facts">
            <dt>Status</dt>
            <dd><StatusTag status={w.status} testId="waiver-page-status" /></dd>
            <dt>Billed by</dt>
            <dd>{w.branchCode}, the waybill's {w.side}</dd>
            <dt>Remarks</dt>
            <dd data-testid="waiver-remarks">{w.remarks}</dd>
            <dt>Drafted by</dt>
            <dd data-testid="waiver-drafted-by">{w.requestedByName} · {formatDateTime(w.dateCreated)}</dd>
            <dt>Endorsed by</dt>
            <dd data-testid="waiver-endorsed-by">{w.endorsedBy ? `${w.endorsedByName} · ${formatDateTime(w.dateEndorsed ?? "")}` : "-"}</dd>
            <dt>Decided by</dt>
            <dd data-testid="waiver-decided-by">{w.decidedBy ? `${w.decidedByName} · ${formatDateTime(w.dateDecided ?? "")}${w.decisionRemarks ? `: ${w.decisionRemarks}` : ""}` : "-"}</dd>
            <dt>Waived</dt>
            <dd data-testid="waiver-total">{formatAmount(w.total)}</dd>
          </dl>
        </section>
        <section>
          <H5>Waybill now</H5>
          <WaybillFacts waybill={w.waybill} testId="waiver-waybill" />
          <Callout intent={w.paid.paid ? "success" : "warning"} data-testid="waiver-paid">
            {`${w.paid.side === "destination" ? "Destination" : "Origin"} side ${w.paid.paid ? "paid" : "not paid"} for release: ${w.paid.reason}`}
          </Callout>
        </section>
      </div>

      <H5>Charges, before and after</H5>
      <table className="lading-waiver-lines" data-testid="waiver-lines">
        <thead>
          <tr>
            <th>Charge</th><th>Particulars</th><th className="lading-amount">Computed</th><th className="lading-amount">Due before</th>
            <th className="lading-amount">Waived</th><th className="lading-amount">Due after</th>
          </tr>
        </thead>
        <tbody>
          {w.lines.map((l) => (
            <tr key={testKey(l)} data-testid={`waiver-line-${testKey(l)}`}>
              <td>{l.chargeCode} {l.part}</td>
              <td>{l.particulars}</td>
              <td className="lading-amount">{formatAmount(l.chargeValue)}</td>
              <td className="lading-amount" data-testid={`waiver-before-${testKey(l)}`}>{formatAmount(l.valueBefore)}</td>
              <td className="lading-amount" data-testid={`waiver-amount-${testKey(l)}`}>
                {editing
                  ? <InputGroup value={editing.amounts[testKey(l)] ?? ""} inputMode="decimal" aria-label={`Amount of ${l.chargeCode} ${l.part} to waive`}
                    onValueChange={(v) => setEditing((e) => e && { ...e, amounts: { ...e.amounts, [testKey(l)]: v } })} data-testid={`waiver-edit-amount-${testKey(l)}`} />
                  : formatAmount(l.amount)}
              </td>
              <td className="lading-amount" data-testid={`waiver-after-${testKey(l)}`}>{formatAmount(l.valueAfter)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {w.canEdit && !editing && (
        <div className="lading-waiver-actions">
          <Button icon={<Edit />} text="Change the draft" onClick={() => setEditing({ remarks: w.remarks, amounts: Object.fromEntries(w.lines.map((l) => [testKey(l), l.amount])) })}
            data-testid="waiver-edit" />
        </div>
      )}
      {editing && (
        <>
          <FormField label="Remarks" id="waiver-edit-remarks" required error={errors.remarks} helper="An amount of 0 takes the line off the waiver">
            <TextArea id="waiver-edit-remarks" fill rows={2} maxLength={1000} value={editing.remarks}
              onChange={(e) => setEditing({ ...editing, remarks: e.currentTarget.value })} data-testid="waiver-edit-remarks" />
          </FormField>
          <div className="lading-waiver-actions">
            <Button text="Cancel" disabled={saving} onClick={() => setEditing(null)} />
            <Button intent="primary" text="Save" loading={saving} onClick={saveEdit} data-testid="waiver-edit-save" />
          </div>
        </>
      )}

      <H5>Supporting files</H5>
      {w.files.length === 0 && <p data-testid="waiver-no-files">No file is attached.</p>}
      <ul className="lading-waiver-list" data-testid="waiver-files">
        {w.files.map((f) => (
          <li key={f.id} data-testid={`waiver-file-${f.id}`}>
            <a href={waiverFileUrl(w.waiverNum, f.id)} target="_blank" rel="noopener" data-testid={`waiver-file-link-${f.id}`}>{f.fileName}</a>
            {` · ${SUPPORTING_FILE_TYPES[f.contentType as keyof typeof SUPPORTING_FILE_TYPES] ?? f.contentType} · ${Math.max(1, Math.round(f.byteSize / 1024))} KB · ${f.uploadedBy}, ${formatDateTime(f.dateUploaded)} `}
            <AnchorButton variant="minimal" size="small" icon={<Download />} aria-label={`Download ${f.fileName}`} href={waiverFileUrl(w.waiverNum, f.id)} target="_blank" />
            {w.canEdit && <Button variant="minimal" size="small" intent="danger" icon={<Trash />} aria-label={`Remove ${f.fileName}`} disabled={saving}
              onClick={() => void removeFile(f.id, f.fileName)} data-testid={`waiver-file-remove-${f.id}`} />}
          </li>
        ))}
      </ul>
      {w.canAttach && (
        <FormField label="Attach a file" id="waiver-file-input" error={errors.file} helper={`A PDF, a JPEG or a PNG, at most ${megabytes(WAIVER_FILE_MAX_BYTES)}`}>
          <div className="lading-waiver-actions">
            <FileInput text={file?.name ?? "Choose a file…"} hasSelection={!!file}
              inputProps={{ id: "waiver-file-input", accept: ACCEPT, "data-testid": "waiver-file-input" } as React.InputHTMLAttributes<HTMLInputElement>}
              onInputChange={(e) => { setFile(e.currentTarget.files?.[0] ?? null); setErrors((x) => ({ ...x, file: "" })); }} />
            <Button text="Attach" loading={saving} disabled={!file} onClick={attach} data-testid="waiver-file-attach" />
          </div>
        </FormField>
      )}

      <H5>History</H5>
      <ul className="lading-waiver-list" data-testid="waiver-history">
        <li>{formatDateTime(w.dateCreated)}: drafted by {w.requestedByName}</li>
        {w.history.map((h, i) => (
          <li key={i} data-testid={`waiver-history-${i}`}>{formatDateTime(h.at)}: {h.fromStatus} → {h.toStatus} by {h.actorName}{h.remarks ? ` (${h.remarks})` : ""}</li>
        ))}
      </ul>

      {w.actions.length > 0 && !editing && (
        <>
          {w.actions.some((a) => a !== "submit") && <FormField label="Remarks" id="waiver-decision-remarks" error={errors.remarks} helper="Required to deny">
            <TextArea id="waiver-decision-remarks" fill rows={2} maxLength={500} value={remarks}
              onChange={(e) => { setRemarks(e.currentTarget.value); setErrors((x) => ({ ...x, remarks: "" })); }} data-testid="waiver-decision-remarks" />
          </FormField>}
          <div className="lading-waiver-actions" data-testid="waiver-actions">
            {w.actions.map((action) => (
              <Button key={action} intent={INTENT[action]} text={WAIVER_ACTION_LABELS[action]} loading={saving} disabled={next !== null}
                onClick={() => act(action)} data-testid={`waiver-action-${action}`} />
            ))}
          </div>
        </>
      )}
    </div>
  );
}
