import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/seed/demo.ts";
import { openBrowser, type OpenBrowser, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();

/**
 * Each role's home (issue 26, Build 5) in the browser: the demo auditor lands on a card of the quotations waiting
 * at their step, its count what the server's list answers, and the card opens that list; a role with nothing
 * waiting reads so. tests/api/home.test.ts checks the counts of each role by hand.
 */

let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser("home", { width: 1366, height: 860 });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("the home page after sign-in", () => {
  it("shows the auditor the quotations waiting for their approval and opens the list", async () => {
    await signIn(page, baseURL, "demo.aud", DEMO_PASSWORD);
    expect(new URL(page.url()).pathname).toBe("/");
    const card = page.getByTestId("home-waiting-sq-AUD");
    await card.waitFor();
    // Other browser tests may move the demo's quotations on meanwhile: the card agrees with the list the server answers.
    const listed = await page.request.get(`${baseURL}/api/SalesQuotations/loadAUD?take=100`);
    const { total } = await listed.json() as { total: number };
    expect(total).toBeGreaterThan(0);
    await expect.poll(() => card.getByTestId("home-waiting-count").textContent()).toBe(String(total));
    await expect.poll(() => card.textContent()).toContain("Quotations waiting for your approval (audit)");

    await card.getByRole("link").click();
    await page.waitForURL((url) => url.pathname === "/sales_quotation" && url.search === "?list=AUD");
    await page.getByTestId("sq-aud-list").waitFor();
    await expect.poll(() => page.locator('[data-testid^="sq-aud-row-"]').count()).toBe(total);
  });

  it("tells a role with nothing waiting so, calmly", async () => {
    await page.context().clearCookies();
    await signIn(page, baseURL, "demo.hustler", DEMO_PASSWORD);
    await page.getByTestId("home-nothing-waits").waitFor();
    expect(await page.getByTestId("home-nothing-waits").textContent()).toContain("Nothing waits for you");
    expect(await page.getByTestId("home-waiting").count()).toBe(0);
  });
});
