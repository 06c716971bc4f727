import type { Page, Request } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ROUTES } from "../../web/src/app/routes.tsx";
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from "../../db/seed/demo.ts";
import { openBrowser, type OpenBrowser, signIn } from "./browser.ts";

/**
 * Every page that opens from an address without parameters, opened in the built app by the administrator and by
 * the demo staff of each other menu, on the demo line the server starts with. Each page must open without a
 * script error, without a server error, without an error toast, without calling the API for something its user
 * may not read (a 401 or 403 after sign-in means a screen asks beyond its menu), and as the page itself: not
 * "not built", "not found" or "no access" for a page of the user's own menus. Warnings of an empty list are the
 * spec's and are left to the screens' own tests.
 */

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");
const browsers: OpenBrowser[] = [];

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

const pages = ROUTES.filter((r) => !r.path.includes(":") && r.access !== "signedOut" && !r.redirectTo);

/**
 * What a page asks of the server (its code chunk and its API calls), followed until all has answered; the live
 * notification stream stays open and is left out.
 */
function watchRequests(page: Page, problems: string[], where: () => string) {
  let inFlight = 0;
  const followed = (r: Request) => r.resourceType() !== "eventsource";
  const isApi = (r: Request) => new URL(r.url()).pathname.startsWith("/api/");
  page.on("request", (r) => {
    if (followed(r)) inFlight++;
  });
  const done = (r: Request) => {
    if (followed(r)) inFlight--;
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  page.on("response", (res) => {
    if (!isApi(res.request())) return;
    const status = res.status();
    if (status >= 500 || status === 401 || status === 403) {
      problems.push(`${where()}: ${res.request().method()} ${new URL(res.url()).pathname} answered ${status}`);
    }
  });
  page.on("pageerror", (error) => problems.push(`${where()}: script error ${error.message}`));
  /** Resolves once nothing has been under way for 300 ms (at most 15 s). */
  return async () => {
    const started = Date.now();
    let quietSince = Date.now();
    while (Date.now() - quietSince < 300 && Date.now() - started < 15_000) {
      await page.waitForTimeout(50);
      if (inFlight > 0) quietSince = Date.now();
    }
  };
}

/** Opens each page of the user's menus (all for the administrator) as a user moves between screens, in the app. */
async function openEveryPage(name: string, userId: string, password: string, role: { menus: readonly string[]; capabilities: readonly string[] } | "all") {
  const browser = await openBrowser(`every-page-${name}`, { width: 1440, height: 900 });
  browsers.push(browser);
  const { page } = browser;
  await signIn(page, baseURL, userId, password);
  const problems: string[] = [];
  let current = "sign-in";
  const settled = watchRequests(page, problems, () => current);
  const own = pages.filter((r) =>
    role === "all" ||
    ((r.access === "authenticated" || r.access === "public" || role.menus.includes(r.access)) && (!r.capability || role.capabilities.includes(r.capability)))
  );
  await settled();
  for (const route of own) {
    current = route.path;
    // The router follows the history API: the page changes without reloading the app, as from a link.
    await page.evaluate((path) => history.pushState(null, "", path), route.path);
    await page.waitForURL(baseURL + route.path);
    await settled();
    for (const testId of ["not-built", "not-found", "no-access"]) {
      if (await page.getByTestId(testId).count() > 0) problems.push(`${route.path}: shows ${testId}`);
    }
    // A page that throws while drawing is caught by the app's error boundary, which says so in place of the page.
    if (await page.getByText("This page could not be shown", { exact: true }).count() > 0) {
      const said = (await page.locator(".lading-page-state").innerText()).replace("This page could not be shown", "").replace(/\s+/g, " ").replace(/ ?Reload$/, "").trim();
      problems.push(`${route.path}: could not be shown (${said})`);
    }
    for (const text of await page.locator(".bp6-toast.bp6-intent-danger").allInnerTexts()) {
      problems.push(`${route.path}: error toast "${text.replace(/\s+/g, " ").trim()}"`);
    }
  }
  return { opened: own.length, problems };
}

describe("every page opens cleanly", () => {
  it("for the administrator, every page of every menu", async () => {
    const { opened, problems } = await openEveryPage("admin", "admin", adminPassword, "all");
    expect(problems).toEqual([]);
    expect(opened).toBe(pages.length);
  }, 600_000);

  const menuStaff: DemoPerson[] = ["ae", "ops", "yard", "inbound", "cashier", "waiver", "bcClerk", "hustler"];
  for (const who of menuStaff) {
    const person = DEMO_PEOPLE[who];
    it(`for ${person.userId} (${person.menus.join(", ")}), the pages of the role's menus`, async () => {
      const { opened, problems } = await openEveryPage(who, person.userId, DEMO_PASSWORD, person);
      expect(problems).toEqual([]);
      expect(opened).toBeGreaterThan(1);
    }, 600_000);
  }
});
