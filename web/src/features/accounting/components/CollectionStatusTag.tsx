import { Tag } from "@blueprintjs/core";

const INTENTS: Record<string, "success" | "danger" | "warning" | "primary" | "none"> = {
  Issued: "success",
  Cancelled: "none",
  Reversed: "danger",
  RECEIVED: "primary",
  DEPOSITED: "warning",
  CLEARED: "success",
  BOUNCED: "danger",
  REPLACED: "none",
  CANCELLED: "none",
  Draft: "warning",
  EXPECTED: "primary",
  MISSING: "danger",
  ACTIVE: "success",
  EXHAUSTED: "none",
};

/** The status of a receipt, a cheque, a manual SI, a Form 2307 or a booklet, coloured by what it means for the cashier. */
export function AccountingStatusTag({ status, testId, intent }: { status: string; testId?: string; intent?: "success" | "danger" | "warning" | "primary" | "none" }) {
  return <Tag minimal intent={intent ?? INTENTS[status] ?? "none"} data-testid={testId}>{status}</Tag>;
}
