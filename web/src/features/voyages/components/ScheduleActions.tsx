import { Button } from "@blueprintjs/core";
import { Disable, Edit, Endorsed, Lock, TickCircle, Unlock } from "@blueprintjs/icons";
import { DeleteButton } from "../../../components/list-cells.tsx";
import type { ScheduleRow } from "../api/contracts.ts";

export type ScheduleAction = "edit" | "approve" | "cro" | "activation" | "delete";

/**
 * The buttons of one voyage, the same in its list row and in its detail: edit, approve (until approved), open
 * or close its cargo release (CRO), activate or deactivate, delete. Test ids end in the voyage number. In a
 * list row (`compact`) only Approve keeps its word, so the row fits beside the voyage's facts; the others
 * carry it as their hover title.
 */
export function ScheduleActions(
  props: { row: ScheduleRow; busy: boolean; prefix: string; compact?: boolean; onAction: (action: ScheduleAction) => void },
) {
  const { row, busy, prefix, compact = false, onAction } = props;
  const subject = `voyage ${row.voyageNum}`;
  const closed = row.croStatus === "Closed";
  const word = (text: string) => (compact ? { title: text } : { text });
  const activation = row.isActive ? "Deactivate" : "Activate";
  return (
    <>
      <Button icon={<Edit />} {...word("Edit")} aria-label={`Edit ${subject}`} disabled={busy} onClick={() => onAction("edit")}
        data-testid={`${prefix}-edit-${row.voyageNum}`} />
      {!row.approvedBy && (
        <Button icon={<Endorsed />} text="Approve" intent="success" aria-label={`Approve ${subject}`} disabled={busy || !row.isActive}
          title={row.isActive ? undefined : "Activate the voyage before approving it"}
          onClick={() => onAction("approve")} data-testid={`${prefix}-approve-${row.voyageNum}`} />
      )}
      <Button icon={closed ? <Unlock /> : <Lock />} {...word(closed ? "Open CRO" : "Close CRO")} aria-label={`${closed ? "Open" : "Close"} the CRO of ${subject}`}
        disabled={busy} onClick={() => onAction("cro")} data-testid={`${prefix}-cro-${row.voyageNum}`} />
      <Button icon={row.isActive ? <Disable /> : <TickCircle />} {...word(activation)} aria-label={`${activation} ${subject}`} disabled={busy}
        onClick={() => onAction("activation")} data-testid={`${prefix}-activation-${row.voyageNum}`} />
      <DeleteButton subject={subject} iconOnly={compact} disabled={busy} onClick={() => onAction("delete")} data-testid={`${prefix}-delete-${row.voyageNum}`} />
    </>
  );
}
