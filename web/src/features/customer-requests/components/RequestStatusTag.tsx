import { Tag } from "@blueprintjs/core";
import type { CustomerRequestStatus } from "../api/contracts.ts";

const INTENT = { Draft: "none", "For Approval": "primary", Approved: "success", Denied: "danger" } as const;

/** A request's status, and that it is archived. */
export function RequestStatusTag({ status, archived, testId }: { status: CustomerRequestStatus; archived: boolean; testId?: string }) {
  return (
    <Tag minimal intent={INTENT[status]} data-testid={testId}>
      {archived && status !== "Approved" ? `${status}, archived` : status}
    </Tag>
  );
}
