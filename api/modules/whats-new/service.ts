import { readFile } from "node:fs/promises";
import { AppError } from "../../shared/errors.ts";
import { EMPTY_LIST_MESSAGE, type ListResult } from "../../shared/contracts.ts";
import type { WhatsNewEntry, WhatsNewQuery } from "./schemas.ts";

export interface ParsedChangelog {
  /** Newest first: by date, and in the file's order within one date. */
  entries: WhatsNewEntry[];
  /** One line per line of the file that was left out, "line N: why", for the server log. */
  problems: string[];
}

/** `## 0.1.0 — 2026-11-23`; an en dash or a hyphen between them and `[0.1.0]` are read the same. */
const RELEASE_HEADING = /^\[?([^\s\]]+)\]?\s+[—–-]\s+(\d{4}-\d{2}-\d{2})$/;
const LEVEL_TWO = /^##(?!#)\s*(.*)$/;
const BULLET = /^ {0,3}[-*+](?:\s+(.*))?$/;
/** An indented line goes on with the bullet above it, as Markdown wraps a list item. */
const CONTINUATION = /^(?: {2,}|\t)\s*(\S.*)$/;

/** A real calendar day: 2026-02-30 is not one, and Date would silently roll it into March. */
function isCalendarDate(value: string): boolean {
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

const quoted = (line: string) => JSON.stringify(line.length > 80 ? `${line.slice(0, 77)}...` : line);

/**
 * Reads CHANGELOG.md: each `## <version> — <YYYY-MM-DD>` heading starts a release, and the `- ` bullets under
 * it are its items. Text before the first release (the title and the note on the format) is the file's own
 * introduction. Anything else is left out and reported rather than thrown: a slip in the notes must cost one
 * line on the What's new page, never the page or the server.
 */
export function parseChangelog(text: string): ParsedChangelog {
  const entries: WhatsNewEntry[] = [];
  const problems: string[] = [];
  /** Null before the first release and under a heading that could not be read. */
  let current: WhatsNewEntry | null = null;
  let inReleases = false;
  /** Index in current.items of the bullet an indented line continues; null when there is none to continue. */
  let open: number | null = null;

  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  for (const [index, raw] of lines.entries()) {
    const lineNo = index + 1;
    const line = raw.trimEnd();
    if (line.trim() === "") continue;

    const heading = LEVEL_TWO.exec(line);
    if (heading) {
      inReleases = true;
      open = null;
      const release = RELEASE_HEADING.exec(heading[1].trim());
      if (release && isCalendarDate(release[2])) {
        current = { version: release[1], date: release[2], items: [] };
        entries.push(current);
      } else {
        current = null;
        problems.push(`line ${lineNo}: ${quoted(line)} is not a release heading ("## <version> — <YYYY-MM-DD>"); it and its items are left out`);
      }
      continue;
    }
    if (!inReleases) continue;
    // Items under an unreadable heading were reported with it.
    if (current === null) continue;

    const continued = CONTINUATION.exec(line);
    if (continued && open !== null) {
      current.items[open] = `${current.items[open]} ${continued[1].trim()}`;
      continue;
    }
    const bullet = BULLET.exec(line);
    if (bullet) {
      const item = (bullet[1] ?? "").trim();
      if (item === "") {
        open = null;
        problems.push(`line ${lineNo}: an empty bullet is left out`);
      } else {
        open = current.items.push(item) - 1;
      }
      continue;
    }
    open = null;
    problems.push(`line ${lineNo}: ${quoted(line)} is not a bullet ("- ...") of release ${current.version} (${current.date}); it is left out`);
  }

  // Written newest first, but a release pasted in the wrong place must not hide the latest one.
  const newestFirst = entries.map((entry, order) => ({ entry, order }))
    .sort((a, b) => b.entry.date.localeCompare(a.entry.date) || a.order - b.order)
    .map(({ entry }) => entry);
  return { entries: newestFirst, problems };
}

type Log = (line: Record<string, unknown>) => void;

/** Parsed once per file: the notes change only with a new release, which restarts the server. */
const parsed = new Map<string, Promise<WhatsNewEntry[]>>();

/** The releases of the changelog at `path`, read and parsed on first use; its problems go to the log once. */
export function readReleases(path: string, log: Log): Promise<WhatsNewEntry[]> {
  let releases = parsed.get(path);
  if (!releases) {
    releases = readFile(path, "utf8").then(
      (text) => {
        const { entries, problems } = parseChangelog(text);
        for (const problem of problems) {
          log({ level: "warn", time: new Date().toISOString(), event: "changelog-line-skipped", file: path, problem });
        }
        return entries;
      },
      (error: unknown) => {
        // Not kept: once the file is in place the next request reads it.
        parsed.delete(path);
        log({ level: "error", time: new Date().toISOString(), event: "changelog-unreadable", file: path, error: error instanceof Error ? error.message : String(error) });
        throw new AppError("UNAVAILABLE", "The release notes cannot be read right now. Please try again later; if it keeps happening, tell your administrator.");
      },
    );
    parsed.set(path, releases);
  }
  return releases;
}

/** One page of the release notes, newest first. */
export async function loadWhatsNew(changelogPath: string, query: WhatsNewQuery, log: Log): Promise<ListResult<WhatsNewEntry>> {
  const releases = await readReleases(changelogPath, log);
  const data = releases.slice(query.skip, query.skip + query.take);
  const total = releases.length;
  return data.length === 0 ? { data, total, message: EMPTY_LIST_MESSAGE } : { data, total };
}
