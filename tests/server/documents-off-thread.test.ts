import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { firstStart } from "../../api/modules/index.ts";
import { type DatabaseEnv, migrateDatabase, openDatabase, queryRows } from "../../db/client.ts";
import { copyOverdueBookings } from "../support/many-bookings.ts";
import { freePort } from "../support/free-port.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

/**
 * The real server (api/main.ts under Deno) builds printouts and workbooks in its pool of workers, so the API keeps
 * answering while big documents are made and a job runs. Two downloads of the trucking master (20,000 rows) and
 * the booking expiry over 1,000 overdue bookings run at once while two clients read a page of ports again and
 * again; the server's log says when each workbook's build started and ended. Requests sent after a build started
 * are answered before it ends, which cannot happen when a build holds the request thread.
 */
const deno = path.join(root, "node_modules/.bin/deno");
const PASSWORD = "busy-server-password";
const TRUCKINGS = 20_000;
const OVERDUE = 1_000;
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill("SIGKILL")));


/** The demo line, 1,000 overdue Draft bookings and 20,000 truckings, written before the server starts. */
async function prepare(env: DatabaseEnv) {
  const handle = await openDatabase(env);
  try {
    await migrateDatabase(handle);
    await firstStart(handle.db, { adminPassword: PASSWORD, linkBase: "http://localhost" });
    await copyOverdueBookings(handle.db, OVERDUE);
    await handle.db.execute(sql.raw(`
      insert into truckings (code, name, address, contact_person, contact_num, plate_num, is_hauling, is_authorized, branch_codes)
      select 'BUSY-' || lpad(g::text, 6, '0'), 'Busy Trucking ' || g, g || ' Rizal Avenue, Tondo, Manila', 'Contact ' || g,
             '0917' || lpad(g::text, 7, '0'), 'ABC ' || (1000 + g % 9000), g % 3 = 0, g % 4 <> 0, array['MNL']
      from generate_series(1, ${TRUCKINGS}) g`));
    const [{ n }] = await queryRows<{ n: number }>(handle.db, sql`select count(*)::int as n from truckings`);
    return { truckings: n };
  } finally {
    await handle.close();
  }
}

interface LogLine {
  event?: string;
  document?: string;
  time?: string;
  buildStartedAt?: string;
}

async function startServer(env: Record<string, string>) {
  const port = await freePort();
  let output = "";
  const child = spawn(deno, ["run", "-A", "api/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), LADING_JOBS: "off" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  child.stdout!.on("data", (d) => (output += d));
  child.stderr!.on("data", (d) => (output += d));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).status === 200) break;
    } catch { /* not listening yet */ }
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const res = await fetch(`${base}/api/users/authenticate`, {
    method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: "admin", password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  const token = ((await res.json()) as { data: { token: string }[] }).data[0].token;
  return {
    base,
    output: () => output,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    logLines: (): LogLine[] =>
      output.split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as LogLine),
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    }),
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;

/** The trucking master's rows as the downloaded workbook holds them. */
function workbookRows(bytes: ArrayBuffer): string[][] {
  const book = XLSX.read(new Uint8Array(bytes), { type: "array" });
  return XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]], { header: 1, raw: false });
}

