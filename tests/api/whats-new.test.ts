import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WhatsNewEntry } from "../../api/modules/whats-new/schemas.ts";
import { EMPTY_LIST_MESSAGE } from "../../api/shared/contracts.ts";
import type { DatabaseHandle } from "../../db/client.ts";
import { createUser, expectErrorBody, makeTestApp, signIn, type TestApp } from "../support/app.ts";
import { openTestDatabase } from "../support/test-db.ts";

/** Seventy releases, 0.70.0 down to 0.1.0, with two lines the parser must leave out (see the file's head). */
const FIXTURE = fileURLToPath(new URL("../fixtures/whats-new/CHANGELOG.md", import.meta.url));
const RELEASES = 70;
const ALL_VERSIONS = Array.from({ length: RELEASES }, (_, i) => `0.${RELEASES - i}.0`);
const PASSWORD = "reader-Secret-pass-1";

let handle: DatabaseHandle;
let t: TestApp;
let token: string;
let scratch: string;

interface Page {
  data: WhatsNewEntry[];
  total: number;
  message?: string;
}

beforeAll(async () => {
  handle = await openTestDatabase();
  t = makeTestApp(handle.db, { changelogPath: FIXTURE });
  // No menu at all: the release notes are for every signed-in user.
  await createUser(handle.db, { userId: "reader", password: PASSWORD, menus: [] });
  token = await signIn(t, "reader", PASSWORD);
  scratch = mkdtempSync(path.join(os.tmpdir(), "lading-whats-new-"));
});
afterAll(async () => {
  await handle?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

async function load(query: string, app = t): Promise<Page> {
  const res = await app.call("GET", `/api/WhatsNew/load${query}`, { token });
  expect(res.status, query).toBe(200);
  return await res.json() as Page;
}

describe("GET /WhatsNew/load", () => {
  it("answers a page of 15 by default, newest first, each entry with its version, date and items", async () => {
    const page = await load("");
    expect(page.total).toBe(RELEASES);
    expect(page.message).toBeUndefined();
    expect(page.data.map((e) => e.version)).toEqual(ALL_VERSIONS.slice(0, 15));
    expect(page.data[0]).toEqual({
      version: "0.70.0",
      date: "2025-07-27",
      items: ["Change 1 of release 0.70.0", "Change 2 of release 0.70.0"],
    });
  });

  it.each([15, 30, 60])("answers take=%i entries, newest first", async (take) => {
    const page = await load(`?skip=0&take=${take}`);
    expect(page.total).toBe(RELEASES);
    expect(page.data).toHaveLength(take);
    expect(page.data.map((e) => e.version)).toEqual(ALL_VERSIONS.slice(0, take));
    const dates = page.data.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(dates).size).toBe(take);
  });

  it.each([15, 30, 60])("pages through to the end with take=%i, every release once, then an empty page with the message", async (take) => {
    const seen: string[] = [];
    for (let skip = 0; skip < RELEASES; skip += take) {
      const page = await load(`?skip=${skip}&take=${take}`);
      expect(page.total).toBe(RELEASES);
      expect(page.data).toHaveLength(Math.min(take, RELEASES - skip));
      seen.push(...page.data.map((e) => e.version));
    }
    expect(seen).toEqual(ALL_VERSIONS);
    const past = await load(`?skip=${Math.ceil(RELEASES / take) * take}&take=${take}`);
    expect(past).toEqual({ data: [], total: RELEASES, message: EMPTY_LIST_MESSAGE });
  });

  it("keeps the items of every release in the file's order", async () => {
    const { data } = await load("?skip=30&take=15");
    const release = data.find((e) => e.version === "0.40.0");
    expect(release).toEqual({ version: "0.40.0", date: "2025-04-28", items: ["Change 1 of release 0.40.0", "Change 2 of release 0.40.0"] });
  });

  it.each(["20", "0", "61", "15.5", "fifteen"])("refuses take=%s with 400 and the error body naming the allowed sizes", async (take) => {
    const res = await t.call("GET", `/api/WhatsNew/load?skip=0&take=${take}`, { token });
    expect(res.status).toBe(400);
    const body = await expectErrorBody(res);
    expect(body.message).toBe("Please correct the invalid fields.");
    expect(body.errors.take?.[0]).toMatch(/15, 30 or 60|number/);
    expect(body.errors[""]).toEqual([`take: ${body.errors.take![0]}`]);
  });

  it("names the allowed sizes when take=20", async () => {
    const res = await t.call("GET", "/api/WhatsNew/load?take=20", { token });
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).errors.take).toEqual(["take must be 15, 30 or 60"]);
  });

  it("refuses a negative skip", async () => {
    const res = await t.call("GET", "/api/WhatsNew/load?skip=-1&take=15", { token });
    expect(res.status).toBe(400);
    expect((await expectErrorBody(res)).errors.skip).toEqual(["skip cannot be negative"]);
  });

  it("answers 401 without a sign-in, in the error body", async () => {
    const res = await t.call("GET", "/api/WhatsNew/load?take=15");
    expect(res.status).toBe(401);
    await expectErrorBody(res);
  });

  it("is described in the OpenAPI document with its page sizes", async () => {
    const res = await t.call("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json() as { paths: Record<string, { get?: { parameters?: { name: string; schema: { description?: string } }[] } }> };
    const parameters = doc.paths["/api/WhatsNew/load"]?.get?.parameters ?? [];
    expect(parameters.map((p) => p.name)).toEqual(["skip", "take"]);
    expect(parameters[1].schema.description).toMatch(/15, 30 or 60/);
  });

  it("ignores the letter case of the path, as every route does", async () => {
    const res = await t.call("GET", "/api/whatsnew/LOAD?take=30", { token });
    expect(res.status).toBe(200);
    expect(((await res.json()) as Page).data).toHaveLength(30);
  });
});

