import { serveStatic } from "hono/deno";
import type { MiddlewareHandler } from "hono";
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { DEMO_PASSWORD, DEMO_PEOPLE } from "../db/seed/demo.ts";
import { createApp } from "./app.ts";
import { createSmtpTransport, startOutboxWorker } from "./modules/email/index.ts";
import { firstStart, moduleJobs } from "./modules/index.ts";
import { stopNotifications } from "./modules/notifications/index.ts";
import { startDocumentWorkers, stopDocumentWorkers } from "./shared/document-pool.ts";
import { createJobRunner } from "./shared/schedule.ts";
import { baseSettingsNote, type LadingEnv, loadBaseSettings, loadConfig, loadDocumentWorkers, loadJobsSetting, loadMailSettings } from "./settings.ts";

const env = Deno.env.toObject() as LadingEnv;
const port = Number(env.PORT || 8000);
const webRoot = new URL("../web/dist/", import.meta.url).pathname;
// Checked before the database opens: a mistyped SMTP_URL or MAIL_FROM stops the start with a clear message.
const mail = loadMailSettings(env);
const jobsOn = loadJobsSetting(env);
const documentWorkers = loadDocumentWorkers(env);
// A half-set or mistyped BASE_URL stops the start too, before the database opens.
loadBaseSettings(env);

const handle = await openDatabase(env);
await migrateDatabase(handle);
const config = loadConfig(env);
const seeded = await firstStart(handle.db, { adminPassword: env.LADING_ADMIN_PASSWORD, linkBase: config.publicUrl ?? `http://localhost:${port}` });
const quiet = env.LOG_LEVEL === "silent";
const log = (line: Record<string, unknown>) => {
  if (!quiet || line.level === "error") console.log(JSON.stringify(line));
};

const assets = serveStatic({
  root: webRoot,
  onFound: (filePath, c) => {
    // Hashed bundles never change; the shell and the service worker must be revalidated.
    c.header("Cache-Control", filePath.includes("/assets/") ? "public, max-age=31536000, immutable" : "no-cache");
  },
});
const indexHtml: MiddlewareHandler = async (c) => {
  try {
    const html = await Deno.readTextFile(webRoot + "index.html");
    c.header("Cache-Control", "no-cache");
    return c.html(html);
  } catch {
    return c.text("The web app is not built. Run `npm run build` (npm start does it for you).", 503);
  }
};
// Files are served as they are; any other path is a client-side route and gets the app shell, except a missing
// hashed asset, which must be a 404 so that the service worker never caches HTML as a script.
const web: MiddlewareHandler = async (c, next) => {
  const served = await assets(c, async () => {});
  if (served) return served;
  if (c.req.path.startsWith("/assets/")) return c.text("Not found", 404);
  return indexHtml(c, next);
};

// Email is sent in the background from the outbox; without SMTP it is held there for an administrator.
const transport = mail.smtpUrl ? createSmtpTransport(mail.smtpUrl) : null;
const outbox = startOutboxWorker(handle.db, { transport, from: mail.from, log });

// Scheduled jobs run on a timer unless LADING_JOBS=off (then `lading schedule` runs them). Each occurrence is
// claimed in the database, so of several servers and schedulers one runs it.
const jobs = jobsOn
  ? createJobRunner({ db: handle.db, jobs: moduleJobs, runner: `${Deno.hostname()}:${Deno.pid}`, log })
  : null;
jobs?.startTimer();

// Printouts and workbooks are built in worker threads, so a big download never holds up other requests.
if (documentWorkers) {
  startDocumentWorkers({
    ...documentWorkers,
    onBuilt: (build) => {
      const clock = (at: number) => new Date(performance.timeOrigin + at).toISOString();
      log({
        level: build.failed ? "error" : "info", time: clock(build.finishedAt), event: build.failed ? "document-failed" : "document-built",
        document: build.name, buildStartedAt: clock(build.inputAt),
        waitedMs: Math.round(build.startedAt - build.askedAt), readMs: Math.round(build.inputAt - build.startedAt),
        buildMs: Math.round(build.finishedAt - build.inputAt), bytes: build.bytes,
        ...(build.failed ? { error: build.failed } : {}),
      });
    },
  });
}

const app = createApp({ db: handle.db, config, log }, { web });
const server = Deno.serve({ port, hostname: "0.0.0.0", onListen: () => {} }, app.fetch);

console.log(`Lading ${config.version} is running at http://localhost:${port}`);
console.log(`Database: ${handle.kind === "pglite" ? `embedded PGlite in ${handle.location}` : `PostgreSQL ${handle.location}`}`);
console.log(transport
  ? `Email: sent through ${transport.server} as ${mail.from}`
  : "Email: no SMTP_URL set; messages are kept in System Account > Email outbox");
console.log(config.base
  ? `Postings: sent to BASE at ${config.base.url}`
  : `Postings: ${baseSettingsNote(env) ?? "no BASE_URL set"}; invoices and receipts wait HELD on the CRO Accounting postings screen`);
console.log(jobs
  ? "Scheduled jobs: run by this server (set LADING_JOBS=off where `lading schedule` runs them)"
  : "Scheduled jobs: off here (LADING_JOBS=off); `lading schedule` runs them");
console.log(documentWorkers
  ? `Printouts and workbooks: built by ${documentWorkers.workers} worker${documentWorkers.workers === 1 ? "" : "s"}, up to ${documentWorkers.waiting} more waiting`
  : "Printouts and workbooks: built on the request thread (LADING_DOCUMENT_WORKERS=0)");
if (seeded) {
  console.log(`Loaded the demo data set: ${seeded.demo.branches} branches, ${seeded.demo.ports} ports.`);
  if (seeded.line.voyages) {
    console.log(`Demo line: ${seeded.line.voyages} voyages, ${seeded.line.quotations} quotations, ${seeded.line.bookings} bookings; ` +
      `its staff (${Object.values(DEMO_PEOPLE).map((p) => p.userId).join(", ")}) sign in with the password ${DEMO_PASSWORD}.`);
  }
  if (seeded.admin.generatedPassword) {
    console.log(`Sign in as admin with the password ${seeded.admin.generatedPassword} (shown only this once; set LADING_ADMIN_PASSWORD to choose it).`);
  } else {
    console.log("Sign in as admin with the password from LADING_ADMIN_PASSWORD.");
  }
} else {
  console.log("Sign in with your user id. Forgot the admin password? Run: npx lading users create-admin --reset");
}

const stop = async () => {
  await jobs?.stop();
  await server.shutdown();
  stopDocumentWorkers();
  await outbox.stop();
  transport?.close();
  await stopNotifications(handle.db);
  await handle.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
