import { HTMLSelect } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { portInput } from "../../../../../api/modules/master-data/schemas.ts";
import { FormDialog, FormField, TextField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { type Branch, createPort, type Port, type PortInput, updatePort } from "../api/ports.ts";

type Field = keyof PortInput;
type Values = Record<Field, string>;

const EMPTY: Values = { code: "", name: "", branchCode: "", location: "" };

function valuesOf(port: Port | null): Values {
  return port ? { code: port.code, name: port.name, branchCode: port.branchCode, location: port.location } : EMPTY;
}

/** The shared schema checks before sending, so obvious slips get the server's own wording without a round trip. */
function check(values: Values): Partial<Record<Field, string>> {
  const result = portInput.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<Field, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return errors;
}

export interface PortDialogProps {
  /** The port to edit; null creates a new one. */
  port: Port | null;
  isOpen: boolean;
  branches: Branch[];
  onClose: () => void;
  onSaved: (port: Port) => void;
}

export function PortDialog({ port, isOpen, branches, onClose, onSaved }: PortDialogProps) {
  const [values, setValues] = useState<Values>(valuesOf(port));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (isOpen) {
      setValues(valuesOf(port));
      setErrors({});
    }
  }, [isOpen, port]);

  const set = (field: Field) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = check(values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    await save(() => (port ? updatePort(port.id, { ...values, dateModified: port.dateModified }) : createPort(values)), {
      onSaved: (result) => onSaved(result.data),
      onFieldErrors: (fieldErrors) => {
        setErrors(fieldErrors as Partial<Record<Field, string>>);
        const first = (Object.keys(fieldErrors) as Field[]).find((f) => f in EMPTY);
        focusSoon(`port-${first ?? "code"}`);
      },
    });
  };

  // A port may sit under a branch that was deactivated since; keep it choosable so editing other fields works.
  const branchOptions: Pick<Branch, "code" | "name">[] = branches.some((b) => b.code === values.branchCode) || !values.branchCode
    ? branches
    : [...branches, { code: values.branchCode, name: "(inactive branch)" }];

  return (
    <FormDialog
      isOpen={isOpen}
      title={port ? `Edit port ${port.code}` : "New port"}
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      formTestId="port-form"
      saveTestId="port-save"
    >
      <TextField label="Code" id="port-code" required error={errors.code} value={values.code} onValueChange={set("code")} maxLength={20} autoFocus />
      <TextField label="Name" id="port-name" required error={errors.name} value={values.name} onValueChange={set("name")} maxLength={120} />
      <FormField label="Branch" id="port-branchCode" required error={errors.branchCode}>
        <HTMLSelect id="port-branchCode" fill value={values.branchCode} onChange={(e) => set("branchCode")(e.currentTarget.value)}>
          <option value="">Choose a branch…</option>
          {branchOptions.map((b) => (
            <option key={b.code} value={b.code}>{b.code} · {b.name}</option>
          ))}
        </HTMLSelect>
      </FormField>
      <TextField label="Location" id="port-location" error={errors.location} value={values.location} onValueChange={set("location")} maxLength={200} />
    </FormDialog>
  );
}
