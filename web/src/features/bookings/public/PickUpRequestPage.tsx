import { Button } from "@blueprintjs/core";
import { Print } from "@blueprintjs/icons";
import type { PageProps } from "../../../lib/paths.ts";
import { formatManilaDay } from "./format.ts";
import { Letter, LetterState, pickUpWhen, useTruckerView } from "./TruckerLetter.tsx";

/** /booking/PickUpRequest/{id}: asks the assigned trucker to collect the cargo at the shipper's address. */
export default function PickUpRequestPage({ params }: PageProps) {
  const load = useTruckerView("pickUpRequest", params.id ?? "");
  return (
    <LetterState load={load}>
      {(view) => {
        const when = pickUpWhen(view);
        return (
          <Letter
            title="Pick-up Request"
            dated={formatManilaDay()}
            view={view}
            actions={<Button intent="primary" icon={<Print />} text="Print" onClick={() => globalThis.print()} data-testid="letter-print" />}
          >
            <p>
              To <strong>{view.truckerName || "the assigned trucker"}</strong>
              {view.plateNum && <> (truck plate number {view.plateNum})</>}:
            </p>
            <p>
              Please pick up the cargo of booking <strong>{view.bookingRef}</strong>
              {view.shipperName && <> from {view.shipperName}</>} at{" "}
              <strong>{view.pickUpAddress || "the shipper's address"}</strong>
              {when ? <> on <strong>{when}</strong></> : " on the agreed date"}, and bring it in for shipment on{" "}
              {view.vesselName || "our vessel"}
              {view.voyageRef || view.voyageNum ? ` voyage ${view.voyageRef || view.voyageNum}` : ""}
              {view.destinationName && <> to {view.destinationName}</>}.
            </p>
            <p>The particulars of the cargo are listed below.</p>
          </Letter>
        );
      }}
    </LetterState>
  );
}
