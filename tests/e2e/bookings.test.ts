import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { type Mailbox, openMailbox } from "./mailbox.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * A booking batch from the staff screen to the customer's link and back: three bookings priced from the
 * customer's approved quotation, the link e-mailed through a real SMTP server and completed in a browser with no
 * session, then confirmation, the ATW and its PDF, and the public tracking page.
 */

const adminPassword = inject("adminPassword");
const PASSWORD = "booking-staff-passphrase-9";
const CUSTOMER = "CUS-001";
const CUSTOMER_EMAIL = "logistics@pacificharbor.example.ph";

let mailbox: Mailbox;
let server: RunningServer;
let asAdmin: AdminCall;
const browsers: OpenBrowser[] = [];
let staff: Page;
let customer: Page;

let voyageNum = "";
let batchRef = "";
let bookingRefs: string[] = [];
let laneTotals: Record<string, string> = {};

async function pick(page: Page, selector: string, value: string) {
  // Pickers fill in once their master data has arrived.
  await page.locator(`${selector} option[value="${value}"]`).waitFor({ state: "attached" });
  await page.locator(selector).selectOption(value);
}

beforeAll(async () => {
  mailbox = await openMailbox();
  server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword, SMTP_URL: mailbox.url, MAIL_FROM: "bookings@example.test" });
  asAdmin = await adminApi(server.baseURL, adminPassword);
}, 120_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
  await server?.stop();
  await mailbox?.close();
});

