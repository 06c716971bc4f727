import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type ImportEdge, ImportGraph, scanImports } from "../support/import-graph.ts";
import { REPO_ROOT as REPO } from "../support/repo.ts";

/**
 * The arrows of docs/architecture.md, checked on the import statements of api/, cli/, templates/ and web/src/.
 * Each broken arrow is reported as "rule: importer -> imported"; the same rules run on a fixture tree that
 * breaks each of them once, so a rule that stops seeing its break fails here too.
 */

const FIXTURE = path.join(REPO, "tests/fixtures/boundaries");
const SCANNED = ["api", "cli", "templates", "web/src"];


/**
 * Pure money, dates and the shape of a downloadable file: no import of any kind, so the API, the CLI, the
 * templates and the web all load them.
 */
const PURE_SHARED: readonly string[] = ["api/shared/money.ts", "api/shared/dates.ts", "api/shared/files.ts"];

const moduleOf = (file: string) => /^api\/modules\/([^/]+)\//.exec(file)?.[1];
const featureOf = (file: string) => /^web\/src\/features\/([^/]+)\//.exec(file)?.[1];
const isOurs = (e: ImportEdge) => e.local;
/** A package the web must never load: the database layer and the HTTP server. */
const SERVER_PACKAGE = /^(drizzle-orm|hono|@hono\/[^/]+)(\/|$)/;

function describeEdge(e: ImportEdge): string {
  return `${e.from} -> ${e.to}`;
}

/** Every broken arrow of the tree the graph was read from, sorted. */
function checkBoundaries(graph: ImportGraph): string[] {
  const found: string[] = [];
  const moduleEdges = new Map<string, Set<string>>();
  for (const file of graph.files()) {
    for (const e of graph.importsOf(file).filter(isOurs)) {
      const fromModule = moduleOf(e.from);
      const toModule = moduleOf(e.to);
      // A module reaches another only through that module's index.ts.
      if (fromModule && toModule && fromModule !== toModule) {
        if (e.to !== `api/modules/${toModule}/index.ts`) found.push(`module-index: ${describeEdge(e)}`);
        if (!moduleEdges.has(fromModule)) moduleEdges.set(fromModule, new Set());
        moduleEdges.get(fromModule)!.add(toModule);
      }
      // The shared layer is below every module and below the HTTP layer.
      if (e.from.startsWith("api/shared/") && (toModule || e.to.startsWith("api/http/"))) found.push(`shared-below-modules: ${describeEdge(e)}`);
      // The HTTP layer knows one module: auth, through its index.
      if (e.from.startsWith("api/http/") && toModule && e.to !== "api/modules/auth/index.ts") {
        found.push(`http-auth-only: ${describeEdge(e)}`);
      }
      // A template receives data; it may name our types but loads none of our code, save the pure money and
      // date formatting every layer shares (so a printout shows an amount or a Manila date as a screen does).
      if (e.from.startsWith("templates/") && !e.to.startsWith("templates/") && !e.typeOnly && !PURE_SHARED.includes(e.to)) {
        found.push(`templates-types-only: ${describeEdge(e)}`);
      }
      // Those pure files import nothing at all, so whatever loads them loads nothing else.
      if (PURE_SHARED.includes(e.from)) found.push(`pure-shared: ${describeEdge(e)}`);
      if (e.from.startsWith("web/src/")) {
        // A feature stands on lib/ and components/, never on another feature or on the shell.
        const feature = featureOf(e.from);
        const target = featureOf(e.to);
        if (feature && target && target !== feature) found.push(`web-feature: ${describeEdge(e)}`);
        if (feature && e.to.startsWith("web/src/app/")) found.push(`web-feature-app: ${describeEdge(e)}`);
        // What the web loads from the server side must load neither the database nor the HTTP server (a type-only
        // import loads nothing).
        if (!e.to.startsWith("web/") && !e.typeOnly) {
          const closure = graph.closure(e.to);
          const reason = closure.files.find((f) => f.startsWith("db/")) ?? closure.packages.find((p) => SERVER_PACKAGE.test(p));
          if (reason) found.push(`web-server-code: ${describeEdge(e)} (loads ${reason})`);
        }
      }
    }
  }
  for (const cycle of moduleCycles(moduleEdges)) found.push(`module-cycle: ${cycle.join(" -> ")}`);
  return found.sort();
}

/** Each cycle of the module graph once, written from its smallest module name back to itself. */
function moduleCycles(edges: Map<string, Set<string>>): string[][] {
  const cycles = new Map<string, string[]>();
  const walk = (start: string, at: string, trail: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const cycle = [...trail, start];
        if (trail.every((m) => m >= start)) cycles.set(cycle.join(" -> "), cycle);
      } else if (!trail.includes(next) && next > start) {
        walk(start, next, [...trail, next]);
      }
    }
  };
  for (const start of [...edges.keys()].sort()) walk(start, start, [start]);
  return [...cycles.values()];
}

