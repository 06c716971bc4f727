import { AnchorButton, Card, Classes, H2, H5 } from "@blueprintjs/core";
import { LogIn } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { AppLink } from "../../components/PageHeader.tsx";
import { PAGES } from "../../lib/paths.ts";

const AREAS = [
  ["Quotations and bookings", "Sales quotations with approvals, bookings in batches and booking changes."],
  ["Voyages and cargo", "Voyage schedules, outbound loading, inbound unloading, release orders and dispatch."],
  ["Accounting", "Cargo release accounting, collections, waivers and charge overrides."],
  ["Master data", "Branches, ports, rates, charges, customers, vessels and the working calendar."],
] as const;

export default function LandingPage() {
  const [, navigate] = useLocation();
  return (
    <div className="lading-landing" data-testid="landing-page">
      <section className="lading-landing-hero">
        <H2>Lading back office</H2>
        <p className={Classes.TEXT_LARGE}>
          Quotations, bookings, voyages, cargo and accounts of the line, in one place for the staff of every branch.
        </p>
        <AnchorButton
          intent="primary"
          size="large"
          icon={<LogIn />}
          text="Sign in to continue"
          href={PAGES.signIn}
          onClick={(e) => { e.preventDefault(); navigate(PAGES.signIn); }}
        />
      </section>
      <div className="lading-landing-grid">
        {AREAS.map(([title, text]) => (
          <Card key={title} compact>
            <H5>{title}</H5>
            <p className={Classes.TEXT_MUTED}>{text}</p>
          </Card>
        ))}
      </div>
      <p className={Classes.TEXT_MUTED}>
        Customers following a booking can use the <AppLink to={PAGES.shipmentTracking}>shipment tracking page</AppLink>.
      </p>
    </div>
  );
}
