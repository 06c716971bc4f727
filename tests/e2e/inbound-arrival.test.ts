import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { type Mailbox, openMailbox } from "./mailbox.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The arrival notice of a discharged waybill at Cebu, as the inbound clerk sends it and the consignee reads it. The
 * cargo, a collect waybill, is loaded at Manila and discharged at Cebu through the calls; then in the browser the
 * clerk opens the voyage's arrival notices from the Inbound page and sends the notice to the consignee's address on
 * file; a real SMTP server catches the e-mail; the consignee opens its link in a browser with no session and sees
 * the amount due, that it is not paid yet, the free days left as a countdown and the release status; a link with a
 * wrong token shows a clear "not found" page.
 */

const adminPassword = inject("adminPassword");
const PASSWORD = "arrival-clerk-passphrase-6";
const PREFIX = { role: "ANE2E", user: "an-e2e" };
const YARD = "an-e2e-yard";
const PIER = "an-e2e-pier";
const CUSTOMER = "CUS-004";

let server: RunningServer;
let mailbox: Mailbox;
let baseURL = "";
let asAdmin: AdminCall;
let browser: OpenBrowser;
let visitorBrowser: OpenBrowser;
let pier: Page;
let voyageNum = "";
const tokens: Record<string, string> = {};
const cargo = { bookingRef: "", wayBillRef: "", van: "" };
const CONSIGNEE_EMAIL = "receiving@visayancopra.example.ph";

