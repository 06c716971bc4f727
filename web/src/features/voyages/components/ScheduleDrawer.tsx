import { ButtonGroup, Card, Classes, Drawer, H6, HTMLTable, Tag } from "@blueprintjs/core";
import { formatDateTime } from "../../../lib/format.ts";
import type { ScheduleRow } from "../api/contracts.ts";
import { type ScheduleAction, ScheduleActions } from "./ScheduleActions.tsx";

/** A voyage's facts and calls, with its actions; opened from the voyage number in the list. */
export function ScheduleDrawer(props: { row: ScheduleRow | null; busy: boolean; onClose: () => void; onAction: (action: ScheduleAction) => void }) {
  const { row, busy, onClose, onAction } = props;
  return (
    <Drawer isOpen={row !== null} onClose={onClose} title={row ? `Voyage ${row.voyageNum}` : ""} size="520px">
      {row && (
        <div className={Classes.DRAWER_BODY} data-testid="voyage-detail">
          <div className="lading-voyage-detail">
            <ButtonGroup variant="minimal" className="lading-voyage-detail-actions">
              <ScheduleActions row={row} busy={busy} prefix="voyage-detail" onAction={onAction} />
            </ButtonGroup>
            <Card>
              <dl className="lading-kv lading-kv-plain">
                <dt>Voyage no.</dt>
                <dd data-testid="voyage-detail-num">{row.voyageNum}</dd>
                <dt>Voyage reference</dt>
                <dd data-testid="voyage-detail-ref">{row.voyageRef}</dd>
                <dt>Vessel</dt>
                <dd>{row.vesselCode} · {row.vesselName}</dd>
                <dt>Route</dt>
                <dd>{row.routeCode}</dd>
                <dt>Origin</dt>
                <dd>{row.originBranchCode} · {row.originBranchName}</dd>
                <dt>ETD</dt>
                <dd>{formatDateTime(row.estimatedTimeDeparture)}</dd>
                <dt>Approved</dt>
                <dd data-testid="voyage-detail-approved">
                  {row.approvedBy ? `by ${row.approvedBy}, ${formatDateTime(row.dateApproved)}` : <Tag minimal intent="warning">Not yet</Tag>}
                </dd>
                <dt>CRO status</dt>
                <dd data-testid="voyage-detail-cro">{row.croStatus}</dd>
                <dt>Status</dt>
                <dd data-testid="voyage-detail-status">
                  <Tag minimal intent={row.isActive ? "success" : "none"}>{row.isActive ? "Active" : "Inactive"}</Tag>
                </dd>
                <dt>Remarks</dt>
                <dd>{row.remarks || "—"}</dd>
              </dl>
            </Card>
            <H6>Calls</H6>
            <HTMLTable compact striped className="lading-voyage-calls">
              <thead>
                <tr>
                  <th>#</th>
                  <th>Destination</th>
                  <th>ETA</th>
                </tr>
              </thead>
              <tbody>
                {row.destinations.map((d) => (
                  <tr key={d.seq} data-testid={`voyage-detail-dest-${d.destinationBranchCode}`}>
                    <td>{d.seq}</td>
                    <td>{d.destinationBranchCode} · {d.destinationBranchName}</td>
                    <td>{formatDateTime(d.estimatedTimeArrival)}</td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
        </div>
      )}
    </Drawer>
  );
}
