import { Button, Callout, Card, FormGroup, H3, InputGroup } from "@blueprintjs/core";
import { Lock, User } from "@blueprintjs/icons";
import { useState } from "react";
import { useLocation, useSearch } from "wouter";
import { AppLink } from "../../components/PageHeader.tsx";
import { serverMessage } from "../../lib/api.ts";
import { signIn } from "../../lib/auth.ts";
import { notify } from "../../lib/notify.ts";
import { PAGES } from "../../lib/paths.ts";

/** Only same-site paths: a crafted link must not bounce a fresh session to another site. */
function safeNext(search: string): string {
  const next = new URLSearchParams(search).get("next");
  return next && next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : "/";
}

export default function SignInPage() {
  const [, navigate] = useLocation();
  const search = useSearch();
  const [userId, setUserId] = useState("");
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      await signIn(userId.trim(), password);
      navigate(safeNext(search), { replace: true });
    } catch (error) {
      // The server's own words: a wrong password and a locked account (429) read differently.
      const message = serverMessage(error);
      setFailure(message);
      notify.error(message);
      setBusy(false);
    }
  };

  return (
    <div className="lading-signin">
      <Card elevation={1} className="lading-signin-card">
        <H3>Sign in</H3>
        <p className="bp6-text-muted">Use the user id and password your administrator gave you.</p>
        <form onSubmit={submit} noValidate data-testid="signin-form">
          <FormGroup label="User id" labelFor="signin-user-id">
            <InputGroup
              id="signin-user-id"
              name="userId"
              autoComplete="username"
              leftIcon={<User />}
              value={userId}
              onValueChange={setUserId}
              autoFocus
              required
            />
          </FormGroup>
          <FormGroup label="Password" labelFor="signin-password">
            <InputGroup
              id="signin-password"
              name="password"
              type="password"
              autoComplete="current-password"
              leftIcon={<Lock />}
              value={password}
              onValueChange={setPassword}
              required
            />
          </FormGroup>
          {failure && (
            <Callout intent="danger" className="lading-form-error" data-testid="signin-error" role="alert">
              {failure}
            </Callout>
          )}
          <Button
            type="submit"
            intent="primary"
            fill
            text="Sign in"
            loading={busy}
            disabled={userId.trim() === "" || password === ""}
            data-testid="signin-submit"
          />
        </form>
        <p className="lading-signin-links">
          <AppLink to={PAGES.resetPassword} data-testid="forgot-password">Forgot password?</AppLink>
        </p>
      </Card>
    </div>
  );
}
