import { Tag } from "@blueprintjs/core";
import type { OverrideStatus, WaiverStatus } from "../api/contracts.ts";

const INTENT = { Draft: "none", "For Endorse": "warning", "For Approval": "primary", Approved: "success", Denied: "danger" } as const;

/** A waiver's or an override's status. */
export function StatusTag({ status, testId }: { status: WaiverStatus | OverrideStatus; testId?: string }) {
  return <Tag minimal intent={INTENT[status]} data-testid={testId}>{status}</Tag>;
}
