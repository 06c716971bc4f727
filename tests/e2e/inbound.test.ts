import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { formatBusinessDate, manilaToday } from "../../api/shared/dates.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { exactly, keptForOffline, type OpenBrowser, openBrowser, seeNotice, signIn } from "./browser.ts";
import { type Mailbox, openMailbox } from "./mailbox.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * A voyage's cargo from discharge to van-in at Cebu, as the inbound clerk there does it in the browser. The cargo, a
 * collect waybill, is loaded at Manila through the outbound calls; then on the inbound screens: the unload list (a
 * release opened, the waybill put on, released); the unloading tally sheet, the tablet reloaded with the network gone,
 * the van counted and kept waiting on the device, sent when the network returns, and the final tally; the arrival
 * notice sent to the consignee, its e-mail caught by a real SMTP server and its public page opened; the release
 * refused 'in BASE Accounting' while nothing is collected and made once the destination's invoice is collected, then
 * cleared and printed; the inbound CTS, the delivery receipt and the van-in; and the public tracking page showing all
 * ten stages reached.
 */

const adminPassword = inject("adminPassword");
const PASSWORD = "discharge-clerk-passphrase-5";
const PREFIX = { role: "IBE2E", user: "ib-e2e" };
const YARD = "ib-e2e-yard";
const PIER = "ib-e2e-pier";
const CUSTOMER = "CUS-004";
const CONSIGNEE_EMAIL = "receiving@visayancopra.example.ph";

let server: RunningServer;
let mailbox: Mailbox;
let baseURL = "";
let asAdmin: AdminCall;
let browser: OpenBrowser;
let visitorBrowser: OpenBrowser;
let pier: Page;
let voyageNum = "";
const tokens: Record<string, string> = {};
const cargo = { bookingRef: "", wayBillRef: "", van: "", releaseOrder: "" };
/** What the consignee's link leads to, and the amount due the page showed. */
const consignee = { link: "", amountDue: "" };

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

async function pick(page: Page, testId: string, value: string) {
  const select = page.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

const shown = async (testId: string, page = pier) => (await page.getByTestId(testId).textContent())?.trim();
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |=]/g, "");

/** Reads a printout the page links to, as the clerk's browser would get it, and answers its text per page. */
async function printedText(href: string): Promise<string> {
  const res = await pier.context().request.get(new URL(href, baseURL).toString());
  expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  return (await renderPdf(new Uint8Array(await res.body()), { pageSegmentation: 4 })).pages.map((p) => squeeze(p.text ?? "")).join(" ");
}

