import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, notificationBell, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "quotation-staff-passphrase-7";

/** One user per step of the approval chain, all in the Manila branch so each is told of the step before. */
const STAFF = [
  { key: "ae", userId: "sq-e2e-ae", name: "Alma Account", roleId: "SQE2E_AE", capability: "SQ_AE" },
  { key: "sm", userId: "sq-e2e-sm", name: "Sergio Sales", roleId: "SQE2E_SM", capability: "SQ_SM" },
  { key: "aud", userId: "sq-e2e-aud", name: "Aida Audit", roleId: "SQE2E_AUD", capability: "SQ_AUD" },
  { key: "fa", userId: "sq-e2e-fa", name: "Felix Finance", roleId: "SQE2E_FA", capability: "SQ_FA" },
  { key: "sbm", userId: "sq-e2e-sbm", name: "Susan Branch", roleId: "SQE2E_SBM", capability: "SQ_SBM" },
] as const;
type Key = (typeof STAFF)[number]["key"];

const browsers: OpenBrowser[] = [];
const pages = {} as Record<Key, Page>;
let sqRefNum = "";

let asAdmin: AdminCall;

/** Today in Manila, the date the quotation is priced on. */
const manilaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The rate row in force today among rows of one charge and place: the latest effective date not after today. */
function inForce<R extends { dateEffective: string }>(rows: R[]): R {
  const today = manilaToday();
  const row = rows.filter((r) => r.dateEffective <= today).sort((a, b) => b.dateEffective.localeCompare(a.dateEffective))[0];
  expect(row, "a rate in force today").toBeDefined();
  return row!;
}

