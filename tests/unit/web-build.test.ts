import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/repo.ts";

/**
 * `vite build` is the production build whatever NODE_ENV the environment holds. Vitest sets "test", and a build
 * started under it (npm start from a test, finding the build older than the sources) once bundled React's
 * development build, in which the service worker is never registered: the tally sheet could not open offline.
 */
describe("the web build", () => {
  it("is the production build under NODE_ENV=test: React's production bundle, and the service worker registered", () => {
    const out = mkdtempSync(path.join(os.tmpdir(), "lading-web-build-"));
    try {
      const build = spawnSync(
        path.join(REPO_ROOT, "node_modules/.bin/vite"),
        ["build", "--config", "web/vite.config.ts", "--logLevel", "warn", "--outDir", out, "--emptyOutDir"],
        { cwd: REPO_ROOT, encoding: "utf8", env: { ...process.env, NODE_ENV: "test" } },
      );
      expect(build.status, build.stderr).toBe(0);
      const assets = path.join(out, "assets");
      const scripts = readdirSync(assets).filter((name) => name.endsWith(".js")).map((name) => readFileSync(path.join(assets, name), "utf8"));
      expect(scripts.length).toBeGreaterThan(1);
      // React's development bundle is the one that asks for its DevTools.
      expect(scripts.filter((text) => text.includes("React DevTools")).length).toBe(0);
      // The registration sits behind import.meta.env.PROD: a development build drops it.
      expect(scripts.filter((text) => text.includes("navigator.serviceWorker.register(")).length).toBe(1);
      expect(readdirSync(out)).toContain("sw.js");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
