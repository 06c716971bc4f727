import { Button, Callout, Card, FormGroup, H5, HTMLSelect, InputGroup, NonIdealState } from "@blueprintjs/core";
import { Add, FloppyDisk, GridView, Import, Trash } from "@blueprintjs/icons";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useSearch } from "wouter";
import type { StowageSlot } from "../../../../../api/modules/master-data/schemas.ts";
import { confirmPrompt } from "../../../components/ConfirmPrompt.tsx";
import { FormDialog, TextField } from "../../../components/FormDialog.tsx";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { serverMessage } from "../../../lib/api.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { usePicker } from "../../../lib/data/pickers.ts";
import { useUnsavedChanges, whileSaving, withoutLeaveGuard } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import {
  createStowagePlan,
  createStowageTemplate,
  deleteStowagePlan,
  type StowageTemplate,
  stowagePlansOf,
  stowageTemplates,
  updateStowagePlan,
} from "../api/records.ts";
import { freeCell, nextPosition, slotErrors, StowageGrid, type StowagePlanRow } from "../../../components/StowageGrid.tsx";
import { PAGES, pathTo, vesselStowagePath } from "../../../lib/paths.ts";

type TemplateRow = StowageTemplate;

/** The plan being edited; id null until it is first saved. */
interface Draft {
  id: number | null;
  dateModified: string | null;
  name: string;
  rows: number;
  columns: number;
  slots: StowageSlot[];
}

const blankDraft = (): Draft => ({ id: null, dateModified: null, name: "", rows: 6, columns: 10, slots: [] });
const draftOf = (plan: StowagePlanRow): Draft => ({
  id: plan.id, dateModified: plan.dateModified, name: plan.name, rows: plan.rows, columns: plan.columns,
  slots: plan.slots.map((s) => ({ ...s })),
});

/** A number input's value; NaN stands for an emptied box so the user can retype. */
const numberText = (n: number) => (Number.isFinite(n) ? String(n) : "");
const readNumber = (text: string) => (text.trim() === "" ? Number.NaN : Number(text));

const SLOT_FIELDS = [
  { key: "row", label: "Row" },
  { key: "column", label: "Column" },
  { key: "width", label: "Width (cells)" },
  { key: "height", label: "Height (cells)" },
] as const;