/** rate × quantity as the screen writes it: worked in whole centavos, with thousands separators. */
function amountText(rate: string, quantity: number): string {
  const centavos = Math.round(Number(rate) * 100) * quantity;
  const whole = Math.floor(centavos / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole}.${String(centavos % 100).padStart(2, "0")}`;
}

const badge = (page: Page) => page.getByTestId("unread-badge");

async function pick(page: Page, selector: string, value: string) {
  // Pickers fill in once their master data has arrived.
  await page.locator(`${selector} option[value="${value}"]`).waitFor({ state: "attached" });
  await page.locator(selector).selectOption(value);
}

/** Takes a step from the read page: the button, the remarks dialog, the server's notice. */
async function act(page: Page, action: string, remarks: string, notice: string) {
  await page.getByTestId(`sq-action-${action}`).click();
  await page.getByTestId("sq-action-remarks").fill(remarks);
  await page.getByTestId("sq-action-confirm").click();
  await seeNotice(page, notice);
}

async function openQuotation(page: Page) {
  await page.getByTestId("sq-fact-ref").filter({ hasText: exactly(sqRefNum) }).waitFor();
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  for (const staff of STAFF) {
    const browser = await openBrowser(`sq-${staff.key}`, { width: 1440, height: 900 });
    browsers.push(browser);
    pages[staff.key] = browser.page;
  }
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("a sales quotation through its whole approval chain", () => {
  it("sets up an AE, a sales manager, an auditor, a finance approver and a branch manager of one branch, each signed in", async () => {
    const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
    const manila = branches.find((b) => b.code === "MNL")!;
    for (const staff of STAFF) {
      await asAdmin("POST", "/Roles", {
        roleId: staff.roleId,
        roleName: `Quotation ${staff.key.toUpperCase()}`,
        roleDetails: [{ menuId: "SALESQUOTATION" }, { menuId: staff.capability }],
      });
    }
    await asAdmin("POST", "/users/multipleInsert", STAFF.map((staff) => ({
      userId: staff.userId, name: staff.name, email: `${staff.userId}@example.test`, roleId: staff.roleId,
      branches: [{ id: manila.id, defaultBranch: true }],
    })));
    for (const staff of STAFF) {
      await asAdmin("PUT", `/Users/ChangePasswordAdmin/${staff.userId}?password=${encodeURIComponent(PASSWORD)}`);
      await signIn(pages[staff.key], baseURL, staff.userId, PASSWORD);
    }
  });

  it("lets the AE draft a quotation and price two lanes from the rate tables", async () => {
    const ae = pages.ae;
    await ae.goto(`${baseURL}/sales_quotation`);
    await ae.getByTestId("sq-tab-ae").waitFor();
    await ae.getByTestId("sq-new").click();
    await ae.waitForURL(`${baseURL}/sales_quotation/draft`);
    await pick(ae, "#sq-new-customerCode", "CUS-001");
    await pick(ae, "#sq-new-cargoTypeCode", "DRY");
    await ae.locator("#sq-new-remarks").fill("Two lanes for the Visayas and Mindanao run");
    await ae.getByTestId("sq-new-save").click();
    await ae.waitForURL(/\/sales_quotation\/draft\/read\//);
    sqRefNum = decodeURIComponent(ae.url().split("/read/")[1]!);
    await openQuotation(ae);
    expect(await ae.getByTestId("sq-status").textContent()).toBe("Draft");

    // Lane 1: pier to pier, Manila North Harbor to Cebu, two vans; the customer asks a lower wharfage.
    await ae.getByTestId("sq-lane-add").click();
    await pick(ae, "#sq-lane-serviceModeCode", "PTP");
    await pick(ae, "#sq-lane-originPortCode", "MNLN");
    await pick(ae, "#sq-lane-destinationPortCode", "CEB");
    await ae.locator("#sq-lane-teu").fill("2");
    const previewFreight = ae.getByTestId("sq-lane-preview-001-FREIGHT-quantity").filter({ hasText: /^2$/ });
    await previewFreight.waitFor();
    await ae.getByTestId("sq-lane-preview-005-PORT_ORIGIN-rate-input").fill("500");
    await ae.getByTestId("sq-lane-preview-005-PORT_ORIGIN-amount").filter({ hasText: exactly("1,000.00") }).waitFor();
    await ae.getByTestId("sq-lane-save").click();
    await seeNotice(ae, `1 lane(s) added to sales quotation ${sqRefNum}`);
    await ae.getByTestId("sq-lane-1").waitFor();

    // Lane 2: door to door, from Tondo to Davao City, one van: trucking at both ends.
    await ae.getByTestId("sq-lane-add").click();
    await pick(ae, "#sq-lane-serviceModeCode", "DTD");
    await pick(ae, "#sq-lane-originPortCode", "MNLN");
    await pick(ae, "#sq-lane-destinationPortCode", "DVO");
    await pick(ae, "#sq-lane-originAreaCode", "MNL-TON");
    await pick(ae, "#sq-lane-destinationAreaCode", "DVO-CTY");
    await ae.getByTestId("sq-lane-preview-006-TRUCKING_ORIGIN-amount").waitFor();
    await ae.getByTestId("sq-lane-save").click();
    await seeNotice(ae, `1 lane(s) added to sales quotation ${sqRefNum}`);
    await ae.getByTestId("sq-lane-2").waitFor();

    // The screen's amounts are the rate tables' rates times the lane's quantities.
    const { data: freight } = await asAdmin<{ data: { chargeCode: string; portCodeOrigin: string; portCodeDestination: string; dateEffective: string; stdRateWvat: string }[] }>(
      "GET", "/FreightRates/getIsActive",
    );
    const freightRate = inForce(freight.filter((r) => r.chargeCode === "001" && r.portCodeOrigin === "MNLN" && r.portCodeDestination === "CEB"));
    expect(await ae.getByTestId("sq-lane-1-charge-001-FREIGHT-standard-rate").textContent()).toBe(amountText(freightRate.stdRateWvat, 1));
    expect(await ae.getByTestId("sq-lane-1-charge-001-FREIGHT-amount").textContent()).toBe(amountText(freightRate.stdRateWvat, 2));
    expect(await ae.getByTestId("sq-lane-1-charge-005-PORT_ORIGIN-amount").textContent()).toBe("1,000.00");

    const { data: trucking } = await asAdmin<{ data: { chargeCode: string; areaCode: string; portCode: string; dateEffective: string; stdRateWvat: string }[] }>(
      "GET", "/TruckingRates/getIsActive",
    );
    const truckingRate = inForce(trucking.filter((r) => r.chargeCode === "006" && r.areaCode === "MNL-TON" && r.portCode === "MNLN"));
    expect(await ae.getByTestId("sq-lane-2-charge-006-TRUCKING_ORIGIN-amount").textContent()).toBe(amountText(truckingRate.stdRateWvat, 1));

    // The terms come from the cargo type's company policies; the customer asks for more free storage days.
    await ae.getByTestId("sq-terms-fill").click();
    await ae.locator("#sq-term-requested-C0001").fill("7");
    await ae.getByTestId("sq-terms-fill-save").click();
    await seeNotice(ae, `Terms of sales quotation ${sqRefNum} saved`);
    expect(await ae.getByTestId("sq-term-C0001-requested").textContent()).toBe("7");
  });

  it("submits, and the sales manager's bell shows it live; the SM opens it from there and approves", async () => {
    const sm = pages.sm;
    await sm.goto(`${baseURL}/sales_quotation`);
    await sm.getByTestId("sq-sm-list").waitFor();
    // The stream's count has arrived (the bell is live), and it is none.
    await notificationBell(sm, { live: true }).waitFor();
    expect(await badge(sm).count()).toBe(0);
    const before = sm.url();

    await act(pages.ae, "submit", "Please approve before the Cebu sailing", "Sales quotation submitted for approval");
    await pages.ae.waitForURL(`${baseURL}/sales_quotation/draft`);

    // No reload: the notification arrives over the open stream while the SM looks at the list.
    await badge(sm).filter({ hasText: exactly("1") }).waitFor({ timeout: 5_000 });
    expect(sm.url()).toBe(before);
    await sm.getByTestId("notification-bell").click();
    await sm.getByTestId("notification-list").getByRole("button", { name: new RegExp(sqRefNum) }).click();
    await sm.waitForURL(`${baseURL}/sales_quotation/draft/read/${encodeURIComponent(sqRefNum)}`);
    await openQuotation(sm);
    expect(await sm.getByTestId("sq-status").textContent()).toBe("For Approval");
    // Lanes are the AE's to change, not the manager's.
    expect(await sm.getByTestId("sq-lane-add").count()).toBe(0);
    await act(sm, "smApprove", "Rates are within the Visayas band", "Sales quotation approved");
    await sm.waitForURL(`${baseURL}/sales_quotation?list=SM`);
  });

  it("has the auditor approve it from the AUD list, forwarding it to finance", async () => {
    const aud = pages.aud;
    await aud.goto(`${baseURL}/sales_quotation`);
    await aud.getByTestId(`sq-aud-row-${sqRefNum}`).click();
    await openQuotation(aud);
    expect(await aud.getByTestId("sq-status").textContent()).toBe("SM Approved");
    await act(aud, "audApprove", "Checked against the tariff", "Sales quotation approved and forwarded to finance");
    await aud.waitForURL(`${baseURL}/sales_quotation?list=AUD`);
  });

  it("has finance approve it; the AE is told, the history lists every step and the printout is a PDF", async () => {
    const fa = pages.fa;
    await fa.goto(`${baseURL}/sales_quotation`);
    await fa.getByTestId(`sq-fa-row-${sqRefNum}`).click();
    await openQuotation(fa);
    expect(await fa.getByTestId("sq-status").textContent()).toBe("AUD Approved");
    await act(fa, "faApprove", "Approved for the second half", "Sales quotation approved");
    await fa.waitForURL(`${baseURL}/sales_quotation?list=FA`);

    await badge(pages.ae).filter({ hasText: exactly("1") }).waitFor({ timeout: 5_000 });

    await fa.goto(`${baseURL}/sales_quotation/draft/read/${encodeURIComponent(sqRefNum)}`);
    await openQuotation(fa);
    expect(await fa.getByTestId("sq-status").textContent()).toBe("FA Approved");
    const steps = fa.getByTestId("sq-history");
    await steps.waitFor();
    const row = async (i: number) => [
      await fa.getByTestId(`sq-history-${i}-action`).textContent(),
      await fa.getByTestId(`sq-history-${i}-status`).textContent(),
      await fa.getByTestId(`sq-history-${i}-actor`).textContent(),
      await fa.getByTestId(`sq-history-${i}-remarks`).textContent(),
    ];
    expect(await row(0)).toEqual(["Submitted", "Draft → For Approval", "sq-e2e-ae", "Please approve before the Cebu sailing"]);
    expect(await row(1)).toEqual(["SM approved", "For Approval → SM Approved", "sq-e2e-sm", "Rates are within the Visayas band"]);
    expect(await row(2)).toEqual(["AUD approved", "SM Approved → AUD Approved", "sq-e2e-aud", "Checked against the tariff"]);
    expect(await row(3)).toEqual(["FA approved", "AUD Approved → FA Approved", "sq-e2e-fa", "Approved for the second half"]);
    expect(await fa.getByTestId("sq-history-4-action").count()).toBe(0);

    const printout = fa.getByTestId("sq-printout");
    expect(await printout.getAttribute("target")).toBe("_blank");
    const href = await printout.getAttribute("href");
    expect(href).toBe(`/api/SalesQuotations/printout/${encodeURIComponent(sqRefNum)}`);
    const pdf = await fa.request.get(baseURL + href);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toContain("application/pdf");
    expect((await pdf.body()).subarray(0, 4).toString("latin1")).toBe("%PDF");
  });

  it("lets the branch manager put the approved quotation on a memorandum and read the AE report", async () => {
    const sbm = pages.sbm;
    await sbm.goto(`${baseURL}/sales_quotation`);
    await sbm.getByTestId("sq-memo-link").click();
    await sbm.waitForURL(`${baseURL}/sales_quotation/memo`);
    // Blueprint draws its own box over the checkbox: the user clicks the label around it.
    await sbm.locator("label").filter({ has: sbm.getByTestId(`sq-memo-pick-${sqRefNum}`) }).click();
    expect(await sbm.getByTestId(`sq-memo-pick-${sqRefNum}`).isChecked()).toBe(true);
    await sbm.getByTestId("sq-memo-subject").fill("Visayas and Mindanao rates in force");
    await sbm.getByTestId("sq-memo-body").fill("Please price the customer's bookings from this quotation.");
    await sbm.getByTestId("sq-memo-proceed").click();
    const written = sbm.getByTestId("sq-memo-written");
    await written.waitFor();
    const memoRef = /SQM-MNL-\d{4}-\d{6}/.exec((await written.textContent()) ?? "")?.[0];
    expect(memoRef, "the memorandum number").toBeDefined();
    await seeNotice(sbm, `Memorandum ${memoRef} prepared for 1 quotation(s)`);
    expect(await written.textContent()).toContain(sqRefNum);
    // Once on a memorandum, a quotation is no longer offered for another.
    await expect.poll(() => sbm.getByTestId(`sq-memo-pick-${sqRefNum}`).count()).toBe(0);
    const memo = await sbm.request.get(baseURL + (await sbm.getByTestId("sq-memo-open").getAttribute("href")));
    expect(memo.headers()["content-type"]).toContain("application/pdf");

    await sbm.goto(`${baseURL}/sales_quotation/reports`);
    await sbm.getByTestId("sq-reports-ae-chart-bar-sq-e2e-ae").waitFor();
    expect(await sbm.getByTestId("sq-reports-ae-table").textContent()).toContain("Alma Account");
  });
});