describe("a changelog with mistakes", () => {
  it("leaves out the malformed lines, logs each once and keeps answering", async () => {
    // The fixture's stray line and unreadable heading: neither the heading nor its item shows.
    const { data } = await load("?skip=0&take=60");
    expect(data.some((e) => e.version.startsWith("0.39.5"))).toBe(false);
    expect(data.flatMap((e) => e.items)).not.toContain("An item under a heading the page cannot read");
    await load("?skip=15&take=15");

    const skipped = t.logs.filter((line) => line.event === "changelog-line-skipped");
    expect(skipped.map((line) => line.problem)).toEqual([
      expect.stringMatching(/^line 161: "Released on a quiet day\." is not a bullet/),
      expect.stringMatching(/^line 163: "## 0\.39\.5 — some day in spring" is not a release heading/),
    ]);
    expect(skipped.every((line) => line.level === "warn" && line.file === FIXTURE)).toBe(true);
  });

  it("answers 503 with the error body while the file is missing, and reads it once it is there", async () => {
    const file = path.join(scratch, "CHANGELOG.md");
    const app = makeTestApp(handle.db, { changelogPath: file });
    const missing = await app.call("GET", "/api/WhatsNew/load?take=15", { token });
    expect(missing.status).toBe(503);
    expect((await expectErrorBody(missing)).message).toMatch(/release notes cannot be read/);
    expect(app.logs.some((line) => line.event === "changelog-unreadable" && line.level === "error")).toBe(true);

    // The server is unharmed by it.
    expect((await app.call("GET", "/api/health")).status).toBe(200);

    writeFileSync(file, "# Notes\n\n## 2.0.0 — 2026-01-02\n\n- Shiny\n");
    const page = await load("", app);
    expect(page).toEqual({ data: [{ version: "2.0.0", date: "2026-01-02", items: ["Shiny"] }], total: 1 });
  });

  it("reads a file once: a change on disk shows after a restart, not mid-run", async () => {
    const file = path.join(scratch, "cached.md");
    writeFileSync(file, "## 1.0.0 — 2026-01-01\n\n- First\n");
    const app = makeTestApp(handle.db, { changelogPath: file });
    expect((await load("", app)).total).toBe(1);
    writeFileSync(file, "## 1.1.0 — 2026-02-01\n\n- Second\n\n## 1.0.0 — 2026-01-01\n\n- First\n");
    expect((await load("", app)).total).toBe(1);
  });
});
