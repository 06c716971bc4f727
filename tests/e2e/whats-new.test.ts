import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { WhatsNewEntry } from "../../api/modules/whats-new/schemas.ts";
import { parseChangelog } from "../../api/modules/whats-new/service.ts";
import { markdownText } from "../../web/src/lib/markdown.ts";
import { exactly, openBrowser, type OpenBrowser, signIn } from "./browser.ts";
import { REPO_ROOT } from "../support/repo.ts";
import { type RunningServer, startServer } from "./server.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");

let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser("whats-new", { width: 1366, height: 860 });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

interface ListAnswer {
  data: WhatsNewEntry[];
  total: number;
}

/** The signed-in browser's own session asks the server, as the page does. */
async function fromServer(skip: number, take: number): Promise<ListAnswer> {
  const res = await page.request.get(`${baseURL}/api/WhatsNew/load?skip=${skip}&take=${take}`);
  expect(res.status()).toBe(200);
  return await res.json() as ListAnswer;
}

const entries = () => page.getByTestId("whats-new-entry");
const range = () => page.getByTestId("whats-new-range");
const next = () => page.getByRole("button", { name: "Next page" });
const previous = () => page.getByRole("button", { name: "Previous page" });

/**
 * Waits for the pager to show this range and the list that many entries. The range moves with the page at
 * once while the rows come a moment later, so both are polled.
 */
async function seeRange(first: number, last: number, total: number) {
  await range().filter({ hasText: exactly(`${first}–${last} of ${total}`) }).waitFor();
  await expect.poll(() => entries().count()).toBe(last - first + 1);
}

/** The page shows these releases, in this order, each with its label, date and every item. */
async function seeReleases(expected: WhatsNewEntry[]) {
  await expect.poll(() => page.getByTestId("whats-new-version").allTextContents()).toEqual(expected.map((e) => `Version ${e.version}`));
  expect(await page.getByTestId("whats-new-date").evaluateAll((els) => els.map((el) => el.getAttribute("datetime")))).toEqual(
    expected.map((e) => e.date),
  );
  const items = await entries().evaluateAll((els) => els.map((el) => Array.from(el.querySelectorAll("li"), (li) => li.textContent)));
  // The notes are Markdown: the page shows their words, with the marks turned into formatting.
  expect(items).toEqual(expected.map((e) => e.items.map(markdownText)));
}

describe("the What's new page", () => {
  it("signs in as the administrator", async () => {
    await signIn(page, baseURL, "admin", adminPassword);
  });

  it("opens from the Version page and lists the project's release notes newest first, 15, 30 or 60 to a page", async () => {
    const { total } = await fromServer(0, 15);
    expect(total).toBeGreaterThan(0);

    await page.goto(baseURL + "/version");
    await page.getByTestId("whats-new-link").click();
    await page.getByTestId("whats-new-page").waitFor();
    expect(new URL(page.url()).pathname).toBe("/whats_new");
    expect(await page.getByTestId("page-title").textContent()).toBe("What's new");

    // 15 is the first size offered and the one chosen.
    const sizes = page.getByTestId("whats-new-page-size");
    expect(await sizes.locator("option").allTextContents()).toEqual(["15 per page", "30 per page", "60 per page"]);
    expect(await sizes.inputValue()).toBe("15");
    for (const size of [15, 30, 60]) {
      if (size !== 15) await sizes.selectOption(String(size));
      await seeRange(1, Math.min(size, total), total);
      await seeReleases((await fromServer(0, size)).data);
    }

    // The pager walks the real notes as far as they go.
    await sizes.selectOption("15");
    await seeRange(1, Math.min(15, total), total);
    for (let skip = 15; skip < total; skip += 15) {
      await next().click();
      await seeRange(skip + 1, Math.min(skip + 15, total), total);
      await seeReleases((await fromServer(skip, 15)).data);
    }
    expect(await next().isDisabled()).toBe(true);
    while (!(await previous().isDisabled())) await previous().click();
    await seeRange(1, Math.min(15, total), total);
  });

  it("pages forward and back through more than 60 releases, keeping the list's own scroll", async () => {
    // A server of its own reads the 70-release fixture, in a browser of its own so the two sessions stay apart.
    const fixture = path.join(REPO_ROOT, "tests/fixtures/whats-new/CHANGELOG.md");
    const releases = parseChangelog(readFileSync(fixture, "utf8")).entries;
    const total = releases.length;
    expect(total).toBeGreaterThan(60);
    const server: RunningServer = await startServer({ LADING_ADMIN_PASSWORD: adminPassword, LADING_CHANGELOG: fixture });
    const other = await openBrowser("whats-new-fixture", { width: 1366, height: 860 });
    const main = page;
    page = other.page;
    try {
      await signIn(page, server.baseURL, "admin", adminPassword);
      await page.goto(server.baseURL + "/whats_new");
      await seeRange(1, 15, total);
      await seeReleases(releases.slice(0, 15));

      await next().click();
      await seeRange(16, 30, total);
      await seeReleases(releases.slice(15, 30));
      await previous().click();
      await seeRange(1, 15, total);

      // 30 to a page, then forward and back.
      await page.getByTestId("whats-new-page-size").selectOption("30");
      await seeRange(1, 30, total);
      await next().click();
      await seeRange(31, 60, total);
      await seeReleases(releases.slice(30, 60));
      await next().click();
      await seeRange(61, total, total);
      expect(await next().isDisabled()).toBe(true);
      await previous().click();
      await seeRange(31, 60, total);

      // 60 to a page: the page holding release 31 is the first one.
      await page.getByTestId("whats-new-page-size").selectOption("60");
      await seeRange(1, 60, total);
      await seeReleases(releases.slice(0, 60));
      await next().click();
      await seeRange(61, total, total);
      await seeReleases(releases.slice(60));
      await previous().click();
      await seeRange(1, 60, total);

      // Sixty releases overflow the list, which scrolls on its own while the title and pager stay put.
      const scrolling = await page.getByTestId("whats-new-list").evaluate((el) => ({
        overflow: getComputedStyle(el).overflowY,
        overflows: el.scrollHeight > el.clientHeight,
      }));
      expect(scrolling).toEqual({ overflow: "auto", overflows: true });
      const main = await page.locator("#main").evaluate((el) => el.scrollHeight - el.clientHeight);
      expect(main).toBeLessThanOrEqual(1);
    } finally {
      page = main;
      await other.close();
      await server.stop();
    }
  });

  it("is narrower than the main area on a wide screen and fills it on a narrow one", async () => {
    const widths = async () => ({
      page: await page.getByTestId("whats-new-page").evaluate((el) => el.getBoundingClientRect().width),
      main: await page.locator("#main").evaluate((el) => el.clientWidth),
    });
    await page.goto(baseURL + "/whats_new");
    await page.getByTestId("whats-new-entry").first().waitFor();
    const wide = await widths();
    expect(wide.page).toBeLessThanOrEqual(760);
    expect(wide.page).toBeLessThan(wide.main);

    await page.setViewportSize({ width: 700, height: 860 });
    try {
      await page.getByTestId("whats-new-entry").first().waitFor();
      const narrow = await widths();
      expect(Math.abs(narrow.page - narrow.main)).toBeLessThanOrEqual(1);
    } finally {
      await page.setViewportSize({ width: 1366, height: 860 });
    }
  });
});
