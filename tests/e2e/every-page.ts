import type { Page, Request } from "playwright-core";
import { ROUTES } from "../../web/src/app/routes.tsx";
import { openBrowser, signIn } from "./browser.ts";

/**
 * Opening every page of a user's menus in the built app and collecting what went wrong: the browser tests
 * every-page-admin and every-page-staff, two files so that the two halves run side by side.
 */

/** The pages that open from an address without parameters, for a signed-in user. */
export const pages = ROUTES.filter((r) => !r.path.includes(":") && r.access !== "signedOut" && !r.redirectTo);

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

export type Role = { menus: readonly string[]; capabilities: readonly string[] } | "all";

/** The pages without parameters a role opens from its menus (every one for the administrator). */
export const pagesOf = (role: Role) =>
  pages.filter((r) =>
    role === "all" ||
    ((r.access === "authenticated" || r.access === "public" || role.menus.includes(r.access)) && (!r.capability || role.capabilities.includes(r.capability)))
  ).map((r) => r.path);

/**
 * Opens each address as a user moves between screens, in the app, in a browser of its own, and answers what went
 * wrong on the way.
 */
export async function openEveryPage(baseURL: string, name: string, userId: string, password: string, addresses: readonly string[]) {
  const browser = await openBrowser(`every-page-${name}`, { width: 1440, height: 900 });
  try {
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
  } finally {
    await browser.close().catch(() => {});
  }
}
