import { Tag } from "@blueprintjs/core";
import type { SqStatus } from "../api/contracts.ts";
import { statusIntent } from "../rules.ts";

export function StatusTag({ status, testId }: { status: SqStatus; testId?: string }) {
  return (
    <Tag minimal intent={statusIntent(status)} data-testid={testId}>
      {status}
    </Tag>
  );
}
