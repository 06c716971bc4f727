import type { Page, Request } from "playwright-core";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PAGES, pathTo } from "../../api/shared/page-paths.ts";
import { ROUTES } from "../../web/src/app/routes.tsx";
import { DEMO_PASSWORD, DEMO_PEOPLE, type DemoPerson } from "../../db/seed/demo.ts";
import { adminApi } from "./admin-api.ts";
import { openBrowser, type OpenBrowser, signIn } from "./browser.ts";

/**
 * Every page that opens from an address without parameters, opened in the built app by the administrator and by
 * the demo staff of each other menu, on the demo line the server starts with. Each page must open without a
 * script error, without an error toast, with every API call it makes answered below 400 (a 401 or 403 after
 * sign-in would mean a screen asks beyond its user's menu, a 404 that it looks for a record that is not there),
 * and as the page itself: not "not built", "not found" or "no access" for a page of the user's own menus.
 * Warnings of an empty list are the spec's and are left to the screens' own tests. Then the pages of the demo
 * line's two voyages and of a booking on each, which open with the voyage's or the booking's reference in their
 * address.
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
    if (status >= 400) {
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

type Role = { menus: readonly string[]; capabilities: readonly string[] } | "all";

/** The pages without parameters a role opens from its menus (every one for the administrator). */
const pagesOf = (role: Role) =>
  pages.filter((r) =>
    role === "all" ||
    ((r.access === "authenticated" || r.access === "public" || role.menus.includes(r.access)) && (!r.capability || role.capabilities.includes(r.capability)))
  ).map((r) => r.path);

/** Opens each address as a user moves between screens, in the app, and answers what went wrong on the way. */
async function openEveryPage(name: string, userId: string, password: string, addresses: readonly string[]) {
  const browser = await openBrowser(`every-page-${name}`, { width: 1440, height: 900 });
  browsers.push(browser);
  const { page } = browser;
  await signIn(page, baseURL, userId, password);
  const problems: string[] = [];
  let current = "sign-in";
  const settled = watchRequests(page, problems, () => current);
  await settled();
  for (const address of addresses) {
    current = address;
    // The router follows the history API: the page changes without reloading the app, as from a link.
    await page.evaluate((path) => history.pushState(null, "", path), address);
    await page.waitForURL(baseURL + address);
    await settled();
    for (const testId of ["not-built", "not-found", "no-access"]) {
      if (await page.getByTestId(testId).count() > 0) problems.push(`${address}: shows ${testId}`);
    }
    // A page that throws while drawing is caught by the app's error boundary, which says so in place of the page.
    if (await page.getByText("This page could not be shown", { exact: true }).count() > 0) {
      const said = (await page.locator(".lading-page-state").innerText()).replace("This page could not be shown", "").replace(/\s+/g, " ").replace(/ ?Reload$/, "").trim();
      problems.push(`${address}: could not be shown (${said})`);
    }
    for (const text of await page.locator(".bp6-toast.bp6-intent-danger").allInnerTexts()) {
      problems.push(`${address}: error toast "${text.replace(/\s+/g, " ").trim()}"`);
    }
  }
  return problems;
}

describe("every page opens cleanly", () => {
  it("for the administrator, every page of every menu", async () => {
    const addresses = pagesOf("all");
    expect(addresses.length).toBe(pages.length);
    expect(await openEveryPage("admin", "admin", adminPassword, addresses)).toEqual([]);
  }, 600_000);

  const menuStaff: DemoPerson[] = ["ae", "ops", "yard", "inbound", "cashier", "waiver", "bcClerk", "hustler"];
  for (const who of menuStaff) {
    const person = DEMO_PEOPLE[who];
    it(`for ${person.userId} (${person.menus.join(", ")}), the pages of the role's menus`, async () => {
      const addresses = pagesOf(person);
      expect(addresses.length).toBeGreaterThan(1);
      expect(await openEveryPage(who, person.userId, DEMO_PASSWORD, addresses)).toEqual([]);
    }, 600_000);
  }

  it("for the administrator, the pages of the demo line's voyages and of a booking on each", async () => {
    const asAdmin = await adminApi(baseURL, adminPassword);
    const addresses: string[] = [];
    for (const voyageRef of ["DEMO-OPEN", "DEMO-LOADING"]) {
      const voyages = await asAdmin<{ data: { voyageNum: string; voyageRef: string }[] }>("GET", `/VoyageSchedules/load?search=${voyageRef}`);
      const voyage = voyages.data.find((v) => v.voyageRef === voyageRef);
      expect(voyage, voyageRef).toBeDefined();
      const { voyageNum } = voyage!;
      const bookings = await asAdmin<{ data: { bookingRef: string; bookingBatchRef: string }[] }>("POST", "/Bookings/load", { voyageNum, take: 1 });
      expect(bookings.data.length, `bookings of ${voyageRef}`).toBe(1);
      const [{ bookingRef, bookingBatchRef }] = bookings.data;
      for (const pattern of [PAGES.loadList, PAGES.loadingTallySheet, PAGES.stowagePlan, PAGES.unloadList, PAGES.unloadingTallySheet, PAGES.arrivalNotices, PAGES.croPosting]) {
        addresses.push(pathTo(pattern, { voyageNum }));
      }
      addresses.push(
        pathTo(PAGES.bookingBatch, { voyageNum, bookingBatchRef }),
        pathTo(PAGES.documentTreeOf, { bookingRef }),
        pathTo(PAGES.shipmentTrackingOf, { bookingRef }),
      );
    }
    expect(await openEveryPage("admin-records", "admin", adminPassword, addresses)).toEqual([]);
  }, 600_000);
});
