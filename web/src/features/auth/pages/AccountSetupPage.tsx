import { AnchorButton, Button, Callout, Card, FormGroup, H3, InputGroup } from "@blueprintjs/core";
import { Lock, LogIn } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES } from "../../../lib/paths.ts";
import { setupAccount } from "../../../lib/account.ts";
import { ApiError, serverMessage } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { errorText, notify } from "../../../lib/notify.ts";
import { AFTER_SUCCESS_DELAY_MS } from "../../../lib/session-rules.ts";
import { checkNewPassword, type PasswordErrors } from "../../../lib/password-check.ts";

const SETUP_DONE = "Congratulations! You successfully setup your account. You can now login.";

/** /account/setup/u/{userId}/{token}: the emailed link where a new user chooses a password. */
export default function AccountSetupPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const userId = params.userId ?? "";
  const token = params.token ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<PasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!done) return;
    const timer = setTimeout(() => navigate(PAGES.signIn, { replace: true }), AFTER_SUCCESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [done, navigate]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const local = checkNewPassword(password, confirm);
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    setSaving(true);
    try {
      const result = await whileSaving(() => setupAccount(userId, token, password));
      const message = result.message || SETUP_DONE;
      notify.success(message);
      setDone(message);
    } catch (error) {
      notify.error(errorText(error));
      // The server judges the password (common ones are refused) and the link; show its words where they belong.
      const fields = error instanceof ApiError ? error.fieldErrors : {};
      if (fields.password) setErrors({ password: fields.password });
      setFailure(fields.token ?? (fields.password ? null : serverMessage(error)));
    } finally {
      setSaving(false);
    }
  };

  const goSignIn = (event: React.MouseEvent) => {
    event.preventDefault();
    navigate(PAGES.signIn);
  };

  return (
    <div className="lading-signin" data-testid="account-setup-page">
      <Card elevation={1} className="lading-signin-card">
        <H3>Set up your account</H3>
        {done ? (
          <>
            <Callout intent="success" className="lading-form-error" data-testid="setup-result">{done}</Callout>
            <AnchorButton intent="primary" fill icon={<LogIn />} text="Sign in" href={PAGES.signIn} onClick={goSignIn} data-testid="setup-signin" />
          </>
        ) : (
          <>
            <p className="bp6-text-muted">
              Choose the password for <strong>{userId}</strong>. Use at least 8 characters; a passphrase of a few words is easy to
              remember and hard to guess.
            </p>
            <form onSubmit={submit} noValidate data-testid="setup-form">
              <FormGroup label="New password" labelFor="setup-password" intent={errors.password ? "danger" : "none"} helperText={errors.password}>
                <InputGroup
                  id="setup-password"
                  type="password"
                  autoComplete="new-password"
                  leftIcon={<Lock />}
                  value={password}
                  onValueChange={(value) => {
                    setPassword(value);
                    setErrors((e) => ({ ...e, password: undefined }));
                  }}
                  intent={errors.password ? "danger" : "none"}
                  autoFocus
                  data-testid="setup-password"
                />
              </FormGroup>
              <FormGroup label="Confirm password" labelFor="setup-confirm" intent={errors.confirm ? "danger" : "none"} helperText={errors.confirm}>
                <InputGroup
                  id="setup-confirm"
                  type="password"
                  autoComplete="new-password"
                  leftIcon={<Lock />}
                  value={confirm}
                  onValueChange={(value) => {
                    setConfirm(value);
                    setErrors((e) => ({ ...e, confirm: undefined }));
                  }}
                  intent={errors.confirm ? "danger" : "none"}
                  data-testid="setup-confirm"
                />
              </FormGroup>
              {failure && (
                <Callout intent="danger" className="lading-form-error" role="alert" data-testid="setup-error">{failure}</Callout>
              )}
              <Button type="submit" intent="primary" fill text={saving ? "Saving…" : "Set password"} loading={saving} data-testid="setup-submit" />
            </form>
            <p className="lading-signin-links">
              <a href={PAGES.signIn} onClick={goSignIn}>Back to sign in</a>
            </p>
          </>
        )}
      </Card>
    </div>
  );
}
