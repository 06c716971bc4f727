import { Button, Card, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Add, Cross } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { FormDialog, FormField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { useUnsavedChanges } from "../../../lib/leave-guard.ts";
import { activitiesOf, type DetailInput, detailInput, detailProblems, type DetailRow, VESSEL_STATUSES } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { addDetails, updateDetail } from "../api/voyages.ts";
import { type DetailForm, detailFormOf, detailInputOf, EMPTY_DETAIL, errorsByLine } from "../rules.ts";

type Errors = Record<string, string | undefined>;

export interface DetailDialogProps {
  isOpen: boolean;
  vuid: string;
  /** The detail to change; null records new activities (one or more lines, saved together). */
  detail: DetailRow | null;
  /** The branches the voyage touches, offered first in the branch choice. */
  voyageBranches: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

/** Every problem of one line, by field: the dialog's own checks, then the module's rules, then the contract's. */
function lineProblems(form: DetailForm): { input: DetailInput; errors: Errors } {
  const { input, errors } = detailInputOf(form);
  if (Object.keys(errors).length > 0) return { input, errors };
  const rules: Errors = detailProblems(input);
  if (Object.keys(rules).length > 0) return { input, errors: rules };
  const parsed = detailInput.safeParse(input);
  const schema: Errors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) schema[String(issue.path[0] ?? "")] ??= issue.message;
  return { input, errors: schema };
}

/**
 * Records what a vessel did (a status, one of that status's activities, when and where, with the ATA or ATD
 * when known), or changes one such record. New activities can be entered several at once; they are saved
 * together, so the voyage's followers get one notice for them.
 */
export function DetailDialog({ isOpen, vuid, detail, voyageBranches, onClose, onSaved }: DetailDialogProps) {
  const branches = usePicker("branches", { enabled: isOpen });
  const [lines, setLines] = useState<DetailForm[]>([EMPTY_DETAIL]);
  const [errors, setErrors] = useState<Errors[]>([{}]);
  const [dirty, setDirty] = useState(false);
  const { saving, save } = useFormSave();
  useUnsavedChanges(isOpen && dirty);

  useEffect(() => {
    if (!isOpen) return;
    setLines([detail ? detailFormOf(detail) : EMPTY_DETAIL]);
    setErrors([{}]);
    setDirty(false);
  }, [isOpen, detail]);

  const set = (index: number, next: Partial<DetailForm>, cleared: string[]) => {
    setLines((all) => all.map((line, i) => (i === index ? { ...line, ...next } : line)));
    setErrors((all) => all.map((e, i) => (i === index ? { ...e, ...Object.fromEntries(cleared.map((k) => [k, undefined])) } : e)));
    setDirty(true);
  };

  const addLine = () => {
    // A new line starts where the last one was: same status and branch, the usual way a day is logged.
    const last = lines[lines.length - 1];
    setLines((all) => [...all, { ...EMPTY_DETAIL, vesselStatus: last.vesselStatus, branchCode: last.branchCode, date: last.date }]);
    setErrors((all) => [...all, {}]);
    setDirty(true);
  };
  const removeLine = (index: number) => {
    setLines((all) => all.filter((_, i) => i !== index));
    setErrors((all) => all.filter((_, i) => i !== index));
    setDirty(true);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const checked = lines.map(lineProblems);
    const firstBad = checked.findIndex((c) => Object.keys(c.errors).length > 0);
    if (firstBad >= 0) {
      setErrors(checked.map((c) => c.errors));
      focusSoon(`vu-detail-${firstBad}-${focusField(Object.keys(checked[firstBad].errors)[0])}`);
      return;
    }
    const inputs = checked.map((c) => c.input);
    await save<{ message: string }>(() => (detail ? updateDetail(detail.id, inputs[0], detail.dateModified) : addDetails(vuid, inputs)), {
      onSaved: () => {
        setDirty(false);
        onSaved();
      },
      onFieldErrors: (fieldErrors) => {
        const byLine = errorsByLine(fieldErrors, lines.length);
        setErrors(byLine);
        const line = byLine.findIndex((e) => Object.keys(e).length > 0);
        if (line >= 0) focusSoon(`vu-detail-${line}-${focusField(Object.keys(byLine[line])[0])}`);
      },
    });
  };

  const close = async () => {
    const discard = !dirty || await confirmPrompt({
      title: "Discard changes",
      description: "These activities are not saved. Discard them?",
      actionText: "Discard",
      intent: "danger",
    });
    if (discard) onClose();
  };

  const ordered = [
    ...voyageBranches.map((code) => branches.find((b) => b.code === code) ?? { code, name: "" }),
    ...branches.filter((b) => !voyageBranches.includes(b.code)),
  ];

  const line = (form: DetailForm, index: number) => {
    const id = (field: string) => `vu-detail-${index}-${field}`;
    const e = errors[index] ?? {};
    const activities = activitiesOf(form.vesselStatus);
    const when = (label: string, dateField: keyof DetailForm, timeField: keyof DetailForm, errorKey: string, required = false) => (
      <FormField label={label} id={id(dateField)} required={required} error={e[errorKey]}>
        <div className="lading-voyage-when">
          <InputGroup id={id(dateField)} type="date" aria-label={`${label} date`} value={form[dateField]} intent={e[errorKey] ? "danger" : "none"}
            onValueChange={(v) => set(index, { [dateField]: v }, [errorKey])} data-testid={id(dateField)} />
          <InputGroup id={id(timeField)} type="time" aria-label={`${label} time`} value={form[timeField]} intent={e[errorKey] ? "danger" : "none"}
            onValueChange={(v) => set(index, { [timeField]: v }, [errorKey])} data-testid={id(timeField)} />
        </div>
      </FormField>
    );
    return (
      <Card key={index} className="lading-voyage-detail-line" data-testid={`vu-detail-line-${index}`}>
        {lines.length > 1 && (
          <Button variant="minimal" icon={<Cross />} aria-label={`Remove activity ${index + 1}`} title="Remove" className="lading-voyage-line-remove"
            onClick={() => removeLine(index)} data-testid={id("remove")} />
        )}
        <div className="lading-form-grid">
          <FormField label="Vessel status" id={id("vesselStatus")} required error={e.vesselStatus}>
            <HTMLSelect id={id("vesselStatus")} fill value={form.vesselStatus} data-testid={id("vesselStatus")}
              onChange={(ev) => {
                const status = ev.currentTarget.value;
                // An activity of the old status rarely belongs to the new one; keep it only when it does.
                const keep = activitiesOf(status).includes(form.activity) ? form.activity : "";
                set(index, { vesselStatus: status, activity: keep }, ["vesselStatus", "activity"]);
              }}>
              <option value="">Choose a status…</option>
              {VESSEL_STATUSES.map((s) => <option key={s} value={s}>{s}</option>)}
            </HTMLSelect>
          </FormField>
          <FormField label="Activity" id={id("activity")} required error={e.activity}>
            <HTMLSelect id={id("activity")} fill value={form.activity} disabled={activities.length === 0} data-testid={id("activity")}
              onChange={(ev) => set(index, { activity: ev.currentTarget.value }, ["activity"])}>
              <option value="">{activities.length === 0 ? "Choose a status first" : "Choose an activity…"}</option>
              {activities.map((a) => <option key={a} value={a}>{a}</option>)}
            </HTMLSelect>
          </FormField>
          {when("Date and time", "date", "time", "activityAt", true)}
          <FormField label="Branch" id={id("branchCode")} error={e.branchCode}>
            <HTMLSelect id={id("branchCode")} fill value={form.branchCode} data-testid={id("branchCode")}
              onChange={(ev) => set(index, { branchCode: ev.currentTarget.value }, ["branchCode"])}>
              <option value="">(at sea / none)</option>
              {ordered.map((b) => <option key={b.code} value={b.code}>{b.code}{b.name && ` · ${b.name}`}</option>)}
            </HTMLSelect>
          </FormField>
          {when("ATA", "ataDate", "ataTime", "actualTimeArrival")}
          {when("ATD", "atdDate", "atdTime", "actualTimeDeparture")}
        </div>
        <FormField label="Remarks" id={id("remarks")} error={e.remarks}>
          <TextArea id={id("remarks")} fill rows={1} maxLength={1000} value={form.remarks}
            onChange={(ev) => set(index, { remarks: ev.currentTarget.value }, ["remarks"])} data-testid={id("remarks")} />
        </FormField>
      </Card>
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={detail ? `Edit activity of ${vuid}` : `Add activities to ${vuid}`}
      className="lading-wide-form lading-voyage-dialog"
      saving={saving}
      onClose={() => void close()}
      onSubmit={submit}
      formTestId="vu-detail-form"
      saveTestId="vu-detail-save"
    >
      <div className="lading-voyage-detail-lines">{lines.map(line)}</div>
      {!detail && (
        <Button icon={<Add />} text="Another activity" onClick={addLine} disabled={lines.length >= 50} data-testid="vu-detail-add-line" />
      )}
    </FormDialog>
  );
}

/** The input a field error points at: the date input for the moments. */
function focusField(key: string | undefined): string {
  switch (key) {
    case "activityAt":
      return "date";
    case "actualTimeArrival":
      return "ataDate";
    case "actualTimeDeparture":
      return "atdDate";
    default:
      return key ?? "vesselStatus";
  }
}
