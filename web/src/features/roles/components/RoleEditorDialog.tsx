import { Checkbox, Classes, Switch } from "@blueprintjs/core";
import { type ReactNode, useEffect, useState } from "react";
import { MENU_IDS, MENU_LABELS, roleInput } from "../../../../../api/modules/roles/schemas.ts";
import { FormDialog, FormField, FormFieldset, TextField } from "../../../components/FormDialog.tsx";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { createRole, type Role, updateRole } from "../api/roles.ts";
import { allowedIds, capabilityGroups, detailsOf, roleFieldOf } from "./permissions.ts";

type Field = "roleId" | "roleName" | "isDat" | "roleDetails";
type Errors = Partial<Record<Field, string>>;

interface Values {
  roleId: string;
  roleName: string;
  isDat: boolean;
  allowed: Set<string>;
}

const FIELDS: readonly Field[] = ["roleId", "roleName", "isDat", "roleDetails"];
const GROUPS = capabilityGroups();

function valuesOf(role: Role | null): Values {
  return role
    ? { roleId: role.roleId, roleName: role.roleName, isDat: role.isDat, allowed: allowedIds(role) }
    : { roleId: "", roleName: "", isDat: false, allowed: new Set() };
}

function fieldErrorsOf(entries: Iterable<[string, string]>): Errors {
  const errors: Errors = {};
  for (const [key, message] of entries) {
    const field = roleFieldOf(key) as Field;
    if (FIELDS.includes(field)) errors[field] ??= message;
  }
  return errors;
}

/** The shared contract checks before sending, so slips get the server's own wording without a round trip. */
function check(values: Values): Errors {
  const result = roleInput.safeParse({ roleId: values.roleId, roleName: values.roleName, isDat: values.isDat, roleDetails: detailsOf(values.allowed) });
  if (result.success) return {};
  return fieldErrorsOf(result.error.issues.map((issue) => [issue.path.join("."), issue.message] as [string, string]));
}

export interface RoleEditorDialogProps {
  /** The role to edit; null creates a new one. */
  role: Role | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function RoleEditorDialog({ role, isOpen, onClose, onSaved }: RoleEditorDialogProps) {
  const [values, setValues] = useState<Values>(valuesOf(role));
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save } = useFormSave();

  useEffect(() => {
    if (isOpen) {
      setValues(valuesOf(role));
      setErrors({});
    }
  }, [isOpen, role]);

  const setText = (field: "roleId" | "roleName") => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const setAllowed = (id: string, allowed: boolean) => {
    setValues((v) => {
      const next = new Set(v.allowed);
      if (allowed) next.add(id);
      else next.delete(id);
      return { ...v, allowed: next };
    });
    setErrors((e) => ({ ...e, roleDetails: undefined }));
  };

  const focusField = (field: Field | undefined) => {
    focusSoon(field === "roleDetails" ? "role-menus" : `role-${field ?? "roleName"}`);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = check(values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusField(FIELDS.find((f) => local[f]));
      return;
    }
    // The whole permission set goes every time; the server replaces the role's details with it.
    const details = detailsOf(values.allowed);
    const roleId = values.roleId.trim();
    const roleName = values.roleName.trim();
    await save(
      () =>
        role
          ? updateRole(role.roleId, { roleId, roleName, isDat: values.isDat, dateModified: role.dateModified }, details)
          : createRole({ roleId, roleName, isDat: values.isDat, roleDetails: details }),
      {
        onSaved: () => onSaved(),
        onFieldErrors: (apiErrors) => {
          const fieldErrors = fieldErrorsOf(Object.entries(apiErrors));
          setErrors(fieldErrors);
          focusField(FIELDS.find((f) => fieldErrors[f]));
        },
      },
    );
  };

  const permissionBox = (id: string, label: ReactNode, testId: string) => (
    <Checkbox
      key={id}
      checked={values.allowed.has(id)}
      labelElement={label}
      onChange={(e) => setAllowed(id, e.currentTarget.checked)}
      disabled={saving}
      data-testid={testId}
    />
  );

  return (
    <FormDialog
      isOpen={isOpen}
      title={role ? `Edit role ${role.roleId}` : "New role"}
      className="lading-role-dialog lading-full-controls"
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      formTestId="role-dialog"
      saveTestId="save-role"
    >
      <div className="lading-role-names">
        <TextField
          label="Role ID"
          id="role-roleId"
          required
          error={errors.roleId}
          helper={role ? "The role ID cannot change once the role exists." : "Letters, digits, - and _."}
          value={values.roleId}
          onValueChange={setText("roleId")}
          readOnly={role !== null}
          maxLength={20}
          autoFocus={role === null}
          autoComplete="off"
          data-testid="role-roleId"
        />
        <TextField
          label="Name"
          id="role-roleName"
          required
          error={errors.roleName}
          value={values.roleName}
          onValueChange={setText("roleName")}
          maxLength={80}
          autoFocus={role !== null}
          autoComplete="off"
          data-testid="role-roleName"
        />
      </div>
      <FormField
        error={errors.isDat}
        helper="DAT users choose between a CY and a branch when they enter the system; other users choose only a branch."
      >
        <Switch
          id="role-isDat"
          label="DAT role"
          checked={values.isDat}
          onChange={(e) => {
            const checked = e.currentTarget.checked;
            setValues((v) => ({ ...v, isDat: checked }));
          }}
          disabled={saving}
          data-testid="role-isDat"
        />
      </FormField>
      <FormFieldset legend="Menus" className="lading-role-section" error={errors.roleDetails}>
        <div className="lading-check-panel lading-role-grid" id="role-menus" tabIndex={-1} role="group" aria-label="Menus">
          {MENU_IDS.map((id) =>
            permissionBox(
              id,
              <>
                {MENU_LABELS[id]}
                {id === "WAIVER" && <span className={`${Classes.TEXT_MUTED} lading-role-note`}>also opens Override</span>}
              </>,
              `menu-${id}`,
            )
          )}
        </div>
      </FormFieldset>
      {GROUPS.map(({ group, items }) => (
        <FormFieldset key={group} legend={group} className="lading-role-section">
          <div className="lading-check-panel lading-role-grid" role="group" aria-label={group}>
            {items.map((c) => permissionBox(c.id, c.label, `capability-${c.id}`))}
          </div>
        </FormFieldset>
      ))}
    </FormDialog>
  );
}
