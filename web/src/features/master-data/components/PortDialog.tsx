import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { portInput } from "../../../../../api/modules/master-data/schemas.ts";
import { ApiError } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
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
  const [saving, setSaving] = useState(false);

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
    setSaving(true);
    try {
      const result = await whileSaving(() =>
        port ? updatePort(port.id, { ...values, dateModified: port.dateModified }) : createPort(values)
      );
      notify.success(result.message);
      onSaved(result.data);
    } catch (error) {
      notify.error(errorText(error));
      if (error instanceof ApiError) {
        const fieldErrors = error.fieldErrors as Partial<Record<Field, string>>;
        setErrors(fieldErrors);
        // The Save button lost focus while disabled; put the user back on the field to fix.
        const first = (Object.keys(fieldErrors) as Field[]).find((f) => f in EMPTY);
        setTimeout(() => document.getElementById(`port-${first ?? "code"}`)?.focus());
      }
    } finally {
      setSaving(false);
    }
  };

  // A port may sit under a branch that was deactivated since; keep it choosable so editing other fields works.
  const branchOptions: Pick<Branch, "code" | "name">[] = branches.some((b) => b.code === values.branchCode) || !values.branchCode
    ? branches
    : [...branches, { code: values.branchCode, name: "(inactive branch)" }];

  const field = (name: Field, label: string, input: React.ReactNode) => (
    <FormGroup
      label={label}
      labelFor={`port-${name}`}
      labelInfo="*"
      intent={errors[name] ? "danger" : "none"}
      helperText={errors[name]}
    >
      {input}
    </FormGroup>
  );

  return (
    <Dialog
      isOpen={isOpen}
      onClose={saving ? undefined : onClose}
      canEscapeKeyClose={!saving}
      canOutsideClickClose={false}
      title={port ? `Edit port ${port.code}` : "New port"}
      className="lading-form-dialog"
    >
      <form onSubmit={submit} noValidate data-testid="port-form">
        <DialogBody>
          {field("code", "Code", (
            <InputGroup
              id="port-code"
              value={values.code}
              onValueChange={set("code")}
              intent={errors.code ? "danger" : "none"}
              maxLength={20}
              autoFocus
            />
          ))}
          {field("name", "Name", (
            <InputGroup id="port-name" value={values.name} onValueChange={set("name")} intent={errors.name ? "danger" : "none"} maxLength={120} />
          ))}
          {field("branchCode", "Branch", (
            <HTMLSelect
              id="port-branchCode"
              fill
              value={values.branchCode}
              onChange={(e) => set("branchCode")(e.currentTarget.value)}
            >
              <option value="">Choose a branch…</option>
              {branchOptions.map((b) => (
                <option key={b.code} value={b.code}>{b.code} · {b.name}</option>
              ))}
            </HTMLSelect>
          ))}
          <FormGroup label="Location" labelFor="port-location" intent={errors.location ? "danger" : "none"} helperText={errors.location}>
            <InputGroup id="port-location" value={values.location} onValueChange={set("location")} intent={errors.location ? "danger" : "none"} maxLength={200} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={saving} />
              <Button type="submit" intent="primary" text={saving ? "Saving…" : "Save"} loading={saving} data-testid="port-save" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
