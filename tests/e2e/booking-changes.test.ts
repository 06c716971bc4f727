import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * A booking change clicked through the built app (issue 25 point 1), each step by another person of Manila: the clerk
 * moves a waybill's cargo from Cebu to Davao (the voyage calls at both, the shipper's quotation prices both), seeing the
 * charges before and after; the endorser, told under Booking Changes (avatar BC), endorses; the management approver
 * approves; the accounting approver, whose step it is since the charges change, approves last and lands on the
 * approved list. The booking, the waybill and its charges then carry Davao and the Davao price.
 *
 * A second booking's cargo is loaded (load list, loading tally, final tally): the clerk's change of its consignee
 * shows the amendment fee (AMF) due; the clerk edits the draft to add a charge, adds and inserts SI/SH references,
 * and after the same chain by the same four people the AMF line of 1,120.00 (the AMENDMENT FEE policy of the demo
 * master data) stands on the change's charges and on the waybill as the yard opens it.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "bc-e2e-passphrase-9";
const PREFIX = { role: "BCE2E", user: "bc-e2e" };
const STAFF = [
  { key: "yard", name: "Yvonne Tan", grants: ["OUTBOUND"] },
  { key: "clerk", name: "Clarissa Lim", grants: ["BOOKINGCHANGES"] },
  { key: "endorser", name: "Enrique Dela Paz", grants: ["BOOKINGCHANGES", "ENDORSER"] },
  { key: "management", name: "Miguel Santos", grants: ["BOOKINGCHANGES", "MANAGEMENT_APPROVER"] },
  { key: "accounting", name: "Amparo Reyes", grants: ["BOOKINGCHANGES", "BC_ACCOUNTING_APPROVER"] },
] as const;
type Key = (typeof STAFF)[number]["key"];
const userOf = (key: Key) => `${PREFIX.user}-${key}`;

let asAdmin: AdminCall;
const tokens = {} as Record<Key, string>;
const browsers: OpenBrowser[] = [];
const pages = {} as Record<Key, Page>;
let booking = { bookingRef: "", wayBillRef: "", total: "" };
/** The second booking, loaded aboard before its change. */
let loaded = { bookingRef: "", wayBillRef: "" };
let loadedRevisionId = "";
/** The AMENDMENT FEE policy of the demo master data; the customer has no agreed AMF of its own. */
const AMF = "1,120.00";
/** The freight line of the booking before and after the change, as the change priced it. */
const freight = { before: "", after: "" };
let revisionId = "";
let totalAfter = "";

