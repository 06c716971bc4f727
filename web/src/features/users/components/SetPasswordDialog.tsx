import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, UL } from "@blueprintjs/core";
import { EyeOff, EyeOpen } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { USER_MESSAGES } from "../../../../../api/modules/users/schemas.ts";
import { ApiError } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { checkNewPassword } from "../../../lib/password-check.ts";
import { setUserPassword, type User } from "../api/users.ts";

type Field = "password" | "confirm";
type Errors = Partial<Record<Field, string>>;

export interface SetPasswordDialogProps {
  /** The user whose password is set; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
}

export function SetPasswordDialog({ user, onClose }: SetPasswordDialogProps) {
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [shown, setShown] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    // A password typed for one user must never be left in the box for the next.
    setPassword("");
    setConfirm("");
    setShown(false);
    setErrors({});
  }, [user]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const local = checkNewPassword(password, confirm);
    if (local.password || local.confirm) {
      setErrors(local);
      setTimeout(() => document.getElementById(local.password ? "set-password-new" : "set-password-confirm")?.focus());
      return;
    }
    setSaving(true);
    try {
      const result = await whileSaving(() => setUserPassword(user.userId, password));
      notify.success(result?.message ?? USER_MESSAGES.passwordChanged);
      onClose();
    } catch (error) {
      notify.error(errorText(error));
      if (error instanceof ApiError) {
        const fieldError = error.fieldErrors.password ?? Object.values(error.fieldErrors)[0];
        if (fieldError) {
          setErrors({ password: fieldError });
          setTimeout(() => document.getElementById("set-password-new")?.focus());
        }
      }
    } finally {
      setSaving(false);
    }
  };

  const reveal = (
    <Button
      variant="minimal"
      icon={shown ? <EyeOff /> : <EyeOpen />}
      aria-label={shown ? "Hide password" : "Show password"}
      title={shown ? "Hide password" : "Show password"}
      onClick={() => setShown((s) => !s)}
    />
  );

  return (
    <Dialog
      isOpen={user !== null}
      onClose={saving ? undefined : onClose}
      canEscapeKeyClose={!saving}
      canOutsideClickClose={false}
      title={user ? `Set password for ${user.userId}` : "Set password"}
      className="lading-form-dialog"
    >
      <form onSubmit={submit} noValidate data-testid="set-password-dialog">
        <DialogBody>
          <p>The new password replaces the current one at once; share it with {user?.name ?? "the user"} in a safe way.</p>
          <UL className="lading-password-rules">
            <li>At least 8 characters; a long passphrase is welcome.</li>
            <li>Common passwords are refused.</li>
          </UL>
          <FormGroup label="New password" labelFor="set-password-new" labelInfo="*" intent={errors.password ? "danger" : "none"} helperText={errors.password}>
            <InputGroup
              id="set-password-new"
              type={shown ? "text" : "password"}
              value={password}
              onValueChange={(value) => {
                setPassword(value);
                setErrors((e) => ({ ...e, password: undefined }));
              }}
              intent={errors.password ? "danger" : "none"}
              autoComplete="new-password"
              autoFocus
              rightElement={reveal}
              data-testid="set-password-new"
            />
          </FormGroup>
          <FormGroup label="Confirm password" labelFor="set-password-confirm" labelInfo="*" intent={errors.confirm ? "danger" : "none"} helperText={errors.confirm}>
            <InputGroup
              id="set-password-confirm"
              type={shown ? "text" : "password"}
              value={confirm}
              onValueChange={(value) => {
                setConfirm(value);
                setErrors((e) => ({ ...e, confirm: undefined }));
              }}
              intent={errors.confirm ? "danger" : "none"}
              autoComplete="new-password"
              data-testid="set-password-confirm"
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text="Cancel" onClick={onClose} disabled={saving} />
              <Button type="submit" intent="primary" text={saving ? "Saving…" : "Set password"} loading={saving} data-testid="save-password" />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