export default function VesselStowagePage() {
  const [, navigate] = useLocation();
  const searchText = useSearch();
  const query = useMemo(() => new URLSearchParams(searchText), [searchText]);
  const vesselCode = query.get("vessel") ?? "";
  // "new" opens a blank plan; no plan opens the vessel's first one.
  const planText = query.get("plan") ?? "";
  const planParam: number | "new" | null = planText === "new" ? "new" : Number(planText) || null;

  const vessels = usePicker("vessels", { fresh: true });
  const templateList = useRecord("templates", () => stowageTemplates().then((r) => r.data));
  const templates = templateList.data ?? [];
  const [draft, setDraft] = useState<Draft>(blankDraft);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [templateId, setTemplateId] = useState("");
  const [templateDialog, setTemplateDialog] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [reloads, setReloads] = useState(0);
  const { saving, save } = useFormSave();
  useUnsavedChanges(dirty);

  const go = useCallback((code: string, planId?: number | "new") => navigate(code ? vesselStowagePath(code, planId) : PAGES.vesselStowage, { replace: true }), [navigate]);

  // The vessel's plans, and the plan to open: the one in the address, else the first, else a blank one.
  const planList = useRecord(
    vesselCode ? JSON.stringify([vesselCode, planParam, reloads]) : null,
    () => stowagePlansOf(vesselCode).then((r) => r.data),
    {
      keepStale: false,
      onAnswer: (list) => {
        const plan = list.find((p) => p.id === planParam) ?? (planParam === null ? list[0] : undefined);
        setDraft(plan ? draftOf(plan) : blankDraft());
        setDirty(false);
        setSelected(null);
        setErrors({});
      },
    },
  );
  const plans = planList.data;
  // Nothing can be edited for a vessel that cannot be read; say so in place of the editor.
  const loadError = planList.error !== null ? serverMessage(planList.error) : null;

  /**
   * Starting a blank plan over needs a yes when it holds edits. Moving to another vessel or plan changes the
   * address, and the app's leave guard asks then (useUnsavedChanges).
   */
  const mayDiscard = async () =>
    !dirty || await confirmPrompt({
      title: "Discard changes",
      description: "This stowage plan has changes that are not saved. Discard them?",
      actionText: "Discard",
      intent: "danger",
    });

  const edit = (change: (d: Draft) => Draft, keepErrors = true) => {
    setDraft(change);
    setDirty(true);
    if (!keepErrors) setErrors({});
  };

  const updateSlot = (index: number, patch: Partial<StowageSlot>) =>
    edit((d) => ({ ...d, slots: d.slots.map((s, i) => (i === index ? { ...s, ...patch } : s)) }));

  const addSlot = () => {
    if (!(draft.rows >= 1 && draft.columns >= 1)) {
      notify.warning("Set the grid's rows and columns first.");
      return;
    }
    const cell = freeCell(draft);
    if (!cell) {
      notify.warning("Every cell of the grid is taken. Add rows or columns, or make a slot smaller first.");
      return;
    }
    const slot: StowageSlot = { ...cell, width: 1, height: 1, position: nextPosition(draft.slots) };
    // Indexes shift, so the server's slot messages no longer point at the right boxes.
    edit((d) => ({ ...d, slots: [...d.slots, slot] }), false);
    setSelected(draft.slots.length);
  };

  const removeSlot = (index: number) => {
    edit((d) => ({ ...d, slots: d.slots.filter((_, i) => i !== index) }), false);
    setSelected(null);
    // The button that had the focus is gone with the slot; the next step is usually another slot.
    focusSoon("stowage-add-slot");
  };

  const applyTemplate = async () => {
    const template = templates.find((t) => String(t.id) === templateId);
    if (!template) return;
    if (draft.slots.length > 0) {
      const ok = await confirmPrompt({
        title: "Apply template",
        description: `Replace the ${draft.slots.length} slots of this plan with the grid of template ${template.code}?`,
        actionText: "Replace",
      });
      if (!ok) return;
    }
    edit((d) => ({ ...d, rows: template.rows, columns: template.columns, slots: template.slots.map((s) => ({ ...s })) }), false);
    setSelected(null);
    notify.info(`Template ${template.code} applied. Save to keep it.`);
  };

  const submit = () => {
    const body = { vesselCode, name: draft.name, rows: draft.rows, columns: draft.columns, slots: draft.slots };
    const id = draft.id;
    const work = id === null ? () => createStowagePlan(body) : () => updateStowagePlan(id, { ...body, dateModified: draft.dateModified });
    setErrors({});
    void save(work, {
      onSaved: (result) => {
        const plan = result.data;
        setDraft(draftOf(plan));
        setDirty(false);
        planList.set([...(plans ?? []).filter((p) => p.id !== plan.id), plan].sort((a, b) => a.name.localeCompare(b.name)));
        if (planParam !== plan.id) withoutLeaveGuard(() => go(vesselCode, plan.id));
      },
      onFieldErrors: (fieldErrors) => {
        setErrors(fieldErrors);
        const first = [...slotErrors(fieldErrors).keys()].sort((a, b) => a - b)[0];
        if (first !== undefined) setSelected(first);
      },
    });
  };

  const removePlan = async () => {
    if (draft.id === null) return;
    const ok = await confirmPrompt({
      title: "Delete stowage plan",
      description: `Delete stowage plan ${draft.name} of vessel ${vesselCode}? This cannot be undone.`,
      actionText: "Delete",
      intent: "danger",
    });
    if (!ok) return;
    setDeleting(true);
    try {
      const id = draft.id;
      const result = await whileSaving(() => deleteStowagePlan(id));
      notify.success(result.message);
      setDirty(false);
      if (planParam === null) setReloads((n) => n + 1);
      else withoutLeaveGuard(() => go(vesselCode));
    } catch (error) {
      notify.error(errorText(error));
    } finally {
      setDeleting(false);
    }
  };

  const pickVessel = (code: string) => {
    if (code !== vesselCode) go(code);
  };

  const pickPlan = async (value: string) => {
    if (value === "new" && planParam === "new") {
      // Already on a blank plan: start it over.
      if (await mayDiscard()) setReloads((n) => n + 1);
      return;
    }
    go(vesselCode, value === "new" ? "new" : Number(value));
  };

  const bySlot = slotErrors(errors);
  const invalid = new Set(bySlot.keys());
  const generalErrors = Object.entries(errors).filter(([key]) => !key.startsWith("slots."));
  const slot = selected !== null ? draft.slots[selected] : undefined;
  const busy = saving || deleting;

  return (
    <div className="lading-page" data-testid="vessel-stowage-page">
      <PageHeader
        title="Vessel stowage"
        crumbs={[{ text: "Master Data", href: PAGES.masterData }, { text: "Vessels", href: PAGES.vessels }]}
        actions={vesselCode
          ? <Button text={`Vessel ${vesselCode}`} onClick={() => navigate(pathTo(PAGES.vesselRead, { vessel: vesselCode }))} data-testid="stowage-open-vessel" />
          : undefined}
      />

      <div style={{ display: "flex", flexWrap: "wrap", gap: 12, alignItems: "flex-end", marginBottom: 12 }}>
        <FormGroup label="Vessel" labelFor="stowage-vessel" style={{ margin: 0 }}>
          <HTMLSelect id="stowage-vessel" value={vesselCode} onChange={(e) => pickVessel(e.currentTarget.value)} data-testid="stowage-vessel">
            <option value="">Choose a vessel…</option>
            {vesselCode && !vessels.some((v) => v.code === vesselCode) && <option value={vesselCode}>{vesselCode}</option>}
            {vessels.map((v) => <option key={String(v.code)} value={String(v.code)}>{`${String(v.code)} · ${String(v.name)}`}</option>)}
          </HTMLSelect>
        </FormGroup>
        {vesselCode && plans && (
          <FormGroup label="Stowage plan" labelFor="stowage-plan" style={{ margin: 0 }}>
            <HTMLSelect id="stowage-plan" value={draft.id === null ? "new" : String(draft.id)} onChange={(e) => void pickPlan(e.currentTarget.value)}
              data-testid="stowage-plan">
              {plans.map((p) => <option key={p.id} value={String(p.id)}>{p.name}</option>)}
              <option value="new">New plan…</option>
            </HTMLSelect>
          </FormGroup>
        )}
        {vesselCode && plans && (
          <>
            <FormGroup label="Template" labelFor="stowage-template" style={{ margin: 0 }}>
              <HTMLSelect id="stowage-template" value={templateId} onChange={(e) => setTemplateId(e.currentTarget.value)} data-testid="stowage-template">
                <option value="">{templates.length ? "Choose a template…" : "No templates yet"}</option>
                {templates.map((t) => <option key={t.id} value={String(t.id)}>{`${t.code} · ${t.name} (${t.rows} × ${t.columns})`}</option>)}
              </HTMLSelect>
            </FormGroup>
            <Button icon={<Import />} text="Apply template" disabled={!templateId || busy} onClick={() => void applyTemplate()}
              data-testid="stowage-apply-template" />
          </>
        )}
      </div>

      {vesselCode && loadError && (
        <NonIdealState icon={<GridView size={32} />} title="Stowage plans not available" description={loadError}
          action={<Button text="Back to vessels" onClick={() => navigate(PAGES.vessels)} />} />
      )}

      {!vesselCode && (
        <NonIdealState icon={<GridView size={32} />} title="Choose a vessel" description="Pick a vessel to see and edit its stowage plans." />
      )}

      {vesselCode && plans && (
        <div style={{ display: "flex", flexWrap: "wrap", gap: 16, alignItems: "flex-start" }}>
          <Card style={{ flex: "1 1 480px", minWidth: 0 }}>
            <div style={{ display: "flex", flexWrap: "wrap", gap: 12, alignItems: "flex-end", marginBottom: 12 }}>
              <FormGroup label="Plan name" labelFor="stowage-plan-name" style={{ margin: 0, flex: "1 1 200px" }}
                intent={errors.name ? "danger" : "none"} helperText={errors.name}>
                <InputGroup id="stowage-plan-name" value={draft.name} maxLength={120} intent={errors.name ? "danger" : "none"}
                  onValueChange={(v) => edit((d) => ({ ...d, name: v }))} data-testid="stowage-plan-name" />
              </FormGroup>
              <FormGroup label="Rows" labelFor="stowage-rows" style={{ margin: 0, width: 90 }} intent={errors.rows ? "danger" : "none"} helperText={errors.rows}>
                <InputGroup id="stowage-rows" type="number" min={1} max={60} value={numberText(draft.rows)}
                  onValueChange={(v) => edit((d) => ({ ...d, rows: readNumber(v) }))} data-testid="stowage-rows" />
              </FormGroup>
              <FormGroup label="Columns" labelFor="stowage-columns" style={{ margin: 0, width: 90 }} intent={errors.columns ? "danger" : "none"}
                helperText={errors.columns}>
                <InputGroup id="stowage-columns" type="number" min={1} max={60} value={numberText(draft.columns)}
                  onValueChange={(v) => edit((d) => ({ ...d, columns: readNumber(v) }))} data-testid="stowage-columns" />
              </FormGroup>
            </div>
            {Object.keys(errors).length > 0 && (
              <Callout intent="danger" title="The plan was not saved" style={{ marginBottom: 12 }} data-testid="stowage-errors">
                <ul style={{ margin: 0, paddingLeft: 18 }}>
                  {generalErrors.map(([key, message]) => <li key={key}>{message}</li>)}
                  {[...bySlot.entries()].sort(([a], [b]) => a - b).flatMap(([index, messages]) =>
                    messages.map((message, i) => <li key={`${index}-${i}`}>{message}</li>)
                  )}
                </ul>
              </Callout>
            )}
            <StowageGrid rows={draft.rows} columns={draft.columns} slots={draft.slots} selected={selected} onSelect={setSelected} invalid={invalid}
              onDelete={busy ? undefined : removeSlot} />
            <div style={{ display: "flex", gap: 8, marginTop: 12 }}>
              <Button id="stowage-add-slot" icon={<Add />} text="Add slot" onClick={addSlot} disabled={busy} data-testid="stowage-add-slot" />
              <Button intent="primary" icon={<FloppyDisk />} text={draft.id === null ? "Create plan" : "Save plan"} loading={saving}
                disabled={busy} onClick={submit} data-testid="stowage-save" />
              <Button text="Save as template" disabled={busy} onClick={() => setTemplateDialog(true)} data-testid="stowage-save-template" />
              {draft.id !== null && (
                <Button intent="danger" icon={<Trash />} text="Delete plan" loading={deleting} disabled={busy} onClick={() => void removePlan()}
                  data-testid="stowage-delete-plan" />
              )}
            </div>
          </Card>

          <Card style={{ flex: "0 1 280px" }} data-testid="stowage-slot-form">
            <H5>{slot ? `Slot ${slot.position}` : "Slot"}</H5>
            {!slot && <p>Click a slot on the grid to change it, or add one.</p>}
            {slot && selected !== null && (
              <>
                {(bySlot.get(selected) ?? []).map((message, i) => (
                  <Callout key={i} intent="danger" compact style={{ marginBottom: 8 }}>{message}</Callout>
                ))}
                <FormGroup label="Position" labelFor="stowage-slot-position">
                  <InputGroup id="stowage-slot-position" value={slot.position} maxLength={20}
                    onValueChange={(v) => updateSlot(selected, { position: v })} data-testid="stowage-slot-position" />
                </FormGroup>
                {SLOT_FIELDS.map(({ key, label }) => (
                  <FormGroup key={key} label={label} labelFor={`stowage-slot-${key}`}>
                    <InputGroup id={`stowage-slot-${key}`} type="number" min={1} max={60} value={numberText(slot[key])}
                      onValueChange={(v) => updateSlot(selected, { [key]: readNumber(v) })} data-testid={`stowage-slot-${key}`} />
                  </FormGroup>
                ))}
                <Button intent="danger" icon={<Trash />} text="Remove slot" onClick={() => removeSlot(selected)} disabled={busy}
                  data-testid="stowage-remove-slot" />
              </>
            )}
          </Card>
        </div>
      )}

      <SaveTemplateDialog
        isOpen={templateDialog}
        grid={draft}
        onClose={() => setTemplateDialog(false)}
        onSaved={() => {
          setTemplateDialog(false);
          templateList.reload();
        }}
      />
    </div>
  );
}

