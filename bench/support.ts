import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Where a measure runs: an embedded database in a temporary folder, or a PostgreSQL database made for the run. */
export interface BenchBackendEnv {
  DATABASE_URL?: string;
  DATA_DIR?: string;
}

/**
 * Runs `measure` on PGlite in a temporary folder, then on PostgreSQL in a database of its own (named after
 * `name` and the process, dropped afterwards) when BENCH_DATABASE_URL or TEST_DATABASE_URL names a server.
 * Answers each backend's result in that order.
 */
export async function onEachBackend<R>(name: string, measure: (label: "pglite" | "postgres", env: BenchBackendEnv) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  const dir = mkdtempSync(path.join(os.tmpdir(), `lading-bench-${name}-`));
  try {
    results.push(await measure("pglite", { DATA_DIR: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const pgUrl = Deno.env.get("BENCH_DATABASE_URL") ?? Deno.env.get("TEST_DATABASE_URL");
  if (!pgUrl) {
    console.log("PostgreSQL skipped: set BENCH_DATABASE_URL=postgres://... to include it.");
    return results;
  }
  const { default: postgres } = await import("postgres");
  const admin = postgres(pgUrl, { max: 1, onnotice: () => {} });
  const database = `lading_bench_${name.replace(/\W/g, "_")}_${Deno.pid}`;
  await admin.unsafe(`create database ${database}`);
  try {
    const url = new URL(pgUrl);
    url.pathname = `/${database}`;
    results.push(await measure("postgres", { DATABASE_URL: url.toString() }));
  } finally {
    await admin.unsafe(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
  return results;
}
