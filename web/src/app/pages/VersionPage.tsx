import { Callout, Card } from "@blueprintjs/core";
import { useAtomValue } from "jotai";
import { PageHeader } from "../../components/PageHeader.tsx";
import { serverVersionAtom } from "../../lib/session.ts";

export default function VersionPage() {
  const serverVersion = useAtomValue(serverVersionAtom);
  return (
    <div className="lading-page lading-page-narrow" data-testid="version-page">
      <PageHeader title="Version information" />
      <Card>
        <dl className="lading-kv">
          <dt>This app version</dt>
          <dd data-testid="app-version">{__APP_VERSION__}</dd>
          <dt>Server version</dt>
          <dd data-testid="server-version">{serverVersion ?? "Unknown (the server did not answer)"}</dd>
        </dl>
      </Card>
      {serverVersion === __APP_VERSION__ && (
        <Callout intent="success" className="lading-gap-top">The app and the server run the same version.</Callout>
      )}
    </div>
  );
}
