import { Card, Classes, Spinner, Tag } from "@blueprintjs/core";
import { Suspense } from "react";
import { useAtomValue } from "jotai";
import { AppLink, PageHeader } from "../../components/PageHeader.tsx";
import { signedInUserAtom } from "../../lib/session.ts";
import type { PageProps } from "../../lib/paths.ts";
import { childScreens, mayOpen, NotBuiltPage } from "../routes.tsx";

/**
 * The landing page of an area (Master Data, Voyage, ...): its screens, with the ones still to come marked, and
 * the area's own panel under them when it has one.
 */
export default function AreaPage({ route }: PageProps) {
  const user = useAtomValue(signedInUserAtom);
  const screens = childScreens(route.path).filter((screen) => mayOpen(user, screen));
  return (
    <div className="lading-page" data-testid="area-page">
      <PageHeader title={route.title} />
      <Card className="lading-card-list">
        <ul className="lading-link-list">
          {screens.map((screen) => (
            <li key={screen.path}>
              <AppLink to={screen.path} data-testid={`area-link-${screen.path.split("/").pop()}`}>{screen.title}</AppLink>
              {screen.page === NotBuiltPage && <Tag minimal className={Classes.TEXT_MUTED}>not built yet</Tag>}
            </li>
          ))}
        </ul>
        {screens.length === 0 && <p className={Classes.TEXT_MUTED}>This area has no screens yet.</p>}
      </Card>
      {route.panel && (
        <Suspense fallback={<Spinner size={24} />}>
          <route.panel />
        </Suspense>
      )}
    </div>
  );
}
