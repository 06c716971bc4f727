import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";

/**
 * One command runs every suite. The API suites run on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL points at a server (CI sets it).
 *
 * The unit, API, server and CLI files run first, two or more at a time; the browser files run after them, one at a
 * time, with the machine to themselves (their waits are for a real server and a real browser, which a busy machine
 * slows). Vitest would take one worker fewer than the machine has cores, which on a two-core machine is a single
 * file at a time; two at a time ran 14 API files on PGlite there in 149 s instead of 213 s.
 *
 * Whatever an app keeps in memory hangs off that app (its rate limits, api/http/rate-limit.ts) and a test
 * database lets go of its notification hub when closed (tests/support/test-db.ts), so files that share a process
 * do not see each other.
 */
const apiProject = (backend: "pglite" | "postgres") => ({
  test: {
    name: `api-${backend}`,
    include: ["tests/api/**/*.test.ts"],
    globalSetup: ["tests/support/global-db.ts"],
    env: { LADING_TEST_BACKEND: backend },
    // A worker runs its API files one after another in one process instead of a fresh one per file: each file
    // still has its own database and its own app, and the modules, PGlite's WebAssembly and the document pool are
    // loaded once. On two cores the PGlite files took 229 s instead of 433 s (import time 12 s instead of 145 s).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: "unit", include: ["tests/unit/**/*.test.ts"], testTimeout: 30_000 } },
      apiProject("pglite"),
      ...(process.env.TEST_DATABASE_URL ? [apiProject("postgres")] : []),
      { test: { name: "server", include: ["tests/server/**/*.test.ts"], testTimeout: 180_000 } },
      { test: { name: "cli", include: ["tests/cli/**/*.test.ts"], testTimeout: 120_000, hookTimeout: 120_000 } },
      {
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          globalSetup: ["tests/e2e/global-setup.ts"],
          // One file at a time. Two at a time, each worker on a shared server of its own (global setup starts one per
          // worker), took the suite from about 800 s to 420-480 s on one two-core machine (975 s against about 1,090 s on
          // another, on 2026-11-30), and the busier machine showed two
          // real faults, since mended (the bell's double count as a page opened, Add van after a late search). But in
          // one full run two files then wrote to one server at once (a report's total grew between two reads, a user
          // was told of another file's quotation), which one file at a time rules out. Its cause is not found yet.
          maxWorkers: 1,
          // After every other suite has finished, so that nothing else loads the machine meanwhile.
          sequence: { groupOrder: 1 },
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
