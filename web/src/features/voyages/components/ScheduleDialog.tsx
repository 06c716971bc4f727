import { Button, HTMLSelect, InputGroup, TextArea } from "@blueprintjs/core";
import { Add, Cross } from "@blueprintjs/icons";
import { useEffect, useMemo, useState } from "react";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { useUnsavedChanges } from "../../../lib/leave-guard.ts";
import { scheduleInput, type ScheduleRow } from "../api/contracts.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { createSchedule, updateSchedule } from "../api/voyages.ts";
import {
  destinationsOfRoute,
  EMPTY_SCHEDULE,
  missingCalls,
  type ScheduleForm,
  scheduleFormOf,
  scheduleInputOf,
  withDestination,
} from "../rules.ts";

type Errors = Record<string, string | undefined>;

export interface ScheduleDialogProps {
  isOpen: boolean;
  /** The voyage to change; null schedules a new one. */
  row: ScheduleRow | null;
  onClose: () => void;
  onSaved: (row: ScheduleRow) => void;
}

/**
 * Schedules a voyage or changes one: its reference, vessel and route, the departure (Manila date and time),
 * and the route's calls it stops at, in the route's order, each with its ETA. Choosing a route proposes all
 * of its calls; a call can be dropped and put back, and goes back to its place in the order.
 */
