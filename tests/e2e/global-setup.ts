import { spawnSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { REPO_ROOT } from "../support/repo.ts";
import { startServer } from "./server.ts";

const ADMIN_PASSWORD = "e2e-admin-password";

declare module "vitest" {
  export interface ProvidedContext {
    /** One shared server per browser worker (tests/e2e/shared-server.ts picks a file's). */
    baseURLs: string[];
    adminPassword: string;
  }
}

/**
 * Builds the web app once and serves it from real servers for the browser test files: one server for each file
 * that may run at the same time, each with its own embedded database and the same administrator password.
 */
export default async function setup(project: TestProject) {
  if (process.env.LADING_SKIP_BUILD !== "1") {
    // The production build, though Vitest sets NODE_ENV to "test": web/vite.config.ts sees to it.
    const build = spawnSync(path.join(REPO_ROOT, "node_modules/.bin/vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const workers = Math.max(1, project.config.maxWorkers);
  const servers = await Promise.all(Array.from({ length: workers }, () => startServer({ LADING_ADMIN_PASSWORD: ADMIN_PASSWORD })));
  project.provide("baseURLs", servers.map((s) => s.baseURL));
  project.provide("adminPassword", ADMIN_PASSWORD);
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
