import { jsPDF } from "jspdf";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { formatAmount, formatCentavos, toCentavos } from "../../api/shared/money.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * Waivers and charge overrides clicked through the built app (issue 25 points 2 and 3), each step by another person
 * of Cebu, the destination that collects a collect waybill's charges. A clerk drafts a waiver of every charge of a
 * waybill on the load list and attaches the consignee's letter (a PDF); an endorser, told under Waiver (avatar WV),
 * opens the letter and endorses; an approver approves, lands on the approved list, and the waiver's page says the
 * waybill's destination side is paid for release: the waiver forgave all of it. The waived waybill's cargo was loaded at
 * Manila and discharged at Cebu (load list, loading tally, unload list, unloading tally, through their calls): Cebu's
 * inbound clerk is refused its cargo release order 'in BASE Accounting' while the waiver waits, and makes it once the
 * waiver is approved, with nothing invoiced or collected. Then the clerk asks for an override
 * of a second waybill's freight, the approver approves it, and the waybill's total shows the new value.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "waiver-e2e-passphrase-7";
const PREFIX = { role: "WVE2E", user: "wv-e2e" };
const STAFF = [
  { key: "yard", name: "Yolanda Cruz", grants: ["OUTBOUND"], branch: "MNL" },
  { key: "clerk", name: "Carmela Uy", grants: ["WAIVER"], branch: "CEB" },
  { key: "endorser", name: "Edgardo Sy", grants: ["WAIVER", "ENDORSER"], branch: "CEB" },
  { key: "approver", name: "Aurelia Go", grants: ["WAIVER", "APPROVER"], branch: "CEB" },
  { key: "pier", name: "Isidro Navarro", grants: ["INBOUND"], branch: "CEB" },
] as const;
type Key = (typeof STAFF)[number]["key"];
const userOf = (key: Key) => `${PREFIX.user}-${key}`;

let asAdmin: AdminCall;
const tokens = {} as Record<Key, string>;
const browsers: OpenBrowser[] = [];
const pages = {} as Record<Exclude<Key, "yard">, Page>;
/** The two collect waybills on the load list, with their lines as the server priced them. */
let waived = { wayBillRef: "", bookingRef: "", lines: [] as { chargeCode: string; part: string; chargeValue: string }[], total: "" };
let overridden = { wayBillRef: "", freight: "", total: "" };
let waiverNum = "";
let overrideNum = "";