export function ScheduleDialog({ isOpen, row, onClose, onSaved }: ScheduleDialogProps) {
  const vessels = usePicker("vessels", { enabled: isOpen });
  const routes = usePicker("routes", { enabled: isOpen, fresh: true });
  const branches = usePicker("branches", { enabled: isOpen });
  const [form, setForm] = useState<ScheduleForm>(EMPTY_SCHEDULE);
  const [errors, setErrors] = useState<Errors>({});
  const [dirty, setDirty] = useState(false);
  const [adding, setAdding] = useState("");
  const { saving, save } = useFormSave();
  useUnsavedChanges(isOpen && dirty);

  useEffect(() => {
    if (!isOpen) return;
    setForm(row ? scheduleFormOf(row) : EMPTY_SCHEDULE);
    setErrors({});
    setDirty(false);
    setAdding("");
  }, [isOpen, row]);

  const route = routes.find((r) => r.code === form.routeCode);
  // A voyage on a route deactivated since still shows its own calls, so its other fields can be edited.
  const calls = useMemo(() => route?.destinationBranchCodes ?? form.destinations.map((d) => d.branchCode), [route, form.destinations]);
  const branchName = (code: string) => branches.find((b) => b.code === code)?.name ?? "";
  const missing = missingCalls(calls, form.destinations);

  const change = (next: Partial<ScheduleForm>, cleared: string[]) => {
    setForm((f) => ({ ...f, ...next }));
    setErrors((e) => ({ ...e, ...Object.fromEntries(cleared.map((k) => [k, undefined])) }));
    setDirty(true);
  };

  const chooseRoute = (code: string) => {
    const chosen = routes.find((r) => r.code === code);
    // ETAs already typed for a call the new route also makes are kept.
    const proposed = destinationsOfRoute(chosen?.destinationBranchCodes ?? []).map((d) =>
      form.destinations.find((old) => old.branchCode === d.branchCode) ?? d
    );
    change({ routeCode: code, destinations: proposed }, ["routeCode", "destinations", ...destinationKeys()]);
  };

  const destinationKeys = () => Object.keys(errors).filter((k) => k.startsWith("destinations."));

  const setEta = (index: number, part: "etaDate" | "etaTime", value: string) => {
    const destinations = form.destinations.map((d, i) => (i === index ? { ...d, [part]: value } : d));
    change({ destinations }, [`destinations.${index}.estimatedTimeArrival`]);
  };

  // Line numbers shift when a call is removed or added, so the errors of the lines go with them.
  const removeCall = (code: string) =>
    change({ destinations: form.destinations.filter((d) => d.branchCode !== code) }, ["destinations", ...destinationKeys()]);
  const addCall = () => {
    if (!adding) return;
    change({ destinations: withDestination(calls, form.destinations, adding) }, ["destinations", ...destinationKeys()]);
    setAdding("");
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const { input, errors: local } = scheduleInputOf(form);
    if (Object.keys(local).length === 0) {
      const parsed = scheduleInput.safeParse(input);
      if (!parsed.success) for (const issue of parsed.error.issues) local[issue.path.join(".")] ??= issue.message;
    }
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusSoon(idOf(Object.keys(local)[0]));
      return;
    }
    // An edit carries the voyage as it was read, so a change made meanwhile by someone else is not overwritten.
    await save(() => (row ? updateSchedule(row.id, { ...input, dateModified: row.dateModified }) : createSchedule(input)), {
      onSaved: (result) => {
        setDirty(false);
        onSaved(result.data);
      },
      onFieldErrors: (fieldErrors) => {
        setErrors(fieldErrors);
        const first = Object.keys(fieldErrors)[0];
        if (first) focusSoon(idOf(first));
      },
    });
  };

  /** The input a field error points at, for focusing it. */
  const idOf = (key: string) => {
    const line = /^destinations\.(\d+)\./.exec(key);
    if (line) return `voyage-dest-${form.destinations[Number(line[1])]?.branchCode ?? ""}-date`;
    if (key === "estimatedTimeDeparture") return "voyage-etd-date";
    return `voyage-${key}`;
  };

  const close = async () => {
    const discard = !dirty || await confirmPrompt({
      title: "Discard changes",
      description: "This voyage has changes that are not saved. Discard them?",
      actionText: "Discard",
      intent: "danger",
    });
    if (discard) onClose();
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={row ? `Edit voyage ${row.voyageNum}` : "New voyage"}
      className="lading-wide-form lading-voyage-dialog"
      saving={saving}
      onClose={() => void close()}
      onSubmit={submit}
      formTestId="voyage-form"
      saveTestId="voyage-save"
    >
      <div className="lading-form-grid">
        <TextField label="Voyage reference" id="voyage-voyageRef" required error={errors.voyageRef} value={form.voyageRef} maxLength={40}
          onValueChange={(v) => change({ voyageRef: v }, ["voyageRef"])} data-testid="voyage-voyageRef" />
        <FormField label="Vessel" id="voyage-vesselCode" required error={errors.vesselCode}>
          <HTMLSelect id="voyage-vesselCode" fill value={form.vesselCode} onChange={(e) => change({ vesselCode: e.currentTarget.value }, ["vesselCode"])}
            data-testid="voyage-vesselCode">
            <option value="">Choose a vessel…</option>
            {vessels.map((v) => <option key={v.code} value={v.code}>{v.code} · {v.name}</option>)}
            {form.vesselCode && !vessels.some((v) => v.code === form.vesselCode) && <option value={form.vesselCode}>{form.vesselCode}</option>}
          </HTMLSelect>
        </FormField>
        <FormField label="Route" id="voyage-routeCode" required error={errors.routeCode}
          helper={route ? `From ${route.originBranchCode}, calling at ${route.destinationBranchCodes.join(", ")}` : undefined}>
          <HTMLSelect id="voyage-routeCode" fill value={form.routeCode} onChange={(e) => chooseRoute(e.currentTarget.value)} data-testid="voyage-routeCode">
            <option value="">Choose a route…</option>
            {routes.map((r) => <option key={r.code} value={r.code}>{r.code} · {r.name}</option>)}
            {form.routeCode && !route && <option value={form.routeCode}>{form.routeCode}</option>}
          </HTMLSelect>
        </FormField>
        <FormField label="ETD (Manila)" id="voyage-etd-date" required error={errors.estimatedTimeDeparture}>
          <div className="lading-voyage-when">
            <InputGroup id="voyage-etd-date" type="date" aria-label="ETD date" value={form.etdDate}
              intent={errors.estimatedTimeDeparture ? "danger" : "none"}
              onValueChange={(v) => change({ etdDate: v }, ["estimatedTimeDeparture", "destinations.0.estimatedTimeArrival"])}
              data-testid="voyage-etd-date" />
            <InputGroup id="voyage-etd-time" type="time" aria-label="ETD time" value={form.etdTime}
              intent={errors.estimatedTimeDeparture ? "danger" : "none"}
              onValueChange={(v) => change({ etdTime: v }, ["estimatedTimeDeparture", "destinations.0.estimatedTimeArrival"])}
              data-testid="voyage-etd-time" />
          </div>
        </FormField>
      </div>

      <FormField label="Destinations, in calling order" error={errors.destinations}
        helper={form.routeCode ? undefined : "Choose a route to list its calls."}>
        <div className="lading-voyage-dests" data-testid="voyage-destinations">
          {form.destinations.map((d, i) => {
            const error = errors[`destinations.${i}.estimatedTimeArrival`] ?? errors[`destinations.${i}.destinationBranchCode`];
            return (
              <FormField key={d.branchCode} className="lading-voyage-dest" error={error}>
                <div className="lading-voyage-dest-line" data-testid={`voyage-dest-${d.branchCode}`}>
                  <span className="lading-voyage-dest-name">{i + 1}. {d.branchCode}{branchName(d.branchCode) && ` · ${branchName(d.branchCode)}`}</span>
                  <InputGroup id={`voyage-dest-${d.branchCode}-date`} type="date" aria-label={`ETA date at ${d.branchCode}`} value={d.etaDate}
                    intent={error ? "danger" : "none"} onValueChange={(v) => setEta(i, "etaDate", v)} data-testid={`voyage-dest-${d.branchCode}-date`} />
                  <InputGroup id={`voyage-dest-${d.branchCode}-time`} type="time" aria-label={`ETA time at ${d.branchCode}`} value={d.etaTime}
                    intent={error ? "danger" : "none"} onValueChange={(v) => setEta(i, "etaTime", v)} data-testid={`voyage-dest-${d.branchCode}-time`} />
                  <Button variant="minimal" icon={<Cross />} aria-label={`Remove destination ${d.branchCode}`} title="Remove"
                    onClick={() => removeCall(d.branchCode)} data-testid={`voyage-dest-${d.branchCode}-remove`} />
                </div>
              </FormField>
            );
          })}
          {missing.length > 0 && (
            <div className="lading-voyage-dest-line">
              <HTMLSelect aria-label="Destination to add" value={adding} onChange={(e) => setAdding(e.currentTarget.value)} data-testid="voyage-dest-add-choice">
                <option value="">Add a call of the route…</option>
                {missing.map((code) => <option key={code} value={code}>{code}{branchName(code) && ` · ${branchName(code)}`}</option>)}
              </HTMLSelect>
              <Button icon={<Add />} text="Add destination" disabled={!adding} onClick={addCall} data-testid="voyage-dest-add" />
            </div>
          )}
        </div>
      </FormField>

      <FormField label="Remarks" id="voyage-remarks" error={errors.remarks}>
        <TextArea id="voyage-remarks" fill rows={2} maxLength={1000} value={form.remarks}
          onChange={(e) => change({ remarks: e.currentTarget.value }, ["remarks"])} data-testid="voyage-remarks" />
      </FormField>
    </FormDialog>
  );
}
