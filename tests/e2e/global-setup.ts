import { spawnSync } from "node:child_process";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ROOT, startServer } from "./server.ts";

const ADMIN_PASSWORD = "e2e-admin-password";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    adminPassword: string;
  }
}

/** Builds the web app once and serves it from the real server for every browser test file. */
export default async function setup(project: TestProject) {
  if (process.env.LADING_SKIP_BUILD !== "1") {
    // Vitest sets NODE_ENV to "test", which would make a development build: no service worker, so no offline tally.
    const build = spawnSync(path.join(ROOT, "node_modules/.bin/vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], {
      cwd: ROOT,
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production" },
    });
    if (build.status !== 0) throw new Error(`The web build failed:\n${build.stdout}\n${build.stderr}`);
  }
  const server = await startServer({ LADING_ADMIN_PASSWORD: ADMIN_PASSWORD });
  project.provide("baseURL", server.baseURL);
  project.provide("adminPassword", ADMIN_PASSWORD);
  return async () => {
    await server.stop();
  };
}
