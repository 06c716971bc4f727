import { serveStatic } from "hono/deno";
import type { MiddlewareHandler } from "hono";
import { migrateDatabase, openDatabase } from "../db/client.ts";
import { createApp } from "./app.ts";
import { createSmtpTransport, startOutboxWorker } from "./modules/email/index.ts";
import { runDailyBookingExpiry } from "./modules/bookings/index.ts";
import { runDailyExpiry } from "./modules/sales-quotations/index.ts";
import { everyDayInManila } from "./shared/daily.ts";
import { seedIfEmpty } from "./modules/users/index.ts";
import { type LadingEnv, loadConfig, loadMailSettings } from "./settings.ts";

const env = Deno.env.toObject() as LadingEnv;
const port = Number(env.PORT || 8000);
const webRoot = new URL("../web/dist/", import.meta.url).pathname;
// Checked before the database opens: a mistyped SMTP_URL or MAIL_FROM stops the start with a clear message.
const mail = loadMailSettings(env);

const handle = await openDatabase(env);
await migrateDatabase(handle);
const seeded = await seedIfEmpty(handle.db, env.LADING_ADMIN_PASSWORD);
const config = loadConfig(env);
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

// Daily jobs run just after midnight in Manila; each claims its day, so one server of several runs it.
const runner = `${Deno.hostname()}:${Deno.pid}`;
const expiry = everyDayInManila(0, 5, async () => {
  try {
    const done = await runDailyExpiry(handle.db, runner);
    if (done) log({ level: "info", time: new Date().toISOString(), event: "sq-expired", expired: done.data.expired.length });
  } catch (error) {
    log({ level: "error", time: new Date().toISOString(), event: "sq-expire-failed", error: error instanceof Error ? error.message : String(error) });
  }
});
const bookingExpiry = everyDayInManila(0, 10, async () => {
  try {
    const done = await runDailyBookingExpiry(handle.db, runner);
    if (done) log({ level: "info", time: new Date().toISOString(), event: "bookings-expired", expired: done.data.expired.length });
  } catch (error) {
    log({ level: "error", time: new Date().toISOString(), event: "booking-expire-failed", error: error instanceof Error ? error.message : String(error) });
  }
});

const app = createApp({ db: handle.db, config, log }, { web });
const server = Deno.serve({ port, hostname: "0.0.0.0", onListen: () => {} }, app.fetch);

console.log(`Lading ${config.version} is running at http://localhost:${port}`);
console.log(`Database: ${handle.kind === "pglite" ? `embedded PGlite in ${handle.location}` : `PostgreSQL ${handle.location}`}`);
console.log(transport
  ? `Email: sent through ${transport.server} as ${mail.from}`
  : "Email: no SMTP_URL set; messages are kept in System Account > Email outbox");
if (seeded) {
  console.log(`Loaded the demo data set: ${seeded.demo.branches} branches, ${seeded.demo.ports} ports.`);
  if (seeded.admin.generatedPassword) {
    console.log(`Sign in as admin with the password ${seeded.admin.generatedPassword} (shown only this once; set LADING_ADMIN_PASSWORD to choose it).`);
  } else {
    console.log("Sign in as admin with the password from LADING_ADMIN_PASSWORD.");
  }
} else {
  console.log("Sign in with your user id. Forgot the admin password? Run: npx lading users create-admin --reset");
}

const stop = async () => {
  expiry.stop();
  bookingExpiry.stop();
  await server.shutdown();
  await outbox.stop();
  transport?.close();
  await handle.close();
  Deno.exit(0);
};
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
