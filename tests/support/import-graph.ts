import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { regexLiteralEnd } from "./source-text.ts";

/**
 * A small reader of the import statements of our TypeScript sources, enough for the boundary test: static
 * imports and re-exports (with `type` or without), side-effect imports and `import("...")` with a literal.
 * Comments, strings, template literals and regular expressions are masked first, so an import written in a
 * comment or a string is not taken for one.
 */

export type ImportKind = "import" | "export" | "side-effect" | "dynamic";

export interface ImportStatement {
  specifier: string;
  kind: ImportKind;
  /** Erased when compiled: `import type`, `export type`, or only `type` names between the braces. */
  typeOnly: boolean;
  line: number;
}

export interface ImportEdge extends ImportStatement {
  /** Repository path of the importing file, with forward slashes. */
  from: string;
  /** Repository path of the imported file, or the package specifier as written ("hono/deno"). */
  to: string;
  local: boolean;
}

/** Everything between quotes, inside comments and regular expressions becomes filler; line breaks stay. */
function mask(source: string): string {
  const out = source.split("");
  const blank = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (out[i] !== "\n") out[i] = " ";
  };
  let lastSignificant = "";
  let lastWord = "";
  let i = 0;
  while (i < source.length) {
    const ch = source[i];
    const next = source[i + 1];
    if (ch === "/" && next === "/") {
      const end = source.indexOf("\n", i);
      const stop = end === -1 ? source.length : end;
      blank(i, stop);
      i = stop;
    } else if (ch === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      blank(i, stop);
      i = stop;
    } else if (ch === '"' || ch === "'" || ch === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== ch) {
        if (source[j] === "\\") j++;
        else if (ch !== "`" && source[j] === "\n") break;
        j++;
      }
      // The quotes stay so that the statement patterns see a string; its contents are read from the source.
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = ch;
      lastWord = "";
    } else if (ch === "/" && (lastSignificant === "" || "(,=:[!&|?{};+-*%<>~^".includes(lastSignificant) || ["return", "typeof", "case"].includes(lastWord))) {
      const j = regexLiteralEnd(source, i);
      blank(i + 1, j);
      i = j + 1;
      lastSignificant = "/";
      lastWord = "";
    } else {
      if (/[\w$]/.test(ch)) {
        let j = i;
        while (j < source.length && /[\w$]/.test(source[j])) j++;
        lastWord = source.slice(i, j);
        lastSignificant = "a";
        i = j;
        continue;
      }
      if (!/\s/.test(ch)) {
        lastSignificant = ch;
        lastWord = "";
      }
      i++;
    }
  }
  return out.join("");
}

const STATIC_IMPORT = /(?<![.\w$])(import)\s+(type\s+)?((?:[\w$]+\s*(?:,\s*)?)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?)\s*from\s*(["'])/g;
const STATIC_EXPORT = /(?<![.\w$])(export)\s+(type\s+)?(\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?)\s*from\s*(["'])/g;
const SIDE_EFFECT = /(?<![.\w$])import\s*(["'])/g;
const DYNAMIC = /(?<![.\w$])import\s*\(\s*(["'`])/g;

/** The import statements of one source text, in the order they appear. */
export function scanImports(source: string): ImportStatement[] {
  const masked = mask(source);
  const found: (ImportStatement & { at: number })[] = [];
  const lineOf = (at: number) => source.slice(0, at).split("\n").length;
  const stringAt = (quoteAt: number) => {
    const quote = source[quoteAt];
    const end = source.indexOf(quote, quoteAt + 1);
    return source.slice(quoteAt + 1, end);
  };
  for (const m of [...masked.matchAll(STATIC_IMPORT), ...masked.matchAll(STATIC_EXPORT)]) {
    const clause = m[3].trim();
    const names = /^\{([^}]*)\}$/.exec(clause)?.[1].split(",").map((n) => n.trim()).filter(Boolean) ?? [];
    const everyNameIsType = names.length > 0 && names.every((n) => /^type\s/.test(n));
    const quoteAt = m.index + m[0].length - 1;
    found.push({ at: m.index, specifier: stringAt(quoteAt), kind: m[1] as "import" | "export", typeOnly: m[2] !== undefined || everyNameIsType, line: lineOf(m.index) });
  }
  for (const m of masked.matchAll(SIDE_EFFECT)) {
    const quoteAt = m.index + m[0].length - 1;
    found.push({ at: m.index, specifier: stringAt(quoteAt), kind: "side-effect", typeOnly: false, line: lineOf(m.index) });
  }
  for (const m of masked.matchAll(DYNAMIC)) {
    const quoteAt = m.index + m[0].length - 1;
    const specifier = stringAt(quoteAt);
    // A template literal with a substitution names no one file.
    if (source[quoteAt] === "`" && specifier.includes("${")) continue;
    found.push({ at: m.index, specifier, kind: "dynamic", typeOnly: false, line: lineOf(m.index) });
  }
  return found.sort((a, b) => a.at - b.at).map(({ at: _at, ...statement }) => statement);
}

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
const toPosix = (p: string) => p.split(path.sep).join("/");

function resolveLocal(root: string, fromFile: string, specifier: string): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    const full = path.join(root, candidate);
    if (existsSync(full) && statSync(full).isFile()) return candidate;
  }
  return base;
}

function sourceFiles(root: string, dir: string): string[] {
  const full = path.join(root, dir);
  if (!existsSync(full)) return [];
  const files: string[] = [];
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name === "dist" || entry.name.startsWith(".")) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(root, rel));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts")) files.push(rel);
  }
  return files;
}

/** The imports of every source file under `dirs` (repository paths), and of every local file they reach. */
export class ImportGraph {
  readonly edges = new Map<string, ImportEdge[]>();

  constructor(readonly root: string, dirs: readonly string[]) {
    const queue = dirs.flatMap((dir) => sourceFiles(root, toPosix(dir)));
    while (queue.length > 0) {
      const file = queue.pop()!;
      if (this.edges.has(file)) continue;
      const full = path.join(root, file);
      if (!existsSync(full)) {
        this.edges.set(file, []);
        continue;
      }
      const edges = scanImports(readFileSync(full, "utf8")).map((s): ImportEdge => {
        const local = s.specifier.startsWith(".") || s.specifier.startsWith("/");
        return { ...s, from: file, local, to: local ? resolveLocal(root, file, s.specifier) : s.specifier };
      });
      this.edges.set(file, edges);
      for (const e of edges) if (e.local && !this.edges.has(e.to)) queue.push(e.to);
    }
  }

  /** Files scanned, sorted. */
  files(): string[] {
    return [...this.edges.keys()].sort();
  }

  importsOf(file: string): ImportEdge[] {
    return this.edges.get(file) ?? [];
  }

  /**
   * What loading `file` loads: the file, every local file it reaches and every package it names. Type-only
   * imports are left out unless asked for, since they are gone once the code is compiled.
   */
  closure(file: string, options: { types?: boolean } = {}): { files: string[]; packages: string[] } {
    const files = new Set<string>([file]);
    const packages = new Set<string>();
    const stack = [file];
    while (stack.length > 0) {
      for (const e of this.importsOf(stack.pop()!)) {
        if (e.typeOnly && !options.types) continue;
        if (!e.local) packages.add(e.to);
        else if (!files.has(e.to)) {
          files.add(e.to);
          stack.push(e.to);
        }
      }
    }
    return { files: [...files].sort(), packages: [...packages].sort() };
  }
}
