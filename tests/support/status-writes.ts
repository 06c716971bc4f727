import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { regexLiteralEnd } from "./source-text.ts";

/**
 * Finds code that writes a status literal to a status column, which only a module's workflow may do:
 *
 * - a property whose name ends in "status" (status, croStatus, toStatus, "status") given a string literal (or
 *   sql`'...'`) anywhere inside the arguments of a drizzle write: .set(...), .values(...), .onConflictDoUpdate(...);
 * - raw SQL in a string or template that assigns a literal to a status column in a SET clause
 *   (SET status = 'Expired') or inserts one (INSERT INTO t (..., status) VALUES (..., 'Draft')).
 *
 * A read is not a write: eq(t.status, "Draft"), WHERE status = 'X', a list of statuses and the text of
 * comments are left alone. An object built apart and handed to .values() later is not seen; the rule is about
 * the way the code is written here (statuses come from the workflow), not a proof.
 */

export interface StatusWrite {
  /** Path relative to the scanned root, with forward slashes. */
  file: string;
  line: number;
  /** The source line, trimmed. */
  text: string;
}

/** Files where status literals belong: a module's rules and workflow (rules.ts, workflow.ts, or such a folder). */
export function isRulesFile(file: string): boolean {
  return /(^|\/)(rules|workflow)(\.ts$|\/)/.test(file);
}

const WRITE_CALLS = new Set(["set", "values", "onConflictDoUpdate"]);
const STATUS_KEY = /status$/i;
/** After these a slash starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set(["(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", "+", "-", "*", "%", "<", ">", "~", "^", "return", "typeof", "case", "else", "=>"]);

interface Token {
  kind: "ident" | "string" | "template" | "punct";
  value: string;
  line: number;
}

interface Frame {
  open: "(" | "[" | "{" | "${";
  callee: string | null;
  /** For "${": the template being read when the interpolation began. */
  template?: { text: string; line: number };
}

