import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "voyage-follower-passphrase-3";

/** A route of our own, so the seeded ones stay as they are: Manila, then Iloilo, then Bacolod. */
const ROUTE = { code: "E2E-ILO-BCD", name: "E2E Manila - Iloilo - Bacolod", origin: "MNL", calls: ["ILO", "BCD"] };
const VESSEL = "MV-VISAYAS";
/** The follower works in Iloilo, a port the voyage calls at, and holds the Voyage menu. */
const FOLLOWER = { userId: "voy-e2e-ilo", name: "Ilona Iloilo", roleId: "VOYE2E_ILO", branch: "ILO" };

const browsers: OpenBrowser[] = [];
let admin: Page;
let follower: Page;
let adminBrowser: OpenBrowser;
let voyageNum = "";
let vuid = "";

let asAdmin: AdminCall;

/** A Manila date some days from today, as the date inputs take it. */
const manilaDay = (days: number) => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function pick(page: Page, selector: string, value: string) {
  // Pickers fill in once their master data has arrived.
  await page.locator(`${selector} option[value="${value}"]`).waitFor({ state: "attached" });
  await page.locator(selector).selectOption(value);
}

const badge = (page: Page) => page.getByTestId("unread-badge");

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  adminBrowser = await openBrowser("voy-admin", { width: 1440, height: 900 });
  const followerBrowser = await openBrowser("voy-follower", { width: 1366, height: 860 });
  browsers.push(adminBrowser, followerBrowser);
  admin = adminBrowser.page;
  follower = followerBrowser.page;
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("a voyage from its route to the vessel's updates and the schedule export", () => {
  it("signs in the administrator and a follower of the Iloilo branch with the Voyage menu", async () => {
    const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
    const iloilo = branches.find((b) => b.code === FOLLOWER.branch)!;
    expect(iloilo, "the seeded Iloilo branch").toBeDefined();
    await asAdmin("POST", "/Roles", { roleId: FOLLOWER.roleId, roleName: "Voyage follower", roleDetails: [{ menuId: "VOYAGE" }] });
    await asAdmin("POST", "/users/multipleInsert", [{
      userId: FOLLOWER.userId, name: FOLLOWER.name, email: `${FOLLOWER.userId}@example.test`, roleId: FOLLOWER.roleId,
      branches: [{ id: iloilo.id, defaultBranch: true }],
    }]);
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${FOLLOWER.userId}?password=${encodeURIComponent(PASSWORD)}`);
    await signIn(follower, baseURL, FOLLOWER.userId, PASSWORD);
    await signIn(admin, baseURL, "admin", adminPassword);
  });

  it("creates a route under the Voyage menu, its calls in the order they are ticked", async () => {
    await admin.goto(`${baseURL}/voyage`);
    await admin.getByTestId("area-link-routes").click();
    await admin.getByTestId("route-page").waitFor();
    await admin.getByTestId("new-route").click();
    await admin.locator("#route-code").fill(ROUTE.code);
    await admin.locator("#route-name").fill(ROUTE.name);
    await pick(admin, "#route-originBranchCode", ROUTE.origin);
    for (const call of ROUTE.calls) {
      // Ticked in calling order: the route keeps the order they were chosen in.
      await admin.getByTestId(`route-destinationBranchCodes-${call}`).check();
    }
    await admin.getByTestId("route-save").click();
    await seeNotice(admin, "Route added successfully");
    await admin.getByTestId("route-search").fill(ROUTE.code);
    await admin.getByTestId(`route-destinationBranchCodes-${ROUTE.code}`).filter({ hasText: ROUTE.calls.join(", ") }).waitFor();
  });

  it("schedules a voyage on it with both calls; the server's ETA order check shows on the field", async () => {
    await admin.goto(`${baseURL}/voyage`);
    await admin.getByTestId("area-link-schedules").click();
    await admin.getByTestId("voyage-schedules").waitFor();
    await admin.getByTestId("voyage-new").click();
    await admin.locator("#voyage-voyageRef").fill("E2E-001");
    await pick(admin, "#voyage-vesselCode", VESSEL);
    await pick(admin, "#voyage-routeCode", ROUTE.code);
    await admin.getByTestId("voyage-dest-ILO").waitFor();
    await admin.getByTestId("voyage-dest-BCD").waitFor();
    await admin.locator("#voyage-etd-date").fill(manilaDay(2));
    await admin.locator("#voyage-etd-time").fill("08:00");
    await admin.locator("#voyage-dest-ILO-date").fill(manilaDay(3));
    await admin.locator("#voyage-dest-ILO-time").fill("06:00");
    // Bacolod before Iloilo: only the server knows the order rule, and its words land under Bacolod's ETA.
    await admin.locator("#voyage-dest-BCD-date").fill(manilaDay(3));
    await admin.locator("#voyage-dest-BCD-time").fill("05:00");
    await admin.getByTestId("voyage-save").click();
    await admin.getByTestId("voyage-dest-BCD").locator("xpath=ancestor::div[contains(@class,'bp6-form-group')][1]")
      .getByText("The ETA at BCD must be after the ETA at ILO.").waitFor();

    await admin.locator("#voyage-dest-BCD-time").fill("18:00");
    const [created] = await Promise.all([
      admin.waitForResponse((r) => r.url().includes("/VoyageSchedules/createcheduleV1") && r.status() === 201),
      admin.getByTestId("voyage-save").click(),
    ]);
    voyageNum = ((await created.json()) as { data: { voyageNum: string } }).data.voyageNum;
    await seeNotice(admin, `Voyage ${voyageNum} added successfully`);
    await admin.getByTestId(`voyage-row-${voyageNum}`).waitFor();
    expect(await admin.getByTestId(`voyage-calls-${voyageNum}`).textContent()).toMatch(/^ILO .+ → BCD .+$/);

    // The vessel and branch filters find it; Bacolod counts, being one of its calls.
    await pick(admin, '[data-testid="voyage-filter-vessel"]', VESSEL);
    await pick(admin, '[data-testid="voyage-filter-branch"]', "BCD");
    await admin.getByTestId(`voyage-row-${voyageNum}`).waitFor();
  });

  it("approves the voyage from its row, by someone other than who scheduled it, and closes its CRO from the detail", async () => {
    // Four eyes: the administrator scheduled it, so another person approves it.
    await admin.getByTestId(`voyage-approve-${voyageNum}`).click();
    // The web's error notice: the server's message, then the status text.
    await seeNotice(admin, "You drafted this voyage; another person must approve it., Forbidden");
    await admin.getByTestId(`voyage-approved-${voyageNum}`).filter({ hasText: /^Pending$/ }).waitFor();

    await follower.goto(`${baseURL}/voyage/schedules`);
    await follower.getByTestId(`voyage-approve-${voyageNum}`).click();
    await seeNotice(follower, `Voyage ${voyageNum} approved successfully`);
    await follower.getByTestId(`voyage-approved-${voyageNum}`).filter({ hasText: /^Approved$/ }).waitFor();
    expect(await follower.getByTestId(`voyage-approve-${voyageNum}`).count()).toBe(0);

    await admin.reload();
    await admin.getByTestId(`voyage-approved-${voyageNum}`).filter({ hasText: /^Approved$/ }).waitFor();
    await admin.getByTestId(`voyage-row-${voyageNum}`).click();
    await admin.getByTestId("voyage-detail-approved").filter({ hasText: `by ${FOLLOWER.userId}` }).waitFor();
    await admin.getByTestId(`voyage-detail-cro-${voyageNum}`).click();
    await seeNotice(admin, `CRO status of voyage ${voyageNum} set to Closed`);
    await admin.getByTestId("voyage-detail-cro").filter({ hasText: exactly("Closed") }).waitFor();
    await admin.keyboard.press("Escape");
  });

  it("records a vessel update with two activities and an ATD; the follower's bell rings without a reload", async () => {
    await follower.goto(`${baseURL}/voyage/schedules`);
    await follower.getByTestId(`voyage-row-${voyageNum}`).waitFor();
    await expect.poll(() => badge(follower).count()).toBe(0);
    const before = follower.url();

    await admin.goto(`${baseURL}/voyage/vessel_updates`);
    await admin.getByTestId("vu-new").click();
    await pick(admin, "#vu-new-vesselCode", VESSEL);
    await pick(admin, "#vu-new-voyageNum", voyageNum);
    await admin.locator("#vu-new-remarks").fill("Loading at North Harbor");
    await admin.getByTestId("vu-new-save").click();
    await admin.waitForURL(/\/voyage\/vessel_updates\/read\//);
    vuid = decodeURIComponent(admin.url().split("/read/")[1]!);
    await admin.getByTestId("vu-fact-vuid").filter({ hasText: exactly(vuid) }).waitFor();
    expect(await admin.getByTestId("vu-fact-voyage").textContent()).toBe(`${voyageNum} · E2E-001`);

    await admin.getByTestId("vu-detail-add").click();
    await pick(admin, "#vu-detail-0-vesselStatus", "Docking");
    await pick(admin, "#vu-detail-0-activity", "Loading");
    await admin.locator("#vu-detail-0-date").fill(manilaDay(2));
    await admin.locator("#vu-detail-0-time").fill("05:30");
    await pick(admin, "#vu-detail-0-branchCode", "MNL");
    await admin.locator("#vu-detail-0-atdDate").fill(manilaDay(2));
    await admin.locator("#vu-detail-0-atdTime").fill("08:15");
    await admin.getByTestId("vu-detail-add-line").click();
    await pick(admin, "#vu-detail-1-vesselStatus", "In Transit");
    await pick(admin, "#vu-detail-1-activity", "In Transit");
    await admin.locator("#vu-detail-1-date").fill(manilaDay(2));
    await admin.locator("#vu-detail-1-time").fill("08:30");
    await pick(admin, "#vu-detail-1-branchCode", "");
    await admin.locator("#vu-detail-1-remarks").fill("Bound for Iloilo");
    await admin.getByTestId("vu-detail-save").click();
    await seeNotice(admin, `Vessel update details added to ${vuid}`);
    await admin.getByTestId("vu-fact-count").filter({ hasText: /^2$/ }).waitFor();
    const atd = admin.getByTestId("vu-detail-table").locator('[data-testid^="vu-detail-atd-"]');
    await expect.poll(async () => (await atd.allTextContents()).filter((t) => t !== "").length).toBe(1);

    // No reload: the notification arrives over the open stream while the follower looks at the schedules.
    await badge(follower).filter({ hasText: exactly("1") }).waitFor({ timeout: 5_000 });
    expect(follower.url()).toBe(before);
    await follower.getByTestId("notification-bell").click();
    const item = follower.getByTestId("notification-list").getByRole("button", { name: new RegExp(voyageNum) });
    expect(await item.textContent()).toContain("Docking - Loading at MNL; In Transit - In Transit");
    await item.click();
    await follower.waitForURL(`${baseURL}/voyage/vessel_updates/read/${encodeURIComponent(vuid)}`);
    await follower.getByTestId("vu-fact-count").filter({ hasText: /^2$/ }).waitFor();
  });

  it("exports voyage_schedule.xlsx for a range holding the voyage", async () => {
    await admin.goto(`${baseURL}/voyage/schedules`);
    await admin.getByTestId("voyage-export").click();
    await admin.locator("#voyage-export-from").fill(manilaDay(0));
    await admin.locator("#voyage-export-to").fill(manilaDay(5));
    const [download] = await Promise.all([admin.waitForEvent("download"), admin.getByTestId("voyage-export-run").click()]);
    expect(download.suggestedFilename()).toBe("voyage_schedule.xlsx");
    const file = path.join(adminBrowser.profileDir, download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    const header = rows[0] as string[];
    const line = rows.find((r) => r.includes(voyageNum));
    expect(line, `voyage ${voyageNum} in the workbook`).toBeDefined();
    expect(line![header.indexOf("Voyage Ref")]).toBe("E2E-001");
    expect(line![header.indexOf("Approved By")]).toBe(FOLLOWER.userId);
  });
});
