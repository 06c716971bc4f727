import { Callout, Checkbox, Classes, HTMLSelect, Radio, Spinner } from "@blueprintjs/core";
import { useEffect, useState } from "react";
import { userInput } from "../../../../../api/modules/users/schemas.ts";
import { FormDialog, FormField, FormFieldset, TextField } from "../../../components/FormDialog.tsx";
import { useOpenings, useRecord } from "../../../lib/data/load.ts";
import { focusSoon, useFormSave } from "../../../lib/data/save.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import {
  activeBranches,
  activeContainerYards,
  activeRoles,
  type ContainerYard,
  createUser,
  type Role,
  updateUser,
  type User,
  type UserInput,
} from "../api/users.ts";
import {
  type BranchPick,
  branchProblem,
  chooseCurrentCy,
  chooseDefault,
  type CyChoice,
  formFieldErrors,
  formFieldOf,
  isChecked,
  isDefault,
  toggleBranch,
  toggleCy,
} from "./branch-choice.ts";

type TextKey = "userId" | "name" | "email" | "roleId";
type Field = TextKey | "branches" | "allCy" | "userCy";
type Errors = Partial<Record<Field, string>>;

interface Values {
  userId: string;
  name: string;
  email: string;
  roleId: string;
  branches: BranchPick[];
  cy: CyChoice;
}

interface Lookups {
  roles: Pick<Role, "roleId" | "roleName" | "isDat">[];
  branches: { id: number; code: string; name: string }[];
  /** null: the server has no container-yard list yet. */
  cys: ContainerYard[] | null;
}

const FIELDS: readonly Field[] = ["userId", "name", "email", "roleId", "branches", "allCy", "userCy"];

function valuesOf(user: User | null): Values {
  if (!user) return { userId: "", name: "", email: "", roleId: "", branches: [], cy: { allCy: [], userCy: null } };
  return {
    userId: user.userId,
    name: user.name,
    email: user.email,
    roleId: user.roleId,
    branches: user.branches.map((b) => ({ id: b.id, defaultBranch: b.defaultBranch })),
    cy: { allCy: user.allCy.map((c) => c.code), userCy: user.userCy },
  };
}

function inputOf(values: Values): UserInput {
  return {
    userId: values.userId,
    name: values.name,
    email: values.email,
    roleId: values.roleId,
    branches: values.branches,
    allCy: values.cy.allCy,
    userCy: values.cy.userCy,
  };
}

/** The shared contract checks before sending, so slips get the server's own wording without a round trip. */
function check(values: Values): Errors {
  const errors: Errors = {};
  const result = userInput.safeParse(inputOf(values));
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = formFieldOf(issue.path.join(".") || "branches") as Field;
      if (FIELDS.includes(field)) errors[field] ??= issue.message;
    }
  }
  const branches = branchProblem(values.branches);
  if (branches) errors.branches ??= branches;
  return errors;
}

/** A user may hold a branch, CY or role that was deactivated since; keep it listed so saving does not drop it. */
function withHeld(lookups: Lookups, user: User | null): Lookups {
  if (!user) return lookups;
  const roles = lookups.roles.some((r) => r.roleId === user.roleId)
    ? lookups.roles
    : [...lookups.roles, { roleId: user.roleId, roleName: `${user.roleName} (inactive)`, isDat: user.isDat }];
  const branches = [
    ...lookups.branches,
    ...user.branches.filter((b) => !lookups.branches.some((a) => a.id === b.id))
      .map((b) => ({ id: b.id, code: b.branchCode, name: `${b.branchName} (inactive)` })),
  ];
  const cys = lookups.cys === null ? null : [
    ...lookups.cys,
    ...user.allCy.filter((c) => !lookups.cys!.some((a) => a.code === c.code)).map((c) => ({ code: c.code, name: `${c.name} (inactive)` })),
  ];
  return { roles, branches, cys };
}

