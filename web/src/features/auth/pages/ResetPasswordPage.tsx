import { Button, Callout, Card, FormGroup, H3, InputGroup, type Intent } from "@blueprintjs/core";
import { User } from "@blueprintjs/icons";
import { useState } from "react";
import { useLocation } from "wouter";
import { requestPasswordReset } from "../../../lib/account.ts";
import { serverMessage } from "../../../lib/api.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { PAGES } from "../../../lib/paths.ts";

/**
 * /resetPassword: asks for a reset link by user id. The server answers the same whether or not the user id
 * exists, so this page never tells anyone which accounts there are.
 */
export default function ResetPasswordPage() {
  const [, navigate] = useLocation();
  const [userId, setUserId] = useState("");
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<{ intent: Intent; text: string } | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const id = userId.trim();
    if (id === "") return;
    setSending(true);
    setResult(null);
    try {
      const answer = await whileSaving(() => requestPasswordReset(id));
      setResult({ intent: "success", text: answer.message });
    } catch (error) {
      setResult({ intent: "danger", text: serverMessage(error) });
    } finally {
      setSending(false);
    }
  };

  return (
    <div className="lading-signin" data-testid="reset-password-page">
      <Card elevation={1} className="lading-signin-card">
        <H3>Reset password</H3>
        <p className="bp6-text-muted">Enter your user id. If your account has an email address, a link to choose a new password is sent there.</p>
        <form onSubmit={submit} noValidate data-testid="reset-form">
          <FormGroup label="User id" labelFor="reset-user-id">
            <InputGroup
              id="reset-user-id"
              name="userId"
              autoComplete="username"
              leftIcon={<User />}
              value={userId}
              onValueChange={setUserId}
              autoFocus
              required
              data-testid="reset-userId"
            />
          </FormGroup>
          {result && (
            <Callout intent={result.intent} className="lading-form-error" role="status" data-testid="reset-result">{result.text}</Callout>
          )}
          <Button
            type="submit"
            intent="primary"
            fill
            text="Send reset link"
            loading={sending}
            disabled={userId.trim() === ""}
            data-testid="reset-submit"
          />
        </form>
        <p className="lading-signin-links">
          <a href={PAGES.signIn} onClick={(e) => { e.preventDefault(); navigate(PAGES.signIn); }} data-testid="reset-back">Back to sign in</a>
        </p>
      </Card>
    </div>
  );
}