async function busyServer(server: Server, truckings: number) {
  const { base, headers } = server;
  const preview = await fetch(`${base}/api/Bookings/expireBooking`, { method: "POST", headers, body: JSON.stringify({ dryRun: true }) });
  expect(preview.status).toBe(200);
  const due = ((await preview.json()) as { data: { expired: string[] } }).data.expired;
  expect(due.length).toBeGreaterThanOrEqual(OVERDUE);

  const answered: { sentAt: number; doneAt: number; status: number }[] = [];
  const state = { done: false };
  const read = async () => {
    while (!state.done) {
      const sentAt = Date.now();
      const res = await fetch(`${base}/api/ports/load?skip=0&take=20`, { headers });
      await res.arrayBuffer();
      answered.push({ sentAt, doneAt: Date.now(), status: res.status });
    }
  };
  const download = async () => {
    const res = await fetch(`${base}/api/Truckings/download`, { headers });
    return { status: res.status, name: res.headers.get("content-disposition"), bytes: await res.arrayBuffer() };
  };
  const job = async () => {
    const res = await fetch(`${base}/api/Bookings/expireBooking`, { method: "POST", headers, body: JSON.stringify({ dryRun: false }) });
    return { status: res.status, body: (await res.json()) as { data: { expired: string[] } } };
  };
  const readers = Promise.all([read(), read()]);
  const [first, second, expiry] = await Promise.all([download(), download(), job()]).finally(() => state.done = true);
  await readers;

  // Both downloads are the whole trucking master, read back from the workbook.
  for (const file of [first, second]) {
    expect(file.status).toBe(200);
    expect(file.name).toBe('attachment; filename="Trucking_List.xlsx"');
    const rows = workbookRows(file.bytes);
    expect(rows.length).toBe(truckings + 1);
    expect(rows[0]).toEqual(["No", "Code", "Trucker name", "Plate number", "Contact person", "Contact number", "Address", "Hauling", "Authorized", "Branches", "Status"]);
    expect(rows.find((row) => row[1] === "BUSY-012345")?.slice(1)).toEqual([
      "BUSY-012345", "Busy Trucking 12345", "ABC 4345", "Contact 12345", "09170012345", "12345 Rizal Avenue, Tondo, Manila", "Yes", "Yes", "MNL", "Active",
    ]);
  }
  // The job expired exactly the bookings it was due to.
  expect(expiry.status).toBe(200);
  expect([...expiry.body.data.expired].sort()).toEqual([...due].sort());
  expect(answered.every((a) => a.status === 200)).toBe(true);

  // Each build, as the server logged it: requests sent after it started were answered before it ended.
  const builds = server.logLines().filter((line) => line.event === "document-built" && line.document === "truckingList");
  expect(builds.length).toBe(2);
  for (const build of builds) {
    const started = Date.parse(build.buildStartedAt!);
    const ended = Date.parse(build.time!);
    const during = answered.filter((a) => a.sentAt > started && a.doneAt < ended);
    expect(during.length).toBeGreaterThanOrEqual(10);
  }
}

describe("documents are built off the request thread", () => {
  it("answers requests during two 20,000-row workbook builds and the expiry job, on PGlite", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-busy-"));
    try {
      const { truckings } = await prepare({ DATA_DIR: dataDir });
      const server = await startServer({ DATA_DIR: dataDir, LADING_DOCUMENT_WORKERS: "1" });
      try {
        expect(server.output()).toContain("Printouts and workbooks: built by 1 worker, up to 16 more waiting");
        await busyServer(server, truckings);
      } finally {
        await server.stop();
      }

      // With no room to wait, a download asked for while the one worker is busy is refused at once, and says why.
      const full = await startServer({ DATA_DIR: dataDir, LADING_DOCUMENT_WORKERS: "1", LADING_DOCUMENT_QUEUE: "0" });
      try {
        const answers = await Promise.all([0, 1].map(async () => {
          const res = await fetch(`${full.base}/api/Truckings/download`, { headers: full.headers });
          return { status: res.status, retryAfter: res.headers.get("retry-after"), body: res.status === 200 ? null : await res.json(), bytes: res.status === 200 ? (await res.arrayBuffer()).byteLength : 0 };
        }));
        expect(answers.map((a) => a.status).sort()).toEqual([200, 503]);
        const refused = answers.find((a) => a.status === 503)!;
        expect(refused.body).toEqual({ message: "The server is busy building other documents; try again in a few seconds.", errors: { "": [] } });
        expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
        expect(answers.find((a) => a.status === 200)!.bytes).toBeGreaterThan(0);
      } finally {
        await full.stop();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it.runIf(process.env.TEST_DATABASE_URL)("does the same on PostgreSQL", async () => {
    const { default: postgres } = await import("postgres");
    const admin = postgres(process.env.TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    const name = `lading_busy_${Date.now()}`;
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = "/" + name;
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-busy-pg-"));
    try {
      const { truckings } = await prepare({ DATABASE_URL: url.toString() });
      const server = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir, LADING_DOCUMENT_WORKERS: "1" });
      try {
        await busyServer(server, truckings);
      } finally {
        await server.stop();
      }
    } finally {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
