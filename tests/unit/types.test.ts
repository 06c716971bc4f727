import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * Deno runs the server, the CLI and the benchmarks without checking their types, Vite builds the web app without
 * checking them either, and Vitest runs the tests the same way, so a type error would otherwise show only when
 * the line runs (or, in a test, pass unseen: an option misspelt is an option ignored). This checks every
 * TypeScript file of the project with its deno.json: the code that ships, the tests and the build configs. The
 * fixtures are left out: some are broken on purpose, for the tests that must find what is wrong in them.
 */
const CHECKED = ["api", "bench", "cli", "db", "templates", "web/src", "tests", "vitest.config.ts", "web/vite.config.ts", "drizzle.config.ts"];
const LEFT_OUT = [path.join("tests", "fixtures")];

function typeScriptFiles(entry: string): string[] {
  if (LEFT_OUT.includes(entry)) return [];
  if (!statSync(path.join(root, entry)).isDirectory()) return [entry];
  return readdirSync(path.join(root, entry), { withFileTypes: true }).flatMap((child) => {
    const relative = path.join(entry, child.name);
    return child.isDirectory() || /\.tsx?$/.test(child.name) ? typeScriptFiles(relative) : [];
  });
}

describe("types", () => {
  it("the server, CLI, benchmarks, documents, web app, tests and build configs type-check", () => {
    const files = CHECKED.flatMap(typeScriptFiles);
    expect(files).toContain(path.join("api", "main.ts"));
    expect(files).toContain(path.join("web", "src", "main.tsx"));
    expect(files).toContain(path.join("tests", "unit", "types.test.ts"));
    expect(files.filter((file) => file.startsWith(LEFT_OUT[0]))).toEqual([]);
    const check = spawnSync(path.join(root, "node_modules/.bin/deno"), ["check", "--quiet", ...files], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(check.stderr + check.stdout).toBe("");
    expect(check.status).toBe(0);
  }, 300_000);
});
