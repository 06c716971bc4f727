import { Callout, Card, HTMLTable } from "@blueprintjs/core";
import { useAtomValue } from "jotai";
import { PageHeader } from "../../components/PageHeader.tsx";
import { serverVersionAtom } from "../../lib/session.ts";

export default function VersionPage() {
  const serverVersion = useAtomValue(serverVersionAtom);
  return (
    <div className="lading-page lading-page-narrow" data-testid="version-page">
      <PageHeader title="Version information" />
      <Card>
        <HTMLTable compact className="lading-kv">
          <tbody>
            <tr>
              <th>This app version</th>
              <td data-testid="app-version">{__APP_VERSION__}</td>
            </tr>
            <tr>
              <th>Server version</th>
              <td data-testid="server-version">{serverVersion ?? "Unknown (the server did not answer)"}</td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>
      {serverVersion === __APP_VERSION__ && (
        <Callout intent="success" className="lading-gap-top">The app and the server run the same version.</Callout>
      )}
    </div>
  );
}
