import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { formatAmount } from "../../api/shared/money.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "sq-commodity-passphrase-7";

/**
 * The SQ-based commodity report and the report subscriptions, in the browser of a role with the voyage menu: the
 * chart and the workbook show what the server answers for the same filter (tests/api/sq-commodity-report.test.ts
 * checks those figures by hand), and the role subscribes itself to the report weekly.
 */
const STAFF = { userId: "sqc-e2e-staff", name: "Sonia Commodity", roleId: "SQCE2E_VOY", details: ["VOYAGE"] };

let asAdmin: AdminCall;
let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  browser = await openBrowser("sq-commodity", { width: 1440, height: 900 });
  page = browser.page;
});
afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("the SQ-based commodity report", () => {
  it("sets up a role with the voyage menu", async () => {
    const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
    const manila = branches.find((b) => b.code === "MNL") ?? branches[0]!;
    await asAdmin("POST", "/Roles", { roleId: STAFF.roleId, roleName: `Commodity ${STAFF.roleId}`, roleDetails: STAFF.details.map((menuId) => ({ menuId })) });
    await asAdmin("POST", "/users/multipleInsert", [{
      userId: STAFF.userId, name: STAFF.name, email: `${STAFF.userId}@example.test`, roleId: STAFF.roleId, branches: [{ id: manila.id, defaultBranch: true }],
    }]);
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${STAFF.userId}?password=${encodeURIComponent(PASSWORD)}`);
  });

  it("charts the TEU per commodity with the server's figures and downloads the workbook", async () => {
    await signIn(page, baseURL, STAFF.userId, PASSWORD);
    await page.goto(`${baseURL}/voyage`);
    await page.getByTestId("area-link-sq_commodity").click();
    await page.getByTestId("sq-commodity-report").waitFor();
    const from = await page.getByTestId("sq-commodity-from").inputValue();
    const to = await page.getByTestId("sq-commodity-to").inputValue();
    const answer = await (await page.request.get(`${baseURL}/api/Bookings/reports/sqCommodity?dateFrom=${from}&dateTo=${to}`)).json() as {
      data: { commodityCode: string; commodityName: string; teu: number }[];
      totals: { bookings: number; teu: number; amount: string };
    };
    expect(answer.totals.bookings).toBeGreaterThanOrEqual(15);
    const first = answer.data[0]!;
    const bar = page.getByTestId(`sq-commodity-chart-bar-${first.commodityCode || "none"}`);
    const label = first.commodityCode ? `${first.commodityCode} · ${first.commodityName}` : first.commodityName;
    expect(await bar.locator("title").textContent()).toBe(`${label}: TEU ${first.teu}`);
    expect(await page.getByTestId("sq-commodity-summary").textContent()).toContain(`charges ${formatAmount(answer.totals.amount)}`);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("sq-commodity-download").click()]);
    expect(download.suggestedFilename()).toBe(`SQ_Commodity_Report_${from}_${to}.xlsx`);
    const file = path.join(browser.profileDir, download.suggestedFilename());
    await download.saveAs(file);
    const rows = XLSX.utils.sheet_to_json<unknown[]>(XLSX.read(readFileSync(file), { type: "buffer" }).Sheets["By commodity"]!, { header: 1 });
    expect(rows.at(-1)?.slice(4, 8)).toEqual([answer.totals.bookings, expect.any(Number), answer.totals.teu, Number(answer.totals.amount)]);
  });

  it("subscribes the role to the report weekly and lists who receives it", async () => {
    await page.goto(`${baseURL}/voyage`);
    await page.getByTestId("area-link-subscriptions").click();
    await page.getByTestId("report-subscriptions-page").waitFor();
    await page.getByTestId("subscription-role").locator(`option[value="${STAFF.roleId}"]`).waitFor({ state: "attached" });
    await page.getByTestId("subscription-role").selectOption(STAFF.roleId);
    await page.getByTestId("subscription-report").selectOption("sq-commodity");
    await page.getByTestId("subscription-frequency").selectOption("WEEKLY");
    await page.getByTestId("subscription-add").click();
    await seeNotice(page, "Subscription Successfully Created");
    const row = page.getByTestId("subscriptions-table").locator("tr").filter({ hasText: STAFF.roleId });
    await row.waitFor();
    expect(await row.textContent()).toContain(`${STAFF.userId}@example.test`);
    expect(await row.textContent()).toContain("Not yet");
  });
});
