import { AnchorButton, Callout, Card } from "@blueprintjs/core";
import { History } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useLocation } from "wouter";
import { PageHeader } from "../../components/PageHeader.tsx";
import { serverVersionAtom, signedInUserAtom } from "../../lib/session.ts";
import { PAGES } from "../../lib/paths.ts";

export default function VersionPage() {
  const serverVersion = useAtomValue(serverVersionAtom);
  const user = useAtomValue(signedInUserAtom);
  const [, navigate] = useLocation();
  // The release notes are for staff: a visitor would only be sent to sign in.
  const whatsNew = user && (
    <AnchorButton
      icon={<History />}
      text="What's new"
      href={PAGES.whatsNew}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        navigate(PAGES.whatsNew);
      }}
      data-testid="whats-new-link"
    />
  );
  return (
    <div className="lading-page lading-page-narrow" data-testid="version-page">
      <PageHeader title="Version information" actions={whatsNew} />
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
