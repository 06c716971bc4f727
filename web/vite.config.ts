import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig, type UserConfig } from "vite";

const webDir = path.dirname(fileURLToPath(import.meta.url));
const repoDir = path.resolve(webDir, "..");
const pkg = JSON.parse(readFileSync(path.join(repoDir, "package.json"), "utf8")) as { version: string };

// The bench builds a page with nothing but one Button and one Table, as the yardstick for the app's
// initial download; it shares this config so both builds are minified and split the same way.
const bare = process.env.LADING_BARE === "1";

const config = {
  root: bare ? path.join(webDir, "bare") : webDir,
  // The bare page must not ship the service worker or manifest: they would not be part of the measure.
  publicDir: bare ? false : path.join(webDir, "public"),
  plugins: [react()],
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  build: {
    outDir: bare ? path.join(webDir, "dist-bare") : path.join(webDir, "dist"),
    emptyOutDir: true,
    manifest: true,
  },
  server: {
    proxy: { "/api": "http://localhost:8000" },
    // Pages import zod schemas from api/ and document builders from templates/, outside the web root.
    fs: { allow: [repoDir] },
  },
} satisfies UserConfig;

export default defineConfig(({ command }) => {
  // A build is the production build whatever NODE_ENV the caller's environment holds (Vitest sets "test", which
  // would bundle React's development build and leave out the service worker, and so the offline tally sheet).
  if (command === "build") process.env.NODE_ENV = "production";
  return config;
});
