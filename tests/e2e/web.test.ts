import { readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import * as XLSX from "xlsx";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice as noticeOn } from "./browser.ts";
import { REPO_ROOT } from "../support/repo.ts";
import { type RunningServer, startServer } from "./server.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const appVersion = (JSON.parse(readFileSync(path.join(REPO_ROOT, "package.json"), "utf8")) as { version: string }).version;
/** Set to a directory to keep screenshots of the main screens for a look by eye. */
const screenshotDir = process.env.LADING_E2E_SCREENSHOTS;

let browser: OpenBrowser;
let context: BrowserContext;
let page: Page;
// The mismatch check needs a server that reports another version; it boots while the main flow runs.
let otherServer: Promise<RunningServer>;

beforeAll(async () => {
  otherServer = startServer({ LADING_ADMIN_PASSWORD: adminPassword, LADING_VERSION: "0.0.0-other" });
  otherServer.catch(() => {});
  browser = await openBrowser("profile");
  context = browser.context;
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
  await (await otherServer.catch(() => null))?.stop();
});

const seeNotice = (text: string) => noticeOn(page, text);

async function snap(name: string) {
  if (screenshotDir) await page.screenshot({ path: path.join(screenshotDir, `${name}.png`) });
}

const codes = () => page.locator('[data-testid^="port-code-"]');

