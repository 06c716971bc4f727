import { Callout } from "@blueprintjs/core";
import { PageHeader } from "../../components/PageHeader.tsx";
import type { PageProps } from "../../lib/paths.ts";

/** Stands in for a screen whose module is not written yet; it shows no data rather than invented data. */
export default function NotBuiltPage({ route, params }: PageProps) {
  const given = Object.entries(params).filter(([, value]) => value);
  return (
    <div className="lading-page" data-testid="not-built">
      <PageHeader title={route.title} />
      <Callout intent="primary" title="Not built yet">
        The {route.title} screen is not built yet.
        {given.length > 0 && (
          <> Requested: {given.map(([key, value]) => `${key} ${value}`).join(", ")}.</>
        )}
      </Callout>
    </div>
  );
}
