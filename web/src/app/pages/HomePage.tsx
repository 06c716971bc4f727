import { Card, Classes, H5 } from "@blueprintjs/core";
import { useAtomValue } from "jotai";
import { AppLink, PageHeader } from "../../components/PageHeader.tsx";
import { WaitingCards } from "../../features/home/components/WaitingCards.tsx";
import { signedInUserAtom } from "../../lib/session.ts";
import { SIDE_MENU } from "../navigation.tsx";
import { canAccess } from "../routes.tsx";

export default function HomePage() {
  const user = useAtomValue(signedInUserAtom);
  if (!user) return null;
  const areas = SIDE_MENU.filter((entry) => entry.path !== "/" && canAccess(user, entry.access));
  return (
    <div className="lading-page" data-testid="home-page">
      <PageHeader title={`Welcome, ${user.name}`} />
      <p className={Classes.TEXT_MUTED}>
        Signed in as {user.userId} ({user.roleName}).
      </p>
      <H5>Waiting for you</H5>
      <WaitingCards />
      <H5>Your areas</H5>
      <div className="lading-tile-grid">
        {areas.map((entry) => (
          <Card key={entry.path} compact className="lading-tile">
            <AppLink to={entry.path} className="lading-tile-link">
              {entry.icon}
              <H5>{entry.label}</H5>
            </AppLink>
          </Card>
        ))}
      </div>
      {areas.length === 0 && (
        <Card className="lading-gap-top">Your role does not open any area yet. Ask your administrator for access.</Card>
      )}
    </div>
  );
}
