import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * `npm ci` (CI and a fresh clone) installs package-lock.json as it is and stops when it disagrees with
 * package.json. This says which dependency is out of step before an install does: after changing
 * package.json, run `npm install` and commit the lockfile it writes.
 */
const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"));
const lock = JSON.parse(readFileSync(path.join(root, "package-lock.json"), "utf8"));

/** Whether an installed version meets a range as package.json writes them here: exact, or ^x.y.z. */
function satisfies(version: string, range: string): boolean {
  const parts = (v: string) => v.split(/[.+-]/).slice(0, 3).map(Number);
  if (!range.startsWith("^")) return version === range;
  const [want, have] = [parts(range.slice(1)), parts(version)];
  if (have[0] !== want[0]) return false;
  for (let i = 0; i < 3; i++) if (have[i] !== want[i]) return have[i] > want[i];
  return true;
}

describe("package-lock.json", () => {
  it("records package.json's dependencies as they are written there", () => {
    expect(lock.name).toBe(pkg.name);
    expect(lock.packages[""].dependencies ?? {}).toEqual(pkg.dependencies ?? {});
    expect(lock.packages[""].devDependencies ?? {}).toEqual(pkg.devDependencies ?? {});
  });

  it("locks a version of each dependency that meets its range", () => {
    const wrong = Object.entries({ ...pkg.dependencies, ...pkg.devDependencies } as Record<string, string>)
      .filter(([name, range]) => !satisfies(lock.packages[`node_modules/${name}`]?.version ?? "missing", range))
      .map(([name, range]) => `${name}: ${range} locked at ${lock.packages[`node_modules/${name}`]?.version ?? "nothing"}`);
    expect(wrong).toEqual([]);
  });
});
