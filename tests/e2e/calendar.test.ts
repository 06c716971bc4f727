import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { MONTH_NAMES, monthTitle } from "../../web/src/features/calendar/month-grid.ts";
import { openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");

let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  browser = await openBrowser("calendar", { width: 1366, height: 900 });
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

const day = (date: string) => page.getByTestId(`calendar-day-${date}`);
const everyBranch = () => page.getByRole("switch", { name: "Show holidays of every branch" });
/** Blueprint hides the input under its drawn switch, so the label is what takes the click, as for a user. */
async function flipEveryBranch(on: boolean) {
  await page.locator("label").filter({ hasText: "Show holidays of every branch" }).click();
  expect(await everyBranch().isChecked()).toBe(on);
}
const focusedDate = () => page.evaluate(() => document.activeElement?.getAttribute("data-date"));
const monthShown = async () => (await page.getByTestId("calendar-month").textContent()) ?? "";

/** Waits until a day cell carries this status, i.e. the branch's month has been read. */
async function seeStatus(date: string, status: "working" | "rest" | "holiday") {
  await page.locator(`[data-testid="calendar-day-${date}"][data-status="${status}"]`).waitFor();
}

/** Steps month by month with the buttons, as a user would, until the title shows the month wanted. */
async function goToMonth(year: number, month: number) {
  const title = monthTitle({ year, month });
  for (let i = 0; i < 60 && !(await monthShown()).startsWith(title); i++) {
    const [name, shownYear] = (await monthShown()).split(" ");
    const shown = Number(shownYear) * 12 + MONTH_NAMES.indexOf(name as (typeof MONTH_NAMES)[number]);
    await page.getByTestId(year * 12 + month - 1 < shown ? "calendar-previous" : "calendar-next").click();
  }
  expect(await monthShown()).toContain(title);
}

describe("calendar in the browser", () => {
  it("signs in as the administrator", async () => {
    await signIn(page, baseURL, "admin", adminPassword);
  });

  it("opens on this month of the user's default branch, today marked", async () => {
    await page.goto(baseURL + "/calendar");
    await page.getByTestId("calendar-page").waitFor();
    expect(await page.getByTestId("not-built").count()).toBe(0);
    // The demo administrator works out of Manila.
    expect(await page.getByTestId("calendar-branch").inputValue()).toBe("MNL");
    // Read once the branch's month is in: until then a day says only its date.
    const today = page.locator('[data-testid="calendar-grid"] [aria-current="date"]:not([data-status="unknown"])');
    await today.waitFor();
    expect(await today.getAttribute("aria-label")).toMatch(/^Today, \w+day \d{1,2} \w+ \d{4}, (working day|rest day|holiday)/);
    expect(await today.getAttribute("tabindex")).toBe("0");
  });

  it("goes to June 2026 with the buttons and shows Independence Day, a Sunday off and Manila's own day", async () => {
    await goToMonth(2026, 6);
    await seeStatus("2026-06-12", "holiday");
    expect(await day("2026-06-12").textContent()).toContain("Independence Day");
    expect(await day("2026-06-12").textContent()).toContain("National");
    expect(await day("2026-06-12").getAttribute("aria-label")).toBe("Friday 12 June 2026, holiday: Independence Day (national)");

    await seeStatus("2026-06-14", "rest");
    expect(await day("2026-06-14").getAttribute("aria-label")).toBe("Sunday 14 June 2026, rest day");
    expect(await day("2026-06-09").getAttribute("aria-label")).toBe("Tuesday 9 June 2026, working day");

    await seeStatus("2026-06-24", "holiday");
    expect(await day("2026-06-24").getAttribute("aria-label")).toBe("Wednesday 24 June 2026, holiday: Araw ng Maynila (MNL)");
    // Another branch's day is not Manila's.
    expect(await day("2026-06-15").getAttribute("aria-label")).toBe("Monday 15 June 2026, working day");
    expect(await page.getByTestId("calendar-holiday-list").textContent()).toContain("Wednesday 24 June 2026: Araw ng Maynila (MNL)");
  });

  it("shows another branch's own holiday after switching branch", async () => {
    await page.getByTestId("calendar-branch").selectOption("CGY");
    await seeStatus("2026-06-15", "holiday");
    expect(await day("2026-06-15").getAttribute("aria-label")).toBe("Monday 15 June 2026, holiday: Cagayan de Oro Charter Day (CGY)");
    expect(await day("2026-06-15").textContent()).toContain("CGY");
    await seeStatus("2026-06-24", "working");
    expect(await day("2026-06-24").textContent()).not.toContain("Araw ng Maynila");
    // National holidays close every branch.
    await seeStatus("2026-06-12", "holiday");
    expect(await monthShown()).toContain("CGY");
  });

  it("adds the other branches' holidays, labelled by branch, with the switch", async () => {
    await flipEveryBranch(true);
    await day("2026-06-24").getByText("Araw ng Maynila").waitFor();
    expect(await day("2026-06-24").textContent()).toContain("MNL");
    // Manila's day off does not close Cagayan de Oro.
    expect(await day("2026-06-24").getAttribute("data-status")).toBe("working");
    expect(await day("2026-06-24").getAttribute("aria-label"))
      .toBe("Wednesday 24 June 2026, working day, other branches: Araw ng Maynila (MNL)");
    expect(await page.getByTestId("calendar-holiday-list").textContent()).toContain("Araw ng Maynila (MNL) · CGY stays open");

    // Another month reads every branch again: Cebu's Sinulog in January 2026.
    await goToMonth(2026, 1);
    await day("2026-01-16").getByText("Sinulog Festival").waitFor();
    await flipEveryBranch(false);
    await seeStatus("2026-01-01", "holiday");
    expect(await day("2026-01-16").textContent()).not.toContain("Sinulog Festival");
  });

  it("moves through the days with the keyboard", async () => {
    await page.getByTestId("calendar-branch").selectOption("MNL");
    await goToMonth(2026, 6);
    await day("2026-06-01").click();
    await page.keyboard.press("ArrowRight");
    await expect.poll(focusedDate).toBe("2026-06-02");
    await page.keyboard.press("ArrowDown");
    await expect.poll(focusedDate).toBe("2026-06-09");
    await page.keyboard.press("PageDown");
    await expect.poll(monthShown).toContain("July 2026");
    await expect.poll(focusedDate).toBe("2026-07-09");
    await page.getByTestId("calendar-today").click();
    await page.locator('[data-testid="calendar-grid"] [aria-current="date"]').waitFor();
  });

  it("says so in place when the month cannot be read, and reads it again on request", async () => {
    await page.route("**/api/Calendar/workingDays**", (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "Calendar store unavailable" }) })
    );
    await page.getByTestId("calendar-next").click();
    await page.getByTestId("calendar-failed").getByText("Calendar store unavailable").waitFor();
    await page.locator(".bp6-toast").getByText("Calendar store unavailable").first().waitFor();
    expect(await page.getByTestId("calendar-loading").count()).toBe(0);

    await page.unroute("**/api/Calendar/workingDays**");
    await page.getByTestId("calendar-retry").click();
    await page.locator('[data-testid="calendar-grid"] [data-status="working"]').first().waitFor();
    expect(await page.getByTestId("calendar-failed").count()).toBe(0);
  });

  it("shows a special working day as worked, and each holiday's kind in the month's list", async () => {
    // The demo calendar keeps the EDSA anniversary as a special working day and Chinese New Year as a special non-working day.
    await page.getByTestId("calendar-branch").selectOption("CGY");
    await goToMonth(2026, 2);
    await seeStatus("2026-02-25", "working");
    expect(await day("2026-02-25").getAttribute("aria-label"))
      .toBe("Wednesday 25 February 2026, working day, special working day: EDSA People Power Revolution Anniversary (national)");
    expect(await day("2026-02-25").textContent()).toContain("EDSA People Power Revolution Anniversary (worked)");
    await seeStatus("2026-02-17", "holiday");
    const list = await page.getByTestId("calendar-holiday-list").textContent();
    expect(list).toContain("Tuesday 17 February 2026: Chinese New Year (national) · special non-working day");
    expect(list).toContain("Wednesday 25 February 2026: EDSA People Power Revolution Anniversary (national) · special working day");
    expect(await page.getByTestId("calendar-storage-note").textContent())
      .toBe("Free storage days of cargo arriving at CGY skip Sundays and the holidays that close CGY; a special working day counts.");
  });

  it("types a new holiday on the holidays screen, regular unless chosen otherwise", async () => {
    await page.goto(baseURL + "/master_data/holidays");
    await page.getByTestId("new-holiday").click();
    expect(await page.locator("#holiday-holidayType").inputValue()).toBe("REGULAR");
    await page.locator("#holiday-holidayDate").fill("2026-09-08");
    await page.locator("#holiday-name").fill("Test working holiday");
    await page.locator("#holiday-holidayType").selectOption("SPECIAL_WORKING");
    await page.getByTestId("holiday-save").click();
    await seeNotice(page, "Holiday added successfully");
    await page.getByTestId("holiday-year-filter").selectOption("2026");
    await page.getByTestId("holiday-search").fill("Test working holiday");
    await page.getByTestId("holiday-table").getByText("Special working day").waitFor();

    await page.goto(baseURL + "/calendar");
    await page.getByTestId("calendar-page").waitFor();
    await goToMonth(2026, 9);
    await seeStatus("2026-09-08", "working");
    expect(await day("2026-09-08").getAttribute("aria-label"))
      .toBe("Tuesday 8 September 2026, working day, special working day: Test working holiday (national)");
  });
});
