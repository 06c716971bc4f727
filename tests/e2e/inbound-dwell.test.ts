import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { formatAmount } from "../../api/shared/money.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "dwell-staff-passphrase-7";

/**
 * The inbound screens of issue 24 item 8 on the demo line, read in the browser by Cebu's inbound staff: dwell time
 * charts the demo discharge as the server works it out (tests/api/inbound-dwell-time.test.ts checks the figures by
 * hand) and downloads the workbook of what is on screen; unpaid waybills lists what the server answers; the inbound
 * dispatch screen opens its delivery lists.
 */
const STAFF = { userId: "dwell-e2e-ceb", name: "Dina Dwell", roleId: "DWELLE2E_IN", details: ["INBOUND"] };

let asAdmin: AdminCall;
let browser: OpenBrowser;
let page: Page;

interface Figures {
  waybills: number;
  released: number;
  vannedIn: number;
  averageDaysToRelease: number | null;
  averageDaysToVanIn: number | null;
  longestDaysToRelease: number | null;
  longestDaysToVanIn: number | null;
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const cebu = branches.find((b) => b.code === "CEB")!;
  await asAdmin("POST", "/Roles", { roleId: STAFF.roleId, roleName: "Dwell inbound", roleDetails: STAFF.details.map((menuId) => ({ menuId })) });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: STAFF.userId, name: STAFF.name, email: `${STAFF.userId}@example.test`, roleId: STAFF.roleId, branches: [{ id: cebu.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${STAFF.userId}?password=${encodeURIComponent(PASSWORD)}`);
  browser = await openBrowser("inbound-dwell", { width: 1440, height: 900 });
  page = browser.page;
  await signIn(page, baseURL, STAFF.userId, PASSWORD);
});

afterAll(async () => {
  await browser?.close().catch(() => {});
});


describe("dwell time", () => {
  it("charts the demo discharge at Cebu: two waybills, one released and its van back the day it was tallied; downloads the workbook", async () => {
    await page.goto(`${baseURL}/inbound`);
    await page.getByTestId("area-link-dwell_time").click();
    const from = await page.getByTestId("dwell-time-from").inputValue();
    const to = await page.getByTestId("dwell-time-to").inputValue();
    const all = await (await page.request.get(`${baseURL}/api/InBound/dwellTime?dateFrom=${from}&dateTo=${to}`)).json() as {
      data: (Figures & { voyageNum: string; voyageRef: string; destinationBranchCode: string })[];
    };
    const demo = all.data.find((g) => g.voyageRef === "DEMO-OPEN")!;
    expect(demo).toBeDefined();
    // The demo line discharges two Cebu waybills on the day of the first start and releases, trucks out and takes back
    // the one whose consignee paid; the freight-collect one waits.
    await page.getByTestId("dwell-time-voyage").fill(demo.voyageNum);
    await page.getByTestId("dwell-time-summary").filter({
      hasText: exactly("2 waybill(s) discharged: 1 released after 0.0 day(s) on average, 1 van(s) back after 0.0 day(s) on average."),
    }).waitFor();
    expect(await page.getByTestId(`dwell-time-chart-bar-${demo.voyageNum}-CEB`).locator("title").textContent())
      .toBe("DEMO-OPEN at CEB: Average days to release 0.0, Average days to van-in 0.0");

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("dwell-time-download").click()]);
    expect(download.suggestedFilename()).toBe(`Dwell_Time_${from}_${to}.xlsx`);
    const file = path.join(browser.profileDir, download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By voyage and branch"]!, { header: 1, defval: null });
    expect(rows.at(-1)).toEqual(["Total", "", "", "", 2, 1, 0, 0, 1, 0, 0]);
  });
});

describe("unpaid waybills and inbound dispatch", () => {
  it("lists the unpaid discharged waybills the server answers, with what they owe: the demo's freight-collect waybill, not its paid one", async () => {
    await page.goto(`${baseURL}/inbound/unpaidWaybills`);
    await page.getByTestId("unpaid-waybills-page").waitFor();
    type Answer = { total: number; amount: string; data: { voyageRef: string; wayBillRef: string; modeOfPayment: string; amount: string }[] };
    const answer = await (await page.request.get(`${baseURL}/api/InBound/unpaidWaybills`)).json() as Answer;
    // Other browser tests may leave cargo of their own discharged and unpaid at Cebu: all of it is counted.
    await expect.poll(async () => await page.getByTestId("unpaid-summary").textContent())
      .toBe(`${answer.total} waybill(s) unpaid in BASE Accounting, ${formatAmount(answer.amount)} owed.`);
    // The demo line's: only its freight-collect waybill, owing its whole bill at Cebu (freight 21,392.00 and other
    // charges 4,704.00).
    const demo = answer.data.filter((w) => w.voyageRef === "DEMO-OPEN");
    expect(demo.map((w) => [w.modeOfPayment, w.amount])).toEqual([["C", "26096.00"]]);
    await page.getByTestId("unpaid-search").fill(demo[0].wayBillRef);
    await expect.poll(async () => await page.getByTestId("unpaid-summary").textContent()).toBe("1 waybill(s) unpaid in BASE Accounting, 26,096.00 owed.");
    expect([
      await page.getByTestId("unpaid-table-r0-c0").textContent(),
      await page.getByTestId("unpaid-table-r0-c6").textContent(),
      await page.getByTestId("unpaid-table-r0-c10").textContent(),
    ]).toEqual([demo[0].wayBillRef, "C", "26,096.00"]);
  });

  it("opens the inbound dispatch screen with its new delivery list dialog", async () => {
    await page.goto(`${baseURL}/inbound/dispatchModule`);
    await page.getByTestId("inbound-dispatch-page").waitFor();
    await page.getByTestId("delivery-new").click();
    await page.getByTestId("delivery-new-form").waitFor();
    expect(await page.getByTestId("delivery-new-branch").inputValue()).toBe("CEB");
  });
});
