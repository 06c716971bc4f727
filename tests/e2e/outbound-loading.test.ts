import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { manilaTimestamp } from "../../api/shared/dates.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { exactly, keptForOffline, type OpenBrowser, openBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * A voyage loaded from end to end in the browser, as the yard, the pier and the shipper see it: three waybills put
 * on a load list from the Outbound voyage list; the Cebu tally sheet started, then the pier tablet reloaded with
 * the network gone: the app starts from what the device kept, the three vans are counted and wait on the device
 * ("3 waiting"), and go when the network returns, one refused because another checker counted the same van
 * meanwhile, shown with the reason and discarded; the final tally, after which the bookings are At Vessel Loaded;
 * the vans placed on the stowage plan with the keyboard (and one with the mouse), the plan kept across a reload
 * and printed; the shipper's loading confirmation listed, and its link, taken from the e-mail the final tally
 * queued, opened by the customer in a browser with no session; and the public tracking page showing stages 2 to 4
 * with their dates.
 *
 * The steps are tests of their own on the shared state below, in order. The e-mail is read from the outbox of the
 * shared server, which sends nothing (it has no mail server).
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "loading-clerk-passphrase-4";
const PREFIX = { role: "LDE2E", user: "ld-e2e" };
/** The yard clerk who loads, and the other checker at the pier whose count gets there first. */
const CLERK = "ld-e2e-yard";
const CHECKER = "ld-e2e-checker";
/** The shipper, CUS-004 of the demo master data, and where its mail goes. */
const SHIPPER = "Metro Appliance Depot";
const SHIPPER_EMAIL = "orders@metroappliance.example.ph";

let asAdmin: AdminCall;
let browser: OpenBrowser;
let shipperBrowser: OpenBrowser;
let clerk: Page;
let voyageNum = "";
let tallySheetNum = "";
let transactionRef = "";
let checkerCountedAt = "";
/** The vans the keyboard and the mouse placed after the first, in the order the plan offered them. */
const stowed = { second: "", third: "" };
const tokens: Record<string, string> = {};
/** The three bookings, their waybills and vans, in the order they were made. */
const cargo: { bookingRef: string; wayBillRef: string; van: string }[] = [];

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

const shown = async (testId: string, page = clerk) => (await page.getByTestId(testId).textContent())?.trim();

/** Shows the Outbound voyage list narrowed to the test's voyage. */
async function voyageRow() {
  await clerk.getByTestId("nav-outbound").click();
  await clerk.getByTestId("outbound-voyages").waitFor();
  await clerk.getByTestId("outbound-voyage-search").fill(voyageNum);
  await clerk.getByTestId(`outbound-voyage-row-${voyageNum}`).waitFor();
}

/** What a slot of the voyage's grid shows it holds, or "" for a free one. */
const holds = async (position: string) => {
  const box = clerk.getByTestId(`stowage-slot-${position}-holds`);
  return (await box.count()) === 0 ? "" : ((await box.textContent()) ?? "").trim();
};
const focusedSlot = () => clerk.evaluate(() => document.activeElement?.getAttribute("data-testid") ?? "");

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

  [browser, shipperBrowser] = await Promise.all([openBrowser("loading-clerk", { width: 1440, height: 900 }), openBrowser("loading-shipper")]);
  clerk = browser.page;
}, 180_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await shipperBrowser?.close().catch(() => {});
});

