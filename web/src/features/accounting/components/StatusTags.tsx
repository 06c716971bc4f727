import { type Intent, Tag } from "@blueprintjs/core";

const CRO_INTENT: Record<string, Intent> = { Draft: "primary", Posted: "success" };
const INVOICE_INTENT: Record<string, Intent> = { Issued: "success", Cancelled: "danger" };
const POSTING_INTENT: Record<string, Intent> = {
  HELD: "warning", PENDING: "primary", SENDING: "primary", CONFIRMED: "success", FAILED_RETRYABLE: "warning", UNCERTAIN: "warning", FAILED_PERMANENT: "danger",
};
/** A posting's state in words: the codes are the outbox's. */
export const POSTING_WORDS: Record<string, string> = {
  HELD: "Held (no BASE)", PENDING: "Waiting", SENDING: "Sending", CONFIRMED: "In BASE", FAILED_RETRYABLE: "To try again", UNCERTAIN: "Uncertain",
  FAILED_PERMANENT: "Failed",
};

export function CroStatusTag({ status, testId }: { status: string; testId?: string }) {
  return <Tag minimal intent={CRO_INTENT[status] ?? "none"} data-testid={testId}>{status}</Tag>;
}

export function InvoiceStatusTag({ status, testId }: { status: string; testId?: string }) {
  return <Tag minimal intent={INVOICE_INTENT[status] ?? "none"} data-testid={testId}>{status}</Tag>;
}

export function PostingStatusTag({ status, testId }: { status: string; testId?: string }) {
  return <Tag minimal intent={POSTING_INTENT[status] ?? "none"} title={status} data-testid={testId}>{POSTING_WORDS[status] ?? status}</Tag>;
}
