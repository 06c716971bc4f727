import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * The list tables a daily user works in: at 1440 px the Delete of a Charges row is in reach and does its
 * work after asking; the bookings list scrolls sideways inside its frame with the booking reference kept in
 * view; a row's buttons are compact icons named by their word, with that word as their tooltip; and on a
 * 390 px phone a master-data list does not push the page sideways.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "tables-e2e-passphrase-7";
const CUSTOMER = "CUS-001";
// Codes and ids of their own: the other browser test files share this server.
const CHARGE = "TBLE2E1";
const CHARGE_NAME = "Terminal handling and documentation surcharge";
const WIDE = { width: 1440, height: 900 };

let asAdmin: AdminCall;
/** The voyage the bookings test schedules. */
let voyageNum = "";
let browser: OpenBrowser;
let page: Page;

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  browser = await openBrowser("tables", WIDE);
  page = browser.page;
});

afterAll(async () => {
  await browser?.close();
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "the element is drawn").not.toBeNull();
  return box!;
}

/** Whether a click at the element's centre lands on it, not on something drawn over it. */
const reachable = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  });

/** The tooltip Blueprint shows while the pointer rests on a button. */
async function tooltipOf(button: Locator): Promise<string> {
  await button.hover();
  const tip = page.locator(".bp6-tooltip .bp6-popover-content");
  await tip.waitFor({ state: "visible" });
  const text = (await tip.textContent()) ?? "";
  // Away again, so the next hover opens a tooltip of its own.
  await page.mouse.move(0, 0);
  await tip.waitFor({ state: "detached" });
  return text;
}

const manilaDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date(Date.now() + days * 86_400_000));

