import { Button, Card, FormGroup, H5, InputGroup, Tag } from "@blueprintjs/core";
import { Edit, Key } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useState } from "react";
import { useLocation } from "wouter";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { changePassword } from "../../../lib/account.ts";
import { ApiError } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { checkNewPassword } from "../../../lib/password-check.ts";
import { type SessionUser, signedInUserAtom } from "../../../lib/session.ts";
import { PAGES, pathTo } from "../../../lib/paths.ts";

type PasswordField = "current" | "password" | "confirm";

/** Current, new and confirmation; the server keeps this device signed in after the change. */
function ChangePasswordForm({ user }: { user: SessionUser }) {
  const [values, setValues] = useState<Record<PasswordField, string>>({ current: "", password: "", confirm: "" });
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});
  const [saving, setSaving] = useState(false);

  const set = (field: PasswordField) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local: Partial<Record<PasswordField, string>> = { ...checkNewPassword(values.password, values.confirm) };
    if (values.current === "") local.current = "Enter your current password";
    setErrors(local);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const result = await whileSaving(() => changePassword(user, values.current, values.password));
      notify.success(result.message || "User Change Password successfully");
      setValues({ current: "", password: "", confirm: "" });
    } catch (error) {
      notify.error(errorText(error));
      if (error instanceof ApiError) {
        const fields = error.fieldErrors;
        setErrors({ current: fields.oldPass, password: fields.password });
      }
    } finally {
      setSaving(false);
    }
  };

  const field = (name: PasswordField, label: string, autoComplete: string) => (
    <FormGroup label={label} labelFor={`account-${name}`} intent={errors[name] ? "danger" : "none"} helperText={errors[name]}>
      <InputGroup
        id={`account-${name}`}
        type="password"
        autoComplete={autoComplete}
        value={values[name]}
        onValueChange={set(name)}
        intent={errors[name] ? "danger" : "none"}
        disabled={saving}
        data-testid={`account-${name}-password`}
      />
    </FormGroup>
  );

  return (
    <Card className="lading-account-card">
      <H5>Change password</H5>
      <form onSubmit={submit} noValidate data-testid="change-password-form">
        {/* Lets password managers tie the new password to the right account. */}
        <input type="text" name="username" autoComplete="username" value={user.userId} readOnly hidden />
        {field("current", "Current password", "current-password")}
        {field("password", "New password", "new-password")}
        {field("confirm", "Confirm new password", "new-password")}
        <Button type="submit" intent="primary" icon={<Key />} text={saving ? "Saving…" : "Change password"} loading={saving} data-testid="change-password-submit" />
      </form>
    </Card>
  );
}

/** /myAccount: the signed-in user's own profile. */
export default function MyAccountPage() {
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  if (!user) return null;
  const cy = user.userCy ? `${user.userCyName ?? user.userCy} (${user.userCy})` : "None chosen";
  return (
    <div className="lading-page lading-page-narrow" data-testid="my-account-page">
      <PageHeader
        title="My profile"
        actions={
          <Button icon={<Edit />} text="Edit" onClick={() => navigate(pathTo(PAGES.editProfile, { id: user.id }))} data-testid="edit-profile" />
        }
      />
      <Card className="lading-account-card">
        <dl className="lading-kv lading-kv-plain">
          <dt>User id</dt>
          <dd data-testid="profile-userId">{user.userId}</dd>
          <dt>Name</dt>
          <dd data-testid="profile-name">{user.name}</dd>
          <dt>Email</dt>
          <dd data-testid="profile-email">{user.email || "No email on file"}</dd>
          <dt>Role</dt>
          <dd data-testid="profile-role">{user.roleName} ({user.roleId})</dd>
          <dt>Branches</dt>
          <dd data-testid="profile-branches">
            {user.branches.length === 0 ? "No branch" : (
              <span className="lading-tag-row">
                {user.branches.map((branch) => (
                  <Tag
                    key={branch.id}
                    minimal={!branch.defaultBranch}
                    intent={branch.defaultBranch ? "primary" : "none"}
                    data-testid={`profile-branch-${branch.branchCode}`}
                  >
                    {branch.branchName}
                    {branch.defaultBranch ? " · default" : ""}
                  </Tag>
                ))}
              </span>
            )}
          </dd>
          <dt>CY</dt>
          <dd data-testid="profile-cy">{cy}</dd>
        </dl>
      </Card>
      <ChangePasswordForm user={user} />
    </div>
  );
}
