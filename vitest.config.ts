import { defineConfig } from "vitest/config";

/**
 * One command runs every suite. The API suites run on PGlite, and again on PostgreSQL when
 * TEST_DATABASE_URL points at a server (CI sets it).
 */
const apiProject = (backend: "pglite" | "postgres") => ({
  test: {
    name: `api-${backend}`,
    include: ["tests/api/**/*.test.ts"],
    globalSetup: ["tests/support/global-db.ts"],
    env: { LADING_TEST_BACKEND: backend },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
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
          // The files share one server and its administrator; one signing out must not end another's session.
          fileParallelism: false,
          testTimeout: 180_000,
          hookTimeout: 300_000,
        },
      },
    ],
  },
});
