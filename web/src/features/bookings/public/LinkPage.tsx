import "./public.css";
import { Button, Callout, Card, H3, NonIdealState, Spinner } from "@blueprintjs/core";
import { Disable, Refresh } from "@blueprintjs/icons";
import { useState } from "react";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";
import { ApiError, serverMessage } from "../../../lib/api.ts";
import { useRecord } from "../../../lib/data/load.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { whileSaving } from "../../../lib/leave-guard.ts";
import { type LinkView, readLink, submitLink } from "../api/public.ts";
import { type BookingForm, type BookingProblems, checkForms, formOf, inputOf, sortServerErrors } from "./link-form.ts";
import { LinkBookingCard } from "./LinkBookingCard.tsx";

type Load =
  | { state: "loading" }
  | { state: "ready"; view: LinkView }
  /** The link cannot be used (used, expired, never issued): the server's words and nothing else. */
  | { state: "closed"; message: string }
  | { state: "failed"; message: string };

/**
 * /booking/link/t/{token}: the customer completes the bookings staff prepared for them (consignee, pick-up,
 * delivery, cargo) and submits the whole batch at once. The link works once and expires.
 */
export default function LinkPage({ params }: PageProps) {
  const token = params.token ?? "";
  const [, navigate] = useLocation();
  const [forms, setForms] = useState<BookingForm[]>([]);
  const [problems, setProblems] = useState<BookingProblems>({});
  const [failure, setFailure] = useState<{ message: string; details: string[] } | null>(null);
  const [saving, setSaving] = useState(false);

  // A closed or failed link is said on the page, not in a notice.
  const link = useRecord(token, () => readLink(token).then((r) => r.data), {
    keepStale: false,
    quiet: () => true,
    onAnswer: (view) => setForms(view.bookings.map(formOf)),
  });
  const fetchView = link.reload;
  const closed = link.error instanceof ApiError && (link.error.status === 404 || link.error.status === 410);
  const load: Load = link.loading || (link.error === null && !link.data) ? { state: "loading" }
    : link.error !== null ? { state: closed ? "closed" : "failed", message: serverMessage(link.error) }
    : { state: "ready", view: link.data! };

  if (load.state === "loading") {
    return <NonIdealState className="lading-page-state" icon={<Spinner size={30} />} data-testid="link-loading" />;
  }
  if (load.state === "closed") {
    return (
      <div className="lading-public-page" data-testid="link-error">
        <NonIdealState className="lading-page-state" icon={<Disable size={48} />} title={load.message} />
      </div>
    );
  }
  if (load.state === "failed") {
    return (
      <div className="lading-public-page" data-testid="link-error">
        <NonIdealState
          className="lading-page-state"
          icon={<Disable size={48} />}
          title="The booking could not be opened"
          description={load.message}
          action={<Button icon={<Refresh />} text="Try again" onClick={fetchView} data-testid="link-retry" />}
        />
      </div>
    );
  }

  const view = load.view;

  const change = (index: number, patch: Partial<BookingForm>) => {
    setForms((all) => all.map((form, i) => (i === index ? { ...form, ...patch } : form)));
    // A field being corrected stops showing the complaint about its old value.
    setProblems((all) => {
      const mine = all[index];
      if (!mine) return all;
      const next = { ...mine };
      for (const key of Object.keys(patch)) delete next[key as keyof BookingForm];
      return { ...all, [index]: next };
    });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const local = checkForms(view.bookings, forms);
    setProblems(local);
    if (Object.keys(local).length > 0) {
      setFailure({ message: "Some bookings are not complete yet. Look at the fields marked in red.", details: [] });
      return;
    }
    setSaving(true);
    try {
      const body = { bookings: view.bookings.map((booking, i) => inputOf(booking, forms[i])) };
      const result = await whileSaving(() => submitLink(token, body));
      const first = result.data.bookingRefs[0] ?? view.bookings[0]?.bookingRef ?? "";
      // The link is spent now; going back to it would only say so.
      navigate(pathTo(PAGES.bookingSuccess, { bookingRef: first }), { replace: true });
    } catch (error) {
      const sorted = error instanceof ApiError ? sortServerErrors(error.fieldErrors) : { problems: {}, general: [] };
      setProblems(sorted.problems);
      setFailure({ message: serverMessage(error), details: sorted.general });
      setSaving(false);
    }
  };

  const count = view.bookings.length;

  return (
    <div className="lading-public-page" data-testid="link-page">
      <header>
        <H3 className="lading-public-title" data-testid="page-title">Complete your booking</H3>
        <p className="bp6-text-muted">
          Hello <strong data-testid="link-customer">{view.customerName}</strong>. Please fill in the details of{" "}
          {count === 1 ? "your booking" : `your ${count} bookings`} below and submit them once you are done.
        </p>
      </header>

      <Card className="lading-public-facts" data-testid="link-voyage">
        <dl className="lading-kv lading-kv-plain">
          <dt>Voyage</dt>
          <dd data-testid="link-voyage-ref">{view.voyageRef || view.voyageNum}</dd>
          <dt>Vessel</dt>
          <dd data-testid="link-vessel">{view.vesselName}</dd>
          <dt>Origin</dt>
          <dd data-testid="link-origin">{view.originBranchName}</dd>
          <dt>Departure (ETD)</dt>
          <dd data-testid="link-etd">{formatDateTime(view.estimatedTimeDeparture)}</dd>
          <dt>Link open until</dt>
          <dd data-testid="link-expires">{formatDateTime(view.linkExpiresAt)}</dd>
        </dl>
      </Card>

      <form onSubmit={submit} noValidate className="lading-public-form" data-testid="link-form">
        {view.bookings.map((booking, i) => (
          <LinkBookingCard
            key={booking.bookingRef}
            booking={booking}
            form={forms[i]}
            problems={problems[i]}
            pickUpAreas={view.pickUpAreas}
            deliveryAreas={view.deliveryAreas}
            disabled={saving}
            onChange={(patch) => change(i, patch)}
          />
        ))}

        {failure && (
          <Callout intent="danger" role="alert" data-testid="link-error">
            {failure.message}
            {failure.details.length > 0 && (
              <ul className="lading-public-details">
                {failure.details.map((detail) => <li key={detail}>{detail}</li>)}
              </ul>
            )}
          </Callout>
        )}

        <div className="lading-public-actions">
          <Button
            type="submit"
            intent="primary"
            size="large"
            text={saving ? "Submitting…" : count === 1 ? "Submit booking" : `Submit ${count} bookings`}
            loading={saving}
            data-testid="link-submit"
          />
        </div>
      </form>
    </div>
  );
}
