import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { exactly, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";

/**
 * A voyage discharged at Cebu in the browser, as the inbound pier clerk sees it: the cargo loaded at Manila through
 * the outbound calls; the unload list made on its screen (a release opened, the waybill put on, released); the
 * unloading tally sheet started, the tablet reloaded with the network gone, the van counted and waiting on the
 * device, sent when the network returns; the final tally; and the public tracking page showing stages 5 and 6.
 */

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");
const PASSWORD = "discharge-clerk-passphrase-5";
const PREFIX = { role: "IBE2E", user: "ib-e2e" };
const YARD = "ib-e2e-yard";
const PIER = "ib-e2e-pier";

let asAdmin: AdminCall;
let browser: OpenBrowser;
let visitorBrowser: OpenBrowser;
let pier: Page;
let voyageNum = "";
const tokens: Record<string, string> = {};
const cargo = { bookingRef: "", wayBillRef: "", van: "" };

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

/** Waits until the service worker holds the app's page and every script and style sheet this page has loaded. */
async function keptForOffline(page: Page) {
  const missing = () => page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    const wanted = ["/", ...performance.getEntriesByType("resource").map((e) => new URL(e.name))
      .filter((u) => u.origin === location.origin && u.pathname.startsWith("/assets/")).map((u) => u.pathname)];
    const absent: string[] = [];
    for (const path of wanted) if (!(await caches.match(path))) absent.push(path);
    return absent;
  });
  await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: PREFIX, password: PASSWORD, customerCode: "CUS-004",
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

  // One booking to Cebu loaded at Manila through the outbound calls: slip, waybill, load list, loading tally, final.
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
    voyageNum, customerCode: "CUS-004", remarks: "",
    bookings: [{
      destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: "Canned sardines", packaging: "Box", quantity: 300,
      cargoWeight: "12.000", declaredValue: "180000.00", consigneeName: "Visayan Copra Traders Inc.",
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

  [browser, visitorBrowser] = await Promise.all([openBrowser("discharge-pier", { width: 1440, height: 900 }), openBrowser("discharge-visitor")]);
  pier = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await visitorBrowser?.close().catch(() => {});
});

describe("discharging a voyage at Cebu from the inbound screens", () => {
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

  it("shows stages 5 and 6 reached on the public tracking page", async () => {
    const visitor = visitorBrowser.page;
    await visitor.goto(`${baseURL}/booking/shipmentTracking/${cargo.bookingRef}`);
    await visitor.getByTestId("tracking-ref").filter({ hasText: exactly(cargo.bookingRef) }).waitFor();
    const tracking = await (await fetch(`${baseURL}/api/Bookings/shipmentTracking/${cargo.bookingRef}`)).json() as any;
    for (const n of [5, 6]) {
      expect(await visitor.getByTestId(`tracking-stage-${n}`).getAttribute("data-reached")).toBe("true");
      expect(tracking.data.stages[n].reachedAt).not.toBeNull();
    }
    expect(await visitor.getByTestId("tracking-stage-7").getAttribute("data-reached")).toBe("false");
  });
});
