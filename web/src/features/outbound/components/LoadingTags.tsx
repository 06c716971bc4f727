import { type Intent, Tag } from "@blueprintjs/core";

const RELEASE_INTENT: Record<string, Intent> = { "Partial Release": "primary", "Final Release": "success", Draft: "none" };
const STATE_INTENT: Record<string, Intent> = { "Not started": "none", "On load list": "primary", Tallying: "warning", "Final tally": "success" };

/** A release's type, which is its status (001 §4): Partial Release, Final Release, or Draft once cancelled. */
export function ReleaseTypeTag({ type, testId }: { type: string; testId?: string }) {
  return <Tag minimal intent={RELEASE_INTENT[type] ?? "none"} data-testid={testId}>{type}</Tag>;
}

/** Where a voyage's loading stands. */
export function LoadingStateTag({ state, testId }: { state: string; testId?: string }) {
  return <Tag minimal intent={STATE_INTENT[state] ?? "none"} data-testid={testId}>{state}</Tag>;
}
