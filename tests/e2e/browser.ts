import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { expect } from "vitest";

/** The system Chromium, headless, with nothing that reaches past this machine. */
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface OpenBrowser {
  context: BrowserContext;
  page: Page;
  /** The browser profile's own directory, a place for downloads too. */
  profileDir: string;
  close: () => Promise<void>;
}

/** A fresh browser profile in a temporary directory, removed again by close(). */
export async function openBrowser(name: string, viewport = { width: 1366, height: 860 }): Promise<OpenBrowser> {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), `lading-e2e-${name}-`));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
    acceptDownloads: true,
  });
  context.setDefaultTimeout(15_000);
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    profileDir,
    close: async () => {
      await context.close();
      rmSync(profileDir, { recursive: true, force: true });
    },
  };
}

/**
 * A hasText filter that matches the whole text of the element, not a part of it: "1" is not "12", "Active" is
 * not "Inactive" and "1,000.00" is not "11,000.00".
 */
export function exactly(text: string): RegExp {
  return oneOf([text]);
}

/** Like exactly(), for an element whose whole text may be any one of these (never a part of one). */
export function oneOf(texts: readonly string[]): RegExp {
  const escaped = texts.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^\\s*(?:${escaped.join("|")})\\s*$`);
}

/** Waits for a notice (toast) with exactly this text. */
export async function seeNotice(page: Page, text: string, timeout = 15_000) {
  await page.locator(".bp6-toast").getByText(text, { exact: true }).first().waitFor({ state: "visible", timeout });
}

/** Signs in through the sign-in form, as a person would, and waits for the signed-in app. */
export async function signIn(page: Page, baseURL: string, userId: string, password: string) {
  await page.goto(baseURL + "/signin");
  await page.getByLabel("User id").fill(userId);
  await page.getByLabel("Password").fill(password);
  await page.getByTestId("signin-submit").click();
  await page.getByTestId("side-menu").waitFor();
}

/**
 * A row's icon button by its accessible name (the action's word: "Edit", "Delete"), in the table row that
 * holds the element of `keyTestId` (the row's code or reference cell).
 */
export function rowButton(page: Page, keyTestId: string, name: string) {
  return page.getByRole("row").filter({ has: page.getByTestId(keyTestId) }).getByRole("button", { name, exact: true });
}

/**
 * Waits until the service worker holds the app's page and every script and style sheet the page has loaded: what a
 * tablet has kept once a screen that must open offline (the tally sheet) was open on it with a connection. Each
 * look answers at once, naming what is missing, a worker not yet in charge included; waiting on
 * navigator.serviceWorker.ready instead would wait for ever when no worker takes charge, past every timeout.
 */
export async function keptForOffline(page: Page) {
  const missing = () => page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    if (!registration?.active) {
      const state = !registration ? "none registered" : registration.installing ? "installing" : registration.waiting ? "waiting" : "none active";
      return [`the service worker (${state})`];
    }
    const wanted = ["/", ...performance.getEntriesByType("resource").map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith("/assets/")).map((u) => u.pathname)];
    const absent: string[] = [];
    for (const path of wanted) if (!(await caches.match(path))) absent.push(path);
    return absent;
  });
  await expect.poll(missing, { timeout: 15_000, interval: 250 }).toEqual([]);
}

/** The top bar's bell; `live` picks it only while its stream's count is current (true) or while it is not (false). */
export function notificationBell(page: Page, { live }: { live?: boolean } = {}) {
  return live === undefined ? page.getByTestId("notification-bell") : page.locator(`[data-testid="notification-bell"][data-live="${live}"]`);
}
