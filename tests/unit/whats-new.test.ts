import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEFAULT_CHANGELOG_PATH } from "../../api/http/config.ts";
import { WHATS_NEW_PAGE_SIZES, whatsNewQuery } from "../../api/modules/whats-new/schemas.ts";
import { parseChangelog } from "../../api/modules/whats-new/service.ts";

const lines = (...text: string[]) => text.join("\n");

describe("parseChangelog", () => {
  it("reads each release heading with its bullets and leaves the introduction out", () => {
    const { entries, problems } = parseChangelog(lines(
      "# What's new",
      "",
      "Notes for the staff, newest first.",
      "- a bullet of the introduction, not of a release",
      "",
      "## 0.2.0 — 2026-11-23",
      "",
      "- Ports can be exported",
      "* Dark mode is remembered",
      "",
      "## 0.1.0 — 2026-11-22",
      "- Sign in",
    ));
    expect(problems).toEqual([]);
    expect(entries).toEqual([
      { version: "0.2.0", date: "2026-11-23", items: ["Ports can be exported", "Dark mode is remembered"] },
      { version: "0.1.0", date: "2026-11-22", items: ["Sign in"] },
    ]);
  });

  it("accepts an en dash, a hyphen and a bracketed version in the heading", () => {
    const { entries, problems } = parseChangelog(lines(
      "## 3.0.0 – 2026-03-01",
      "- en dash",
      "## [2.0.0] - 2026-02-01",
      "- hyphen and brackets",
      "## 1.0.0-rc.1 — 2026-01-01",
      "- a version with a hyphen of its own",
    ));
    expect(problems).toEqual([]);
    expect(entries.map((e) => [e.version, e.date])).toEqual([["3.0.0", "2026-03-01"], ["2.0.0", "2026-02-01"], ["1.0.0-rc.1", "2026-01-01"]]);
  });

  it("joins an indented line to the bullet above it", () => {
    const { entries, problems } = parseChangelog(lines(
      "## 1.0.0 — 2026-01-01",
      "- A long item that goes",
      "  on over a second line",
      "\tand a third",
      "- Short",
    ));
    expect(problems).toEqual([]);
    expect(entries[0].items).toEqual(["A long item that goes on over a second line and a third", "Short"]);
  });

  it("leaves out a malformed heading and its items, reports the line, and reads on", () => {
    const { entries, problems } = parseChangelog(lines(
      "## 2.0.0 — 2026-02-01",
      "- Kept",
      "## 1.5.0 sometime in January",
      "- Not under any release",
      "## 1.0.0 — 2026-01-01",
      "- Also kept",
    ));
    expect(entries).toEqual([
      { version: "2.0.0", date: "2026-02-01", items: ["Kept"] },
      { version: "1.0.0", date: "2026-01-01", items: ["Also kept"] },
    ]);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^line 3: "## 1\.5\.0 sometime in January" is not a release heading/);
  });

  it("leaves out a line that is not a bullet, and the bullets after it still count", () => {
    const { entries, problems } = parseChangelog(lines(
      "## 1.0.0 — 2026-01-01",
      "- One",
      "Some loose words",
      "### A sub-heading",
      "- Two",
      "-",
    ));
    expect(entries[0].items).toEqual(["One", "Two"]);
    expect(problems).toEqual([
      expect.stringMatching(/^line 3: "Some loose words" is not a bullet \("- \.\.\."\) of release 1\.0\.0 \(2026-01-01\)/),
      expect.stringMatching(/^line 4: "### A sub-heading" is not a bullet/),
      "line 6: an empty bullet is left out",
    ]);
  });

  it("refuses a date that is not on the calendar", () => {
    const { entries, problems } = parseChangelog(lines("## 1.0.0 — 2026-02-30", "- Never", "## 0.9.0 — 2026-13-01"));
    expect(entries).toEqual([]);
    expect(problems).toHaveLength(2);
  });

  it("shortens a long bad line in its report", () => {
    const { problems } = parseChangelog(lines("## 1.0.0 — 2026-01-01", "x".repeat(500)));
    expect(problems[0].length).toBeLessThan(200);
  });

  it("orders releases newest first whatever the file's order, keeping the file's order on one day", () => {
    const { entries } = parseChangelog(lines(
      "## 1.0.0 — 2026-01-01", "- a",
      "## 1.2.0 — 2026-03-01", "- b",
      "## 1.1.1 — 2026-02-01", "- c",
      "## 1.1.0 — 2026-02-01", "- d",
    ));
    expect(entries.map((e) => e.version)).toEqual(["1.2.0", "1.1.1", "1.1.0", "1.0.0"]);
  });

  it("reads Windows line ends and a byte-order mark", () => {
    const { entries, problems } = parseChangelog("\uFEFF## 1.0.0 — 2026-01-01\r\n- One\r\n  more\r\n- Two\r\n");
    expect(problems).toEqual([]);
    expect(entries).toEqual([{ version: "1.0.0", date: "2026-01-01", items: ["One more", "Two"] }]);
  });

  it("answers nothing, without complaint, for an empty file or one with only an introduction", () => {
    expect(parseChangelog("")).toEqual({ entries: [], problems: [] });
    expect(parseChangelog("# Changelog\n\nNothing released yet.\n")).toEqual({ entries: [], problems: [] });
  });

  it("reads the project's own CHANGELOG.md without a single problem, newest release first", () => {
    const { entries, problems } = parseChangelog(readFileSync(DEFAULT_CHANGELOG_PATH, "utf8"));
    expect(problems).toEqual([]);
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) expect(entry.items.length, `${entry.version} ${entry.date}`).toBeGreaterThan(0);
    const dates = entries.map((e) => e.date);
    expect(dates).toEqual([...dates].sort().reverse());
  });
});

describe("whatsNewQuery", () => {
  it("takes 15 by default and only the pager's sizes", () => {
    expect(whatsNewQuery.parse({})).toEqual({ skip: 0, take: 15 });
    for (const take of WHATS_NEW_PAGE_SIZES) expect(whatsNewQuery.parse({ take: String(take), skip: "30" })).toEqual({ skip: 30, take });
    const refused = whatsNewQuery.safeParse({ take: "20" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0].message).toBe("take must be 15, 30 or 60");
  });
});
