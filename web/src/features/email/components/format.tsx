import { type Intent, Tag } from "@blueprintjs/core";
import type { ReactNode } from "react";
import type { OutboxStatus } from "../api/outbox.ts";

const STATUS_INTENT: Record<OutboxStatus, Intent> = {
  PENDING: "none",
  SENDING: "primary",
  SENT: "success",
  FAILED: "warning",
  DEAD: "danger",
  HELD: "primary",
};

const STATUS_HINT: Record<OutboxStatus, string> = {
  PENDING: "Waiting for the sender",
  SENDING: "Being sent now",
  SENT: "Accepted by the mail server",
  FAILED: "Refused or unreachable; it will be tried again",
  DEAD: "Gave up after the last attempt",
  HELD: "Not sent: no SMTP server is configured",
};

export function StatusTag({ status }: { status: OutboxStatus }) {
  return (
    <Tag minimal intent={STATUS_INTENT[status]} title={STATUS_HINT[status]} data-testid="outbox-status">
      {status}
    </Tag>
  );
}


const LINK = /https?:\/\/[^\s<>"'`]+/g;
/** Punctuation that ends a sentence rather than the address. */
const TRAILING = /[.,;:!?)\]}]+$/;

/** The web addresses in a text, in order, without repeats. */
export function linksIn(text: string): string[] {
  return [...new Set([...text.matchAll(LINK)].map((m) => m[0].replace(TRAILING, "")))];
}

/** Plain text with its web addresses as links that open in a new tab. */
export function LinkifiedText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const href = match[0].replace(TRAILING, "");
    const start = match.index ?? 0;
    parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={href} target="_blank" rel="noopener noreferrer">
        {href}
      </a>,
    );
    last = start + href.length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}
