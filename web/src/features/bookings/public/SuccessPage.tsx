import "./public.css";
import { Card, H3, NonIdealState } from "@blueprintjs/core";
import { TickCircle } from "@blueprintjs/icons";
import type { PageProps } from "../../../app/routes.tsx";
import { AppLink } from "../../../components/PageHeader.tsx";

/** /booking/success/{bookingRef}: where the customer lands after submitting the booking link. */
export default function SuccessPage({ params }: PageProps) {
  const ref = params.bookingRef ?? "";
  const trackingPath = `/booking/shipmentTracking/${encodeURIComponent(ref)}`;
  return (
    <div className="lading-public-page" data-testid="success-page">
      <Card className="lading-public-card">
        <NonIdealState
          icon={<TickCircle size={48} className="lading-public-ok" />}
          title={<H3 className="lading-public-title" data-testid="page-title">Thank you for your booking</H3>}
          description={
            <div className="lading-public-message">
              <p>
                We have received your booking details. Your reference is{" "}
                <strong className="lading-public-ref" data-testid="success-ref">{ref}</strong>; please keep it for any questions
                about this shipment.
              </p>
              <p>Our staff will check the details and confirm the booking. Nothing more is needed from you for now.</p>
              <p>
                <AppLink to={trackingPath} data-testid="success-tracking-link">Follow this shipment</AppLink> on the tracking page
                at any time.
              </p>
            </div>
          }
        />
      </Card>
    </div>
  );
}