describe("a booking batch from staff to customer and back", () => {
  it("sets up booking staff, a voyage Manila to Davao and an approved quotation of the customer", async () => {
    const world = await setUpBookingWorld({
      baseURL: server.baseURL, asAdmin, prefix: { role: "BKE2E", user: "bk-e2e" }, password: PASSWORD, customerCode: CUSTOMER,
      lanes: [
        { serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "DVO", teu: 1 },
        { serviceModeCode: "DTD", originPortCode: "MNLN", destinationPortCode: "DVO", originAreaCode: "MNL-TON", destinationAreaCode: "DVO-CTY", teu: 1 },
      ],
      voyage: { voyageRef: "V-E2E-BK", vesselCode: "MV-VOYAGER", routeCode: "MNL-DVO", destinationBranchCode: "DVO" },
    });
    voyageNum = world.voyageNum;
    laneTotals = Object.fromEntries(world.quotation.lanes.map((l) => [l.serviceModeCode, l.total]));

    const browser = await openBrowser("bk-staff", { width: 1440, height: 900 });
    browsers.push(browser);
    staff = browser.page;
    await signIn(staff, server.baseURL, "bk-e2e-staff", PASSWORD);
  }, 120_000);

  it("lets staff open a batch for the customer and add three bookings priced from the quotation", async () => {
    await staff.goto(`${server.baseURL}/voyage/bookings/${voyageNum}/new`);
    await staff.getByTestId("booking-voyage-num").filter({ hasText: exactly(voyageNum) }).waitFor();
    await staff.getByTestId("batch-new").click();
    await staff.getByTestId("batch-customer-search").fill("Pacific");
    await pick(staff, "#batch-customer", CUSTOMER);
    await staff.getByTestId("batch-create").click();
    await staff.waitForURL(/\/create$/);
    batchRef = decodeURIComponent(staff.url().split("/").slice(-2)[0]!);
    expect(batchRef).toMatch(/^BB-MNL-\d{4}-\d{6}$/);

    const bookings = [
      { mode: "PTP", goods: "Canned sardines" },
      { mode: "PTP", goods: "Bottled water" },
      { mode: "DTD", goods: "Rice in sacks" },
    ];
    for (const [i, b] of bookings.entries()) {
      if (i > 0) await staff.getByTestId("booking-new").click();
      await pick(staff, "#booking-destination", "DVO");
      await pick(staff, "#booking-mode-delivery", b.mode);
      await pick(staff, "#booking-mode-payment", "P");
      await staff.locator("#booking-teu").fill("1");
      await staff.locator("#booking-goods").fill(b.goods);
      if (b.mode === "DTD") {
        // Staff know where it goes; the customer will say where to collect it.
        await staff.getByTestId("booking-delivery-street").fill("KM 7, Lanang");
        await staff.getByTestId("booking-delivery-province").fill("Davao del Sur");
        await staff.getByTestId("booking-delivery-city").fill("Davao City");
        await pick(staff, "#booking-delivery-area", "DVO-CTY");
      }
      // The live price is the quotation lane's total for one TEU.
      const total = Number(laneTotals[b.mode]).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
      await staff.getByTestId("booking-price-total").filter({ hasText: exactly(total) }).waitFor();
      await staff.getByTestId("booking-save").click();
      await seeNotice(staff, "Booking added successfully");
    }
    const rows = staff.locator('[data-testid^="booking-select-"]');
    await expect.poll(() => rows.count()).toBe(3);
    const batch = await asAdmin<{ data: { bookings: { bookingRef: string; total: string; modeOfDelivery: string }[] } }>("GET", `/Bookings/batch/${batchRef}`);
    bookingRefs = batch.data.bookings.map((b) => b.bookingRef);
    for (const b of batch.data.bookings) expect(b.total).toBe(laneTotals[b.modeOfDelivery]);
  });

  let link = "";
  it("sends the link, and the e-mail arrives by SMTP", async () => {
    await staff.getByTestId("batch-send-link").click();
    await expect.poll(() => staff.getByTestId("send-link-email").inputValue()).toBe(CUSTOMER_EMAIL);
    await staff.getByTestId("send-link-submit").click();
    await seeNotice(staff, "Booking link was send successfully");
    const mail = await mailbox.waitFor((m) => m.to.includes(CUSTOMER_EMAIL) && m.decoded.includes("/booking/link/t/"));
    link = /(https?:\/\/[^\s"<>]+\/booking\/link\/t\/[A-Za-z0-9_-]{43})/.exec(mail.decoded)![1];
    expect(link.startsWith(server.baseURL)).toBe(true);
  });

  it("lets the customer, with no session, complete a consignee and a pick-up address and submit", async () => {
    const browser = await openBrowser("bk-customer", { width: 412, height: 900 });
    browsers.push(browser);
    customer = browser.page;
    await customer.goto(link);
    for (const ref of bookingRefs) await customer.getByTestId(`link-booking-${ref}`).waitFor();
    for (const ref of bookingRefs) await customer.getByTestId(`link-consignee-${ref}`).fill(`Consignee of ${ref.slice(-3)}`);
    const door = bookingRefs[2];
    await customer.getByTestId(`link-pickup-${door}-street`).fill("Unit 5, Delpan St.");
    await customer.getByTestId(`link-pickup-${door}-province`).fill("Metro Manila");
    await customer.getByTestId(`link-pickup-${door}-city`).fill("Tondo I/II (Manila)");
    await pick(customer, `[data-testid="link-pickup-area-${door}"]`, "MNL-TON");
    await customer.getByTestId("link-submit").click();
    await customer.waitForURL(/\/booking\/success\//).catch(async (err) => {
      throw new Error(`${err}\n${await customer.locator("body").innerText()}`);
    });
    await customer.getByTestId("success-ref").filter({ hasText: exactly(bookingRefs[0]!) }).waitFor();

    // The link worked once.
    await customer.goto(link);
    await customer.getByTestId("link-error").filter({ hasText: "already been used" }).waitFor();
  });

  it("lets staff confirm the batch, issue the ATW and open its PDF", async () => {
    await staff.reload();
    await staff.getByTestId("batch-confirm").click();
    await seeNotice(staff, "Bookings confirmed successfully");
    // The table reloads after the confirmation; choose rows once it shows them confirmed.
    for (const ref of bookingRefs) await staff.getByTestId(`booking-status-${ref}`).filter({ hasText: exactly("Confirmed") }).waitFor();
    for (const ref of bookingRefs) {
      // The table redraws its cells a frame after the tick, so the box shows it a moment later.
      const box = staff.getByTestId(`booking-select-${ref}`);
      await box.click();
      await expect.poll(() => box.isChecked()).toBe(true);
    }
    await staff.getByTestId("bookings-issue-atw").click();
    await pick(staff, "#atw-trucker", "TRK-001");
    await staff.getByTestId("atw-submit").click();
    await seeNotice(staff, "ATW issued successfully");

    const [popup] = await Promise.all([
      staff.waitForEvent("popup"),
      staff.getByTestId(`booking-atw-pdf-${bookingRefs[2]}`).click(),
    ]);
    await popup.waitForLoadState();
    const pdf = await popup.request.get(popup.url());
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    await popup.close();

    const stored = await asAdmin<{ data: { status: string; consigneeName: string; pickUpAreaCode: string | null; truckerName: string }[] }>("POST", "/Bookings/load", { bookingBatchRef: batchRef });
    expect(stored.data.map((b) => b.status)).toEqual(["ATW Issued", "ATW Issued", "ATW Issued"]);
    expect(stored.data.every((b) => b.truckerName === "North Harbor Haulers Inc.")).toBe(true);
    expect(stored.data.find((b) => b.pickUpAreaCode === "MNL-TON")).toBeDefined();
  });

  it("shows the stages reached on the public tracking page", async () => {
    await customer.goto(`${server.baseURL}/booking/shipmentTracking/${bookingRefs[0]}`);
    await customer.getByTestId("tracking-ref").filter({ hasText: exactly(bookingRefs[0]!) }).waitFor();
    for (const step of [0, 1, 2]) await customer.getByTestId(`tracking-step-reached-${step}`).waitFor();
    for (let stage = 0; stage < 10; stage++) {
      expect(await customer.getByTestId(`tracking-stage-${stage}`).getAttribute("data-reached")).toBe("false");
    }
    expect(await customer.getByTestId("tracking-destination").textContent()).toContain("Davao");
  });
});