async function as<T = any>(userId: string, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api${apiPath}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${tokens[userId]}` },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const shown = async (testId: string, page = pier) => (await page.getByTestId(testId).textContent())?.trim();

beforeAll(async () => {
  // A server of its own, whose outbox sends to a real SMTP server this test reads.
  mailbox = await openMailbox();
  server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword, SMTP_URL: mailbox.url, MAIL_FROM: "arrivals@example.test" });
  baseURL = server.baseURL;
  asAdmin = await adminApi(baseURL, adminPassword);
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: PREFIX, password: PASSWORD, customerCode: CUSTOMER,
    lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 1 }],
    voyage: { voyageRef: "V-E2E-AN", vesselCode: "MV-PIONEER", routeCode: "MNL-CEB", destinationBranchCode: "CEB" },
  });
  voyageNum = world.voyageNum;

  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const branchId = (code: string) => branches.find((b) => b.code === code)!.id;
  await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_YARD`, roleName: "Arrival e2e yard", roleDetails: [{ menuId: "OUTBOUND" }] });
  await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_PIER`, roleName: "Arrival e2e pier", roleDetails: [{ menuId: "INBOUND" }] });
  await asAdmin("POST", "/users/multipleInsert", [
    { userId: YARD, name: "Yolanda Cruz", email: `${YARD}@example.test`, roleId: `${PREFIX.role}_YARD`, branches: [{ id: branchId("MNL"), defaultBranch: true }] },
    { userId: PIER, name: "Isidro Navarro", email: `${PIER}@example.test`, roleId: `${PREFIX.role}_PIER`, branches: [{ id: branchId("CEB"), defaultBranch: true }] },
  ]);
  for (const userId of [YARD, PIER]) {
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${userId}?password=${encodeURIComponent(PASSWORD)}`);
    const res = await fetch(`${baseURL}/api/users/authenticate`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId, password: PASSWORD }),
    });
    tokens[userId] = ((await res.json()) as { data: { token: string }[] }).data[0]!.token;
  }

  // One collect booking to Cebu loaded at Manila through the outbound calls: slip, waybill, load list, loading tally, final.
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
    voyageNum, customerCode: CUSTOMER, remarks: "",
    bookings: [{
      destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "C", quantityTeu: 1, goods: "Canned sardines", packaging: "Box", quantity: 300,
      cargoWeight: "12.000", declaredValue: "180000.00", consigneeName: "Visayan Copra Traders Inc.", consigneeEmail: CONSIGNEE_EMAIL,
    }],
  })).data;
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  cargo.bookingRef = batch.bookings[0].bookingRef;
  await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: [cargo.bookingRef], truckingCode: "TRK-001" });
  const first = `ANEU${String(Date.now() % 900_000).padStart(6, "0")}`;
  cargo.van = `${first}${containerCheckDigit(first)}`;
  await asAdmin("POST", "/ContainerVans/create", { code: cargo.van, size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1", isShipperOwn: false });
  await as(YARD, "POST", "/OutBound/cts/create", {
    bookingRef: cargo.bookingRef, containerVanNum: cargo.van, truckingCode: "TRK-001", plateNum: "NBC 1235", driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
  });
  cargo.wayBillRef = (await as(YARD, "POST", "/OutBound/waybill/create", { bookingRef: cargo.bookingRef })).data.wayBillRef;
  const release = (await as(YARD, "POST", "/OutBound/loadList/create", { voyageNum })).data;
  await as(YARD, "PUT", `/OutBound/loadList/update/${release.releaseId}`, { dateModified: release.dateModified, entries: [{ wayBillRef: cargo.wayBillRef, status: "add" }] });
  const sheet = (await as(YARD, "POST", "/OutBound/tallySheet/create", { voyageNum, destinationBranchCode: "CEB" })).data;
  await as(YARD, "POST", `/OutBound/tallySheet/line/${sheet.tallySheetNum}`, {
    entryId: `an-e2e-load-${Date.now()}`, wayBillRef: cargo.wayBillRef, containerType: "FL", timeTallied: new Date().toISOString(),
  });
  const counted = (await as(YARD, "GET", `/OutBound/tallySheet/read/${sheet.tallySheetNum}`)).data;
  await as(YARD, "PUT", `/OutBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: counted.dateModified });

  // Discharged at Cebu through the inbound calls: the unload list released, the van counted, the final tally.
  const unload = (await as(PIER, "POST", "/InBound/unloadList/create", { voyageNum, destinationBranchCode: "CEB" })).data;
  await as(PIER, "PUT", `/InBound/unloadList/update/${unload.releaseId}`, { dateModified: unload.dateModified, entries: [{ wayBillRef: cargo.wayBillRef, status: "add" }] });
  const listed = (await as(PIER, "GET", `/InBound/unloadList/read/${unload.releaseId}`)).data;
  await as(PIER, "PUT", `/InBound/unloadList/release/${unload.releaseId}`, { dateModified: listed.dateModified });
  const unloading = (await as(PIER, "POST", "/InBound/tallySheet/create", { voyageNum, destinationBranchCode: "CEB" })).data;
  await as(PIER, "POST", `/InBound/tallySheet/line/${unloading.tallySheetNum}`, {
    entryId: `an-e2e-unload-${Date.now()}`, wayBillRef: cargo.wayBillRef, containerType: "FL", timeTallied: new Date().toISOString(),
  });
  const tallied = (await as(PIER, "GET", `/InBound/tallySheet/read/${unloading.tallySheetNum}`)).data;
  await as(PIER, "PUT", `/InBound/tallySheet/final/${unloading.tallySheetNum}`, { dateModified: tallied.dateModified });

  [browser, visitorBrowser] = await Promise.all([openBrowser("arrival-clerk", { width: 1440, height: 900 }), openBrowser("arrival-consignee")]);
  pier = browser.page;
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await visitorBrowser?.close().catch(() => {});
  await server?.stop();
  await mailbox?.close();
});

describe("the arrival notice of a discharged waybill, sent to the consignee and opened from the e-mail", () => {
  let link = "";
  let amount = "";

  it("sends the notice from the voyage's arrival notices, reached from the Inbound page", async () => {
    await signIn(pier, baseURL, PIER, PASSWORD);
    await pier.getByTestId("nav-inbound").click();
    await pier.getByTestId("discharge-voyage").fill(voyageNum);
    await pier.getByTestId("discharge-arrival-notices").click();
    await pier.waitForURL(new RegExp(`/inbound/arrivalNotice/${voyageNum}$`));
    await pier.getByTestId(`arrival-row-${cargo.wayBillRef}`).waitFor();
    expect(await shown(`arrival-sent-${cargo.wayBillRef}`)).toBe("Not sent");
    expect(await pier.getByTestId(`arrival-preview-${cargo.wayBillRef}`).getAttribute("href")).toBe(`/api/InBound/arrivalNotice/cargo/${cargo.wayBillRef}/print`);
    expect(await pier.getByTestId("arrival-vessel-print").getAttribute("href")).toBe(`/api/InBound/arrivalNotice/vessel/${voyageNum}/print?destinationBranchCode=CEB`);

    await pier.getByTestId(`arrival-send-${cargo.wayBillRef}`).click();
    expect(await pier.getByTestId("arrival-email").inputValue()).toBe(CONSIGNEE_EMAIL);
    await pier.getByTestId("arrival-send-confirm").click();
    await seeNotice(pier, `Arrival notice was sent to ${CONSIGNEE_EMAIL}`);
    await pier.getByTestId(`arrival-sent-${cargo.wayBillRef}`).filter({ hasText: `To ${CONSIGNEE_EMAIL}, ` }).waitFor();
    expect(await shown(`arrival-sent-${cargo.wayBillRef}`)).toMatch(/by Isidro Navarro$/);
    amount = (await as(PIER, "GET", `/InBound/arrivalNotice/cargo/${cargo.wayBillRef}`)).data.amountPaybles;
    expect(Number(amount)).toBeGreaterThan(0);
  }, 120_000);

  it("delivers the e-mail with the public link to the consignee", async () => {
    const mail = await mailbox.waitFor((m) => m.to.includes(CONSIGNEE_EMAIL) && m.decoded.includes(cargo.wayBillRef), 60_000);
    expect(mail.decoded).toContain(`Arrival notice: waybill ${cargo.wayBillRef} has arrived at Cebu`);
    const found = new RegExp(`(https?://[^\\s"<>]+/arrivalNotice/${cargo.wayBillRef}/[A-Za-z0-9_-]{43})`).exec(mail.decoded);
    expect(found, mail.decoded).not.toBeNull();
    link = found![1];
    expect(link.startsWith(baseURL)).toBe(true);
  }, 90_000);

  it("opens the consignee's page with no session: the amount due, not paid, the free days left and the release", async () => {
    const visitor = visitorBrowser.page;
    await visitor.goto(link);
    await visitor.getByTestId("arrival-page").waitFor();
    const formatted = Number(amount).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    expect((await visitor.getByTestId("arrival-amount").textContent())?.trim()).toBe(`PHP ${formatted}`);
    expect((await visitor.getByTestId("arrival-paid").textContent())?.trim()).toBe("Not paid");
    // Tallied off the vessel today: every free day is still ahead.
    expect((await visitor.getByTestId("arrival-countdown").textContent())?.trim()).toMatch(/^\d+ free days? left$|^Today is the last free day$/);
    expect((await visitor.getByTestId("arrival-due-date").textContent())?.trim()).toMatch(/^Storage due date: \w{3} \d{1,2}, \d{4}$/);
    expect((await visitor.getByTestId("arrival-release").textContent())?.trim()).toBe("Not released yet: the cargo is released once the charges are paid");
    expect((await visitor.getByTestId("arrival-stage").textContent())?.trim()).toBe("Cargo: Unloaded TallySheet Created");
    expect((await visitor.getByTestId("arrival-waybill").textContent())?.trim()).toBe(cargo.wayBillRef);
    await visitor.getByTestId("side-menu").waitFor({ state: "detached", timeout: 1_000 }).catch(() => {});
    expect(await visitor.getByTestId("side-menu").count()).toBe(0);
  }, 90_000);

  it("shows a clear not-found page for a wrong token", async () => {
    const visitor = visitorBrowser.page;
    await visitor.goto(`${baseURL}/arrivalNotice/${cargo.wayBillRef}/${"A".repeat(43)}`);
    await visitor.getByTestId("arrival-error").waitFor();
    await visitor.getByText("Arrival notice not found", { exact: true }).waitFor();
    await visitor.getByText("This arrival notice was not found. Ask the line's staff to send it again.", { exact: true }).waitFor();
  }, 60_000);
});