describe("the web app against the real server", () => {
  it("signs in as admin through the form", async () => {
    await page.goto(baseURL + "/");
    await page.getByTestId("landing-page").waitFor();
    await snap("landing");
    await page.getByTestId("topbar-sign-in").click();
    await page.getByLabel("User id").fill("admin");
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByTestId("signin-submit").click();
    await page.getByTestId("home-page").waitFor();
    expect(await page.getByTestId("page-title").textContent()).toBe("Welcome, Administrator");
    expect(await page.getByTestId("side-menu").getByText("Master Data").count()).toBe(1);
    await snap("home");
  });

  it("creates, edits, finds, deactivates and deletes a port", async () => {
    await page.getByTestId("nav-master-data").click();
    await page.getByTestId("area-link-ports").click();
    await page.getByTestId("ports-page").waitFor();
    expect(new URL(page.url()).pathname).toBe("/master_data/ports");
    await page.getByTestId("port-code-MNLN").waitFor();

    await page.getByTestId("new-port").click();
    await page.locator("#port-code").fill("E2E1");
    await page.locator("#port-name").fill("Test Harbor");
    await page.locator("#port-branchCode").selectOption("CEB");
    await page.locator("#port-location").fill("Pier 9, Cebu City");
    await snap("port-dialog");
    await page.getByTestId("port-save").click();
    await seeNotice("Port added successfully");
    await page.getByTestId("port-code-E2E1").waitFor();

    await rowButton(page, "port-code-E2E1", "Edit").click();
    await page.locator("#port-name").fill("Test Harbor Renamed");
    await page.getByTestId("port-save").click();
    await seeNotice("Port updated successfully");
    await page.getByTestId("port-name-E2E1").filter({ hasText: "Test Harbor Renamed" }).waitFor();

    await page.getByTestId("ports-search").fill("E2E1");
    await page.getByTestId("ports-range").filter({ hasText: exactly("1–1 of 1") }).waitFor();
    expect(await codes().count()).toBe(1);
    expect(await codes().first().textContent()).toBe("E2E1");

    await rowButton(page, "port-code-E2E1", "Deactivate").click();
    await seeNotice("Port deactivated successfully");
    await page.getByTestId("port-status-E2E1").filter({ hasText: "Inactive" }).waitFor();

    await rowButton(page, "port-code-E2E1", "Delete").click();
    const prompt = page.locator(".bp6-alert");
    await prompt.getByTestId("confirm-prompt").waitFor();
    expect(await prompt.getByTestId("confirm-prompt").textContent()).toContain("E2E1");
    await prompt.getByRole("button", { name: "Delete" }).click();
    await seeNotice("Port deleted successfully");
    await page.getByTestId("port-code-E2E1").waitFor({ state: "detached" });
    await page.getByTestId("ports-range").filter({ hasText: exactly("0–0 of 0") }).waitFor();
  });

  it("exports the listed ports as a workbook", async () => {
    await page.getByTestId("ports-search").fill("");
    await page.getByTestId("port-code-MNLN").waitFor();
    await snap("ports");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("export-xlsx").click()]);
    expect(download.suggestedFilename()).toBe("Port_List.xlsx");
    const file = await download.path();
    const sheet = XLSX.read(readFileSync(file), { type: "buffer" });
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]!]!, { header: 1 });

    const listed = await context.request.get(`${baseURL}/api/ports/load?skip=0&take=200`);
    expect(listed.status()).toBe(200);
    const { data } = (await listed.json()) as { data: { code: string; name: string; branchCode: string; location: string; isActive: boolean }[] };
    expect(table[0]).toEqual(["No", "Code", "Name", "Branch", "Location", "Status"]);
    expect(table.slice(1)).toEqual(
      data.map((p, i) => [i + 1, p.code, p.name, p.branchCode, p.location, p.isActive ? "Active" : "Inactive"]),
    );
  });

  it("asks before leaving while a save is in flight, and lets go once it settles", async () => {
    const beforeUnloadBlocks = () =>
      page.evaluate(() => {
        const event = new Event("beforeunload", { cancelable: true });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/ports/activate/**", async (route) => {
      await held;
      await route.continue();
    });
    try {
      await rowButton(page, "port-code-ZAM", "Deactivate").click();
      expect(await beforeUnloadBlocks()).toBe(true);
      await page.getByTestId("nav-home").click();
      const prompt = page.locator(".bp6-alert");
      await prompt.getByText("You have still process data, are you sure you want to leave?", { exact: true }).waitFor();
      await prompt.getByRole("button", { name: "Cancel" }).click();
      expect(new URL(page.url()).pathname).toBe("/master_data/ports");
    } finally {
      release();
    }
    await seeNotice("Port deactivated successfully");
    await page.unroute("**/api/ports/activate/**");
    // The guard is released once the call has settled, just after the notice appears.
    await expect.poll(beforeUnloadBlocks, { timeout: 5000 }).toBe(false);
    await page.getByTestId("nav-home").click();
    await page.getByTestId("home-page").waitFor();
  });

  it("signs the user out when the server ends the session", async () => {
    await page.getByTestId("nav-master-data").click();
    await page.getByTestId("area-link-ports").click();
    await page.getByTestId("port-code-MNLN").waitFor();
    // Signing out elsewhere bumps the session version, so this tab's next call gets 401.
    expect((await context.request.post(`${baseURL}/api/Users/logOut`)).status()).toBe(200);
    await page.getByRole("button", { name: "Reload list" }).click();
    await seeNotice("User Changes: Please Login Again");
    await page.getByTestId("signin-form").waitFor();
    expect(new URL(page.url()).searchParams.get("next")).toBe("/master_data/ports");
    await page.getByLabel("User id").fill("admin");
    await page.getByLabel("Password").fill(adminPassword);
    await page.getByTestId("signin-submit").click();
    await page.getByTestId("port-code-MNLN").waitFor();
    expect(new URL(page.url()).pathname).toBe("/master_data/ports");
  });

  it("shows the fallback page for an unknown path", async () => {
    // A deep link must get the app's index.html from the server; the app itself decides the path is unknown.
    const response = await page.goto(baseURL + "/no/such/screen");
    expect(response?.status()).toBe(200);
    await page.getByTestId("not-found").waitFor();
    expect(await page.getByTestId("not-found").textContent()).toContain("Page not found");
    // Blueprint's AnchorButton is a link styled and announced as a button.
    expect(await page.getByRole("button", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
  });

  it("shows only the mismatch screen when the server runs another version", async () => {
    const other = await otherServer;
    const tab = await context.newPage();
    try {
      await tab.goto(other.baseURL + "/");
      const screen = tab.getByTestId("version-mismatch");
      await screen.waitFor();
      const text = await screen.textContent();
      expect(text).toContain("Server version 0.0.0-other");
      expect(text).toContain(`this app version ${appVersion}`);
      expect(await tab.getByTestId("signin-form").count()).toBe(0);
      if (screenshotDir) await tab.screenshot({ path: path.join(screenshotDir, "mismatch.png") });
    } finally {
      await tab.close();
    }
  });
});
