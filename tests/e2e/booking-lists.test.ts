import { readFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * The pick-up and inbound delivery lists from the booking batch screen: a confirmed door-to-door booking from
 * Tondo to Davao City shows on Manila's pick-up list and on Davao's delivery list, and the pick-up list comes
 * down as the server's workbook. Everything before the browser is set up through the API.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "booking-lists-passphrase-5";
const CUSTOMER = "CUS-001";
const CUSTOMER_NAME = "Pacific Harbor Trading Corp.";

// Ids of their own: the other browser test files share this server and its roles.
const STAFF = "bl-e2e-staff";

let asAdmin: AdminCall;
let browser: OpenBrowser;
let staff: Page;

let voyageNum = "";
let batchRef = "";
let bookingRef = "";

/** A Manila date some days from today, as the date inputs and the API take it. */
const manilaDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Manila" }).format(new Date(Date.now() + days * 86_400_000));

async function pick(page: Page, selector: string, value: string) {
  // The branch choices grow once the active branches have arrived.
  await page.locator(`${selector} option[value="${value}"]`).first().waitFor({ state: "attached" });
  await page.locator(selector).selectOption(value);
}

/** The text of a column of the table row that holds the booking (the table numbers its cells r{row}-c{column}). */
async function cellOfBooking(page: Page, column: number): Promise<string> {
  const refCell = page.locator('[data-testid^="delivery-lists-table-r"][data-testid$="-c0"]').filter({ hasText: exactly(bookingRef) });
  const id = (await refCell.getAttribute("data-testid"))!;
  return (await page.getByTestId(id.replace(/-c0$/, `-c${column}`)).textContent()) ?? "";
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  browser = await openBrowser("bl-staff", { width: 1440, height: 900 });
  staff = browser.page;
});

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("the pick-up and inbound delivery lists of a booking batch's voyage", () => {
  it("sets up staff, an approved door-to-door quotation, a voyage and a confirmed door booking through the API", async () => {
    const world = await setUpBookingWorld({
      baseURL, asAdmin, prefix: { role: "BLE2E", user: "bl-e2e" }, password: PASSWORD, customerCode: CUSTOMER,
      lanes: [{ serviceModeCode: "DTD", originPortCode: "MNLN", destinationPortCode: "DVO", originAreaCode: "MNL-TON", destinationAreaCode: "DVO-CTY", teu: 1 }],
      voyage: { voyageRef: "V-E2E-BL", vesselCode: "MV-PIONEER", routeCode: "MNL-DVO", destinationBranchCode: "DVO" },
    });
    voyageNum = world.voyageNum;
    const callAs = world.callAs;

    const batch = (await callAs("staff", "POST", "/Bookings/batch", {
      voyageNum, customerCode: CUSTOMER, remarks: "Booking lists",
      bookings: [{
        destinationBranchCode: "DVO", modeOfDelivery: "DTD", modeOfPayment: "P", quantityTeu: 1,
        goods: "Rice in sacks", packaging: "Box", quantity: 200, cargoWeight: "10", declaredValue: "150000",
        consigneeName: "Davao Grains Depot",
        pickUpDate: manilaDay(3), pickUpTime: "09:30",
        pickUpAddress: { street: "Unit 5, Delpan St.", barangay: "", city: "Tondo I/II (Manila)", province: "Metro Manila", zipCode: "1012" },
        pickUpAreaCode: "MNL-TON",
        deliveryAddress: { street: "KM 7, Lanang", barangay: "", city: "Davao City", province: "Davao del Sur", zipCode: "8000" },
        deliveryAreaCode: "DVO-CTY",
      }],
    })).data;
    batchRef = batch.bookingBatchRef;
    bookingRef = batch.bookings[0].bookingRef;
    const confirmed = (await callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batchRef })).data;
    expect(confirmed.bookings.map((b: { status: string }) => b.status)).toEqual(["Confirmed"]);

    await signIn(staff, baseURL, STAFF, PASSWORD);
  }, 120_000);

  it("shows the booking on Manila's pick-up list, warns on an empty one, and downloads PickUpList.xlsx", async () => {
    await staff.goto(`${baseURL}/voyage/bookings/${voyageNum}/${batchRef}`);
    await staff.getByTestId("booking-voyage-num").filter({ hasText: exactly(voyageNum) }).waitFor();
    await staff.getByTestId("open-delivery-lists").click();
    await staff.getByTestId("delivery-lists").waitFor();
    // The pick-up tab opens on the voyage's origin.
    expect(await staff.getByTestId("delivery-lists-branch").inputValue()).toBe("MNL");

    // Nobody books a pick-up over a year ahead: the server's message comes back as a warning.
    await staff.getByTestId("delivery-lists-from").fill(manilaDay(400));
    await staff.getByTestId("delivery-lists-to").fill(manilaDay(401));
    await staff.getByTestId("delivery-lists-load").click();
    await seeNotice(staff, "No more data to load");
    await staff.getByTestId("delivery-lists-empty").filter({ hasText: "No more data to load" }).waitFor();
    expect(await staff.getByTestId("delivery-lists-download").isDisabled()).toBe(true);

    await pick(staff, '[data-testid="delivery-lists-branch"]', "MNL");
    await staff.getByTestId("delivery-lists-from").fill(manilaDay(0));
    await staff.getByTestId("delivery-lists-to").fill(manilaDay(7));
    await staff.getByTestId("delivery-lists-load").click();
    await staff.getByTestId(`delivery-line-${bookingRef}`).waitFor();
    expect(await cellOfBooking(staff, 4)).toBe(CUSTOMER_NAME);
    expect(await cellOfBooking(staff, 2)).toBe(manilaDay(3));

    const [download] = await Promise.all([staff.waitForEvent("download"), staff.getByTestId("delivery-lists-download").click()]);
    expect(download.suggestedFilename()).toBe("PickUpList.xlsx");
    const file = path.join(browser.profileDir, download.suggestedFilename());
    await download.saveAs(file);
    const book = XLSX.read(readFileSync(file), { type: "buffer" });
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1, defval: "" });
    const line = rows.find((r) => r.includes(bookingRef));
    expect(line, `booking ${bookingRef} in the workbook`).toBeDefined();
    expect(line).toContain(CUSTOMER_NAME);
  });

  it("shows the confirmed booking on Davao's inbound delivery list", async () => {
    await staff.getByTestId("delivery-lists-tab-delivery").click();
    await pick(staff, '[data-testid="delivery-lists-branch"]', "DVO");
    // Deliveries are listed by booking date, and the booking was made today.
    expect(await staff.getByTestId("delivery-lists-to").inputValue()).toBe(manilaDay(0));
    await staff.getByTestId("delivery-lists-load").click();
    await staff.getByTestId(`delivery-line-${bookingRef}`).waitFor();
    expect(await cellOfBooking(staff, 4)).toBe(CUSTOMER_NAME);
    expect(await cellOfBooking(staff, 6)).toContain("Lanang");
  });
});
