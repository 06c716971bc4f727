import "../home.css";
import { Callout, Card, Classes, H5, NonIdealState, Spinner, Tag } from "@blueprintjs/core";
import { Tick } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { AppLink } from "../../../components/PageHeader.tsx";
import { loadWaiting, type WaitingItem } from "../api/home.ts";

type State = { kind: "loading" } | { kind: "ready"; items: WaitingItem[]; message?: string } | { kind: "failed"; message: string };

/**
 * What waits for the signed-in user (issue 26, Build 5): a card per list with something for them, its count and
 * a link to the list; a calm word when nothing waits.
 */
export function WaitingCards() {
  const [state, setState] = useState<State>({ kind: "loading" });
  useEffect(() => {
    let live = true;
    loadWaiting().then(
      (answer) => live && setState({ kind: "ready", items: answer.data, message: answer.message }),
      (err: unknown) => live && setState({ kind: "failed", message: err instanceof Error ? err.message : String(err) }),
    );
    return () => {
      live = false;
    };
  }, []);

  if (state.kind === "loading") return <Spinner size={24} aria-label="Loading what waits for you" className="lading-waiting-state" />;
  if (state.kind === "failed") {
    return <Callout intent="warning" title="What waits for you could not be loaded" data-testid="home-waiting-error">{state.message}</Callout>;
  }
  if (state.items.length === 0) {
    return (
      <div className="lading-waiting-state" data-testid="home-nothing-waits">
        <NonIdealState icon={<Tick size={32} />} title={state.message ?? "Nothing waits for you"} />
      </div>
    );
  }
  return (
    <section aria-label="Waiting for you" className="lading-waiting-grid" data-testid="home-waiting">
      {state.items.map((item) => (
        <Card key={item.key} compact className="lading-waiting-card" data-testid={`home-waiting-${item.key}`}>
          <AppLink to={item.link} className="lading-waiting-link">
            <Tag large round intent="primary" className="lading-waiting-count" data-testid="home-waiting-count">{item.count}</Tag>
            <H5 className="lading-waiting-label">{item.label}</H5>
          </AppLink>
          <span className={Classes.TEXT_MUTED}>Open the list</span>
        </Card>
      ))}
    </section>
  );
}
