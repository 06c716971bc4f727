import { Card } from "@blueprintjs/core";
import { formatDateTime } from "../lib/format.ts";
import type { VoyageHeader } from "../../../api/shared/cargo-lists.ts";

/** The voyage a loading screen works on: its vessel, route, departure and final tally. */
export function VoyageFacts({ voyage, children }: { voyage: VoyageHeader; children?: React.ReactNode }) {
  return (
    <Card className="lading-loading-facts">
      <dl className="lading-kv lading-kv-plain lading-loading-kv">
        <dt>Voyage</dt>
        <dd data-testid="loading-fact-voyage">{voyage.voyageRef} ({voyage.voyageNum})</dd>
        <dt>Vessel</dt>
        <dd data-testid="loading-fact-vessel">{voyage.vesselName}</dd>
        <dt>Route</dt>
        <dd data-testid="loading-fact-route">
          {voyage.routeCode}: {[voyage.originBranchName, ...voyage.destinations.map((d) => d.destinationBranchName)].join(" → ")}
        </dd>
        <dt>ETD</dt>
        <dd data-testid="loading-fact-etd">{formatDateTime(voyage.estimatedTimeDeparture)}</dd>
        <dt>Final tally</dt>
        <dd data-testid="loading-fact-final-tally">{voyage.finalTallyAt ? formatDateTime(voyage.finalTallyAt) : "Not yet"}</dd>
        {children}
      </dl>
    </Card>
  );
}
