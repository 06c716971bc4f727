import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";

/**
 * Loading a voyage from the outbound screens, as the yard and the pier do it: three waybills put on a load list
 * from the voyage's release page; the Cebu tally sheet counted at the pier with the network switched off, the
 * vans waiting on the device ("3 waiting") and sent when the network returns, one of them refused because another
 * checker counted the same van meanwhile, shown with the reason and discarded; the final tally, after which the
 * bookings are At Vessel Loaded; and the public tracking page showing stages 2 to 4 with their dates.
 *
 * Each step is its own test on the shared state below, so later steps of the loading (the stowage plan, the
 * loading confirmation) can be added after the final tally as tests of their own.
 */

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");
const PASSWORD = "loading-clerk-passphrase-4";
const PREFIX = { role: "LDE2E", user: "ld-e2e" };
/** The yard clerk who loads, and the other checker at the pier whose count gets there first. */
const CLERK = "ld-e2e-yard";
const CHECKER = "ld-e2e-checker";

let asAdmin: AdminCall;
let browser: OpenBrowser;
let clerk: Page;
let voyageNum = "";
let tallySheetNum = "";
let checkerCountedAt = "";
const tokens: Record<string, string> = {};
/** The three bookings, their waybills and vans, in the order they were made. */
let cargo: { bookingRef: string; wayBillRef: string; van: string }[] = [];

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

/** A van number of the line that no other test file uses: owner LDE, serial from the clock. */
function freshVan(n: number): string {
  const first = `LDEU${String((Date.now() % 900_000) + n).padStart(6, "0")}`;
  return `${first}${containerCheckDigit(first)}`;
}

