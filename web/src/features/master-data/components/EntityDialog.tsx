import { Checkbox, HTMLSelect } from "@blueprintjs/core";
import { useEffect, useMemo, useState } from "react";
import { brokenCheck, type EntityContract, entityPath, type FieldMeta } from "../../../../../api/shared/fields.ts";
import { ENTITY_CONTRACTS } from "../../../../../api/modules/master-data/schemas.ts";
import { FormDialog, FormField, FormFieldset, TextField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { loadActiveList } from "../../../lib/data/pickers.ts";
import { entityApi, type EntityRow } from "../api/entities.ts";
import { emptyValues, type FormValues, valuesOf } from "./fields.ts";

type Errors = Record<string, string | undefined>;

/** The schema's first message per field, so obvious slips get the server's own wording without a round trip. */
function check(contract: EntityContract, values: FormValues): Errors {
  const result = contract.input.safeParse(values);
  if (result.success) {
    // Field by field all is well; the rules across fields come next, as the server checks them.
    const broken = brokenCheck(contract.checks, result.data as Record<string, unknown>);
    return broken ? { [broken.field]: broken.message } : {};
  }
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

type Option = { value: string; label: string };

/** The active records every ref field of the form offers, read once per opening. */
function useRefOptions(fields: readonly FieldMeta[], isOpen: boolean) {
  const sources = useMemo(() => [...new Set(fields.filter((f) => f.source).map((f) => f.source!))], [fields]);
  const opening = useOpenings(isOpen);
  const lists = useRecord(opening === null ? null : `${opening}:${sources.join("|")}`, () => Promise.all(sources.map(readSource)));
  return useMemo(() => Object.fromEntries(sources.map((source, i) => [source, lists.data?.[i] ?? []])), [sources, lists.data]);
}

/** The options of one ref source: its active records, read afresh (a record made a moment ago must be there). */
async function readSource(source: string): Promise<Option[]> {
  const contract = Object.values(ENTITY_CONTRACTS).find((c) => c.resource === source);
  const rows = await loadActiveList<EntityRow>(contract ? entityPath(contract, "listActive") : `/${source}/getIsActive`, true);
  return rows.map((row) => {
    const value = String(row.code ?? row.id);
    const name = row.name ?? row.company;
    return { value, label: name ? `${value} · ${String(name)}` : value };
  });
}

export interface EntityDialogProps {
  contract: EntityContract;
  /** The record to edit; null creates a new one. */
  row: EntityRow | null;
  isOpen: boolean;
  /** Values the screen fixes (a charge's own rates): filled in and not editable. */
  fixed?: Record<string, string>;
  /** Prefix of the inputs' ids and test ids: "area" gives area-code, area-form, area-save. */
  idPrefix: string;
  onClose: () => void;
  onSaved: (row: EntityRow) => void;
}

/** The create and edit form of any master-data entity, drawn from its field declarations. */
export function EntityDialog({ contract, row, isOpen, fixed = {}, idPrefix, onClose, onSaved }: EntityDialogProps) {
  const fields = contract.fields;
  const [values, setValues] = useState<FormValues>(() => emptyValues(fields, fixed));
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save } = useFormSave();
  const refOptions = useRefOptions(fields, isOpen);
  const calls = useMemo(() => entityApi(contract), [contract]);

  useEffect(() => {
    if (isOpen) {
      setValues(row ? valuesOf(fields, row) : emptyValues(fields, fixed));
      setErrors({});
    }
    // fixed is a fresh object on every render of the caller; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [isOpen, row, fields, JSON.stringify(fixed)]);

  const set = (name: string, value: FormValues[string]) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = check(contract, values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusSoon(`${idPrefix}-${Object.keys(local)[0]}`);
      return;
    }
    await save(() => (row ? calls.update(row, values) : calls.create(values)), {
      onSaved: (result) => onSaved(result.data),
      onFieldErrors: (fieldErrors) => {
        setErrors(fieldErrors);
        const first = Object.keys(fieldErrors).find((f) => f in values);
        focusSoon(`${idPrefix}-${first ?? fields[0].name}`);
      },
    });
  };

  const input = (field: FieldMeta) => {
    const id = `${idPrefix}-${field.name}`;
    const value = values[field.name];
    const error = errors[field.name];
    const locked = field.name in fixed;
    switch (field.kind) {
      case "flag":
        return (
          <Checkbox key={field.name} id={id} label={field.label} checked={value === true} disabled={locked}
            onChange={(e) => set(field.name, e.currentTarget.checked)} data-testid={id} />
        );
      case "choice":
      case "ref": {
        const options: Option[] = field.kind === "choice" ? [...(field.options ?? [])] : [...(refOptions[field.source!] ?? [])];
        // A record may point at something deactivated since; keep it choosable so editing other fields works.
        if (typeof value === "string" && value && !options.some((o) => o.value === value)) options.push({ value, label: `${value} (inactive)` });
        return (
          <FormField key={field.name} label={field.label} id={id} required={field.required} error={error}>
            <HTMLSelect id={id} fill value={String(value)} disabled={locked} onChange={(e) => set(field.name, e.currentTarget.value)} data-testid={id}>
              {field.defaultValue === undefined && <option value="">{field.required ? `Choose ${field.label.toLowerCase()}…` : "(none)"}</option>}
              {options.map((o) => <option key={o.value} value={o.value}>{o.label}</option>)}
            </HTMLSelect>
          </FormField>
        );
      }
      case "refs": {
        const chosen = Array.isArray(value) ? value : [];
        const options = refOptions[field.source!] ?? [];
        return (
          <FormFieldset key={field.name} legend={`${field.label}${field.required ? " *" : ""}`} error={error}>
            <div className="lading-check-panel lading-check-columns" id={id} data-testid={id}>
              {options.map((o) => (
                <Checkbox key={o.value} label={o.label} checked={chosen.includes(o.value)}
                  onChange={(e) => set(field.name, e.currentTarget.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
                  data-testid={`${id}-${o.value}`} />
              ))}
            </div>
          </FormFieldset>
        );
      }
      default: {
        const type = field.kind === "date" ? "date" : field.kind === "time" ? "time" : field.kind === "email" ? "email" : "text";
        const numeric = field.kind === "money" || field.kind === "decimal" || field.kind === "int";
        return (
          <TextField key={field.name} label={field.label} id={id} required={field.required} error={error} type={type}
            inputMode={numeric ? "decimal" : undefined} value={String(value)} disabled={locked}
            onValueChange={(v) => set(field.name, v)} maxLength={field.max} data-testid={id} />
        );
      }
    }
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={row ? `Edit ${contract.label.toLowerCase()}` : `New ${contract.label.toLowerCase()}`}
      className={fields.length > 8 ? "lading-wide-form lading-full-controls" : "lading-full-controls"}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      formTestId={`${idPrefix}-form`}
      saveTestId={`${idPrefix}-save`}
    >
      <div className="lading-form-grid">{fields.map(input)}</div>
    </FormDialog>
  );
}
