import { Tag } from "@blueprintjs/core";
import type { RevisionStatus } from "../api/contracts.ts";

const INTENT: Record<RevisionStatus, "none" | "warning" | "primary" | "success" | "danger"> = {
  draft: "none", "For Endorse": "warning", "For Approval": "primary", "Management Approved": "primary", approved: "success", Cancelled: "none", denied: "danger",
};

/** A booking change's status, as the spec names it. */
export function StatusTag({ status, testId }: { status: RevisionStatus; testId?: string }) {
  return <Tag minimal intent={INTENT[status]} data-testid={testId}>{status}</Tag>;
}
