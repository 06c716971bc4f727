import { Button, type ButtonProps } from "@blueprintjs/core";
import { Disable, Edit, Endorsed, Lock, Trash, TickCircle, Unlock } from "@blueprintjs/icons";
import type { ReactElement } from "react";
import { RowAction } from "../../../components/list-cells.tsx";
import type { ScheduleRow } from "../api/contracts.ts";

export type ScheduleAction = "edit" | "approve" | "cro" | "activation" | "delete";

/**
 * The buttons of one voyage, the same in its list row and in its detail: edit, approve (until approved), open
 * or close its cargo release (CRO), activate or deactivate, delete. Test ids end in the voyage number. In a
 * list row (`compact`) they are the table's icon buttons, the word in the tooltip and the accessible name;
 * in the detail they carry their word.
 */
export function ScheduleActions(
  props: { row: ScheduleRow; busy: boolean; prefix: string; compact?: boolean; onAction: (action: ScheduleAction) => void },
) {
  const { row, busy, prefix, compact = false, onAction } = props;
  const closed = row.croStatus === "Closed";
  const one = (action: ScheduleAction, label: string, icon: ReactElement, extra: Pick<ButtonProps, "intent" | "disabled"> & { hint?: string } = {}) => {
    const { hint, ...rest } = extra;
    const common = { icon, disabled: busy, ...rest, onClick: () => onAction(action), "data-testid": `${prefix}-${action}-${row.voyageNum}` };
    return compact
      ? <RowAction key={action} label={label} hint={hint} {...common} />
      : <Button key={action} text={label} title={hint} {...common} />;
  };
  return (
    <>
      {one("edit", "Edit", <Edit />)}
      {!row.approvedBy && one("approve", "Approve", <Endorsed />, {
        intent: "success",
        disabled: busy || !row.isActive,
        hint: row.isActive ? undefined : "Activate the voyage before approving it",
      })}
      {one("cro", closed ? "Open CRO" : "Close CRO", closed ? <Unlock /> : <Lock />)}
      {one("activation", row.isActive ? "Deactivate" : "Activate", row.isActive ? <Disable /> : <TickCircle />)}
      {one("delete", "Delete", <Trash />, { intent: "danger" })}
    </>
  );
}
