import { Button, Callout, Card, H3, Spinner } from "@blueprintjs/core";
import { Refresh } from "@blueprintjs/icons";
import { LogoMark } from "../components/Logo.tsx";

// These two screens are in the main bundle on purpose: when the server runs another version, the page
// chunks this client knows by name may no longer exist there.

export function LoadingScreen() {
  return (
    <div className="lading-center-screen" data-testid="loading-screen" aria-busy="true">
      <LogoMark size={40} />
      <Spinner size={24} />
      <span className="bp6-text-muted">Loading Lading…</span>
    </div>
  );
}

export function VersionMismatchScreen({ serverVersion, appVersion }: { serverVersion: string; appVersion: string }) {
  return (
    <div className="lading-center-screen" data-testid="version-mismatch">
      <Card className="lading-narrow-card">
        <H3>Version mismatch</H3>
        <Callout intent="warning">
          <p data-testid="version-mismatch-text">
            Server version {serverVersion}, this app version {appVersion}.
          </p>
          <p>This page was loaded from another release than the server now runs. Reload to get the server's version.</p>
        </Callout>
        <Button intent="primary" className="lading-self-start" icon={<Refresh />} text="Reload" onClick={() => location.reload()} data-testid="reload-button" />
      </Card>
    </div>
  );
}
