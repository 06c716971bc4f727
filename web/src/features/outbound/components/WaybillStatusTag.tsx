import { type Intent, Tag } from "@blueprintjs/core";

const INTENT: Record<string, Intent> = { Draft: "primary", "On Load List": "success", Loaded: "success", Cancelled: "danger" };

/** The status of a waybill. */
export function WaybillStatusTag({ status, testId }: { status: string; testId?: string }) {
  return (
    <Tag minimal intent={INTENT[status] ?? "none"} data-testid={testId}>
      {status}
    </Tag>
  );
}