describe("list tables", () => {
  it("signs in as the administrator, with a charge of a long name to work on", async () => {
    await asAdmin("POST", "/Charges", {
      code: CHARGE,
      name: CHARGE_NAME,
      category: "OTHER",
      chargeClass: "BOTH",
      unitOfMeasure: "perTeu",
      effectiveDateBasis: "BOOKING_DATE",
    });
    await signIn(page, baseURL, "admin", adminPassword);
  });

  it("keeps Delete of every Charges row inside a 1440 px window, at the right of the table", async () => {
    await page.goto(`${baseURL}/master_data/charges`);
    const table = page.getByTestId("charge-table");
    await table.getByRole("row").nth(1).waitFor();
    const deletes = table.getByRole("button", { name: "Delete", exact: true });
    const count = await deletes.count();
    expect(count).toBeGreaterThan(1);
    const frame = await boxOf(table);
    for (let i = 0; i < count; i++) {
      const box = await boxOf(deletes.nth(i));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(WIDE.width);
      // Pinned to the table's right edge, not somewhere past it.
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    }
    await deletes.first().scrollIntoViewIfNeeded();
    expect(await reachable(deletes.first())).toBe(true);
  });

  it("shows a long charge name whole, and its row's actions as compact icons named by their word", async () => {
    await page.getByTestId("charge-search").fill(CHARGE);
    await page.getByTestId("charge-range").filter({ hasText: /^1–1 of 1$/ }).waitFor();
    const name = page.getByTestId(`charge-name-${CHARGE}`);
    expect(await name.textContent()).toBe(CHARGE_NAME);
    // Not cut: the cell is as wide as the text.
    expect(await name.evaluate((el) => {
      const cell = el.closest(".lading-cell") as HTMLElement;
      return cell.scrollWidth <= cell.clientWidth;
    })).toBe(true);

    const row = page.getByRole("row").filter({ has: page.getByTestId(`charge-code-${CHARGE}`) });
    const buttons = row.getByRole("button");
    expect(await buttons.evaluateAll((els) => els.map((el) => el.getAttribute("aria-label")))).toEqual(["View", "Edit", "Deactivate", "Delete"]);
    // Icons only: no words drawn in the row, so the four fit where "Edit · Deactivate · Delete" did not.
    expect(await buttons.evaluateAll((els) => els.map((el) => (el as HTMLElement).innerText.trim()))).toEqual(["", "", "", ""]);
    const actionsCell = await boxOf(row.locator("td").last());
    expect(actionsCell.width).toBeLessThan(160);
    for (const word of ["View", "Edit", "Deactivate", "Delete"]) {
      expect(await tooltipOf(rowButton(page, `charge-code-${CHARGE}`, word))).toBe(word);
    }
  });

  it("asks before deleting the charge: Cancel keeps it, Delete removes it", async () => {
    const prompt = page.locator(".bp6-alert");
    await rowButton(page, `charge-code-${CHARGE}`, "Delete").click();
    await prompt.getByTestId("confirm-prompt").waitFor();
    expect(await prompt.getByTestId("confirm-prompt").locator("p").textContent()).toBe(`Delete charge ${CHARGE}? This cannot be undone.`);
    await prompt.getByRole("button", { name: "Cancel", exact: true }).click();
    await prompt.waitFor({ state: "detached" });
    expect((await page.request.get(`${baseURL}/api/Charges/readByCode/${CHARGE}`)).status()).toBe(200);

    await rowButton(page, `charge-code-${CHARGE}`, "Delete").click();
    await prompt.getByRole("button", { name: "Delete", exact: true }).click();
    await seeNotice(page, "Charge deleted successfully");
    await page.getByTestId(`charge-code-${CHARGE}`).waitFor({ state: "detached" });
    await page.getByTestId("charge-range").filter({ hasText: /^0–0 of 0$/ }).waitFor();
    expect((await page.request.get(`${baseURL}/api/Charges/readByCode/${CHARGE}`)).status()).toBe(404);
  });

  it("scrolls the bookings list sideways inside its frame, the booking reference and the row's buttons staying in view", async () => {
    const world = await setUpBookingWorld({
      baseURL, asAdmin, prefix: { role: "TBE2E", user: "tb-e2e" }, password: PASSWORD, customerCode: CUSTOMER,
      lanes: [{ serviceModeCode: "DTD", originPortCode: "MNLN", destinationPortCode: "DVO", originAreaCode: "MNL-TON", destinationAreaCode: "DVO-CTY", teu: 1 }],
      voyage: { voyageRef: "V-E2E-TB", vesselCode: "MV-PIONEER", routeCode: "MNL-DVO", destinationBranchCode: "DVO" },
    });
    const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
      voyageNum: world.voyageNum, customerCode: CUSTOMER, remarks: "Wide table",
      bookings: [{
        destinationBranchCode: "DVO", modeOfDelivery: "DTD", modeOfPayment: "P", quantityTeu: 1,
        goods: "Assorted canned goods and dry provisions", packaging: "Box", quantity: 200, cargoWeight: "10", declaredValue: "150000",
        consigneeName: "Davao Grains and General Merchandise Depot",
        pickUpDate: manilaDay(3), pickUpTime: "09:30",
        pickUpAddress: { street: "Unit 5, Delpan St.", barangay: "", city: "Tondo I/II (Manila)", province: "Metro Manila", zipCode: "1012" },
        pickUpAreaCode: "MNL-TON",
        deliveryAddress: { street: "KM 7, Lanang", barangay: "", city: "Davao City", province: "Davao del Sur", zipCode: "8000" },
        deliveryAreaCode: "DVO-CTY",
      }],
    })).data;
    const bookingRef: string = batch.bookings[0].bookingRef;
    voyageNum = world.voyageNum;

    await page.goto(`${baseURL}/voyage/bookings/${world.voyageNum}/${batch.bookingBatchRef}`);
    const frame = page.getByTestId("bookings-table");
    const ref = page.getByTestId(`booking-row-${bookingRef}`);
    await ref.waitFor();
    expect(await ref.textContent()).toBe(bookingRef);

    // The table is wider than its frame, and the frame, not the page, scrolls.
    const { scrollWidth, clientWidth } = await frame.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    expect(scrollWidth).toBeGreaterThan(clientWidth);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDE.width);

    const scrolled = await frame.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      return el.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(0);
    // The end of the row came into view...
    await page.getByTestId(`booking-total-${bookingRef}`).waitFor();
    expect(await reachable(page.getByTestId(`booking-total-${bookingRef}`))).toBe(true);
    // ...while the reference stayed where it was, inside the frame and not covered by the scrolled cells.
    const frameBox = await boxOf(frame);
    const refBox = await boxOf(ref);
    expect(refBox.x).toBeGreaterThanOrEqual(frameBox.x);
    expect(refBox.x + refBox.width).toBeLessThanOrEqual(frameBox.x + frameBox.width);
    expect(await reachable(ref)).toBe(true);
    // A middle column has scrolled away under the frozen ones.
    expect(await reachable(page.getByTestId(`booking-status-${bookingRef}`))).toBe(false);

    const edit = rowButton(page, `booking-row-${bookingRef}`, "Edit");
    expect(await reachable(edit)).toBe(true);
    expect(await tooltipOf(edit)).toBe("Edit");
    expect(await rowButton(page, `booking-row-${bookingRef}`, "Delete").isEnabled()).toBe(true);
  }, 120_000);

  it("shows the voyage number and the vessel's name whole on the voyage list", async () => {
    await page.goto(`${baseURL}/voyage/schedules`);
    await page.getByTestId("voyage-search").fill(voyageNum);
    const num = page.getByTestId(`voyage-row-${voyageNum}`);
    await num.waitFor();
    expect(await num.textContent()).toBe(voyageNum);
    const row = page.getByRole("row").filter({ has: num });
    const vessel = row.locator("td").filter({ hasText: /^MV Lading Pioneer$/ });
    expect(await vessel.count()).toBe(1);
    for (const cell of [num, vessel]) {
      // Not cut: the cell's content box is as wide as its text.
      expect(await cell.evaluate((el) => {
        const box = (el.closest("td") as HTMLElement).querySelector(".lading-cell") as HTMLElement;
        return box.scrollWidth <= box.clientWidth;
      })).toBe(true);
    }
    // The number stays in view, and the row's buttons are in reach, however far the table is scrolled.
    await page.getByTestId("voyage-table").evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
    });
    // Polled: a notice that pops up over the row for a moment is not the table hiding it.
    await expect.poll(() => reachable(num)).toBe(true);
    await expect.poll(() => reachable(rowButton(page, `voyage-row-${voyageNum}`, "Delete"))).toBe(true);
  });

  it("keeps a master-data list inside a 390 px phone screen, the table scrolling in its frame", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${baseURL}/master_data/charges`);
    const table = page.getByTestId("charge-table");
    await table.getByRole("row").nth(1).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // Nor does the page's own scrolling area move sideways.
    expect(await page.locator("main").evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await table.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);

    // The first row's code and its Delete are both on the screen.
    const firstRow = table.getByRole("row").nth(1);
    const code = await boxOf(firstRow.locator("td").nth(1));
    expect(code.x).toBeGreaterThanOrEqual(0);
    expect(code.x + code.width).toBeLessThanOrEqual(390);
    const del = await boxOf(firstRow.getByRole("button", { name: "Delete", exact: true }));
    expect(del.x).toBeGreaterThanOrEqual(0);
    expect(del.x + del.width).toBeLessThanOrEqual(390);
  });
});