/** Keeps the grid being edited as a template other plans can start from. */
function SaveTemplateDialog({ isOpen, grid, onClose, onSaved }: { isOpen: boolean; grid: Draft; onClose: () => void; onSaved: () => void }) {
  const [code, setCode] = useState("");
  const [name, setName] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (!isOpen) return;
    setCode("");
    setName(grid.name);
    setErrors({});
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen]);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    void save(
      () => createStowageTemplate({ code, name, rows: grid.rows, columns: grid.columns, slots: grid.slots }),
      { onSaved, onFieldErrors: setErrors },
    );
  };

  const gridProblem = Object.entries(errors).find(([key]) => key !== "code" && key !== "name")?.[1];
  return (
    <FormDialog isOpen={isOpen} title="Save as stowage template" saving={saving} onClose={onClose} onSubmit={submit}
      formTestId="stowage-template-form" saveTestId="stowage-template-submit">
      <TextField label="Template code" id="stowage-template-code" required value={code} maxLength={20} error={errors.code}
        onValueChange={setCode} data-testid="stowage-template-code" />
      <TextField label="Template name" id="stowage-template-name" required value={name} maxLength={120} error={errors.name}
        onValueChange={setName} data-testid="stowage-template-name" />
      <p>{`${grid.rows} rows × ${grid.columns} columns, ${grid.slots.length} slots.`}</p>
      {gridProblem && <Callout intent="danger" compact>{gridProblem}</Callout>}
    </FormDialog>
  );
}
