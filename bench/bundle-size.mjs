#!/usr/bin/env node
/**
 * Gzipped JavaScript that the sign-in page downloads, beside a bare page (web/bare: one Blueprint Button and
 * one Table) built with the same Vite config. Both are loaded in headless Chromium and every script response
 * is counted, so lazy chunks count only when the page really asks for them. Exits non-zero when the ratio misses
 * its target or a document builder is part of the load.
 */
import { spawn, spawnSync } from "node:child_process";
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";

/** The sign-in page's gzipped JavaScript may be this many times the bare page's; more exits non-zero. */
const TARGET = 1.2;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules/.bin", name);
const build = (env) => {
  const r = spawnSync(bin("vite"), ["build", "--config", "web/vite.config.ts", "--logLevel", "warn"], { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (r.status !== 0) process.exit(1);
};
build({});
build({ LADING_BARE: "1" });

/** A plain static server for the bare build. */
function serveDir(dir) {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const file = path.join(dir, decodeURIComponent(new URL(req.url, "http://x").pathname));
      const target = existsSync(file) && statSync(file).isFile() ? file : path.join(dir, "index.html");
      const type = target.endsWith(".js") ? "text/javascript" : target.endsWith(".css") ? "text/css" : "text/html";
      res.writeHead(200, { "content-type": type });
      createReadStream(target).pipe(res);
    });
    server.listen(0, "127.0.0.1", () => resolve(server));
  });
}

async function startLading() {
  const port = 8600 + Math.floor(Math.random() * 300);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "lading-bundle-"));
  const child = spawn(bin("deno"), ["run", "-A", "api/main.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LADING_ADMIN_PASSWORD: "bundle-bench-1", LOG_LEVEL: "silent" },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}/signin`,
    stop: async () => {
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function scriptBytes(browser, url) {
  const page = await browser.newPage();
  const bodies = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") bodies.push(res.body().then((b) => ({ url: res.url(), b })));
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const scripts = await Promise.all(bodies);
  await page.close();
  return {
    files: scripts.length,
    // jsPDF and SheetJS announce themselves in their code; neither may be part of the first load.
    documentBuilders: scripts.some((s) => /jsPDF|SheetJS/.test(s.b.toString("latin1"))),
    // Recharts names its own wrapper classes; it belongs to the report screens' chunk.
    charts: scripts.some((s) => /recharts-wrapper/.test(s.b.toString("latin1"))),
    raw: scripts.reduce((n, s) => n + s.b.length, 0),
    gzip: scripts.reduce((n, s) => n + gzipSync(s.b, { level: 9 }).length, 0),
  };
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const lading = await startLading();
const bareServer = await serveDir(path.join(root, "web/dist-bare"));
try {
  const app = await scriptBytes(browser, lading.url);
  const bare = await scriptBytes(browser, `http://127.0.0.1:${bareServer.address().port}/`);
  const kb = (n) => (n / 1024).toFixed(1) + " kB";
  console.log("\nJavaScript loaded by the page (gzip -9 of each script response)");
  console.table([
    { page: "Lading /signin", scripts: app.files, raw: kb(app.raw), gzip: kb(app.gzip) },
    { page: "bare Button + Table", scripts: bare.files, raw: kb(bare.raw), gzip: kb(bare.gzip) },
  ]);
  console.log(`jsPDF or xlsx loaded by the sign-in page: ${app.documentBuilders ? "YES (they belong in lazy chunks)" : "no"}`);
  console.log(`Recharts loaded by the sign-in page: ${app.charts ? "YES (it belongs with the report screens)" : "no"}`);
  const ratio = app.gzip / bare.gzip;
  const missed = !(ratio <= TARGET) || app.documentBuilders || app.charts;
  console.log(`sign-in page JS is ${ratio.toFixed(2)}x the bare Blueprint page's (target <= ${TARGET})${missed ? "  MISSED" : ""}`);
  if (missed) process.exitCode = 1;
} finally {
  await lading.stop();
  bareServer.close();
  await browser.close();
}
