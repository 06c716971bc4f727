import { type Intent, Tag } from "@blueprintjs/core";
import type { CtsStatus } from "../api/contracts.ts";

const INTENT: Record<CtsStatus, Intent> = { Issued: "success", Cancelled: "danger" };

/** The status of a cargo transfer slip. */
export function CtsStatusTag({ status, testId }: { status: CtsStatus; testId?: string }) {
  return (
    <Tag minimal intent={INTENT[status]} data-testid={testId}>
      {status}
    </Tag>
  );
}
