import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * The screens a staff user works in all day, on a 1440-pixel screen: warnings only for a list the user asked
 * for, the unread count on the bell, a skip link as the first keyboard stop, and words rather than codes.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "daily-staff-passphrase-4";
const USER = "daily-staff";
const WIDE = { width: 1440, height: 900 };

let asAdmin: AdminCall;
const browsers: OpenBrowser[] = [];
let staff: Page;
let voyageNum = "";

const warnings = (page: Page) => page.locator(".bp6-toast.bp6-intent-warning");

/**
 * No warning is shown once the screen's reads have answered. `settled` waits for what the last read fills in;
 * a toast comes with the answer that raises it, so a moment more is enough for a late one to show.
 */
async function noWarningAfter(page: Page, settled: () => Promise<void>) {
  await settled();
  await page.waitForTimeout(750);
  expect(await warnings(page).count()).toBe(0);
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  await asAdmin("POST", "/Roles", { roleId: "DAILY_STAFF", roleName: "Daily staff", roleDetails: [{ menuId: "VOYAGE" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: USER, name: "Dana Daily", email: "dana.daily@example.test", roleId: "DAILY_STAFF",
    branches: [{ id: manila.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${USER}?password=${encodeURIComponent(PASSWORD)}`);

  // A voyage with no batch yet: the bookings screen opens on an empty batch list.
  const etd = new Date(Date.now() + 12 * 86_400_000);
  const voyage = await asAdmin<{ data: { voyageNum: string } }>("POST", "/VoyageSchedules/createcheduleV1", {
    voyageRef: "V-E2E-DAILY", vesselCode: "MV-VOYAGER", routeCode: "MNL-DVO", estimatedTimeDeparture: etd.toISOString(),
    destinations: [{ destinationBranchCode: "DVO", estimatedTimeArrival: new Date(etd.getTime() + 2 * 86_400_000).toISOString() }],
  });
  voyageNum = voyage.data.voyageNum;

  const browser = await openBrowser("daily-staff", WIDE);
  browsers.push(browser);
  staff = browser.page;
  await signIn(staff, baseURL, USER, PASSWORD);
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("warnings only for a list the user asked for", () => {
  it("opens the calendar without a warning", async () => {
    await staff.goto(`${baseURL}/calendar`);
    await noWarningAfter(staff, () => staff.locator('[data-testid^="calendar-day-"][data-status="working"]').first().waitFor());
  });

  it("opens a voyage with no batch, and the new-batch dialog with its customers, without a warning", async () => {
    await staff.goto(`${baseURL}/voyage/bookings/${voyageNum}/new`);
    await staff.getByTestId("booking-voyage-num").filter({ hasText: exactly(voyageNum) }).waitFor();
    await noWarningAfter(staff, () => staff.getByTestId("batch-list").getByText("No batches", { exact: true }).waitFor());

    await staff.getByTestId("batch-new").click();
    // The customer picker has its list once it offers more than its "Choose a customer…" line.
    await noWarningAfter(staff, () => staff.locator("#batch-customer option").nth(1).waitFor({ state: "attached" }));
    await staff.keyboard.press("Escape");
    await staff.getByTestId("batch-form").waitFor({ state: "detached" });
  });

  it("warns once when the user's own search finds nothing, and not after moving to another screen", async () => {
    await staff.getByTestId("batch-search").fill("NO-SUCH-BATCH");
    await warnings(staff).first().waitFor();
    // The list answers more than once (the typing pause, the settled search) but says so once.
    await staff.waitForTimeout(750);
    expect(await warnings(staff).count()).toBe(1);
    expect(await warnings(staff).textContent()).toBe("No more data to load");

    // In-app navigation, as a user moves on: the notice spoke of a list this screen no longer shows.
    await staff.getByTestId("avatar-button").click();
    await staff.getByRole("menuitem", { name: "Calendar" }).click();
    await staff.getByTestId("calendar-page").waitFor();
    await expect.poll(() => warnings(staff).count()).toBe(0);
    await noWarningAfter(staff, () => staff.locator('[data-testid^="calendar-day-"][data-status="working"]').first().waitFor());
  });
});

describe("the unread badge", () => {
  it("sits on the bell, not on the avatar, with the exact count", async () => {
    for (const n of [1, 2]) {
      await asAdmin("POST", "/Notifications/CreateWebPush", { title: "Load List", message: `Daily list ${n}`, userIds: [USER] });
    }
    const bell = staff.getByTestId("notification-bell");
    const avatar = staff.getByTestId("avatar-button");
    await bell.getByTestId("unread-badge").filter({ hasText: exactly("2") }).waitFor();
    expect(await avatar.getByTestId("unread-badge").count()).toBe(0);

    // Where it is drawn, not only where it is in the page: over the bell's box and clear of the avatar's.
    const badgeBox = (await staff.getByTestId("unread-badge").boundingBox())!;
    const bellBox = (await bell.boundingBox())!;
    const avatarBox = (await avatar.boundingBox())!;
    const middle = { x: badgeBox.x + badgeBox.width / 2, y: badgeBox.y + badgeBox.height / 2 };
    expect(middle.x).toBeGreaterThanOrEqual(bellBox.x);
    expect(middle.x).toBeLessThanOrEqual(bellBox.x + bellBox.width);
    expect(middle.y).toBeGreaterThanOrEqual(bellBox.y);
    expect(middle.y).toBeLessThanOrEqual(bellBox.y + bellBox.height);
    expect(badgeBox.x + badgeBox.width).toBeLessThanOrEqual(avatarBox.x);
  });
});

describe("the skip link", () => {
  for (const address of ["/", "/calendar", `/voyage/bookings/{voyage}/new`]) {
    it(`is the first Tab stop of ${address} and takes the focus to the page`, async () => {
      await staff.goto(baseURL + address.replace("{voyage}", voyageNum));
      await staff.getByTestId("top-bar").waitFor();
      // The page itself has arrived (each page is loaded on its own) with something to take the focus.
      await staff.locator("#main").locator("a[href], button, input, select, [tabindex='0']").first().waitFor();
      const skip = staff.getByRole("link", { name: "Skip to content", exact: true });
      // Out of sight until it has the focus.
      expect((await skip.boundingBox())!.width).toBeLessThanOrEqual(1);

      await staff.keyboard.press("Tab");
      expect(await skip.evaluate((el) => el === document.activeElement)).toBe(true);
      expect(await skip.evaluate((el) => el.textContent)).toBe("Skip to content");
      expect((await skip.boundingBox())!.width).toBeGreaterThan(40);

      await staff.keyboard.press("Enter");
      expect(await staff.evaluate(() => document.activeElement?.id)).toBe("main");
      expect(new URL(staff.url()).pathname).toBe(address.replace("{voyage}", voyageNum));
      // The next Tab stop is inside the page, past the top bar and the menu.
      await staff.keyboard.press("Tab");
      expect(await staff.evaluate(() => document.activeElement?.closest("#main") !== null)).toBe(true);
    });
  }
});

describe("words, not codes", () => {
  it("shows What's new with its Markdown as formatting, never as marks", async () => {
    await staff.goto(`${baseURL}/whats_new`);
    await staff.getByTestId("whats-new-entry").first().waitFor();
    const notes = (await staff.getByTestId("whats-new-list").textContent()) ?? "";
    expect(notes).not.toContain("**");
    expect(notes).not.toContain("`");
    // The notes name commands in code marks, which show as code.
    expect(await staff.getByTestId("whats-new-list").locator("code").count()).toBeGreaterThan(0);
  });

  it("names a charge's category and unit in words on the Charges list", async () => {
    const browser = await openBrowser("daily-admin", WIDE);
    browsers.push(browser);
    const admin = browser.page;
    await signIn(admin, baseURL, "admin", adminPassword);
    await admin.goto(`${baseURL}/master_data/charges`);
    await admin.getByTestId("charge-search").fill("CY stuffing");
    await admin.getByTestId("charge-category-009").filter({ hasText: exactly("Stripping and stuffing") }).waitFor();
    await admin.getByTestId("charge-unitOfMeasure-009").filter({ hasText: exactly("Per TEU") }).waitFor();
    expect(await admin.getByTestId("charge-table").textContent()).not.toContain("STRIPPING_STUFFING");
  });
});
