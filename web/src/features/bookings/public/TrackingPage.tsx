import "./public.css";
import { Button, Callout, Card, H3, InputGroup, Spinner } from "@blueprintjs/core";
import { Circle, Search, TickCircle } from "@blueprintjs/icons";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { serverMessage } from "../../../lib/api.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { trackingLabel } from "../../../lib/labels.ts";
import { CARGO_STAGES, readTracking, type TrackingView } from "../api/public.ts";

type Load = { state: "idle" } | { state: "loading" } | { state: "ready"; view: TrackingView } | { state: "failed"; message: string };

interface Milestone {
  key: string;
  label: string;
  reachedAt: string | null;
  /** data-testid of the line and of its date. */
  testId: string;
  reachedTestId: string;
}

/**
 * The booking's own steps first, then the ten cargo stages, in the order the cargo goes through them, each in
 * the customer's words rather than the yard's.
 */
function milestones(view: TrackingView): Milestone[] {
  const steps = view.steps.map((step, n) => ({
    key: `step-${n}`,
    label: trackingLabel(step.label),
    reachedAt: step.reachedAt,
    testId: `tracking-step-${n}`,
    reachedTestId: `tracking-step-reached-${n}`,
  }));
  const stages = [...view.stages].sort((a, b) => a.index - b.index).map((stage) => ({
    key: `stage-${stage.index}`,
    label: trackingLabel(stage.label || CARGO_STAGES[stage.index] || `Stage ${stage.index}`),
    reachedAt: stage.reachedAt,
    testId: `tracking-stage-${stage.index}`,
    reachedTestId: `tracking-reached-${stage.index}`,
  }));
  return [...steps, ...stages];
}

/**
 * /booking/shipmentTracking[/{bookingRef}]: anyone with a booking reference, signed in or not, sees where the
 * cargo is. The reference lives in the address so a tracking page can be bookmarked or sent on.
 */
export default function TrackingPage({ params }: PageProps) {
  const bookingRef = (params.bookingRef ?? "").trim();
  const [, navigate] = useLocation();
  const [search, setSearch] = useState(bookingRef);
  // A reference that is not found is said on the page, not in a notice.
  const tracking = useRecord(bookingRef || null, (ref) => readTracking(ref).then((r) => r.data), { keepStale: false, quiet: () => true });
  const load: Load = !bookingRef ? { state: "idle" }
    : tracking.loading ? { state: "loading" }
    : tracking.error !== null ? { state: "failed", message: serverMessage(tracking.error) }
    : tracking.data ? { state: "ready", view: tracking.data }
    : { state: "loading" };

  useEffect(() => {
    setSearch(bookingRef);
  }, [bookingRef]);

  const find = (event: React.FormEvent) => {
    event.preventDefault();
    const ref = search.trim();
    if (ref) navigate(pathTo(PAGES.shipmentTrackingOf, { bookingRef: ref }));
  };

  return (
    <div className="lading-public-page" data-testid="tracking-page">
      <header>
        <H3 className="lading-public-title" data-testid="page-title">Track your shipment</H3>
        <p className="bp6-text-muted">Enter the booking reference you received to see where your cargo is.</p>
      </header>

      <form className="lading-tracking-search" onSubmit={find} role="search">
        <InputGroup
          aria-label="Booking reference"
          placeholder="Booking reference"
          leftIcon={<Search />}
          value={search}
          onValueChange={setSearch}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          fill
          data-testid="tracking-search"
        />
        <Button type="submit" intent="primary" text="Track" disabled={search.trim() === ""} data-testid="tracking-search-submit" />
      </form>

      {load.state === "loading" && <Spinner size={30} />}
      {load.state === "failed" && (
        <Callout intent="warning" role="alert" data-testid="tracking-error">{load.message}</Callout>
      )}
      {load.state === "ready" && <TrackingResult view={load.view} />}
    </div>
  );
}

function TrackingResult({ view }: { view: TrackingView }) {
  const lines = milestones(view);
  const latest = [...lines].reverse().find((line) => line.reachedAt);
  return (
    <>
      <Card className="lading-public-facts" data-testid="tracking-result">
        <dl className="lading-kv lading-kv-plain">
          <dt>Booking</dt>
          <dd data-testid="tracking-ref">{view.bookingRef}</dd>
          <dt>Origin</dt>
          <dd data-testid="tracking-origin">{view.origin}</dd>
          <dt>Destination</dt>
          <dd data-testid="tracking-destination">{view.destination}</dd>
          <dt>Vessel</dt>
          <dd data-testid="tracking-vessel">{view.vessel || "—"}</dd>
          <dt>Voyage</dt>
          <dd data-testid="tracking-voyage">{view.voyage || "—"}</dd>
          <dt>Latest</dt>
          <dd data-testid="tracking-latest">{latest ? `${latest.label}, ${formatDateTime(latest.reachedAt)}` : "—"}</dd>
        </dl>
      </Card>

      <Card className="lading-public-card">
        <ol className="lading-timeline" data-testid="tracking-timeline">
          {lines.map((line) => {
            const reached = line.reachedAt !== null;
            return (
              <li key={line.key} className={reached ? "is-reached" : undefined} data-testid={line.testId} data-reached={reached}>
                <span className="lading-timeline-mark" aria-hidden="true">{reached ? <TickCircle size={18} /> : <Circle size={18} />}</span>
                <span className="lading-timeline-text">
                  <span className="lading-timeline-label">{line.label}</span>
                  {reached ? (
                    <span className="lading-timeline-when" data-testid={line.reachedTestId}>{formatDateTime(line.reachedAt)}</span>
                  ) : (
                    <span className="lading-timeline-when bp6-text-muted">Not yet reached</span>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      </Card>
    </>
  );
}
