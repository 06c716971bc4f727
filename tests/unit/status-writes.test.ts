import path from "node:path";
import { describe, expect, it } from "vitest";
import { findStatusWrites, type StatusWrite } from "../support/status-writes.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * Every status moves through its module's workflow (api/shared/workflow.ts): code outside a module's rules or
 * workflow files does not write a status literal to a status column. The scanner is tested on a fixture that
 * breaks the rule before it is trusted with the tree.
 */

const fixture = path.join(root, "tests", "fixtures", "status-writes");

/**
 * Status columns that are not a record's workflow, so they are let through by file and value:
 * the email outbox's delivery state (PENDING, SENDING, SENT, FAILED, HELD) is a queue worked by the outbox
 * worker and an administrator's "send again", with no history rows; it is not a business status. The posting
 * outbox to BASE is the same kind of queue (api/modules/accounting/posting).
 * db/seed is not scanned: demo and reference data may insert records in any status as data, not as moves.
 */
const NOT_WORKFLOWS: Record<string, readonly string[]> = {
  "api/modules/email/outbox-worker.ts": ["FAILED", "HELD", "SENDING", "SENT"],
  "api/modules/email/service.ts": ["PENDING"],
  "api/modules/accounting/posting/outbox.ts": ["PENDING"],
  "api/modules/accounting/posting/relay.ts": ["HELD", "SENDING", "UNCERTAIN"],
};
const outboxState = (w: StatusWrite) => (NOT_WORKFLOWS[w.file] ?? []).some((status) => w.text.includes(`status: "${status}"`));

describe("status writes", () => {
  it("flags each way of writing a status literal in the fixture, and nothing else", () => {
    expect(findStatusWrites(fixture, ["api"]).map((w) => [w.file, w.line])).toEqual([
      ["api/modules/widgets/service.ts", 5],
      ["api/modules/widgets/service.ts", 8],
      ["api/modules/widgets/service.ts", 10],
      ["api/modules/widgets/service.ts", 11],
      ["api/modules/widgets/service.ts", 12],
      ["api/modules/widgets/service.ts", 13],
    ]);
    expect(findStatusWrites(fixture, ["api"])[1]).toEqual({ file: "api/modules/widgets/service.ts", line: 8, text: "croStatus: 'Closed', // flagged" });
  });

  it("finds none in the API and the CLI", () => {
    expect(findStatusWrites(root, ["api", "cli"], outboxState)).toEqual([]);
  });

  it("lets the outbox through only by file and value", () => {
    const outbox = findStatusWrites(root, ["api/modules/email"]);
    expect(outbox.map((w) => w.file)).toEqual([
      "api/modules/email/outbox-worker.ts",
      "api/modules/email/outbox-worker.ts",
      "api/modules/email/outbox-worker.ts",
      "api/modules/email/outbox-worker.ts",
      "api/modules/email/service.ts",
    ]);
    expect(outbox.every(outboxState)).toBe(true);
  });
});