async function pick(page: Page, testId: string, value: string) {
  const select = page.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

const shown = async (testId: string) => (await clerk.getByTestId(testId).textContent())?.trim();

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: PREFIX, password: PASSWORD, customerCode: "CUS-004",
    lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 1 }],
    voyage: { voyageRef: "V-E2E-LD", vesselCode: "MV-PIONEER", routeCode: "MNL-CEB", destinationBranchCode: "CEB" },
  });
  voyageNum = world.voyageNum;

  // The outbound yard of Manila: the clerk, and another checker at the same pier.
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  await asAdmin("POST", "/Roles", { roleId: `${PREFIX.role}_YARD`, roleName: "Loading e2e yard", roleDetails: [{ menuId: "OUTBOUND" }] });
  await asAdmin("POST", "/users/multipleInsert", [CLERK, CHECKER].map((userId, i) => ({
    userId, name: i === 0 ? "Lorna Villanueva" : "Danilo Sarmiento", email: `${userId}@example.test`, roleId: `${PREFIX.role}_YARD`,
    branches: [{ id: manila.id, defaultBranch: true }],
  })));
  for (const userId of [CLERK, CHECKER]) {
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${userId}?password=${encodeURIComponent(PASSWORD)}`);
    const res = await fetch(`${baseURL}/api/users/authenticate`, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ userId, password: PASSWORD }),
    });
    tokens[userId] = ((await res.json()) as { data: { token: string }[] }).data[0]!.token;
  }

  // Three bookings to Cebu, their ATW issued, each van out on a slip and its waybill made: what the load list takes.
  const goods = ["Canned tuna", "Laundry soap", "Bottled water"];
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
    voyageNum, customerCode: "CUS-004", remarks: "",
    bookings: goods.map((g, i) => ({
      destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: g, packaging: "Box", quantity: 100 * (i + 1),
      cargoWeight: "10.000", declaredValue: "150000.00", consigneeName: "Visayan Copra Traders Inc.",
    })),
  })).data;
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  const refs = batch.bookings.map((b: { bookingRef: string }) => b.bookingRef) as string[];
  await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK-001" });
  for (const [i, bookingRef] of refs.entries()) {
    const van = freshVan(i);
    await asAdmin("POST", "/ContainerVans/create", { code: van, size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1", isShipperOwn: false });
    await as(CLERK, "POST", "/OutBound/cts/create", {
      bookingRef, containerVanNum: van, truckingCode: "TRK-001", plateNum: `NBC 12${i}0`, driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
    });
    const waybill = (await as(CLERK, "POST", "/OutBound/waybill/create", { bookingRef })).data;
    cargo.push({ bookingRef, wayBillRef: waybill.wayBillRef, van });
  }

  browser = await openBrowser("loading-clerk", { width: 1440, height: 900 });
  clerk = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("loading a voyage from the outbound screens", () => {
  it("finds the voyage on the Outbound landing page with its three waybills waiting, and opens its load list", async () => {
    await signIn(clerk, baseURL, CLERK, PASSWORD);
    await clerk.getByTestId("nav-outbound").click();
    await clerk.getByTestId("loading-voyages").waitFor();
    await clerk.getByTestId("loading-voyage-search").fill("V-E2E-LD");
    await clerk.getByTestId(`loading-voyage-${voyageNum}`).waitFor();
    expect(await shown(`loading-voyage-state-${voyageNum}`)).toBe("Not started");
    expect(await shown(`loading-voyage-waiting-${voyageNum}`)).toBe("3");
    await rowButton(clerk, `loading-voyage-${voyageNum}`, "Load list").click();
    await clerk.waitForURL(new RegExp(`/outbound/loadList/${voyageNum}$`));
    await clerk.getByTestId("load-list-page").waitFor();
    for (const c of cargo) await clerk.getByTestId(`waiting-row-${c.wayBillRef}`).waitFor();
  });

  it("opens a release and puts the three waybills on it", async () => {
    await clerk.getByTestId("release-new").click();
    await clerk.waitForURL(new RegExp(`/outbound/loadList/${voyageNum}/read/RL-MNL-\\d{4}-\\d{6}$`));
    const releaseId = decodeURIComponent(clerk.url().split("/").pop()!);
    await clerk.getByTestId("release-page").waitFor();
    expect(await shown("page-title")).toBe(`Release ${releaseId}`);
    expect(await shown("release-type")).toBe("Partial Release");
    // The tick box's own input is hidden under its drawn box, as Blueprint draws it: the clerk clicks the box.
    for (const c of cargo) {
      await clerk.getByTestId(`release-pick-${c.wayBillRef}`).locator("xpath=..").click();
      expect(await clerk.getByTestId(`release-pick-${c.wayBillRef}`).isChecked()).toBe(true);
    }
    expect(await shown("release-put-on")).toBe("Put 3 on this release");
    await clerk.getByTestId("release-put-on").click();
    await seeNotice(clerk, "Load list updated successfully");
    for (const c of cargo) {
      await clerk.getByTestId(`release-waybill-status-${c.wayBillRef}`).filter({ hasText: exactly("On Load List") }).waitFor();
      expect(await shown(`release-waybill-van-${c.wayBillRef}`)).toBe(c.van);
    }
    expect(await shown("release-count")).toBe("3 (3 TEU)");
    const stored = await Promise.all(cargo.map((c) => as(CLERK, "GET", `/OutBound/waybill/get/${c.wayBillRef}`)));
    expect(stored.map((s) => [s.data.status, s.data.releaseTag])).toEqual(cargo.map(() => ["On Load List", releaseId]));
  });

  it("starts the Cebu tally sheet, counts the three vans with the network switched off, and shows them waiting", async () => {
    await clerk.goto(`${baseURL}/outbound/tallySheet/${voyageNum}`);
    await clerk.getByTestId("tally-page").waitFor();
    await clerk.getByTestId("tally-start").click();
    await seeNotice(clerk, "Tally sheet created successfully");
    await clerk.getByTestId("tally-sheet-num").waitFor();
    tallySheetNum = (await shown("tally-sheet-num"))!;
    expect(tallySheetNum).toMatch(/^TS-MNL-\d{4}-\d{6}$/);
    expect(await shown("tally-waiting")).toBe("All sent");

    await browser.context.setOffline(true);
    await clerk.getByTestId("tally-connection").filter({ hasText: exactly("Offline") }).waitFor();
    for (const [i, c] of cargo.entries()) {
      await pick(clerk, "tally-entry-waybill", `${c.wayBillRef}|${c.van}`);
      expect(await clerk.getByTestId("tally-entry-van").inputValue()).toBe(c.van);
      await pick(clerk, "tally-entry-trucker", "TRK-001");
      await pick(clerk, "tally-entry-cy", "MNL-CY1");
      await clerk.getByTestId("tally-entry-seal").fill(`SEAL-E2E-${i + 1}`);
      await clerk.getByTestId("tally-entry-submit").click();
      await clerk.getByTestId(`tally-line-state-${c.van}`).filter({ hasText: exactly("Waiting") }).waitFor();
      expect(await shown("tally-waiting")).toBe(`${i + 1} waiting`);
    }
    expect(await shown("tally-waiting")).toBe("3 waiting");
    // Nothing reached the server while the network was off.
    const sheet = await as(CHECKER, "GET", `/OutBound/tallySheet/read/${tallySheetNum}`);
    expect(sheet.data.lines).toEqual([]);
  });

  it("sends them when the network returns; the van another checker counted meanwhile is shown as a conflict, with why", async () => {
    // The other checker, online, counts the second van first.
    checkerCountedAt = new Date().toISOString();
    const counted = await as(CHECKER, "POST", `/OutBound/tallySheet/line/${tallySheetNum}`, {
      entryId: `checker-${Date.now()}`, wayBillRef: cargo[1]!.wayBillRef, containerType: "FL", timeTallied: checkerCountedAt,
    });
    expect(counted.data.containerVanNum).toBe(cargo[1]!.van);

    await browser.context.setOffline(false);
    await clerk.getByTestId("tally-connection").filter({ hasText: exactly("Online") }).waitFor();
    await clerk.getByTestId("tally-waiting").filter({ hasText: exactly("All sent") }).waitFor();
    const conflict = clerk.locator('[data-testid^="tally-conflict-reason-"]');
    await conflict.first().waitFor();
    expect(await conflict.count()).toBe(1);
    expect(await conflict.first().textContent()).toBe(
      `Van ${cargo[1]!.van} is already counted on tally sheet ${tallySheetNum}, by Danilo Sarmiento at ${manilaTimestamp(checkerCountedAt)}.`,
    );
    for (const c of cargo) await clerk.getByTestId(`tally-line-state-${c.van}`).filter({ hasText: exactly("On the sheet") }).waitFor();
    expect(await shown("tally-count")).toBe("3");

    // The clerk discards the refused entry: the van is on the sheet once, by the other checker.
    await clerk.locator('[data-testid^="tally-conflict-discard-"]').click();
    await clerk.getByTestId("confirm-prompt").waitFor();
    await clerk.locator(".lading-confirm").getByRole("button", { name: "Discard", exact: true }).click();
    await clerk.getByTestId("tally-conflicts").waitFor({ state: "detached" });
    const sheet = await as(CLERK, "GET", `/OutBound/tallySheet/read/${tallySheetNum}`);
    // In the order the vans were counted: the clerk's two offline, then the checker's.
    expect(sheet.data.lines.map((l: any) => [l.containerVanNum, l.userCreated, l.sealNum])).toEqual([
      [cargo[0]!.van, CLERK, "SEAL-E2E-1"],
      [cargo[2]!.van, CLERK, "SEAL-E2E-3"],
      [cargo[1]!.van, CHECKER, ""],
    ]);
  });

  it("makes the final tally: the sheet is final and the bookings At Vessel Loaded", async () => {
    await clerk.getByTestId("tally-final").click();
    await clerk.getByTestId("confirm-prompt").waitFor();
    await clerk.getByRole("button", { name: "Make final", exact: true }).click();
    await seeNotice(clerk, "Final tally sheet made successfully");
    await clerk.getByTestId("tally-sheet-status").filter({ hasText: exactly("Final") }).waitFor();
    expect(await shown("tally-final-at")).toMatch(/ · ld-e2e-yard$/);
    const bookings = await Promise.all(cargo.map((c) => asAdmin<{ data: { status: string } }>("GET", `/Bookings/get/${c.bookingRef}`)));
    expect(bookings.map((b) => b.data.status)).toEqual(["At Vessel Loaded", "At Vessel Loaded", "At Vessel Loaded"]);
    await clerk.getByTestId("loading-fact-final-tally").filter({ hasNotText: "Not yet" }).waitFor();
  });

  it("shows stages 2 to 4 with their dates on the public tracking page", async () => {
    const visitor = await browser.context.newPage();
    await visitor.goto(`${baseURL}/booking/shipmentTracking/${cargo[0]!.bookingRef}`);
    await visitor.getByTestId("tracking-ref").filter({ hasText: exactly(cargo[0]!.bookingRef) }).waitFor();
    const stage = (n: number) => visitor.getByTestId(`tracking-stage-${n}`);
    expect(await stage(2).locator(".lading-timeline-label").textContent()).toBe("Listed for loading");
    expect(await stage(3).locator(".lading-timeline-label").textContent()).toBe("Being loaded");
    expect(await stage(4).locator(".lading-timeline-label").textContent()).toBe("Loaded on the vessel");
    const tracking = await (await fetch(`${baseURL}/api/Bookings/shipmentTracking/${cargo[0]!.bookingRef}`)).json() as any;
    for (const n of [2, 3, 4]) {
      expect(await stage(n).getAttribute("data-reached")).toBe("true");
      const reachedAt = tracking.data.stages[n].reachedAt as string;
      expect(reachedAt).not.toBeNull();
      // The date the server recorded, as the page writes an instant: Manila time, in the browser's own Intl.
      const written = await visitor.evaluate(
        (iso) => new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)),
        reachedAt,
      );
      expect(await visitor.getByTestId(`tracking-reached-${n}`).textContent()).toBe(written);
    }
    expect(await stage(5).getAttribute("data-reached")).toBe("false");
    expect(await visitor.getByTestId("tracking-latest").textContent()).toMatch(/^Loaded on the vessel, /);
    await visitor.close();
  });
});