/** The dialog's lists. Each stands alone: one that fails is reported and left empty, the others still fill the form. */
async function readLookups(user: User | null): Promise<Lookups> {
  const [roles, branches, cys] = await Promise.allSettled([activeRoles(), activeBranches(), activeContainerYards()]);
  for (const result of [roles, branches, cys]) {
    if (result.status === "rejected") notify.error(errorText(result.reason));
  }
  return withHeld({
    roles: roles.status === "fulfilled" ? roles.value : [],
    branches: branches.status === "fulfilled" ? branches.value : [],
    cys: cys.status === "fulfilled" ? cys.value : [],
  }, user);
}

export interface UserDialogProps {
  /** The user to edit; null adds a new one. */
  user: User | null;
  isOpen: boolean;
  onClose: () => void;
  onSaved: () => void;
}

export function UserDialog({ user, isOpen, onClose, onSaved }: UserDialogProps) {
  const [values, setValues] = useState<Values>(valuesOf(user));
  const [errors, setErrors] = useState<Errors>({});
  const { saving, save } = useFormSave();
  const opening = useOpenings(isOpen);
  // Read on every opening: roles, branches and yards change on other screens while this one stays open.
  const lookups = useRecord(opening === null ? null : `${opening}:${user?.id ?? "new"}`, () => readLookups(user), { keepStale: false }).data;

  useEffect(() => {
    if (!isOpen) return;
    setValues(valuesOf(user));
    setErrors({});
  }, [isOpen, user]);

  const setText = (field: TextKey) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const setBranches = (next: (picks: BranchPick[]) => BranchPick[]) => {
    setValues((v) => ({ ...v, branches: next(v.branches) }));
    setErrors((e) => ({ ...e, branches: undefined }));
  };

  const setCy = (next: (choice: CyChoice) => CyChoice) => {
    setValues((v) => ({ ...v, cy: next(v.cy) }));
    setErrors((e) => ({ ...e, allCy: undefined, userCy: undefined }));
  };

  const focusField = (field: Field | undefined) => {
    focusSoon(field === "branches" || field === "allCy" ? `user-${field}-list` : `user-${field ?? "name"}`);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = check(values);
    if (Object.keys(local).length > 0) {
      setErrors(local);
      focusField(FIELDS.find((f) => local[f]));
      return;
    }
    const input = inputOf(values);
    await save(() => (user ? updateUser(user.id, { ...input, dateModified: user.dateModified }) : createUser(input)), {
      onSaved: () => onSaved(),
      onFieldErrors: (apiErrors) => {
        const fieldErrors = formFieldErrors(apiErrors) as Errors;
        setErrors(fieldErrors);
        focusField(FIELDS.find((f) => fieldErrors[f]));
      },
    });
  };

  const selectedRole = lookups?.roles.find((r) => r.roleId === values.roleId);
  const checkedCys = lookups?.cys?.filter((c) => values.cy.allCy.includes(c.code)) ?? [];

  const branchList = () => {
    if (!lookups) return null;
    if (lookups.branches.length === 0) return <p className={Classes.TEXT_MUTED}>No active branches yet.</p>;
    return (
      <div className="lading-check-panel lading-choice-list" id="user-branches-list" tabIndex={-1} role="group" aria-label="Branches">
        {lookups.branches.map((b) => (
          <div key={b.id} className="lading-choice-row">
            <Checkbox
              className="lading-choice-main"
              checked={isChecked(values.branches, b.id)}
              label={`${b.code} · ${b.name}`}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setBranches((picks) => toggleBranch(picks, b.id, checked));
              }}
              disabled={saving}
              data-testid={`branch-${b.code}`}
            />
            <Radio
              name="user-default-branch"
              label="Default"
              aria-label={`Default branch ${b.code}`}
              checked={isDefault(values.branches, b.id)}
              onChange={() => setBranches((picks) => chooseDefault(picks, b.id))}
              disabled={saving}
              data-testid={`default-${b.code}`}
            />
          </div>
        ))}
      </div>
    );
  };

  const cyPart = () => {
    if (!lookups) return null;
    if (lookups.cys === null || lookups.cys.length === 0) {
      return <p className={Classes.TEXT_MUTED} data-testid="user-no-cy">No container yards defined yet</p>;
    }
    return (
      <>
        <div className="lading-check-panel lading-choice-list" id="user-allCy-list" tabIndex={-1} role="group" aria-label="Container yards">
          {lookups.cys.map((cy) => (
            <Checkbox
              key={cy.code}
              checked={values.cy.allCy.includes(cy.code)}
              label={`${cy.code} · ${cy.name}`}
              onChange={(e) => {
                const checked = e.currentTarget.checked;
                setCy((choice) => toggleCy(choice, cy.code, checked));
              }}
              disabled={saving}
              data-testid={`cy-${cy.code}`}
            />
          ))}
        </div>
        <FormField
          label="Current CY"
          id="user-userCy"
          className="lading-gap-top"
          error={errors.userCy}
          helper={checkedCys.length === 0 ? "Check a CY above to choose the current one." : undefined}
        >
          <HTMLSelect
            id="user-userCy"
            fill
            value={values.cy.userCy ?? ""}
            onChange={(e) => {
              const code = e.currentTarget.value;
              setCy((choice) => chooseCurrentCy(choice, code));
            }}
            disabled={saving || checkedCys.length === 0}
            data-testid="user-userCy"
          >
            <option value="">None</option>
            {checkedCys.map((cy) => <option key={cy.code} value={cy.code}>{cy.code} · {cy.name}</option>)}
          </HTMLSelect>
        </FormField>
      </>
    );
  };

  return (
    <FormDialog
      isOpen={isOpen}
      title={user ? `Edit user ${user.userId}` : "New user"}
      className="lading-user-dialog lading-full-controls"
      saving={saving}
      onClose={onClose}
      onSubmit={submit}
      formTestId="user-dialog"
      saveTestId="save-user"
      saveDisabled={!lookups}
    >
      <TextField
        label="User ID"
        id="user-userId"
        required
        error={errors.userId}
        helper={user ? "The user ID cannot change once the user exists." : "Letters, digits, '.', '_', '@' and '-'; used to sign in."}
        value={values.userId}
        onValueChange={setText("userId")}
        readOnly={user !== null}
        maxLength={50}
        autoFocus={user === null}
        autoComplete="off"
        data-testid="user-userId"
      />
      <TextField
        label="Name"
        id="user-name"
        required
        error={errors.name}
        value={values.name}
        onValueChange={setText("name")}
        maxLength={120}
        autoFocus={user !== null}
        data-testid="user-name"
      />
      <TextField
        label="Email"
        id="user-email"
        required
        error={errors.email}
        helper={user ? undefined : "The set-up link is sent to this address."}
        type="email"
        value={values.email}
        onValueChange={setText("email")}
        maxLength={200}
        autoComplete="off"
        data-testid="user-email"
      />
      <FormField label="Role" id="user-roleId" required error={errors.roleId}>
        <HTMLSelect
          id="user-roleId"
          fill
          value={values.roleId}
          onChange={(e) => setText("roleId")(e.currentTarget.value)}
          disabled={!lookups}
          data-testid="user-role"
        >
          <option value="">{lookups ? "Choose a role…" : "Loading roles…"}</option>
          {lookups?.roles.map((r) => (
            <option key={r.roleId} value={r.roleId}>{r.roleId} · {r.roleName}{r.isDat ? " (DAT)" : ""}</option>
          ))}
        </HTMLSelect>
      </FormField>
      {!lookups ? (
        <Spinner size={20} aria-label="Loading branches and container yards" />
      ) : (
        <>
          <FormFieldset
            className="lading-choice-group"
            legend="Branches"
            error={errors.branches}
            helper="Check the branches the user works in and mark one as the default."
          >
            {branchList()}
          </FormFieldset>
          <FormFieldset
            className="lading-choice-group"
            legend="Container yards (CY)"
            error={errors.allCy}
            helper={selectedRole?.isDat ? "This role is DAT: on entry the user chooses between a CY and a branch." : undefined}
          >
            {cyPart()}
          </FormFieldset>
        </>
      )}
      {!user && (
        <Callout intent="primary" compact icon={null} className="lading-gap-top">
          Saving sends the new user an email with a link to set their password.
        </Callout>
      )}
    </FormDialog>
  );
}
