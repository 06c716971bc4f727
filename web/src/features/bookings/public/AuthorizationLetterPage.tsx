import { AnchorButton, Button } from "@blueprintjs/core";
import { Download, Print } from "@blueprintjs/icons";
import type { PageProps } from "../../../app/routes.tsx";
import { authorizationLetterPdfUrl, type TruckerView } from "../api/public.ts";
import { formatManilaDay } from "./format.ts";
import { Letter, LetterState, useTruckerView } from "./TruckerLetter.tsx";

/** The person the letter names, with whatever identifies the truck and crew at the gate. */
function bearer(view: TruckerView): string {
  let who = view.truckerName || "the bearer of this letter";
  if (view.plateNum) who += `, driving the truck with plate number ${view.plateNum}`;
  if (view.trailerNum) who += ` and trailer ${view.trailerNum}`;
  if (view.helperName) who += `, with the helper ${view.helperName}`;
  return who;
}

/**
 * /booking/AuthorizationLetter/{id}: the line's authority for the trucker to withdraw the cargo, shown at the
 * yard or the shipper's door. The same letter comes as the ATW PDF.
 */
export default function AuthorizationLetterPage({ params }: PageProps) {
  const id = params.id ?? "";
  const load = useTruckerView("authorizationLetter", id);
  return (
    <LetterState load={load}>
      {(view) => (
        <Letter
          title="Authorization Letter"
          dated={formatManilaDay(view.dateAtwIssued)}
          view={view}
          actions={
            <>
              <AnchorButton icon={<Download />} text="Download PDF" href={authorizationLetterPdfUrl(id)} download data-testid="letter-pdf" />
              <Button intent="primary" icon={<Print />} text="Print" onClick={() => globalThis.print()} data-testid="letter-print" />
            </>
          }
        >
          <p>To whom it may concern:</p>
          <p>
            This is to authorise <strong>{bearer(view)}</strong>, to withdraw and pick up the cargo of booking{" "}
            <strong>{view.bookingRef}</strong>
            {view.shipperName && <> of {view.shipperName}</>}, for shipment on {view.vesselName || "our vessel"}
            {view.voyageRef || view.voyageNum ? ` voyage ${view.voyageRef || view.voyageNum}` : ""}
            {view.destinationName && <> to {view.destinationName}</>}.
          </p>
          <p>Please release the cargo described below to the person named above on presentation of this letter.</p>
        </Letter>
      )}
    </LetterState>
  );
}
