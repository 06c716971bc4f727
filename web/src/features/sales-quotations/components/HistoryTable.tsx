import { Cell, Column } from "@blueprintjs/table";
import { formatDateTime } from "../../../lib/format.ts";
import type { FullQuotation } from "../api/contracts.ts";
import { DetailTable, detailLayout } from "./DetailTable.tsx";

type Step = FullQuotation["history"][number];

const LAYOUT = detailLayout([170, 140, 260, 130, { share: 1 }]);

const ACTION_TEXT: Record<string, string> = {
  submit: "Submitted",
  moveToDraft: "Moved to draft",
  cancel: "Cancelled",
  smApprove: "SM approved",
  smDeny: "SM denied",
  audApprove: "AUD approved",
  audDeny: "AUD denied",
  faApprove: "FA approved",
  faDeny: "FA denied",
  amend: "Amended",
  deactivate: "Deactivated",
  archive: "Archived",
  expire: "Expired",
};

/** Every step the quotation took, oldest first: when, what, from which status to which, by whom, and why. */
export function HistoryTable({ history }: { history: readonly Step[] }) {
  const cell = (pick: (s: Step) => string, column: string) => (row: number) => {
    const step = history[row];
    return (
      <Cell tooltip={step ? pick(step) : undefined}>
        {step && <span data-testid={`sq-history-${row}-${column}`}>{pick(step)}</span>}
      </Cell>
    );
  };
  if (history.length === 0) return <p className="bp6-text-muted" data-testid="sq-history-empty">No steps yet: the quotation has not been submitted.</p>;
  return (
    <DetailTable rows={history.length} layout={LAYOUT} testId="sq-history" redrawOn={[history]}>
        <Column name="When" cellRenderer={cell((s) => formatDateTime(s.dateCreated), "when")} />
        <Column name="Step" cellRenderer={cell((s) => ACTION_TEXT[s.action] ?? s.action, "action")} />
        <Column name="Status" cellRenderer={cell((s) => `${s.fromStatus} → ${s.toStatus}`, "status")} />
        <Column name="By" cellRenderer={cell((s) => s.actor, "actor")} />
        <Column name="Remarks" cellRenderer={cell((s) => s.remarks, "remarks")} />
    </DetailTable>
  );
}