async function as<T = any>(key: Key, method: string, apiPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseURL}/api${apiPath}`, {
    method, headers: { "content-type": "application/json", authorization: `Bearer ${tokens[key]}` }, body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

function freshVan(n: number): string {
  const first = `WVEU${String((Date.now() % 900_000) + n).padStart(6, "0")}`;
  return `${first}${containerCheckDigit(first)}`;
}

const shown = async (page: Page, testId: string) => (await page.getByTestId(testId).textContent())?.trim();
const testKey = (l: { chargeCode: string; part: string }) => `${l.chargeCode}-${l.part}`;

/** The consignee's letter, a real PDF. */
const LETTER = (() => {
  const doc = new jsPDF();
  doc.text("Visayan Copra Traders Inc.", 20, 20);
  doc.text("We ask that the charges of our rolled-over cargo be waived.", 20, 30);
  return Buffer.from(doc.output("arraybuffer"));
})();

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: PREFIX, password: PASSWORD, customerCode: "CUS-004",
    lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 1 }],
    voyage: { voyageRef: "V-E2E-WV", vesselCode: "MV-PIONEER", routeCode: "MNL-CEB", destinationBranchCode: "CEB" },
  });
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  for (const s of STAFF) {
    await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_${s.key.toUpperCase()}`, roleName: `Waiver e2e ${s.key}`, roleDetails: s.grants.map((menuId) => ({ menuId })) });
  }
  await asAdmin("POST", "/users/multipleInsert", STAFF.map((s) => ({
    userId: userOf(s.key), name: s.name, email: `${userOf(s.key)}@example.test`, roleId: `${PREFIX.role}_${s.key.toUpperCase()}`,
    branches: [{ id: branches.find((b) => b.code === s.branch)!.id, defaultBranch: true }],
  })));
  for (const s of STAFF) {
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${userOf(s.key)}?password=${encodeURIComponent(PASSWORD)}`);
    const res = await fetch(`${baseURL}/api/users/authenticate`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId: userOf(s.key), password: PASSWORD }),
    });
    tokens[s.key] = ((await res.json()) as { data: { token: string }[] }).data[0]!.token;
  }

  // Two collect bookings to Cebu, their vans out, their waybills made and put on the voyage's load list by the yard.
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
    voyageNum: world.voyageNum, customerCode: "CUS-004", remarks: "",
    bookings: ["Copra", "Dried mangoes"].map((goods, i) => ({
      destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "C", quantityTeu: 1, goods, packaging: "Sacks", quantity: 200 + i,
      cargoWeight: "12.000", declaredValue: "180000.00", consigneeName: "Visayan Copra Traders Inc.",
    })),
  })).data;
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  const refs = batch.bookings.map((b: { bookingRef: string }) => b.bookingRef) as string[];
  await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK-001" });
  const made: any[] = [];
  for (const [i, bookingRef] of refs.entries()) {
    const van = freshVan(i);
    await asAdmin("POST", "/ContainerVans/create", { code: van, size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1", isShipperOwn: false });
    await as("yard", "POST", "/OutBound/cts/create", {
      bookingRef, containerVanNum: van, truckingCode: "TRK-001", plateNum: `WVE 10${i}`, driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
    });
    made.push((await as("yard", "POST", "/OutBound/waybill/create", { bookingRef })).data);
  }
  const release = (await as("yard", "POST", "/OutBound/loadList/create", { voyageNum: world.voyageNum, remarks: "" })).data;
  await as("yard", "PUT", `/OutBound/loadList/update/${release.releaseId}`, {
    dateModified: release.dateModified, entries: made.map((w) => ({ wayBillRef: w.wayBillRef, status: "add" })),
  });
  waived = { wayBillRef: made[0].wayBillRef, bookingRef: refs[0], lines: made[0].charges, total: made[0].totals.total };
  const freight = made[1].charges.find((c: { part: string }) => c.part === "FREIGHT");
  overridden = { wayBillRef: made[1].wayBillRef, freight: freight.chargeValue, total: made[1].totals.total };
  expect(waived.lines.every((l: any) => l.availableTo === "C")).toBe(true);

  // The waived waybill's van loaded at Manila (loading tally, final) and discharged at Cebu (unload list released,
  // unloading tally, final): its cargo waits at stage 6 for its release order.
  const loading = (await as("yard", "POST", "/OutBound/tallySheet/create", { voyageNum: world.voyageNum, destinationBranchCode: "CEB" })).data;
  await as("yard", "POST", `/OutBound/tallySheet/line/${loading.tallySheetNum}`, {
    entryId: `wv-e2e-load-${Date.now()}`, wayBillRef: waived.wayBillRef, containerType: "FL", timeTallied: new Date().toISOString(),
  });
  const loaded = (await as("yard", "GET", `/OutBound/tallySheet/read/${loading.tallySheetNum}`)).data;
  await as("yard", "PUT", `/OutBound/tallySheet/final/${loading.tallySheetNum}`, { dateModified: loaded.dateModified });
  const unload = (await as("pier", "POST", "/InBound/unloadList/create", { voyageNum: world.voyageNum, destinationBranchCode: "CEB" })).data;
  const unloadOn = (await as("pier", "PUT", `/InBound/unloadList/update/${unload.releaseId}`, {
    dateModified: unload.dateModified, entries: [{ wayBillRef: waived.wayBillRef, status: "add" }],
  })).data;
  await as("pier", "PUT", `/InBound/unloadList/release/${unload.releaseId}`, { dateModified: unloadOn.dateModified });
  const unloading = (await as("pier", "POST", "/InBound/tallySheet/create", { voyageNum: world.voyageNum, destinationBranchCode: "CEB" })).data;
  await as("pier", "POST", `/InBound/tallySheet/line/${unloading.tallySheetNum}`, {
    entryId: `wv-e2e-unload-${Date.now()}`, wayBillRef: waived.wayBillRef, containerType: "FL", timeTallied: new Date().toISOString(),
  });
  const unloaded = (await as("pier", "GET", `/InBound/tallySheet/read/${unloading.tallySheetNum}`)).data;
  await as("pier", "PUT", `/InBound/tallySheet/final/${unloading.tallySheetNum}`, { dateModified: unloaded.dateModified });

  for (const key of ["clerk", "endorser", "approver", "pier"] as const) {
    const browser = await openBrowser(`waiver-${key}`, { width: 1440, height: 900 });
    browsers.push(browser);
    pages[key] = browser.page;
    await signIn(browser.page, baseURL, userOf(key), PASSWORD);
  }
}, 300_000);

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
});

describe("a waiver with a supporting PDF, endorsed and approved by others", () => {
  it("is drafted by the clerk from the waybill's open lines, with the remarks the spec requires", async () => {
    const clerk = pages.clerk;
    await clerk.getByTestId("nav-waiver").click();
    await clerk.getByTestId("area-link-draft").click();
    await clerk.waitForURL(`${baseURL}/waiver/draft`);
    await clerk.getByTestId("waiver-new").click();
    await clerk.getByTestId("waiver-new-ref").fill(waived.wayBillRef);
    await clerk.getByTestId("waiver-new-find").click();
    await clerk.getByTestId("waiver-new-waybill-due").filter({ hasText: exactly(formatAmount(waived.total)) }).waitFor();
    for (const l of waived.lines) {
      expect(await shown(clerk, `waiver-new-open-${testKey(l)}`)).toBe(formatAmount(l.chargeValue));
      await clerk.getByTestId(`waiver-new-pick-${testKey(l)}`).locator("xpath=..").click();
    }
    await clerk.getByTestId("waiver-new-save").click();
    await clerk.getByText("Waiver creation requires remarks: say why the charges should be waived.", { exact: true }).waitFor();
    await clerk.getByTestId("waiver-new-remarks").fill("Cargo rolled over one voyage at the line's request; consignee's letter attached");
    await clerk.getByTestId("waiver-new-save").click();
    await seeNotice(clerk, "Successfully Created Waiver.");
    await clerk.waitForURL(new RegExp(`/waiver/read/WV-CEB-\\d{4}-\\d{6}$`));
    waiverNum = decodeURIComponent(clerk.url().split("/").pop()!);
    expect(await shown(clerk, "waiver-page-status")).toBe("Draft");
    for (const l of waived.lines) {
      expect([await shown(clerk, `waiver-before-${testKey(l)}`), await shown(clerk, `waiver-amount-${testKey(l)}`), await shown(clerk, `waiver-after-${testKey(l)}`)])
        .toEqual([formatAmount(l.chargeValue), formatAmount(l.chargeValue), "0.00"]);
    }
    expect(await shown(clerk, "waiver-total")).toBe(formatAmount(waived.total));
  });

  it("takes the consignee's letter as a PDF, and is sent for endorsement", async () => {
    const clerk = pages.clerk;
    await clerk.getByTestId("waiver-file-input").setInputFiles({ name: "Consignee letter.pdf", mimeType: "application/pdf", buffer: LETTER });
    await clerk.getByTestId("waiver-file-attach").click();
    await seeNotice(clerk, "File attached to the waiver.");
    await clerk.getByTestId("waiver-files").getByRole("link", { name: "Consignee letter.pdf", exact: true }).waitFor();
    await clerk.getByTestId("waiver-action-submit").click();
    await seeNotice(clerk, "Successfully Updated Waiver.");
    await clerk.waitForURL(`${baseURL}/waiver/draft?list=forEndorse`);
    expect(await shown(clerk, `waiver-status-${waiverNum}`)).toBe("For Endorse");
  });

  it("reaches the endorser under Waiver (avatar WV), who opens the letter and endorses", async () => {
    const endorser = pages.endorser;
    await endorser.getByTestId("notification-bell").click();
    const item = endorser.getByTestId("notification-list").getByRole("button", { name: new RegExp(waiverNum) });
    await item.waitFor();
    expect(await item.getByTestId("notification-avatar").textContent()).toBe("WV");
    await item.click();
    await endorser.waitForURL(`${baseURL}/waiver/read/${waiverNum}`);
    const link = endorser.getByTestId("waiver-files").getByRole("link", { name: "Consignee letter.pdf", exact: true });
    const file = await endorser.request.get(new URL((await link.getAttribute("href"))!, baseURL).toString());
    expect([file.status(), file.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    expect((await file.body()).equals(LETTER)).toBe(true);
    await endorser.getByTestId("waiver-decision-remarks").fill("Roll-over confirmed with the pier");
    await endorser.getByTestId("waiver-action-endorse").click();
    await seeNotice(endorser, "Successfully Updated Waiver.");
    await endorser.waitForURL(`${baseURL}/waiver/draft?list=forApproval`);
  });

  it("holds back the cargo's release at Cebu 'in BASE Accounting' while it waits", async () => {
    const pier = pages.pier;
    await pier.goto(`${baseURL}/inbound/cargoReleaseOrder`);
    await pier.getByTestId("release-page").waitFor();
    await pier.getByTestId("release-new").click();
    await pier.getByTestId(`release-candidate-${waived.wayBillRef}`).waitFor();
    expect(await shown(pier, `release-paid-${waived.bookingRef}`)).toBe("Unpaid");
    await pier.getByTestId(`release-release-${waived.wayBillRef}`).click();
    const refusal = `Booking ${waived.bookingRef} (waybill ${waived.wayBillRef}) is not paid in BASE Accounting: the destination side is unpaid. ` +
      `Not invoiced yet: the destination charges of ${waived.wayBillRef} have no invoice.`;
    await pier.getByTestId("release-refusal").filter({ hasText: exactly(refusal) }).waitFor();
    await pier.getByTestId("release-dialog-close").click();
  }, 120_000);

  it("is approved by the approver, after which the waybill's destination side answers paid", async () => {
    const approver = pages.approver;
    await approver.goto(`${baseURL}/waiver/draft`);
    await approver.getByTestId("waiver-tab-forApproval").click();
    await approver.waitForURL(`${baseURL}/waiver/draft?list=forApproval`);
    await rowButton(approver, `waiver-row-${waiverNum}`, "Open").click();
    await approver.waitForURL(`${baseURL}/waiver/read/${waiverNum}`);
    expect(await shown(approver, "waiver-paid")).toBe(`Destination side not paid for release: Not invoiced yet: the destination charges of ${waived.wayBillRef} have no invoice.`);
    expect(await shown(approver, "waiver-endorsed-by")).toMatch(/^Edgardo Sy · /);
    await approver.getByTestId("waiver-action-approve").click();
    await seeNotice(approver, "Successfully Updated Waiver.");
    // 001 §4: a waiver the server reports approved goes to the approved list.
    await approver.waitForURL(`${baseURL}/waiver/approved`);
    await rowButton(approver, `waiver-row-${waiverNum}`, "Open").click();
    await approver.waitForURL(`${baseURL}/waiver/read/${waiverNum}`);
    expect(await shown(approver, "waiver-page-status")).toBe("Approved");
    expect(await shown(approver, "waiver-paid")).toBe(`Destination side paid for release: Waived: nothing is left to pay on this side (${waiverNum}).`);
    expect([await shown(approver, "waiver-waybill-total"), await shown(approver, "waiver-waybill-waived"), await shown(approver, "waiver-waybill-due")])
      .toEqual([formatAmount(waived.total), formatAmount(waived.total), "0.00"]);
    const history = await approver.getByTestId("waiver-history").locator("li").allTextContents();
    expect(history.slice(1).map((h) => h.replace(/^.*?: /, ""))).toEqual([
      "Draft → For Endorse by Carmela Uy", "For Endorse → For Approval by Edgardo Sy (Roll-over confirmed with the pier)", "For Approval → Approved by Aurelia Go",
    ]);
    // The server agrees, as the inbound release will ask it.
    const detail = await as("clerk", "GET", `/WayBillWaiveCharges/get/${waiverNum}`);
    expect([detail.data.paid.paid, detail.data.waybill.due]).toEqual([true, "0.00"]);
  });
});

describe("the consignee's release after the waiver", () => {
  it("is made by Cebu's inbound clerk with nothing invoiced or collected: the waiver forgave it all", async () => {
    const pier = pages.pier;
    await pier.goto(`${baseURL}/inbound/cargoReleaseOrder`);
    await pier.getByTestId("release-page").waitFor();
    await pier.getByTestId("release-new").click();
    await pier.getByTestId(`release-candidate-${waived.wayBillRef}`).waitFor();
    await expect.poll(() => shown(pier, `release-paid-${waived.bookingRef}`)).toBe("Paid");
    await pier.getByTestId("release-remarks").fill("Consignee's trucker collects; charges waived");
    await pier.getByTestId(`release-release-${waived.wayBillRef}`).click();
    await seeNotice(pier, "Cargo release order created successfully");
    // Its row, found by the waybill (other tests' orders may share the list).
    const cell = pier.locator("[data-testid^='release-waybill-']").filter({ hasText: exactly(waived.wayBillRef) });
    await cell.waitFor();
    const id = (await cell.getAttribute("data-testid"))!.replace("release-waybill-", "");
    expect(id).toMatch(/^CRO-CEB-\d{4}-\d{6}$/);
    expect([await shown(pier, `release-booking-${id}`), await shown(pier, `release-status-${id}`)]).toEqual([waived.bookingRef, "Created"]);
  }, 120_000);
});

describe("a charge override approved by another person", () => {
  it("is drafted by the clerk with the new value and the reason, and sent for approval", async () => {
    const clerk = pages.clerk;
    await clerk.getByTestId("nav-override").click();
    await clerk.getByTestId("area-link-draft").click();
    await clerk.waitForURL(`${baseURL}/overrideCharge/draft`);
    await clerk.getByTestId("override-new").click();
    await clerk.getByTestId("override-new-ref").fill(overridden.wayBillRef);
    await clerk.getByTestId("override-new-find").click();
    await clerk.getByTestId("override-new-line").locator('option[value="001 FREIGHT"]').waitFor({ state: "attached" });
    await clerk.getByTestId("override-new-line").selectOption("001 FREIGHT");
    const lowered = formatCentavos(toCentavos(overridden.freight) - 150000n);
    await clerk.getByTestId("override-new-value").fill(lowered);
    await clerk.getByTestId("override-new-reason").fill("Promo rate the account executive confirmed by e-mail");
    await clerk.getByTestId("override-new-save").click();
    await seeNotice(clerk, "Successfully Created Waybill Override Charge.");
    await clerk.waitForURL(new RegExp(`/overrideCharge/read/OVR-CEB-\\d{4}-\\d{6}$`));
    overrideNum = decodeURIComponent(clerk.url().split("/").pop()!);
    const newTotal = formatAmount(formatCentavos(toCentavos(overridden.total) - 150000n));
    expect([await shown(clerk, "override-before"), await shown(clerk, "override-after"), await shown(clerk, "override-difference")])
      .toEqual([formatAmount(overridden.freight), formatAmount(lowered), "-1,500.00"]);
    expect([await shown(clerk, "override-total-before"), await shown(clerk, "override-total-after")]).toEqual([formatAmount(overridden.total), newTotal]);
    await clerk.getByTestId("override-action-submit").click();
    await seeNotice(clerk, "Successfully Updated Waybill Override Charge.");
    await clerk.waitForURL(`${baseURL}/overrideCharge/draft?list=forApproval`);
  });

  it("is approved by the approver, and the waybill's total shows the new value", async () => {
    const approver = pages.approver;
    await approver.goto(`${baseURL}/overrideCharge/draft?list=forApproval`);
    await rowButton(approver, `override-row-${overrideNum}`, "Open").click();
    await approver.waitForURL(`${baseURL}/overrideCharge/read/${overrideNum}`);
    expect(await shown(approver, "override-waybill-total")).toBe(formatAmount(overridden.total));
    await approver.getByTestId("override-action-approve").click();
    await seeNotice(approver, "Successfully Updated Waybill Override Charge.");
    await approver.waitForURL(`${baseURL}/overrideCharge/draft?list=approved`);
    await rowButton(approver, `override-row-${overrideNum}`, "Open").click();
    await approver.waitForURL(`${baseURL}/overrideCharge/read/${overrideNum}`);
    const newTotal = formatAmount(formatCentavos(toCentavos(overridden.total) - 150000n));
    expect(await shown(approver, "override-page-status")).toBe("Approved");
    expect(await shown(approver, "override-waybill-total")).toBe(newTotal);
    expect([await shown(approver, "override-total-before"), await shown(approver, "override-total-after")]).toEqual([formatAmount(overridden.total), newTotal]);
    // The outbound waybill reads it too.
    expect((await as("yard", "GET", `/OutBound/waybill/get/${overridden.wayBillRef}`)).data.totals.total).toBe(formatCentavos(toCentavos(overridden.total) - 150000n));
  });
});