describe("loading a voyage from the outbound screens", () => {
  it("finds the voyage on the Outbound voyage list with its three waybills waiting, and opens its load list", async () => {
    await signIn(clerk, baseURL, CLERK, PASSWORD);
    await voyageRow();
    expect(await shown(`outbound-voyage-state-${voyageNum}`)).toBe("Not started");
    expect(await shown(`outbound-voyage-waiting-${voyageNum}`)).toBe("3");
    expect(await shown(`outbound-voyage-placed-${voyageNum}`)).toBe("No plan");
    await rowButton(clerk, `outbound-voyage-row-${voyageNum}`, "Load list").click();
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

  it("starts the Cebu tally sheet; reloaded with the network gone, the tablet opens it from what it kept and counts the vans, waiting", async () => {
    await clerk.goto(`${baseURL}/outbound/tallySheet/${voyageNum}`);
    await clerk.getByTestId("tally-page").waitFor();
    await clerk.getByTestId("tally-start").click();
    await seeNotice(clerk, "Tally sheet created successfully");
    await clerk.getByTestId("tally-sheet-num").waitFor();
    tallySheetNum = (await shown("tally-sheet-num"))!;
    expect(tallySheetNum).toMatch(/^TS-MNL-\d{4}-\d{6}$/);
    expect(await shown("tally-waiting")).toBe("All sent");
    await keptForOffline(clerk);

    // The pier loses the connection and the tablet is reloaded: the app starts signed in from the session and the
    // sheet the device kept, and says it is offline.
    await browser.context.setOffline(true);
    await clerk.reload();
    await clerk.getByTestId("tally-kept").waitFor();
    expect(await shown("app-offline")).toBe("Offline");
    expect(await shown("tally-connection")).toBe("Offline");
    expect(await shown("tally-sheet-num")).toBe(tallySheetNum);
    expect(await shown("avatar-button")).toBe("LV");

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
    // The server confirmed the session the tablet started from: the app is online again.
    await clerk.getByTestId("app-offline").waitFor({ state: "detached" });
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
});

describe("the stowage plan and the loading confirmation", () => {
  it("starts the plan from the voyage's row and places the vans with the keyboard", async () => {
    await voyageRow();
    expect(await shown(`outbound-voyage-state-${voyageNum}`)).toBe("Final tally");
    expect(await shown(`outbound-voyage-counted-${voyageNum}`)).toBe("3");
    await rowButton(clerk, `outbound-voyage-row-${voyageNum}`, "Stowage").click();
    await clerk.waitForURL(new RegExp(`/outbound/stowage/${voyageNum}$`));
    await clerk.getByTestId("stowage-start-plan").selectOption({ label: "Bay 01 standard (5 × 8, 40 slots)" });
    await clerk.getByTestId("stowage-start-button").click();
    await seeNotice(clerk, "Stowage plan started successfully");
    await clerk.getByTestId("stowage-plan-grid").waitFor();

    // The first van: picked with Enter, the focus jumps to the first free slot (01 01 90, top left); two to the
    // right and one down is 01 03 88, where Enter puts it.
    const [first] = cargo;
    await clerk.getByTestId(`stowage-van-${first!.van}`).focus();
    await clerk.keyboard.press("Enter");
    await expect.poll(focusedSlot).toBe("stowage-slot-010190");
    await clerk.keyboard.press("ArrowRight");
    await clerk.keyboard.press("ArrowRight");
    await clerk.keyboard.press("ArrowDown");
    expect(await focusedSlot()).toBe("stowage-slot-010388");
    await clerk.keyboard.press("Enter");
    await seeNotice(clerk, "Van placed successfully");
    await expect.poll(() => holds("010388")).toBe(first!.van);

    // The focus goes on to a van still waiting: Enter picks it, Enter again puts it in the first free slot.
    await expect.poll(() => clerk.evaluate(() => document.activeElement?.id ?? "")).toMatch(/^stowage-van-/);
    stowed.second = (await clerk.evaluate(() => document.activeElement?.id ?? "")).replace("stowage-van-", "");
    stowed.third = stowed.second === cargo[1]!.van ? cargo[2]!.van : cargo[1]!.van;
    expect([cargo[1]!.van, cargo[2]!.van]).toContain(stowed.second);
    await clerk.keyboard.press("Enter");
    await expect.poll(focusedSlot).toBe("stowage-slot-010190");
    await clerk.keyboard.press("Enter");
    await expect.poll(() => holds("010190")).toBe(stowed.second);

    // Delete on a slot takes its van out again; Enter on the first van's slot picks it to move, one to the left
    // and Enter puts it there.
    await clerk.getByTestId("stowage-slot-010190").focus();
    await clerk.keyboard.press("Delete");
    await seeNotice(clerk, "Removed from the stowage plan");
    await expect.poll(() => holds("010190")).toBe("");
    await clerk.getByTestId("stowage-slot-010388").focus();
    await clerk.keyboard.press("Enter");
    await clerk.getByTestId("stowage-picked").waitFor();
    await clerk.keyboard.press("ArrowLeft");
    expect(await focusedSlot()).toBe("stowage-slot-010288");
    await clerk.keyboard.press("Enter");
    await seeNotice(clerk, "Van moved successfully");
    await expect.poll(() => holds("010288")).toBe(first!.van);
    expect(await holds("010388")).toBe("");

    // The mouse does the same: pick a van, click a slot. The last one goes where the keyboard puts it.
    await clerk.getByTestId(`stowage-van-${stowed.second}`).click();
    await clerk.getByTestId("stowage-slot-010888").click();
    await expect.poll(() => holds("010888")).toBe(stowed.second);
    await clerk.getByTestId(`stowage-van-${stowed.third}`).focus();
    await clerk.keyboard.press("Enter");
    await expect.poll(focusedSlot).toBe("stowage-slot-010190");
    await clerk.keyboard.press("Enter");
    await expect.poll(() => holds("010190")).toBe(stowed.third);
    expect(await clerk.getByTestId("stowage-vans").textContent()).toContain("Waiting for a slot (0)");
  });

  it("keeps the plan across a reload and prints it", async () => {
    await clerk.reload();
    await clerk.getByTestId("stowage-plan-grid").waitFor();
    expect([await holds("010288"), await holds("010888"), await holds("010190"), await holds("010388")]).toEqual([cargo[0]!.van, stowed.second, stowed.third, ""]);
    expect(await shown(`stowage-placed-${cargo[0]!.van}`)).toBe(`${cargo[0]!.van} in 010288`);
    const href = await clerk.getByTestId("stowage-print").getAttribute("href");
    const printed = await clerk.request.get(baseURL + href!);
    expect([printed.status(), printed.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    expect((await printed.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  });

  it("lists the shipper's loading confirmation, sent by the final tally", async () => {
    await clerk.getByTestId("stowage-tab-confirmations").click();
    await clerk.getByTestId("confirmations-table").waitFor();
    const ref = clerk.locator('[data-testid^="confirmation-row-"]');
    await ref.first().waitFor();
    expect(await ref.count()).toBe(1);
    transactionRef = ((await ref.textContent()) ?? "").trim();
    expect(transactionRef).toMatch(/^LC-MNL-\d{4}-\d{6}$/);
    expect(await shown(`confirmation-shipper-${transactionRef}`)).toBe(SHIPPER);
    expect(await shown(`confirmation-bookings-${transactionRef}`)).toBe(cargo.map((c) => c.bookingRef).join(", "));
    expect(await shown(`confirmation-sent-${transactionRef}`)).toMatch(/ by ld-e2e-yard$/);

    // Back on the voyage list, the voyage is stowed.
    await voyageRow();
    expect(await shown(`outbound-voyage-placed-${voyageNum}`)).toBe("3 of 3");
  });

  it("opens for the customer from the link in its e-mail, in a browser with no session", async () => {
    // The final tally queued the e-mail; the shared server keeps it in its outbox.
    const outbox = await asAdmin<{ data: { id: number; template: string; toAddress: string }[] }>("GET", `/email/outbox?search=${encodeURIComponent(SHIPPER_EMAIL)}&take=50`);
    const bodies = await Promise.all(outbox.data.filter((m) => m.template === "loadingConfirmation")
      .map((m) => asAdmin<{ data: { toAddress: string; textBody: string } }>("GET", `/email/outbox/${m.id}`)));
    const mail = bodies.map((b) => b.data).find((m) => m.textBody.includes(`/booking/loadingConfirmation/${cargo[0]!.bookingRef}/`));
    expect(mail?.toAddress).toBe(SHIPPER_EMAIL);
    const link = new RegExp(`${baseURL.replace(/[.:/]/g, "\\$&")}/booking/loadingConfirmation/[^\\s"<>]+`).exec(mail!.textBody)?.[0];
    expect(link, mail!.textBody).toBeTruthy();

    const shipper = shipperBrowser.page;
    expect(await shipperBrowser.context.cookies()).toEqual([]);
    await shipper.goto(link!);
    await shipper.getByTestId("confirmation-page").waitFor();
    expect(await shown("confirmation-ref", shipper)).toBe(transactionRef);
    expect(await shown("confirmation-shipper", shipper)).toBe(SHIPPER);
    expect(await shown("confirmation-vessel", shipper)).toBe("MV Lading Pioneer");
    for (const c of cargo) expect(await shown(`confirmation-van-${c.bookingRef}`, shipper)).toBe(c.van);
    const pdf = await shipper.request.get(baseURL + (await shipper.getByTestId("confirmation-pdf").getAttribute("href"))!);
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);

    // A link with one character changed opens nothing, and says so.
    const token = link!.split("/").pop()!;
    await shipper.goto(link!.replace(token, `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`));
    await shipper.getByTestId("confirmation-error").waitFor();
    expect(await shown("confirmation-error", shipper)).toContain("This loading confirmation was not found.");
  });

  it("shows stages 2 to 4 with their dates on the public tracking page", async () => {
    const visitor = shipperBrowser.page;
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
  });
});

describe("a session ended while the tablet was offline", () => {
  it("is signed out when the connection returns and the server refuses it", async () => {
    // Reloaded with no connection, the tablet starts from the session it kept.
    await browser.context.setOffline(true);
    await clerk.goto(`${baseURL}/outbound/tallySheet/${voyageNum}`);
    await clerk.getByTestId("tally-kept").waitFor();
    expect(await shown("app-offline")).toBe("Offline");
    // Meanwhile an administrator sets a new password for the clerk, which ends the clerk's sessions.
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(`${PASSWORD}-new`)}`);
    await browser.context.setOffline(false);
    await seeNotice(clerk, "User Changes: Please Login Again");
    await clerk.getByTestId("signin-form").waitFor();
  });
});
