import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Deno runs the server, the CLI and the benchmarks without checking their types, and Vite builds the web app
 * without checking them either, so a type error would otherwise show only when the line runs. This checks every
 * TypeScript file of the code that ships, with the project's deno.json. Left out are the files Node runs (the
 * tests, typed against Node's globals, and the Vite, Vitest and Drizzle configs).
 */
const root = path.resolve(import.meta.dirname, "../..");
const SHIPPED = ["api", "bench", "cli", "db", "templates", "web/src"];

function typeScriptFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return typeScriptFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("types", () => {
  it("the server, CLI, benchmarks, documents and web app type-check", () => {
    const files = SHIPPED.flatMap(typeScriptFiles);
    expect(files).toContain(path.join("api", "main.ts"));
    expect(files).toContain(path.join("web", "src", "main.tsx"));
    const check = spawnSync(path.join(root, "node_modules/.bin/deno"), ["check", "--quiet", ...files], {
      cwd: root,
      encoding: "utf8",
      env: { ...process.env, NO_COLOR: "1" },
    });
    expect(check.stderr + check.stdout).toBe("");
    expect(check.status).toBe(0);
  }, 300_000);
});
