import "./public.css";
import { AnchorButton, Card, H3 } from "@blueprintjs/core";
import { MapMarker, TickCircle } from "@blueprintjs/icons";
import { useLocation } from "wouter";
import { type PageProps, PAGES, pathTo } from "../../../lib/paths.ts";

/** /booking/success/{bookingRef}: where the customer lands after submitting the booking link. */
export default function SuccessPage({ params }: PageProps) {
  const [, navigate] = useLocation();
  const ref = params.bookingRef ?? "";
  const trackingPath = pathTo(PAGES.shipmentTrackingOf, { bookingRef: ref });
  return (
    <div className="lading-public-page" data-testid="success-page">
      <Card className="lading-public-thanks">
        <TickCircle size={48} className="lading-public-ok" />
        <H3 className="lading-public-title" data-testid="page-title">Thank you for your booking</H3>
        <p>
          We have received your booking details. Your reference is{" "}
          <strong className="lading-public-ref" data-testid="success-ref">{ref}</strong>; please keep it for any questions about
          this shipment.
        </p>
        <p>Our staff will check the details and confirm the booking. Nothing more is needed from you for now.</p>
        <AnchorButton
          intent="primary"
          icon={<MapMarker />}
          text="Track this shipment"
          href={trackingPath}
          onClick={(event) => {
            event.preventDefault();
            navigate(trackingPath);
          }}
          data-testid="success-tracking-link"
        />
      </Card>
    </div>
  );
}