async function as<T = any>(key: Key, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api${apiPath}`, {
    method, headers: { "content-type": "application/json", authorization: `Bearer ${tokens[key]}` }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

const shown = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: PREFIX, password: PASSWORD, customerCode: "CUS-005",
    lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 1 }, { serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "DVO", teu: 1 }],
    voyage: { voyageRef: "V-E2E-BC", vesselCode: "MV-VOYAGER", routeCode: "MNL-CEB-DVO", destinationBranchCode: "CEB", alsoCallsAt: ["DVO"] },
  });
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  for (const s of STAFF) {
    await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_${s.key.toUpperCase()}`, roleName: `Booking change e2e ${s.key}`, roleDetails: s.grants.map((menuId) => ({ menuId })) });
  }
  await asAdmin("POST", "/users/multipleInsert", STAFF.map((s) => ({
    userId: userOf(s.key), name: s.name, email: `${userOf(s.key)}@example.test`, roleId: `${PREFIX.role}_${s.key.toUpperCase()}`,
    branches: [{ id: manila.id, defaultBranch: true }],
  })));
  for (const s of STAFF) {
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${userOf(s.key)}?password=${encodeURIComponent(PASSWORD)}`);
    const res = await fetch(`${baseURL}/api/users/authenticate`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: userOf(s.key), password: PASSWORD }),
    });
    tokens[s.key] = ((await res.json()) as { data: { token: string }[] }).data[0]!.token;
  }

  // A prepaid booking to Cebu, its van out and its waybill made by the yard.
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
    voyageNum: world.voyageNum, customerCode: "CUS-005", remarks: "",
    bookings: [
      { destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: "Canned sardines", packaging: "Box", quantity: 800, cargoWeight: "14.000", declaredValue: "300000.00", consigneeName: "Mindanao Grocers" },
      { destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: "Auto parts", packaging: "Crates", quantity: 120, cargoWeight: "10.000", declaredValue: "250000.00", consigneeName: "Cebu Motor Works" },
    ],
  })).data;
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  const bookingRef = batch.bookings[0].bookingRef as string;
  loaded.bookingRef = batch.bookings[1].bookingRef as string;
  await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: [bookingRef, loaded.bookingRef], truckingCode: "TRK-001" });
  const first = `BCEU${String(Date.now() % 900_000).padStart(6, "0")}`;
  const van = `${first}${containerCheckDigit(first)}`;
  await asAdmin("POST", "/ContainerVans/create", { code: van, size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1", isShipperOwn: false });
  await as("yard", "POST", "/OutBound/cts/create", {
    bookingRef, containerVanNum: van, truckingCode: "TRK-001", plateNum: "BCE 101", driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
  });
  const made = (await as("yard", "POST", "/OutBound/waybill/create", { bookingRef })).data;
  // The booking's charges as a change would start from them.
  const asked = (await as("clerk", "GET", `/BookingRevisions/getBookingRefV1/${bookingRef}`)).data;
  booking = { bookingRef, wayBillRef: made.wayBillRef, total: asked.total };
  expect(made.destinationBranchCode).toBe("CEB");

  // The second booking loaded through the outbound calls: slip, waybill, load list, loading tally, final tally.
  const second = `BCLU${String((Date.now() + 7) % 900_000).padStart(6, "0")}`;
  const loadedVan = `${second}${containerCheckDigit(second)}`;
  await asAdmin("POST", "/ContainerVans/create", { code: loadedVan, size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1", isShipperOwn: false });
  await as("yard", "POST", "/OutBound/cts/create", {
    bookingRef: loaded.bookingRef, containerVanNum: loadedVan, truckingCode: "TRK-001", plateNum: "BCE 102", driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
  });
  loaded.wayBillRef = (await as("yard", "POST", "/OutBound/waybill/create", { bookingRef: loaded.bookingRef })).data.wayBillRef;
  const release = (await as("yard", "POST", "/OutBound/loadList/create", { voyageNum: world.voyageNum })).data;
  await as("yard", "PUT", `/OutBound/loadList/update/${release.releaseId}`, { dateModified: release.dateModified, entries: [{ wayBillRef: loaded.wayBillRef, status: "add" }] });
  const sheet = (await as("yard", "POST", "/OutBound/tallySheet/create", { voyageNum: world.voyageNum, destinationBranchCode: "CEB" })).data;
  await as("yard", "POST", `/OutBound/tallySheet/line/${sheet.tallySheetNum}`, {
    entryId: `bc-e2e-load-${Date.now()}`, wayBillRef: loaded.wayBillRef, containerType: "FL", timeTallied: new Date().toISOString(),
  });
  const counted = (await as("yard", "GET", `/OutBound/tallySheet/read/${sheet.tallySheetNum}`)).data;
  await as("yard", "PUT", `/OutBound/tallySheet/final/${sheet.tallySheetNum}`, { dateModified: counted.dateModified });
  expect((await as("clerk", "GET", `/BookingRevisions/getBookingRefV1/${loaded.bookingRef}`)).data).toMatchObject({ status: "At Vessel Loaded", amendmentFeeDue: true });

  for (const key of ["clerk", "endorser", "management", "accounting", "yard"] as const) {
    const browser = await openBrowser(`booking-change-${key}`, { width: 1440, height: 900 });
    browsers.push(browser);
    pages[key] = browser.page;
    await signIn(browser.page, baseURL, userOf(key), PASSWORD);
  }
}, 300_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("a change moving a waybill to Davao, approved step by step by others", () => {
  it("is drafted by the clerk, who sees the destination and the charges before and after", async () => {
    const clerk = pages.clerk;
    await clerk.getByTestId("nav-booking-changes").click();
    await clerk.getByTestId("area-link-draft").click();
    await clerk.waitForURL(`${baseURL}/bookingChanges/draft`);
    await clerk.getByTestId("bc-new").click();
    await clerk.getByTestId("bc-new-ref").fill(booking.bookingRef);
    await clerk.getByTestId("bc-new-find").click();
    await clerk.getByTestId("bc-new-destinationBranchCode").waitFor();
    expect(await clerk.getByTestId("bc-new-destinationBranchCode").inputValue()).toBe("CEB");
    await clerk.getByTestId("bc-new-destinationBranchCode").fill("DVO");
    await clerk.getByTestId("bc-new-remarks").fill("The consignee takes delivery at its Davao warehouse");
    await clerk.getByTestId("bc-new-save").click();
    await seeNotice(clerk, "Successfully Created Booking Change.");
    await clerk.waitForURL(new RegExp(`/bookingChanges/forApproval/read/BC-MNL-\\d{4}-\\d{6}$`));
    revisionId = decodeURIComponent(clerk.url().split("/").pop()!);
    expect([await shown(clerk, "bc-page-status"), await shown(clerk, "bc-before-destinationBranchCode"), await shown(clerk, "bc-after-destinationBranchCode")])
      .toEqual(["draft", "CEB", "DVO"]);
    expect(await shown(clerk, "bc-total-before")).toBe(formatAmount(booking.total));
    const detail = (await as("clerk", "GET", `/BookingRevisions/getRevisionId/${revisionId}`)).data;
    totalAfter = detail.totalAfter;
    const freightOf = (lines: { chargeCode: string; chargePart: string; amount: string }[]) => lines.find((l) => l.chargePart === "FREIGHT" && l.chargeCode === "001")!.amount;
    freight.before = freightOf(detail.chargesBefore);
    freight.after = freightOf(detail.chargesAfter);
    expect(freight.after).not.toBe(freight.before);
    expect(await shown(clerk, "bc-total-after")).toBe(formatAmount(totalAfter));
    expect(totalAfter).not.toBe(booking.total);
    await clerk.getByTestId("bc-action-submit").click();
    await seeNotice(clerk, "Successfully Updated Booking Change.");
    await clerk.waitForURL(`${baseURL}/bookingChanges/draft?list=forEndorse`);
  });

  it("reaches the endorser under Booking Changes (avatar BC), who endorses", async () => {
    const endorser = pages.endorser;
    await endorser.getByTestId("notification-bell").click();
    const item = endorser.getByTestId("notification-list").getByRole("button", { name: new RegExp(revisionId) });
    await item.waitFor();
    expect(await item.getByTestId("notification-avatar").textContent()).toBe("BC");
    await item.click();
    await endorser.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    await endorser.getByTestId("bc-decision-remarks").fill("Consignee's letter on file");
    await endorser.getByTestId("bc-action-endorse").click();
    await seeNotice(endorser, "Successfully Updated Booking Change.");
    await endorser.waitForURL(`${baseURL}/bookingChanges/draft?list=forApproval`);
  });

  it("is approved by the management approver", async () => {
    const management = pages.management;
    await management.goto(`${baseURL}/bookingChanges/draft?list=forApproval`);
    await rowButton(management, `bc-row-${revisionId}`, "Open").click();
    await management.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    await management.getByTestId("bc-action-approve").click();
    await seeNotice(management, "Successfully Updated Booking Change.");
    await management.waitForURL(`${baseURL}/bookingChanges/draft?list=forApproval`);
  });

  it("is approved last by the accounting approver, and the booking, waybill and charges carry Davao", async () => {
    const accounting = pages.accounting;
    await accounting.goto(`${baseURL}/bookingChanges/draft?list=forApproval`);
    await rowButton(accounting, `bc-row-${revisionId}`, "Open").click();
    await accounting.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    await accounting.getByTestId("bc-action-accountingApprove").waitFor();
    expect(await accounting.getByTestId("bc-actions").getByRole("button").allTextContents()).toEqual(["Approve charges", "Deny"]);
    await accounting.getByTestId("bc-action-accountingApprove").click();
    await seeNotice(accounting, "Successfully Updated Booking Change.");
    await accounting.waitForURL(`${baseURL}/bookingChanges/approved`);
    await rowButton(accounting, `bc-row-${revisionId}`, "Open").click();
    await accounting.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${revisionId}`);
    expect([await shown(accounting, "bc-page-status"), await shown(accounting, "bc-after-destinationBranchCode"), await shown(accounting, "bc-total-after")])
      .toEqual(["approved", "DVO", formatAmount(totalAfter)]);
    const history = await accounting.getByTestId("bc-history").locator("li").allTextContents();
    expect(history.slice(1).map((h) => h.replace(/^.*?: /, ""))).toEqual([
      `draft → For Endorse by ${userOf("clerk")}`, `For Endorse → For Approval by ${userOf("endorser")} (Consignee's letter on file)`,
      `For Approval → Management Approved by ${userOf("management")}`, `Management Approved → approved by ${userOf("accounting")}`,
    ]);
    // The waybill as the yard reads it now: Davao, re-priced; no amendment fee while the van is only out.
    const waybill = (await as("yard", "GET", `/OutBound/waybill/get/${booking.wayBillRef}`)).data;
    const line = waybill.charges.find((c: { chargeCode: string; part: string }) => c.chargeCode === "001" && c.part === "FREIGHT");
    expect([waybill.destinationBranchCode, line.chargeValue]).toEqual(["DVO", freight.after]);
    expect(waybill.charges.map((c: { chargeCode: string }) => c.chargeCode)).not.toContain("AMF");
  });
});

