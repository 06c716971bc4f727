import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { type DatabaseHandle, openDatabase } from "../../db/client.ts";
import { bookingBatches, bookings, branches, cargoTypes, customers, ports, routes, salesQuotations, truckings, vessels, voyageScheduleDestinations, voyageSchedules } from "../../db/schema/index.ts";
import { makeTestApp, signIn } from "../support/app.ts";
import { REPO_ROOT as root } from "../support/repo.ts";

const launcher = path.join(root, "cli", "lading.mjs");
const ADMIN_PASSWORD = "harbor-master-42";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the installed launcher exactly as `npx lading ...` would, against the given database settings. */
function lading(args: string[], env: { DATA_DIR?: string; DATABASE_URL?: string }): Promise<Run> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1" };
  delete childEnv.DATABASE_URL;
  delete childEnv.DATA_DIR;
  delete childEnv.LADING_ADMIN_PASSWORD;
  Object.assign(childEnv, env);
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [launcher, ...args], { cwd: root, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

async function ok(args: string[], env: { DATA_DIR?: string; DATABASE_URL?: string }): Promise<string> {
  const run = await lading(args, env);
  if (run.code !== 0) throw new Error(`lading ${args.join(" ")} exited ${run.code}\n${run.stderr}${run.stdout}`);
  return run.stdout;
}

/** The data of /api/ports/load as the web app receives it (as JSON), read through the real app. */
async function portsFromApi(handle: DatabaseHandle): Promise<Record<string, unknown>[]> {
  const t = makeTestApp(handle.db);
  const token = await signIn(t, "admin", ADMIN_PASSWORD);
  const res = await t.call("GET", "/api/ports/load?take=200", { token });
  expect(res.status).toBe(200);
  const body = await res.json() as { data: Record<string, unknown>[]; total: number };
  expect(body.total).toBe(body.data.length);
  return body.data;
}

/** Parses RFC 4180 text: quoted fields may hold commas, doubled quotes and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"', i++);
      else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") (row.push(field), field = "");
    else if (ch === "\r" && text[i + 1] === "\n") (row.push(field), rows.push(row), row = [], field = "", i++);
    else field += ch;
  }
  if (field !== "" || row.length) (row.push(field), rows.push(row));
  return rows;
}

describe("lading CLI on the embedded database", () => {
  let dataDir: string;
  let env: { DATA_DIR: string };
  const out: Record<string, string> = {};

  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "lading-cli-"));
    env = { DATA_DIR: dataDir };
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("explains itself with --help", async () => {
    const top = await ok(["--help"], env);
    for (const word of ["db", "users", "ports", "export", "DATABASE_URL", "DATA_DIR"]) expect(top).toContain(word);
    const list = await ok(["ports", "list", "--help"], env);
    for (const word of ["--format", "--search", "--branch", "--status"]) expect(list).toContain(word);
  });

  it("refuses an unknown --format with a clear message and exit 1", async () => {
    const run = await lading(["ports", "list", "--format", "xml"], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Allowed choices are table, json, csv");
    expect(run.stdout).toBe("");
  });

  it("does not create a database by listing from a wrong DATA_DIR", async () => {
    const run = await lading(["ports", "list"], { DATA_DIR: path.join(dataDir, "elsewhere") });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/There is no database in .*elsewhere.* lading db migrate/);
  });

  it("migrates, seeds and creates the administrator", async () => {
    expect(await ok(["db", "migrate"], env)).toMatch(/^Applied \d+ migrations? to embedded PGlite in /);
    const seeded = await ok(["db", "seed"], env);
    expect(seeded).toContain("is up to date");
    expect(seeded).toMatch(/Loaded the demo data set: \d+ branches, \d+ ports\./);
    expect(await ok(["users", "create-admin", "--password", ADMIN_PASSWORD], env)).toContain("Created the administrator account 'admin'.");
    expect(await ok(["users", "create-admin", "--password", "another-password"], env)).toContain("already exists; nothing was changed");
  });

  it("will not open the embedded database while another process has it open", async () => {
    const handle = await openDatabase(env);
    try {
      // Data that exercises CSV quoting and the status column in the listings below.
      await handle.db.update(ports).set({ name: 'Pier "A", North', isActive: false }).where(eq(ports.code, "MNLS"));
      const run = await lading(["ports", "list"], env);
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("Stop the server first or use DATABASE_URL");
    } finally {
      await handle.close();
    }
  });

  it("lists and exports the ports", async () => {
    const xlsx = path.join(dataDir, "ports.xlsx");
    const pdf = path.join(dataDir, "ports.pdf");
    out.json = await ok(["ports", "list", "--format", "json"], env);
    out.csv = await ok(["ports", "list", "--format", "csv"], env);
    out.table = await ok(["ports", "list"], env);
    out.inactive = await ok(["ports", "list", "--format", "json", "--status", "inactive", "--branch", "MNL"], env);
    out.export = await ok(["ports", "export", "--xlsx", xlsx, "--pdf", pdf], env);
    out.xlsx = readFileSync(xlsx).toString("base64");
    out.pdf = readFileSync(pdf).toString("latin1");
  });

  it("prints and writes exactly the ports the API serves", async () => {
    const handle = await openDatabase(env);
    let api: Record<string, unknown>[];
    try {
      api = await portsFromApi(handle);
    } finally {
      await handle.close();
    }
    expect(api.length).toBeGreaterThan(5);

    expect(JSON.parse(out.json)).toEqual(api);
    expect(JSON.parse(out.inactive)).toEqual(api.filter((p) => p.branchCode === "MNL" && p.isActive === false));
    expect(JSON.parse(out.inactive)).toHaveLength(1);

    expect(out.csv.endsWith("\r\n")).toBe(true);
    expect(out.csv).toContain('"Pier ""A"", North"');
    expect(parseCsv(out.csv)).toEqual([
      ["code", "name", "branchCode", "location", "isActive"],
      ...api.map((p) => [p.code, p.name, p.branchCode, p.location, String(p.isActive)]),
    ]);

    const lines = out.table.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^Code\s+Name\s+Branch\s+Location\s+Status$/);
    expect(lines.at(-1)).toBe(`${api.length} ports`);
    const statusColumn = lines[0].indexOf("Status");
    api.forEach((p, i) => {
      const line = lines[i + 2];
      expect(line.startsWith(String(p.code))).toBe(true);
      expect(line).toContain(String(p.name));
      expect(line.slice(statusColumn)).toBe(p.isActive ? "Active" : "Inactive");
    });

    expect(out.export).toContain(`Wrote ${api.length} ports to ${path.join(dataDir, "ports.xlsx")}`);
    expect(out.export).toContain(`Wrote ${api.length} ports to ${path.join(dataDir, "ports.pdf")}`);
    const book = XLSX.read(Buffer.from(out.xlsx, "base64"), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1, defval: null });
    expect(rows).toEqual([
      ["No", "Code", "Name", "Branch", "Location", "Status"],
      ...api.map((p, i) => [i + 1, p.code, p.name, p.branchCode, p.location, p.isActive ? "Active" : "Inactive"]),
    ]);
    expect(out.pdf.startsWith("%PDF-")).toBe(true);
    expect(out.pdf).toContain(`(${api[0].name}) Tj`);
  });

  it("exports the customer list and the trucking master as the web app's workbooks", async () => {
    const customersOut = await ok(["export", "customers", "--out", dataDir], env);
    const truckingsOut = await ok(["export", "truckings", "--out", dataDir], env);
    const customersFile = path.join(dataDir, "Customer_List.xlsx");
    const handle = await openDatabase(env);
    let counts: { customers: number; truckings: number };
    try {
      const [c] = await handle.db.select({ n: count() }).from(customers);
      const [t] = await handle.db.select({ n: count() }).from(truckings);
      counts = { customers: Number(c.n), truckings: Number(t.n) };
    } finally {
      await handle.close();
    }
    expect(counts.customers).toBeGreaterThan(0);
    expect(customersOut).toContain(`Wrote ${counts.customers} customers to ${customersFile}`);
    const sheet = (file: string) => {
      const book = XLSX.read(readFileSync(file), { type: "buffer" });
      return XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: null });
    };
    const customerRows = sheet(customersFile);
    expect(customerRows[0]).toEqual(["No", "Company", "Customer Name", "Address", "Contact Number", "Email Address"]);
    expect(customerRows.slice(1).map((r) => r[0])).toEqual(Array.from({ length: counts.customers }, (_, i) => i + 1));

    const truckingsFile = truckingsOut.match(/ to (.+\.xlsx)/)![1];
    expect(truckingsOut).toContain(`Wrote ${counts.truckings} truckers`);
    expect(sheet(truckingsFile)).toHaveLength(counts.truckings + 1);

    const filtered = await ok(["export", "customers", "--search", "zzz-no-such-customer", "--out", path.join(dataDir, "none.xlsx")], env);
    expect(filtered).toContain("Wrote 0 customers");
    expect(sheet(path.join(dataDir, "none.xlsx"))).toHaveLength(1);
  });

  it("expires sales quotations on request, and lists them first with --dry-run", async () => {
    const handle = await openDatabase(env);
    let ref: string;
    try {
      const [branch] = await handle.db.select({ code: branches.code }).from(branches).limit(1);
      const [customer] = await handle.db.select({ code: customers.code }).from(customers).limit(1);
      const [cargo] = await handle.db.select({ code: cargoTypes.code }).from(cargoTypes).limit(1);
      ref = `SQ-${branch.code}-2026-900001`;
      await handle.db.insert(salesQuotations).values({
        sqRefNum: ref, sqDate: "2026-01-02", validUntil: "2026-01-31", userId: "admin",
        branchCode: branch.code, customerCode: customer.code, cargoTypeCode: cargo.code,
      });
    } finally {
      await handle.close();
    }
    expect(await ok(["sq", "expire", "--dry-run", "--date", "2026-02-01"], env)).toContain(`Would expire 1: ${ref}`);
    expect(await ok(["sq", "expire", "--date", "2026-02-01"], env)).toContain(`Expired 1: ${ref}`);
    expect(await ok(["sq", "expire", "--date", "2026-02-01"], env)).toContain("No quotation was due to expire.");
  });

  it("exports voyage_schedule.xlsx for a departure range, and refuses a range that ends before it starts", async () => {
    const handle = await openDatabase(env);
    try {
      const [route] = await handle.db.select().from(routes).where(eq(routes.isActive, true)).limit(1);
      const [vessel] = await handle.db.select().from(vessels).limit(1);
      await handle.db.insert(voyageSchedules).values({
        voyageNum: `VOY-${route.originBranchCode}-2026-900001`, voyageRef: "V-CLI", vesselCode: vessel.code, routeCode: route.code,
        originBranchCode: route.originBranchCode, estimatedTimeDeparture: new Date("2026-03-10T02:00:00Z"),
      });
      await handle.db.insert(voyageScheduleDestinations).values({
        voyageNum: `VOY-${route.originBranchCode}-2026-900001`, seq: 1, destinationBranchCode: route.destinationBranchCodes[0],
        estimatedTimeArrival: new Date("2026-03-11T02:00:00Z"),
      });
    } finally {
      await handle.close();
    }
    const out = await ok(["export", "voyages", "--from", "2026-03-10", "--to", "2026-03-10", "--out", dataDir], env);
    expect(out).toContain(`Wrote 1 voyage to ${path.join(dataDir, "voyage_schedule.xlsx")}`);
    const book = XLSX.read(readFileSync(path.join(dataDir, "voyage_schedule.xlsx")), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]);
    expect(rows).toEqual([expect.objectContaining({ "Voyage Ref": "V-CLI", ETD: "2026-03-10 10:00" })]);
    const backwards = await lading(["export", "voyages", "--from", "2026-03-10", "--to", "2026-03-09"], env);
    expect(backwards.code).not.toBe(0);
    expect(backwards.stderr).toContain("DateTo cannot be before DateFrom");
  });

  it("lists the scheduled jobs, and runs them only on PostgreSQL", async () => {
    expect(await ok(["schedule", "--list"], env)).toBe([
      "Job                     Cron (Asia/Manila)  Does",
      "----------------------  ------------------  ---------------------------------------------------------------------------------------------",
      "sign-in-guards-cleanup  40 3 * * *          Forget sign-in guards of user ids and addresses quiet for a day",
      "sq-expire               5 0 * * *           Expire quotations past their validity",
      "booking-expire          10 0 * * *          Expire bookings nobody confirmed in time",
      "posting-relay           */2 * * * *         Post waiting invoices, receipts and reversals to BASE (hold them while no BASE is configured)",
      "demurrage-accrue        20 0 * * *          Charge storage, demurrage and detention past the free days",
      "report-subscriptions    0 6 * * *           Mail the subscribed reports of the week or month just over, workbook attached",
      "",
    ].join("\n"));
    const run = await lading(["schedule"], env);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe("Error: lading schedule runs the jobs on PostgreSQL (set DATABASE_URL). On the embedded database the server runs them itself.\n");
  });

  it("expires the bookings of a voyage that has left, listing them first with --dry-run", async () => {
    const handle = await openDatabase(env);
    let ref: string;
    try {
      // The voyage of the export test left on 10 March; a booking still in Draft on it is overdue.
      const [voyage] = await handle.db.select().from(voyageSchedules).where(eq(voyageSchedules.voyageRef, "V-CLI"));
      const [destination] = await handle.db.select().from(voyageScheduleDestinations).where(eq(voyageScheduleDestinations.voyageNum, voyage.voyageNum));
      const [customer] = await handle.db.select({ code: customers.code }).from(customers).limit(1);
      const batchRef = `BB-${voyage.originBranchCode}-2026-900001`;
      ref = `BK-${voyage.originBranchCode}-2026-900001`;
      await handle.db.insert(bookingBatches).values({
        bookingBatchRef: batchRef, voyageNum: voyage.voyageNum, customerCode: customer.code, branchCode: voyage.originBranchCode, status: "Draft",
      });
      await handle.db.insert(bookings).values({
        bookingRef: ref, bookingBatchRef: batchRef, voyageNum: voyage.voyageNum, customerCode: customer.code,
        branchCode: voyage.originBranchCode, status: "Draft", destinationBranchCode: destination.destinationBranchCode,
        modeOfDelivery: "PTP", modeOfPayment: "P", publicId: "cli-test-public-id-0000001", bookingDate: "2026-03-01",
      });
    } finally {
      await handle.close();
    }
    expect(await ok(["bookings", "expire", "--dry-run"], env)).toContain(`Would expire 1: ${ref}`);
    expect(await ok(["bookings", "expire"], env)).toContain(`Expired 1: ${ref}`);
    expect(await ok(["bookings", "expire"], env)).toContain("No booking was due to expire.");
    const check = await openDatabase(env);
    try {
      const [row] = await check.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.bookingRef, ref));
      expect(row.status).toBe("Expired");
      const [batch] = await check.db.select({ status: bookingBatches.status }).from(bookingBatches).where(eq(bookingBatches.bookingBatchRef, `BB-${ref.split("-")[1]}-2026-900001`));
      expect(batch.status).toBe("Expired");
    } finally {
      await check.close();
    }
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)("lading CLI on PostgreSQL", () => {
  const name = `lading_cli_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  let admin: import("postgres").Sql;
  let env: { DATABASE_URL: string };

  beforeAll(async () => {
    const { default: postgres } = await import("postgres");
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = "/" + name;
    env = { DATABASE_URL: url.toString() };
  });
  afterAll(async () => {
    await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin?.end();
  });

  it("seeds and lists the same ports as the API", async () => {
    expect(await ok(["db", "seed"], env)).toMatch(/Applied \d+ migrations? to PostgreSQL .*Loaded the demo data set/s);
    await ok(["users", "create-admin", "--password", ADMIN_PASSWORD], env);
    const json = await ok(["ports", "list", "--format", "json"], env);
    const handle = await openDatabase(env, { poolSize: 2 });
    try {
      expect(JSON.parse(json)).toEqual(await portsFromApi(handle));
    } finally {
      await handle.close();
    }
  });

  it("runs the scheduler until it is stopped", async () => {
    const childEnv: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: "1", ...env };
    const child = spawn(process.execPath, [launcher, "schedule"], { cwd: root, env: childEnv });
    let stdout = "";
    let stderr = "";
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (chunk) => {
        stdout += chunk;
        if (stdout.includes("Stop with Ctrl-C.")) resolve();
      });
      child.on("close", () => reject(new Error(`lading schedule ended early\n${stderr}${stdout}`)));
    });
    child.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(stdout.split("\n")[0]).toMatch(/^Running 6 scheduled job\(s\) on .+: sign-in-guards-cleanup \(40 3 \* \* \*\), sq-expire \(5 0 \* \* \*\), booking-expire \(10 0 \* \* \*\), posting-relay \(\*\/2 \* \* \* \*\), demurrage-accrue \(20 0 \* \* \*\), report-subscriptions \(0 6 \* \* \*\)\. Stop with Ctrl-C\.$/);
    expect(stdout.split("\n")[1]).toBe("Stopped.");
    expect(stderr).toBe("");
  });
});