/** The status writes in one source text. */
export function scanSource(file: string, source: string): StatusWrite[] {
  const lines = source.split("\n");
  const found = new Map<number, StatusWrite>();
  const flag = (line: number) => found.set(line, { file, line, text: lines[line - 1].trim() });
  const tokens: Token[] = [];
  const frames: Frame[] = [];
  let i = 0;
  let line = 1;
  const last = (back = 1) => tokens[tokens.length - back];
  const inWrite = () => frames.some((f) => f.callee !== null && WRITE_CALLS.has(f.callee));

  /** A string or template just read: a status property given it, or SQL writing a status literal. */
  const literal = (token: Token) => {
    const [key, colon, before] = token.kind === "template" && last()?.value === "sql" ? [last(3), last(2), last(4)] : [last(2), last(), last(3)];
    const sqlLiteral = token.kind !== "template" || last()?.value !== "sql" || /^\s*'[^']*'\s*$/.test(token.value);
    if (
      colon?.value === ":" && key && (key.kind === "ident" || key.kind === "string") && STATUS_KEY.test(key.value) &&
      (before?.value === "{" || before?.value === ",") && sqlLiteral && !token.value.includes("${") && inWrite()
    ) flag(key.line);
    const at = sqlStatusWrite(token.value);
    if (at >= 0) flag(token.line + (token.value.slice(0, at).match(/\n/g)?.length ?? 0));
    tokens.push(token);
  };

  /** Reads template text from i (just after ` or the } closing an interpolation) to its end or its next ${. */
  const readTemplate = (text: string, startLine: number) => {
    while (i < source.length) {
      const c = source[i];
      if (c === "\\") {
        text += source.slice(i, i + 2);
        i += 2;
        continue;
      }
      if (c === "`") {
        i++;
        literal({ kind: "template", value: text, line: startLine });
        return;
      }
      if (c === "$" && source[i + 1] === "{") {
        i += 2;
        frames.push({ open: "${", callee: null, template: { text: text + "${}", line: startLine } });
        return;
      }
      if (c === "\n") line++;
      text += c;
      i++;
    }
  };

  while (i < source.length) {
    const c = source[i];
    if (c === "\n") {
      line++;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === "/" && source[i + 1] === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && source[i + 1] === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += (source.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let value = "";
      while (j < source.length && source[j] !== c && source[j] !== "\n") {
        if (source[j] === "\\") {
          value += source[j + 1];
          j += 2;
        } else value += source[j++];
      }
      i = j + 1;
      literal({ kind: "string", value, line });
    } else if (c === "`") {
      i++;
      readTemplate("", line);
    } else if (c === "/" && (tokens.length === 0 || BEFORE_REGEX.has(last().value))) {
      // A regular expression: skip it, minding character classes and escapes.
      const j = regexLiteralEnd(source, i);
      i = j + 1;
      while (/[a-z]/i.test(source[i] ?? "")) i++;
      tokens.push({ kind: "punct", value: "regex", line });
    } else if (/[A-Za-z_$]/.test(c)) {
      let j = i + 1;
      while (/[\w$]/.test(source[j] ?? "")) j++;
      tokens.push({ kind: "ident", value: source.slice(i, j), line });
      i = j;
    } else if (/[0-9]/.test(c)) {
      let j = i + 1;
      while (/[\w.]/.test(source[j] ?? "")) j++;
      tokens.push({ kind: "punct", value: "number", line });
      i = j;
    } else {
      const two = source.slice(i, i + 2);
      if (two === "=>") {
        tokens.push({ kind: "punct", value: "=>", line });
        i += 2;
        continue;
      }
      if (c === "(" || c === "[" || c === "{") {
        const callee = c === "(" && last()?.kind === "ident" ? last().value : null;
        frames.push({ open: c, callee });
      } else if (c === ")" || c === "]" || c === "}") {
        const frame = frames.pop();
        if (frame?.open === "${" && frame.template) {
          i++;
          readTemplate(frame.template.text, frame.template.line);
          continue;
        }
      }
      tokens.push({ kind: "punct", value: c, line });
      i++;
    }
  }
  return [...found.values()].sort((a, b) => a.line - b.line);
}

/**
 * Where in a piece of SQL text a status column is given a literal (in a SET clause or an INSERT's values);
 * -1 when nowhere. Reads (WHERE status = 'X') are not writes.
 */
function sqlStatusWrite(text: string): number {
  for (const clause of text.matchAll(/\bset\b([\s\S]*?)(?=\bwhere\b|\bfrom\b|\breturning\b|;|$)/gi)) {
    const assignment = /"?\w*status"?\s*=\s*'/i.exec(clause[1]);
    if (assignment) return clause.index! + 3 + assignment.index;
  }
  for (const insert of text.matchAll(/\binsert\s+into\s+[\w."]+\s*\(([^)]*)\)\s*values\s*\(([^)]*)\)/gi)) {
    const columns = insert[1].split(",").map((c) => c.trim().replace(/"/g, ""));
    const values = insert[2].split(",").map((v) => v.trim());
    if (columns.some((c, k) => STATUS_KEY.test(c) && /^'.*'$/.test(values[k] ?? ""))) return insert.index!;
  }
  return -1;
}

/**
 * The status writes in every .ts file under `dirs` of `root`, leaving out rules and workflow files, and any
 * file and literal `allowed` lets through (answer true to keep a finding out).
 */
export function findStatusWrites(root: string, dirs: string[], allowed: (write: StatusWrite) => boolean = () => false): StatusWrite[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name)) files.push(full);
    }
  };
  for (const dir of dirs) walk(path.join(root, dir));
  return files.flatMap((full) => {
    const file = path.relative(root, full).split(path.sep).join("/");
    if (isRulesFile(file)) return [];
    return scanSource(file, readFileSync(full, "utf8")).filter((w) => !allowed(w));
  });
}
