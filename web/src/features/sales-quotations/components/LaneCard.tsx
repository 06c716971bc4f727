import { Button, ButtonGroup, Card, Tag } from "@blueprintjs/core";
import { Edit, Trash } from "@blueprintjs/icons";
import type { LaneRow } from "../api/contracts.ts";
import { formatAmount } from "../../../lib/format.ts";
import { formatQuantity, laneTitle } from "../rules.ts";
import { ChargesTable } from "./ChargesTable.tsx";

/** One lane: where it runs, what it carries, its charges and its total; Edit and Delete while it may change. */
export function LaneCard(props: { lane: LaneRow; editable: boolean; busy: boolean; onEdit: () => void; onDelete: () => void }) {
  const { lane, editable, busy } = props;
  const prefix = `sq-lane-${lane.lineNo}`;
  const flags = [lane.isTandem && "Tandem", lane.isOpenVan && "Open van", lane.withInsurance && "Insured"].filter(Boolean) as string[];
  return (
    <Card className="lading-sq-lane" data-testid={prefix}>
      <div className="lading-sq-lane-head">
        <strong data-testid={`${prefix}-title`}>{laneTitle(lane)}</strong>
        <span className="bp6-text-muted">
          {lane.teu} TEU · {lane.bags} bags · {formatQuantity(lane.tons)} tons
        </span>
        {flags.map((flag) => <Tag key={flag} minimal>{flag}</Tag>)}
        <span className="lading-sq-spacer" />
        {editable && (
          <ButtonGroup variant="minimal" size="small">
            <Button icon={<Edit />} text="Edit" disabled={busy} onClick={props.onEdit} aria-label={`Edit lane ${lane.lineNo}`}
              data-testid={`${prefix}-edit`} />
            <Button icon={<Trash />} intent="danger" text="Delete" disabled={busy} onClick={props.onDelete}
              aria-label={`Delete lane ${lane.lineNo}`} data-testid={`${prefix}-delete`} />
          </ButtonGroup>
        )}
      </div>
      <ChargesTable charges={lane.charges} idPrefix={`${prefix}-charge`} />
      <div className="lading-sq-lane-total">
        {lane.termsAndConditions && <span className="lading-sq-terms-text">{lane.termsAndConditions}</span>}
        <span className="lading-sq-spacer" />
        <span className="bp6-text-muted">Standard {formatAmount(lane.standardTotal)}</span>
        <span>
          Lane total <span className="lading-sq-amount" data-testid={`${prefix}-total`}>{formatAmount(lane.total)}</span>
        </span>
      </div>
    </Card>
  );
}