describe("the import scanner", () => {
  it("reads every form of import and re-export, and nothing in comments or strings", () => {
    const source = [
      `import { a, b } from "./a.ts";`,
      `import type { T } from "../t.ts";`,
      `import { type U, type V } from "./u.ts";`,
      `import D, { type W } from "./d.ts";`,
      `import * as ns from "hono";`,
      `export { x } from "./x.ts";`,
      `export type { Y } from "./y.ts";`,
      `export * from "./all.ts";`,
      `import "./side.css";`,
      `const lazy = () => import("./lazy.tsx");`,
      `// import { no } from "./comment.ts";`,
      `/* export * from "./block.ts"; */`,
      `const text = 'import { no } from "./string.ts"';`,
      `const re = /import\\("x"\\)/;`,
      `const meta = import.meta.url;`,
      `import {`,
      `  many,`,
      `  lines,`,
      `} from "./many.ts";`,
    ].join("\n");
    expect(scanImports(source)).toEqual([
      { specifier: "./a.ts", kind: "import", typeOnly: false, line: 1 },
      { specifier: "../t.ts", kind: "import", typeOnly: true, line: 2 },
      { specifier: "./u.ts", kind: "import", typeOnly: true, line: 3 },
      { specifier: "./d.ts", kind: "import", typeOnly: false, line: 4 },
      { specifier: "hono", kind: "import", typeOnly: false, line: 5 },
      { specifier: "./x.ts", kind: "export", typeOnly: false, line: 6 },
      { specifier: "./y.ts", kind: "export", typeOnly: true, line: 7 },
      { specifier: "./all.ts", kind: "export", typeOnly: false, line: 8 },
      { specifier: "./side.css", kind: "side-effect", typeOnly: false, line: 9 },
      { specifier: "./lazy.tsx", kind: "dynamic", typeOnly: false, line: 10 },
      { specifier: "./many.ts", kind: "import", typeOnly: false, line: 16 },
    ]);
  });
});

describe("the boundary rules on a tree that breaks each of them", () => {
  const graph = new ImportGraph(FIXTURE, SCANNED);

  it("report every break, and only those", () => {
    expect(checkBoundaries(graph)).toEqual([
      "http-auth-only: api/http/guard.ts -> api/modules/auth/service.ts",
      "http-auth-only: api/http/route.ts -> api/modules/roles/index.ts",
      "module-cycle: alpha -> beta -> alpha",
      "module-cycle: auth -> roles -> auth",
      "module-index: api/modules/alpha/service.ts -> api/modules/beta/rules.ts",
      "module-index: api/modules/auth/service.ts -> api/modules/roles/service.ts",
      "module-index: api/modules/roles/service.ts -> api/modules/auth/tokens.ts",
      "pure-shared: api/shared/money.ts -> api/modules/alpha/index.ts",
      "shared-below-modules: api/shared/money.ts -> api/modules/alpha/index.ts",
      "templates-types-only: templates/documents/quote.ts -> api/modules/alpha/rules.ts",
      "web-feature-app: web/src/features/quotes/pages/QuotePage.tsx -> web/src/app/routes.tsx",
      "web-feature: web/src/features/quotes/pages/QuotePage.tsx -> web/src/features/ships/api.ts",
      "web-server-code: web/src/features/quotes/api.ts -> api/modules/alpha/schemas.ts (loads db/schema.ts)",
      "web-server-code: web/src/features/ships/api.ts -> api/modules/beta/schemas.ts (loads hono)",
      "web-server-code: web/src/lib/lazy.ts -> api/modules/alpha/service.ts (loads drizzle-orm)",
    ]);
  });
});

describe("the boundaries of this repository", () => {
  const graph = new ImportGraph(REPO, SCANNED);

  it("scans the whole tree", () => {
    const files = graph.files();
    expect(files).toContain("api/modules/auth/index.ts");
    expect(files).toContain("web/src/main.tsx");
    expect(files).toContain("cli/main.ts");
    expect(files.length).toBeGreaterThan(200);
  });

  it("breaks no arrow", () => {
    expect(checkBoundaries(graph)).toEqual([]);
  });
});

describe("docs/architecture.md", () => {
  const doc = readFileSync(path.join(REPO, "docs/architecture.md"), "utf8");
  const section = (title: string) => doc.split(/^## /m).find((s) => s.startsWith(title + "\n")) ?? "";
  const folders = readdirSync(path.join(REPO, "api/modules"), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

  it("lists every module of api/modules, each in the module list with a manifest of its name", () => {
    const listed = [...section("Modules").matchAll(/^\| `([a-z-]+)` \|/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(folders);
    const list = readFileSync(path.join(REPO, "api/modules/index.ts"), "utf8");
    for (const name of folders) {
      expect(list).toContain(`from "./${name}/index.ts";`);
      const camel = name.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());
      expect(readFileSync(path.join(REPO, `api/modules/${name}/index.ts`), "utf8")).toMatch(new RegExp(`export const ${camel}Module: LadingModule = \\{\\s*name: "${name}",`));
    }
  });

  it("names exactly the imports between modules there are", () => {
    const graph = new ImportGraph(REPO, ["api/modules"]);
    const actual = new Set<string>();
    for (const file of graph.files()) {
      for (const e of graph.importsOf(file)) {
        const a = moduleOf(e.from);
        const b = moduleOf(e.to);
        if (a && b && a !== b) actual.add(`${a} → ${b}`);
      }
    }
    const arrows = /today \(the test keeps this list true\):\n\n([^]*?)\n\n/.exec(section("Arrows"))?.[1] ?? "";
    const documented = arrows.replace(/\s+/g, " ").split(";").flatMap((part) => {
      const [from, to] = part.split("→").map((s) => s.trim().replace(/\.$/, ""));
      return to.split(",").map((t) => `${from} → ${t.trim()}`);
    });
    expect(documented.sort()).toEqual([...actual].sort());
  });
});
