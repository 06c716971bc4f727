import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Switch } from "@blueprintjs/core";
import { type ReactNode, useEffect, useState } from "react";
import { MENU_IDS, MENU_LABELS, roleInput } from "../../../../../api/modules/roles/schemas.ts";
import { ApiError } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
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
  const [saving, setSaving] = useState(false);

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
    // The Save button lost focus while disabled; put the user back where the problem is.
    const id = field === "roleDetails" ? "role-menus" : `role-${field ?? "roleName"}`;
    setTimeout(() => document.getElementById(id)?.focus());
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = check(values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusField(FIELDS.find((f) => local[f]));
      return;
    }
    setSaving(true);
    try {
      // The whole permission set goes every time; the server replaces the role's details with it.
      const details = detailsOf(values.allowed);
      const roleId = values.roleId.trim();
      const roleName = values.roleName.trim();
      const result = await whileSaving(() =>
        role
          ? updateRole(role.roleId, { roleId, roleName, isDat: values.isDat, dateModified: role.dateModified }, details)
          : createRole({ roleId, roleName, isDat: values.isDat, roleDetails: details })
      );
      notify.success(result.message);
      onSaved();
    } catch (error) {
      notify.error(errorText(error));
      if (error instanceof ApiError) {
        const fieldErrors = fieldErrorsOf(Object.entries(error.fieldErrors));
        setErrors(fieldErrors);
        focusField(FIELDS.find((f) => fieldErrors[f]));
      }
    } finally {
      setSaving(false);
    }
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
    <Dialog
      isOpen={isOpen}
      onClose={saving ? undefined : onClose}
      canEscapeKeyClose={!saving}
      canOutsideClickClose={false}
      title={role ? `Edit role ${role.roleId}` : "New role"}
      className="lading-form-dialog lading-role-dialog"
    >
      <form onSubmit={submit} noValidate data-testid="role-dialog">
        <DialogBody>
          <div className="lading-role-names">
            <FormGroup
              label="Role ID"
              labelFor="role-roleId"
              labelInfo="*"
              intent={errors.roleId ? "danger" : "none"}
              helperText={errors.roleId ?? (role ? "The role ID cannot change once the role exists." : "Letters, digits, - and _.")}
            >
              <InputGroup
                id="role-roleId"
                value={values.roleId}
                onValueChange={setText("roleId")}
                intent={errors.roleId ? "danger" : "none"}
                readOnly={role !== null}
                maxLength={20}
                autoFocus={role === null}
                autoComplete="off"
                data-testid="role-roleId"
              />
            </FormGroup>
            <FormGroup label="Name" labelFor="role-roleName" labelInfo="*" intent={errors.roleName ? "danger" : "none"} helperText={errors.roleName}>
              <InputGroup
                id="role-roleName"
                value={values.roleName}
                onValueChange={setText("roleName")}
                intent={errors.roleName ? "danger" : "none"}
                maxLength={80}
                autoFocus={role !== null}
                autoComplete="off"
                data-testid="role-roleName"
              />
            </FormGroup>
          </div>
          <FormGroup
            intent={errors.isDat ? "danger" : "none"}
            helperText={errors.isDat ??
              "DAT users choose between a CY and a branch when they enter the system; other users choose only a branch."}
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
          </FormGroup>
          <fieldset className={`${Classes.FORM_GROUP} lading-role-section${errors.roleDetails ? ` ${Classes.INTENT_DANGER}` : ""}`}>
            <legend className={Classes.LABEL}>Menus</legend>
            <div className="lading-role-grid" id="role-menus" tabIndex={-1} role="group" aria-label="Menus">
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
            {errors.roleDetails && <div className={Classes.FORM_HELPER_TEXT}>{errors.roleDetails}</div>}
          </fieldset>
          {GROUPS.map(({ group, items }) => (
            <fieldset key={group} className={`${Classes.FORM_GROUP} lading-role-section`}>
              <legend className={Classes.LABEL}>{group}</legend>
              <div className="lading-role-grid" role="group" aria-label={group}>
                {items.map((c) => permissionBox(c.id, c.label, `capability-${c.id}`))}
              </div>
            </fieldset>
          ))}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={saving} />
              <Button type="submit" intent="primary" text={saving ? "Saving…" : "Save"} loading={saving} data-testid="save-role" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
