import { Callout, Card, Spinner, Tag } from "@blueprintjs/core";
import { formatDateTime } from "../../../lib/format.ts";
import type { VoyageRow } from "../api/contracts.ts";

/** The voyage the batches sail on: number, reference, vessel, departure, origin and its calls. */
export function VoyageHeader({ voyage, loading, error }: { voyage: VoyageRow | null; loading: boolean; error: string | null }) {
  if (!voyage) {
    return (
      <Card compact className="lading-booking-voyage" data-testid="booking-voyage">
        {loading ? <Spinner size={20} /> : <Callout intent="danger" compact>{error ?? "The voyage could not be read."}</Callout>}
      </Card>
    );
  }
  return (
    <Card compact className="lading-booking-voyage" data-testid="booking-voyage">
      <dl className="lading-booking-facts">
        <div>
          <dt>Voyage</dt>
          <dd data-testid="booking-voyage-num">{voyage.voyageNum}</dd>
        </div>
        <div>
          <dt>Reference</dt>
          <dd data-testid="booking-voyage-ref">{voyage.voyageRef}</dd>
        </div>
        <div>
          <dt>Vessel</dt>
          <dd data-testid="booking-voyage-vessel">{voyage.vesselCode} · {voyage.vesselName}</dd>
        </div>
        <div>
          <dt>ETD</dt>
          <dd data-testid="booking-voyage-etd">{formatDateTime(voyage.estimatedTimeDeparture)}</dd>
        </div>
        <div>
          <dt>Origin</dt>
          <dd data-testid="booking-voyage-origin">{voyage.originBranchCode} · {voyage.originBranchName}</dd>
        </div>
        <div className="lading-booking-facts-wide">
          <dt>Destinations</dt>
          <dd data-testid="booking-voyage-destinations">
            {voyage.destinations.map((d) => (
              <Tag key={d.destinationBranchCode} minimal title={`ETA ${formatDateTime(d.estimatedTimeArrival)}`}>
                {d.destinationBranchCode} · {d.destinationBranchName}
              </Tag>
            ))}
          </dd>
        </div>
      </dl>
    </Card>
  );
}
