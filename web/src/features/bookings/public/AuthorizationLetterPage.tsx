import { AnchorButton, Button } from "@blueprintjs/core";
import { Download, Print } from "@blueprintjs/icons";
import type { PageProps } from "../../../lib/paths.ts";
import { authorizationLetterPdfUrl, type TruckerView } from "../api/public.ts";
import { formatManilaDay } from "./format.ts";
import { Letter, LetterState, useTruckerView } from "./TruckerLetter.tsx";

/** What identifies the truck and crew at the gate, after the trucker's name. */
function crew(view: TruckerView): string {
  let text = "";
  if (view.plateNum) text += `, driving the truck with plate number ${view.plateNum}`;
  if (view.trailerNum) text += ` and trailer ${view.trailerNum}`;
  if (view.helperName) text += `, with the helper ${view.helperName}`;
  return text;
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
            This is to authorise <strong>{view.truckerName || "the bearer of this letter"}</strong>
            {crew(view)}, to withdraw and pick up the cargo of booking{" "}
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