describe("a change to a loaded booking: the amendment fee, a draft edited with an added charge and its references", () => {
  const row = (page: Page, key: string) => page.getByTestId(`bc-charge-${key}`).locator("td");

  it("is drafted by the clerk, told the AMF is due, and shown the AMF line after", async () => {
    const clerk = pages.clerk;
    await clerk.goto(`${baseURL}/bookingChanges/draft`);
    await clerk.getByTestId("bc-new").click();
    await clerk.getByTestId("bc-new-ref").fill(loaded.bookingRef);
    await clerk.getByTestId("bc-new-find").click();
    await clerk.getByTestId("bc-new-consigneeName").waitFor();
    expect(await shown(clerk, "bc-new-booking")).toContain("At Vessel Loaded");
    expect(await shown(clerk, "bc-new-booking")).toContain("an amendment fee (AMF) is added on approval");
    await clerk.getByTestId("bc-new-consigneeName").fill("Cebu Motor Works Corp.");
    await clerk.getByTestId("bc-new-remarks").fill("The consignee's registered name");
    await clerk.getByTestId("bc-new-save").click();
    await seeNotice(clerk, "Successfully Created Booking Change.");
    await clerk.waitForURL(new RegExp(`/bookingChanges/forApproval/read/BC-MNL-\\d{4}-\\d{6}$`));
    loadedRevisionId = decodeURIComponent(clerk.url().split("/").pop()!);
    expect(await shown(clerk, "bc-amf")).toBe(`An amendment fee (AMF) of ${AMF} is added: the cargo is loaded.`);
    expect((await row(clerk, "AMF-OTHER").allTextContents()).slice(1)).toEqual(["-", AMF]);
  });

  it("is edited by its drafter: a charge added, an SI and an SH reference, the SH inserted first", async () => {
    const clerk = pages.clerk;
    await clerk.getByTestId("bc-edit").click();
    await clerk.getByTestId("bc-new-consigneeName").waitFor();
    expect(await clerk.getByTestId("bc-new-consigneeName").inputValue()).toBe("Cebu Motor Works Corp.");
    expect(await clerk.getByTestId("bc-new-remarks").inputValue()).toBe("The consignee's registered name");
    await clerk.getByTestId("bc-new-charge-add").click();
    await clerk.getByTestId("bc-new-charge-0-code").fill("014");
    await clerk.getByTestId("bc-new-charge-0-amount").fill("750.00");
    await clerk.getByTestId("bc-new-remarks").fill("The consignee's registered name; the van is lifted off at the pier");
    await clerk.getByTestId("bc-new-save").click();
    await seeNotice(clerk, "Successfully Updated Booking Change.");
    await clerk.getByTestId("bc-new-form").waitFor({ state: "detached" });
    await expect.poll(() => shown(clerk, "bc-remarks")).toBe("The consignee's registered name; the van is lifted off at the pier");
    expect((await row(clerk, "014-OTHER").allTextContents()).slice(1)).toEqual(["-", "750.00"]);
    expect((await row(clerk, "AMF-OTHER").allTextContents()).slice(1)).toEqual(["-", AMF]);

    await clerk.getByTestId("bc-reference-input").fill("SI-4410");
    await clerk.getByTestId("bc-reference-add").click();
    await seeNotice(clerk, "Successfully Updated References.");
    await expect.poll(() => clerk.getByTestId("bc-references").locator("li").allTextContents().then((l) => l.map((x) => x.trim()))).toEqual(["1. SI SI-4410"]);
    await clerk.getByLabel("Reference kind").selectOption("SH");
    await clerk.getByTestId("bc-reference-input").fill("SH-77");
    await clerk.getByTestId("bc-reference-position").fill("1");
    await clerk.getByTestId("bc-reference-insert").click();
    await seeNotice(clerk, "Successfully Updated References.");
    await expect.poll(() => clerk.getByTestId("bc-references").locator("li").allTextContents().then((l) => l.map((x) => x.trim()))).toEqual(["1. SH SH-77", "2. SI SI-4410"]);

    await clerk.getByTestId("bc-action-submit").click();
    await seeNotice(clerk, "Successfully Updated Booking Change.");
    await clerk.waitForURL(`${baseURL}/bookingChanges/draft?list=forEndorse`);
  });

  it("goes through the endorser, the management approver and the accounting approver, each in their own browser", async () => {
    for (const [key, action, list] of [["endorser", "endorse", "forEndorse"], ["management", "approve", "forApproval"], ["accounting", "accountingApprove", "forApproval"]] as const) {
      const page = pages[key];
      await page.goto(`${baseURL}/bookingChanges/draft?list=${list}`);
      await rowButton(page, `bc-row-${loadedRevisionId}`, "Open").click();
      await page.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${loadedRevisionId}`);
      expect(await shown(page, "bc-amf")).toBe(`An amendment fee (AMF) of ${AMF} is added: the cargo is loaded.`);
      await page.getByTestId(`bc-action-${action}`).click();
      await seeNotice(page, "Successfully Updated Booking Change.");
      await page.waitForURL(action === "accountingApprove" ? `${baseURL}/bookingChanges/approved` : `${baseURL}/bookingChanges/draft?list=forApproval`);
    }
    const accounting = pages.accounting;
    await rowButton(accounting, `bc-row-${loadedRevisionId}`, "Open").click();
    await accounting.waitForURL(`${baseURL}/bookingChanges/forApproval/read/${loadedRevisionId}`);
    expect(await shown(accounting, "bc-page-status")).toBe("approved");
    expect((await row(accounting, "AMF-OTHER").allTextContents()).slice(1)).toEqual(["-", AMF]);
  });

  it("leaves the AMF line on the waybill the yard opens", async () => {
    const yard = pages.yard;
    await yard.goto(`${baseURL}/outbound/waybill?search=${encodeURIComponent(loaded.wayBillRef)}`);
    await rowButton(yard, `waybill-row-${loaded.wayBillRef}`, "Open").click();
    await yard.getByTestId("waybill-form").waitFor();
    const rows = yard.getByTestId("waybill-charges").locator("tbody tr");
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const lines: string[][] = [];
    for (let i = 0; i < (await rows.count()); i++) lines.push([(await shown(yard, `waybill-line-${i}-code`)) ?? "", (await shown(yard, `waybill-line-${i}-amount`)) ?? ""]);
    expect(lines.filter(([code]) => code === "AMF")).toEqual([["AMF", AMF]]);
  });
});