beforeAll(async () => {
  // A server of its own, whose outbox sends to a real SMTP server this test reads.
  mailbox = await openMailbox();
  server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword, SMTP_URL: mailbox.url, MAIL_FROM: "inbound@example.test" });
  baseURL = server.baseURL;
  asAdmin = await adminApi(baseURL, adminPassword);
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: PREFIX, password: PASSWORD, customerCode: CUSTOMER,
    lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 1 }],
    voyage: { voyageRef: "V-E2E-IB", vesselCode: "MV-PIONEER", routeCode: "MNL-CEB", destinationBranchCode: "CEB" },
  });
  voyageNum = world.voyageNum;

  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const branchId = (code: string) => branches.find((b) => b.code === code)!.id;
  await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_YARD`, roleName: "Discharge e2e yard", roleDetails: [{ menuId: "OUTBOUND" }] });
  await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_PIER`, roleName: "Discharge e2e pier", roleDetails: [{ menuId: "INBOUND" }] });
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
      cargoWeight: "12.000", declaredValue: "180000.00", consigneeName: "Visayan Copra Traders Inc.",
      consigneeEmail: CONSIGNEE_EMAIL,
    }],
  })).data;
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  cargo.bookingRef = batch.bookings[0].bookingRef;
  await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: [cargo.bookingRef], truckingCode: "TRK-001" });
  const first = `IBEU${String(Date.now() % 900_000).padStart(6, "0")}`;
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
    entryId: `ib-e2e-load-${Date.now()}`, wayBillRef: cargo.wayBillRef, containerType: "FL", timeTallied: new Date().toISOString(),
  });
  const counted = (await as(YARD, "GET", `/OutBound/tallySheet/read/${sheet.tallySheetNum}`)).data;
  await as(YARD, "PUT", `/OutBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: counted.dateModified });

  [browser, visitorBrowser] = await Promise.all([openBrowser("inbound-pier", { width: 1440, height: 900 }), openBrowser("inbound-visitor")]);
  pier = browser.page;
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await visitorBrowser?.close().catch(() => {});
  await server?.stop();
  await mailbox?.close();
});

describe("a voyage's cargo from discharge to van-in at Cebu, on the inbound screens", () => {
  it("makes the unload list: a release opened from the Inbound page, the loaded waybill put on, the release released", async () => {
    await signIn(pier, baseURL, PIER, PASSWORD);
    await pier.getByTestId("nav-inbound").click();
    await pier.getByTestId("discharge-voyage").fill(voyageNum);
    await pier.getByTestId("discharge-unload-list").click();
    await pier.waitForURL(new RegExp(`/inbound/unloadList/${voyageNum}$`));
    await pier.getByTestId(`unload-waiting-${cargo.wayBillRef}`).waitFor();

    await pier.getByTestId("unload-release-new").click();
    await seeNotice(pier, "Unload list created successfully");
    await pier.getByTestId("unload-open-release-id").waitFor();
    const releaseId = (await shown("unload-open-release-id"))!;
    expect(releaseId).toMatch(/^UL-CEB-\d{4}-\d{6}$/);
    await pier.getByTestId(`unload-put-on-${cargo.wayBillRef}`).click();
    await seeNotice(pier, "Unload list updated successfully");
    await pier.getByTestId(`unload-on-${cargo.wayBillRef}`).waitFor();
    await pier.getByTestId("unload-release-release").click();
    await pier.getByTestId("confirm-prompt").waitFor();
    await pier.locator(".lading-confirm").getByRole("button", { name: "Release", exact: true }).click();
    await seeNotice(pier, "Unload list released successfully");
    await pier.getByTestId(`unload-release-type-${releaseId}`).filter({ hasText: exactly("Final Release") }).waitFor();
    expect(await shown(`unload-release-count-${releaseId}`)).toBe("1");
  });

  it("starts the unloading tally; reloaded with the network gone, the tablet counts the van and keeps it waiting", async () => {
    await pier.getByTestId("unload-list-tally").click();
    await pier.waitForURL(new RegExp(`/inbound/tallySheet/${voyageNum}$`));
    await pier.getByTestId("tally-page").waitFor();
    await pier.getByTestId("tally-start").click();
    await seeNotice(pier, "Tally sheet created successfully");
    await pier.getByTestId("tally-sheet-num").waitFor();
    const tallySheetNum = (await shown("tally-sheet-num"))!;
    expect(tallySheetNum).toMatch(/^TS-CEB-\d{4}-\d{6}$/);
    await keptForOffline(pier);

    await browser.context.setOffline(true);
    await pier.reload();
    await pier.getByTestId("tally-kept").waitFor();
    expect(await shown("tally-connection")).toBe("Offline");
    await pick(pier, "tally-entry-waybill", `${cargo.wayBillRef}|${cargo.van}`);
    expect(await pier.getByTestId("tally-entry-van").inputValue()).toBe(cargo.van);
    await pick(pier, "tally-entry-trucker", "TRK-003");
    await pier.getByTestId("tally-entry-seal").fill("SEAL-IB-1");
    await pier.getByTestId("tally-entry-submit").click();
    await pier.getByTestId(`tally-line-state-${cargo.van}`).filter({ hasText: exactly("Waiting") }).waitFor();
    expect(await shown("tally-waiting")).toBe("1 waiting");
    expect((await as(PIER, "GET", `/InBound/tallySheet/read/${tallySheetNum}`)).data.lines).toEqual([]);

    await browser.context.setOffline(false);
    await pier.getByTestId("tally-waiting").filter({ hasText: exactly("All sent") }).waitFor();
    await pier.getByTestId(`tally-line-state-${cargo.van}`).filter({ hasText: exactly("On the sheet") }).waitFor();
    const sheet = (await as(PIER, "GET", `/InBound/tallySheet/read/${tallySheetNum}`)).data;
    expect(sheet.lines.map((l: any) => [l.containerVanNum, l.wayBillRef, l.userCreated, l.sealNum, l.truckerName])).toEqual([
      [cargo.van, cargo.wayBillRef, PIER, "SEAL-IB-1", "Queen City Cargo Movers"],
    ]);
  });

  it("makes the final inbound tally", async () => {
    await pier.getByTestId("tally-final").click();
    await pier.getByTestId("confirm-prompt").waitFor();
    await pier.getByRole("button", { name: "Make final", exact: true }).click();
    await seeNotice(pier, "Final tally sheet made successfully");
    await pier.getByTestId("tally-sheet-status").filter({ hasText: exactly("Final") }).waitFor();
    expect(await shown("tally-final-at")).toMatch(/ · ib-e2e-pier$/);
  });

  it("sends the arrival notice from the voyage's arrival notices, reached from the Inbound page", async () => {
    await pier.getByTestId("nav-inbound").click();
    await pier.getByTestId("discharge-voyage").fill(voyageNum);
    await pier.getByTestId("discharge-arrival-notices").click();
    await pier.waitForURL(new RegExp(`/inbound/arrivalNotice/${voyageNum}$`));
    await pier.getByTestId(`arrival-row-${cargo.wayBillRef}`).waitFor();
    expect(await shown(`arrival-sent-${cargo.wayBillRef}`)).toBe("Not sent");
    const notice = await printedText((await pier.getByTestId(`arrival-preview-${cargo.wayBillRef}`).getAttribute("href"))!);
    for (const line of ["CARGO ARRIVAL NOTICE", cargo.wayBillRef, "Visayan Copra Traders Inc.", "Amount payable", "Storage due"]) expect(notice, line).toContain(squeeze(line));

    await pier.getByTestId(`arrival-send-${cargo.wayBillRef}`).click();
    expect(await pier.getByTestId("arrival-email").inputValue()).toBe(CONSIGNEE_EMAIL);
    await pier.getByTestId("arrival-send-confirm").click();
    await seeNotice(pier, `Arrival notice was sent to ${CONSIGNEE_EMAIL}`);
    await pier.getByTestId(`arrival-sent-${cargo.wayBillRef}`).filter({ hasText: `To ${CONSIGNEE_EMAIL}, ` }).waitFor();
    expect(await shown(`arrival-sent-${cargo.wayBillRef}`)).toMatch(/by Isidro Navarro$/);
  }, 120_000);

  it("delivers the arrival notice e-mail to the consignee with a link of their own", async () => {
    const mail = await mailbox.waitFor((m) => m.to.includes(CONSIGNEE_EMAIL) && m.decoded.includes(cargo.wayBillRef), 60_000);
    expect(mail.decoded).toContain(`Arrival notice: waybill ${cargo.wayBillRef} has arrived at Cebu`);
    const found = new RegExp(`(https?://[^\\s"<>]+/arrivalNotice/${cargo.wayBillRef}/[A-Za-z0-9_-]{43})`).exec(mail.decoded);
    expect(found, mail.decoded).not.toBeNull();
    consignee.link = found![1];
    expect(consignee.link.startsWith(`${baseURL}/`)).toBe(true);
  }, 90_000);

  it("opens the consignee's page without signing in: the amount due, not paid, the free days counting down, not released", async () => {
    const visitor = visitorBrowser.page;
    await visitor.goto(consignee.link);
    await visitor.getByTestId("arrival-page").waitFor();
    consignee.amountDue = (await visitor.getByTestId("arrival-amount").textContent())!.trim();
    expect(consignee.amountDue).toMatch(/^PHP \d{1,3}(,\d{3})*\.\d{2}$/);
    expect((await visitor.getByTestId("arrival-paid").textContent())?.trim()).toBe("Not paid");
    // The countdown is the free-time read of the staff's screen, as of today: tallied off the vessel today, every free
    // day of storage is still ahead.
    const freeTime = (await as(PIER, "GET", `/InBound/demurrage/${cargo.wayBillRef}`)).data;
    const { countdown } = freeTime.charges.find((c: any) => c.chargeType === "STO");
    const left = countdown.freeDaysLeft as number;
    expect([countdown.daysOverdue, left > 0, countdown.lastFreeDay]).toEqual([0, true, freeTime.storageDue.dueDate]);
    expect((await visitor.getByTestId("arrival-countdown").textContent())?.trim()).toBe(`${left} free day${left === 1 ? "" : "s"} left`);
    expect((await visitor.getByTestId("arrival-due-date").textContent())?.trim()).toBe(`Storage due date: ${formatBusinessDate(countdown.lastFreeDay)}`);
    expect((await visitor.getByTestId("arrival-release").textContent())?.trim()).toBe("Not released yet: the cargo is released once the charges are paid");
    expect((await visitor.getByTestId("arrival-stage").textContent())?.trim()).toBe("Cargo: Unloaded TallySheet Created");
    expect(await visitor.getByTestId("side-menu").count()).toBe(0);
  }, 90_000);

  it("refuses the release 'in BASE Accounting' while nothing is collected, and shows the booking unpaid", async () => {
    await pier.goto(`${baseURL}/inbound/cargoReleaseOrder`);
    await pier.getByTestId("release-page").waitFor();
    await pier.getByTestId("release-new").click();
    await pier.getByTestId(`release-candidate-${cargo.wayBillRef}`).waitFor();
    expect(await shown(`release-paid-${cargo.bookingRef}`)).toBe("Unpaid");
    await pier.getByTestId(`release-release-${cargo.wayBillRef}`).click();
    const refusal = `Booking ${cargo.bookingRef} (waybill ${cargo.wayBillRef}) is not paid in BASE Accounting: the destination side is unpaid. ` +
      `Not invoiced yet: the destination charges of ${cargo.wayBillRef} have no invoice.`;
    await pier.getByTestId("release-refusal").filter({ hasText: exactly(refusal) }).waitFor();
    expect(await shown(`release-paid-${cargo.bookingRef}`)).toBe("Unpaid");
    await pier.getByTestId("release-dialog-close").click();
  }, 120_000);

  it("makes the release order once the destination's invoice is collected, clears it at the Pier 4 CY and prints it", async () => {
    // CRO accounting at Cebu bills the voyage's destination side; the cashier collects it in cash.
    const record = (await asAdmin<{ data: { id: number } }>("POST", "/CROAccounting", { voyageNum, branchCode: "CEB", side: "Destination" })).data;
    const generated = await asAdmin<{ data: { id: number; total: string; wayBillRef: string | null }[] }>(
      "POST", `/CROAccounting/generateWaybillInvoice/${record.id}`, {},
    );
    const billed = generated.data.find((i) => i.wayBillRef === cargo.wayBillRef)!;
    // What the consignee was told is due is what the cashier bills.
    expect(`PHP ${Number(billed.total).toLocaleString("en-US", { minimumFractionDigits: 2 })}`).toBe(consignee.amountDue);
    await asAdmin("POST", "/Collections/create", {
      branchCode: "CEB", collectionDate: manilaToday(), paymentMethod: "CASH", lines: [{ invoiceId: billed.id, applied: billed.total }],
    });

    await pier.getByTestId("release-new").click();
    await pier.getByTestId(`release-candidate-${cargo.wayBillRef}`).waitFor();
    await expect.poll(() => shown(`release-paid-${cargo.bookingRef}`)).toBe("Paid");
    await pier.getByTestId("release-remarks").fill("Consignee's trucker collects");
    await pier.getByTestId(`release-release-${cargo.wayBillRef}`).click();
    await seeNotice(pier, "Cargo release order created successfully");
    // The list reloads newest first once the order is made; until then its first row is the demo line's release.
    // Cebu's series: the demo line's release took the first number.
    const firstRelease = () => pier.locator("[data-testid^='release-row-']").first().getAttribute("data-testid");
    await expect.poll(firstRelease).toMatch(/^release-row-CRO-CEB-\d{4}-000002$/);
    const id = (await firstRelease())!.replace("release-row-", "");
    cargo.releaseOrder = id;
    expect([await shown(`release-waybill-${id}`), await shown(`release-booking-${id}`), await shown(`release-status-${id}`)])
      .toEqual([cargo.wayBillRef, cargo.bookingRef, "Created"]);

    await pier.getByTestId(`release-clear-${id}`).click();
    await pier.getByTestId("release-clear-form").waitFor();
    await pick(pier, "release-cy-pull-out", "CEB-CY1");
    await pier.getByTestId("release-clear-save").click();
    await seeNotice(pier, "Cleared Successfully");
    await pier.getByTestId(`release-status-${id}`).filter({ hasText: exactly("Cleared") }).waitFor();
    expect([await shown(`release-cleared-by-${id}`), await shown(`release-cy-${id}`)]).toEqual(["Isidro Navarro", "Cebu Pier 4 CY"]);

    const text = await printedText((await pier.getByTestId(`release-print-${id}`).getAttribute("href"))!);
    for (const line of ["CARGO RELEASE ORDER", id, cargo.wayBillRef, cargo.bookingRef, "Cebu Pier 4 CY", "Isidro Navarro", "per TEU per day", "Consignee's trucker collects"]) {
      expect(text, line).toContain(squeeze(line));
    }
  }, 180_000);

  it("trucks the van out on an inbound CTS from the CY pull-out, makes the cargo delivery receipt and prints both", async () => {
    await pier.goto(`${baseURL}/inbound/cts`);
    await pier.getByTestId("inbound-cts-page").waitFor();
    await pier.getByTestId("inbound-cts-new").click();
    await pier.getByTestId(`inbound-cts-candidate-${cargo.wayBillRef}`).waitFor();
    await pier.getByTestId(`inbound-cts-choose-${cargo.wayBillRef}`).click();
    await pier.getByTestId("inbound-cts-chosen").filter({ hasText: "Cebu Pier 4 CY" }).waitFor();
    await pick(pier, "inbound-cts-trucker", "TRK-003");
    await pier.getByTestId("inbound-cts-plate").fill("GAB 3390");
    await pier.getByTestId("inbound-cts-driver").fill("Rey Cabahug");
    await pier.getByTestId("inbound-cts-save").click();
    await seeNotice(pier, "Inbound CTS issued successfully");
    // As for the release: the reloaded list shows the new slip first, after the demo line's.
    const firstSlip = () => pier.locator("[data-testid^='inbound-cts-row-']").first().getAttribute("data-testid");
    await expect.poll(firstSlip).toMatch(/^inbound-cts-row-ICTS-CEB-\d{4}-000002$/);
    const ctsNum = (await firstSlip())!.replace("inbound-cts-row-", "");
    expect([await shown(`inbound-cts-waybill-${ctsNum}`), await shown(`inbound-cts-cro-${ctsNum}`), await shown(`inbound-cts-cy-${ctsNum}`),
      await shown(`inbound-cts-status-${ctsNum}`)]).toEqual([cargo.wayBillRef, cargo.releaseOrder, "Cebu Pier 4 CY", "Issued"]);

    await pier.getByTestId(`inbound-cts-receipt-${ctsNum}`).click();
    await pier.getByTestId("cdr-form").waitFor();
    expect(await shown("cdr-note")).toBe("Any damage claim must be filed within 24 hours of receipt of the cargo; no claim is accepted after that.");
    await pier.getByTestId("cdr-area").fill("Mandaue City");
    await pier.getByTestId("cdr-received-by").fill("Lorna Gabisan");
    await pier.getByTestId("cdr-save").click();
    await seeNotice(pier, "Cargo delivery receipt created successfully");
    await pier.getByTestId(`inbound-cts-cdr-${ctsNum}`).filter({ hasText: /^CDR-CEB-\d{4}-000002$/ }).waitFor();
    const cdr = (await shown(`inbound-cts-cdr-${ctsNum}`))!;

    const slip = await printedText((await pier.getByTestId(`inbound-cts-print-${ctsNum}`).getAttribute("href"))!);
    for (const line of ["INBOUND CARGO TRANSFER SLIP", ctsNum, cargo.wayBillRef, cargo.releaseOrder, "Cebu Pier 4 CY", "GAB 3390", "Rey Cabahug"]) {
      expect(slip, line).toContain(squeeze(line));
    }
    const receipt = await printedText((await pier.getByTestId(`inbound-cts-receipt-print-${ctsNum}`).getAttribute("href"))!);
    for (const line of ["CARGO DELIVERY RECEIPT", cdr, ctsNum, cargo.wayBillRef, "Mandaue City", "Lorna Gabisan", "within 24 hours"]) {
      expect(receipt, line).toContain(squeeze(line));
    }
  }, 180_000);

  it("records the van's return to the Pier 4 CY from the Van-in screen, with the damage found, and prints the clearance", async () => {
    await pier.goto(`${baseURL}/inbound`);
    await pier.getByTestId("area-link-van_in").click();
    await pier.getByTestId("van-in-page").waitFor();
    await pier.getByTestId(`van-in-state-${cargo.wayBillRef}`).filter({ hasText: exactly("Out") }).waitFor();
    expect(await shown(`van-in-van-${cargo.wayBillRef}`)).toBe(cargo.van);

    await pier.getByTestId(`van-in-receive-${cargo.wayBillRef}`).click();
    await pier.getByTestId("van-in-form").waitFor();
    expect(await pier.getByTestId("van-in-vans").inputValue()).toBe(cargo.van);
    await pick(pier, "van-in-cy", "CEB-CY1");
    await pier.getByTestId("van-in-damage-add").click();
    await pier.getByTestId("van-in-damage-part-0").selectOption("Door Assembly");
    await pier.getByTestId("van-in-damage-type-0").selectOption("Dented");
    await pier.getByTestId("van-in-remarks").fill("Returned empty by the consignee's trucker");
    await pier.getByTestId("van-in-save").click();
    await seeNotice(pier, "Van-in recorded successfully");

    await pier.getByTestId(`van-in-state-${cargo.wayBillRef}`).filter({ hasText: exactly("Returned") }).waitFor();
    const vanInId = (await shown(`van-in-id-${cargo.wayBillRef}`))!;
    expect(vanInId).toMatch(/^VI-CEB-\d{4}-000002$/);
    expect([await shown(`van-in-cy-${cargo.wayBillRef}`), await shown(`van-in-damage-${cargo.wayBillRef}`), await shown(`van-in-by-${cargo.wayBillRef}`)])
      .toEqual(["Cebu Pier 4 CY", "Door Assembly dented", "Isidro Navarro"]);

    const clearance = await printedText((await pier.getByTestId(`van-in-print-${cargo.wayBillRef}`).getAttribute("href"))!);
    for (const line of ["VAN-IN CLEARANCE", vanInId, cargo.wayBillRef, cargo.van, "Cebu Pier 4 CY", "Door Assembly", "Dented", "Isidro Navarro"]) {
      expect(clearance, line).toContain(squeeze(line));
    }
  }, 120_000);

  it("shows the consignee the charges paid and the cargo released on the same link", async () => {
    const visitor = visitorBrowser.page;
    await visitor.goto(consignee.link);
    await visitor.getByTestId("arrival-page").waitFor();
    expect((await visitor.getByTestId("arrival-paid").textContent())?.trim()).toBe("Paid");
    expect((await visitor.getByTestId("arrival-release").textContent())?.trim()).toBe(`Released: cargo release order ${cargo.releaseOrder} cleared`);
    expect((await visitor.getByTestId("arrival-stage").textContent())?.trim()).toBe("Cargo: Van-In");
  }, 60_000);

  it("shows all ten stages reached on the public tracking page", async () => {
    const visitor = visitorBrowser.page;
    await visitor.goto(`${baseURL}/booking/shipmentTracking/${cargo.bookingRef}`);
    await visitor.getByTestId("tracking-ref").filter({ hasText: exactly(cargo.bookingRef) }).waitFor();
    const tracking = await (await fetch(`${baseURL}/api/Bookings/shipmentTracking/${cargo.bookingRef}`)).json() as any;
    const reached = [];
    for (let n = 0; n <= 9; n++) {
      const onPage = await visitor.getByTestId(`tracking-stage-${n}`).getAttribute("data-reached");
      reached.push([n, onPage, tracking.data.stages[n].reachedAt !== null]);
    }
    expect(reached).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => [n, "true", true]));
  });
});
