import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import * as XLSX from "xlsx";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { type BookingWorld, setUpBookingWorld } from "./booking-world.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * An outbound clerk's voyage work from the Outbound landing page's voyage list: the voyage put on another vessel;
 * a transfer to a voyage that does not call at the bookings' destination refused, its dialog closed with the
 * error and nothing moved; a transfer to a voyage that does, done; the Reports panel showing it. Then, from the
 * voyage's row, a pick-up list of its door booking made, sent to the dispatch team and archived, and read from
 * the archive.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "reguide-clerk-passphrase-7";

// Ids of their own: the other browser test files share this server and its roles.
const ROLE = "RGE2E_CLERK";
const CLERK = "rg-e2e-clerk";

const PTP = { destinationBranchCode: "CEB", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: "Dried mangoes", packaging: "Box", quantity: 300, cargoWeight: "8.000", declaredValue: "120000" };
const DTD = {
  ...PTP, modeOfDelivery: "DTD", goods: "Rattan chairs", pickUpDate: "2026-12-01", pickUpTime: "09:00", remarks: "Call the warehouse first",
  pickUpAddress: { street: "21 Dapitan St", barangay: "Sampaloc", city: "Manila", province: "Metro Manila", zipCode: "1008" }, pickUpAreaCode: "MNL-QC",
  deliveryAddress: { street: "5 A.C. Cortes Ave", barangay: "Ibabao", city: "Mandaue City", province: "Cebu", zipCode: "6014" }, deliveryAreaCode: "CEB-MAN",
};

let asAdmin: AdminCall;
let world: BookingWorld;
let browser: OpenBrowser;
let clerk: Page;
/** Voyage A (the world's, to Cebu), B (also to Cebu) and C (to Davao only). */
const v = { A: "", B: "", C: "" };
let refs: { b1: string; b2: string; door: string };

async function pick(page: Page, testId: string, value: string) {
  const select = page.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

const shown = async (testId: string) => (await clerk.getByTestId(testId).textContent())?.trim();
const bookingVoyage = async (bookingRef: string) => (await world.callAs("staff", "GET", `/Bookings/get/${bookingRef}`)).data.voyageNum as string;

async function voyage(voyageRef: string, vesselCode: string, routeCode: string, destination: string): Promise<string> {
  const etd = new Date(Date.now() + 12 * 86_400_000);
  const res = await asAdmin<{ data: { voyageNum: string } }>("POST", "/VoyageSchedules/createcheduleV1", {
    voyageRef, vesselCode, routeCode, estimatedTimeDeparture: etd.toISOString(),
    destinations: [{ destinationBranchCode: destination, estimatedTimeArrival: new Date(etd.getTime() + 2 * 86_400_000).toISOString() }],
  });
  return res.data.voyageNum;
}

/** Shows the voyage list narrowed to one voyage. */
async function findVoyage(voyageNum: string) {
  await clerk.getByTestId("outbound-voyage-search").fill(voyageNum);
  await clerk.getByTestId(`outbound-voyage-row-${voyageNum}`).waitFor();
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: { role: "RGE2E", user: "rg-e2e" }, password: PASSWORD, customerCode: "CUS-022",
    lanes: [
      { serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 1 },
      { serviceModeCode: "DTD", originPortCode: "MNLN", destinationPortCode: "CEB", originAreaCode: "MNL-QC", destinationAreaCode: "CEB-MAN", teu: 1 },
    ],
    voyage: { voyageRef: "V-E2E-RG", vesselCode: "MV-PIONEER", routeCode: "MNL-CEB", destinationBranchCode: "CEB" },
  });
  v.A = world.voyageNum;
  v.B = await voyage("V-E2E-RG2", "MV-VISAYAS", "MNL-CEB", "CEB");
  v.C = await voyage("V-E2E-RG3", "MV-VOYAGER", "MNL-DVO", "DVO");
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", { voyageNum: v.A, customerCode: "CUS-022", remarks: "", bookings: [PTP, PTP, DTD] })).data;
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  const [b1, b2, door] = batch.bookings.map((b: { bookingRef: string }) => b.bookingRef);
  refs = { b1, b2, door };

  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  await asAdmin("POST", "/Roles", { roleId: ROLE, roleName: "Reguide e2e clerk", roleDetails: [{ menuId: "OUTBOUND" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CLERK, name: "Rosario Guevarra", email: `${CLERK}@example.test`, roleId: ROLE, branches: [{ id: manila.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(PASSWORD)}`);
  browser = await openBrowser("reguide-clerk", { width: 1440, height: 900 });
  clerk = browser.page;
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("reguiding from the outbound voyage list", () => {
  it("finds the voyage on the Outbound landing page's voyage list", async () => {
    await signIn(clerk, baseURL, CLERK, PASSWORD);
    await clerk.getByTestId("nav-outbound").click();
    await clerk.getByTestId("area-page").waitFor();
    await clerk.getByTestId("outbound-voyages").waitFor();
    await findVoyage(v.A);
    expect(await shown(`outbound-voyage-vessel-${v.A}`)).toBe("MV Lading Pioneer");
    expect(await shown(`outbound-voyage-route-${v.A}`)).toBe("MNL → CEB");
  });

  it("puts the voyage on another vessel through its dialog", async () => {
    await rowButton(clerk, `outbound-voyage-row-${v.A}`, "Change vessel").click();
    await clerk.getByTestId("vessel-change-form").waitFor();
    expect(await shown("vessel-change-current")).toBe("Now on MV Lading Pioneer (MV-PIONEER), route MNL-CEB.");
    // The voyage's own vessel is not offered.
    await clerk.getByTestId("vessel-change-vessel").locator('option[value="MV-MINDANAO"]').waitFor({ state: "attached" });
    expect(await clerk.getByTestId("vessel-change-vessel").locator('option[value="MV-PIONEER"]').count()).toBe(0);
    await pick(clerk, "vessel-change-vessel", "MV-MINDANAO");
    await clerk.getByTestId("vessel-change-reason").fill("MV Lading Pioneer held at dry dock");
    await clerk.getByTestId("vessel-change-save").click();
    await seeNotice(clerk, "Voyage Changed Vessel Successfully.");
    await clerk.getByTestId("vessel-change-form").waitFor({ state: "hidden" });
    await clerk.getByTestId(`outbound-voyage-vessel-${v.A}`).filter({ hasText: exactly("MV Mindanao Star") }).waitFor();
  });

  it("closes the transfer dialog on a refusal, shows the error and moves nothing", async () => {
    await rowButton(clerk, `outbound-voyage-row-${v.A}`, "Transfer bookings").click();
    await clerk.getByTestId("voyage-transfer-form").waitFor();
    await clerk.getByTestId(`voyage-transfer-booking-${refs.b1}`).check();
    await clerk.getByTestId(`voyage-transfer-booking-${refs.b2}`).check();
    // Voyage C goes to Davao only; the bookings go to Cebu.
    await pick(clerk, "voyage-transfer-target", v.C);
    await clerk.getByTestId("voyage-transfer-save").click();
    const error = clerk.locator(".bp6-toast.bp6-intent-danger").first();
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe(
      `Nothing was transferred. Booking ${refs.b1} goes to CEB, where voyage ${v.C} does not call (DVO). ` +
        `Booking ${refs.b2} goes to CEB, where voyage ${v.C} does not call (DVO)., Bad Request`,
    );
    await clerk.getByTestId("voyage-transfer-form").waitFor({ state: "hidden" });
    expect([await bookingVoyage(refs.b1), await bookingVoyage(refs.b2)]).toEqual([v.A, v.A]);
  });

  it("transfers a booking to a voyage that calls at its destination", async () => {
    await rowButton(clerk, `outbound-voyage-row-${v.A}`, "Transfer bookings").click();
    await clerk.getByTestId("voyage-transfer-form").waitFor();
    // A fresh opening: nothing is ticked from the refused attempt.
    expect(await clerk.getByTestId(`voyage-transfer-booking-${refs.b1}`).isChecked()).toBe(false);
    await clerk.getByTestId(`voyage-transfer-booking-${refs.b1}`).check();
    await pick(clerk, "voyage-transfer-target", v.B);
    await clerk.getByTestId("voyage-transfer-reason").fill("Shut out: the vessel is full");
    await clerk.getByTestId("voyage-transfer-save").click();
    await seeNotice(clerk, "Voyage Transfered Successfully.");
    await clerk.getByTestId("voyage-transfer-form").waitFor({ state: "hidden" });
    expect([await bookingVoyage(refs.b1), await bookingVoyage(refs.b2)]).toEqual([v.B, v.A]);
  });

  it("shows both changes in the voyage's Reports panel, with its workbooks to download", async () => {
    await rowButton(clerk, `outbound-voyage-row-${v.A}`, "Reports").click();
    await clerk.getByTestId("voyage-reports").waitFor();
    expect(await shown("voyage-reports-vessel")).toBe("MV Mindanao Star");
    expect(await shown("voyage-reports-final-tally")).toBe("Not made yet");
    expect(await shown("voyage-reports-sheet")).toBe(`${v.A} MNL-CEB`);
    // Each line starts with when it was done, then who did what.
    const history = (await clerk.getByTestId("voyage-reports-history").locator("li").allTextContents()).map((t) => t.slice(t.indexOf(" · ") + 3));
    expect(history).toEqual([
      `${CLERK} · 1 booking from ${v.A} to ${v.B}: Shut out: the vessel is full`,
      `${CLERK} · vessel MV-PIONEER to MV-MINDANAO: MV Lading Pioneer held at dry dock`,
    ]);
    const [download] = await Promise.all([clerk.waitForEvent("download"), clerk.getByTestId("voyage-reports-buildupExcel").click()]);
    expect(download.suggestedFilename()).toBe("Buildup.xlsx");
    const book = XLSX.read(readFileSync(await download.path()), { type: "buffer" });
    expect(book.SheetNames).toEqual([`${v.A} MNL-CEB`]);
    const rows = XLSX.utils.sheet_to_json<(string | number | null)[]>(book.Sheets[book.SheetNames[0]], { header: 1, defval: null });
    // No waybill on the voyage yet: the title, the vessel line and the column heads, then the count.
    expect(rows[0][0]).toBe(`Build-up report: ${v.A} MNL-CEB`);
    expect(rows.at(-1)![0]).toBe("0 waybills, 0 TEU, 0.000 tons");
    await clerk.getByTestId("voyage-reports-close").click();
    await clerk.getByTestId("voyage-reports").waitFor({ state: "hidden" });
  });
});

describe("a pick-up list from the dispatch screen", () => {
  let dispatchNum = "";

  it("is made for the voyage's door booking, from the voyage's row", async () => {
    await clerk.getByTestId("nav-outbound").click();
    await findVoyage(v.A);
    await rowButton(clerk, `outbound-voyage-row-${v.A}`, "Dispatch").click();
    await clerk.waitForURL(new RegExp(`/outbound/dispatchModule\\?voyageNum=${v.A}$`));
    await clerk.getByTestId("dispatch-page").waitFor();
    expect(await clerk.getByTestId("dispatch-search").inputValue()).toBe(v.A);
    await clerk.getByTestId("dispatch-new").click();
    await clerk.getByTestId("dispatch-new-form").waitFor();
    // The new list starts from the voyage it was opened for.
    await clerk.getByTestId("dispatch-new-voyage").locator(`option[value="${v.A}"]`).waitFor({ state: "attached" });
    expect(await clerk.getByTestId("dispatch-new-voyage").inputValue()).toBe(v.A);
    // Only the door-to-door booking is a pick-up; the port-to-port ones are not.
    await clerk.getByTestId(`dispatch-new-lines-booking-${refs.door}`).waitFor();
    expect(await clerk.getByTestId("dispatch-new-lines").locator("tbody tr").count()).toBe(1);
    expect(await shown(`dispatch-new-lines-address-${refs.door}`)).toBe("21 Dapitan St, Sampaloc, Manila, Metro Manila, 1008");
    await clerk.getByTestId("dispatch-new-remarks").fill("Truck 3 takes it");
    await clerk.getByTestId("dispatch-new-save").click();
    const created = clerk.locator(".bp6-toast.bp6-intent-success").filter({ hasText: /^Dispatch list DL-MNL-\d{4}-\d{6} created successfully$/ }).first();
    await created.waitFor();
    dispatchNum = /DL-MNL-\d{4}-\d{6}/.exec((await created.textContent()) ?? "")![0];
    await clerk.getByTestId(`dispatch-row-${dispatchNum}`).waitFor();
    expect(await shown(`dispatch-status-${dispatchNum}`)).toBe("Draft");
    expect(await shown(`dispatch-lines-${dispatchNum}`)).toBe("1");
  });

  it("is sent to the dispatch team, then archived and read from the archive", async () => {
    await rowButton(clerk, `dispatch-row-${dispatchNum}`, "Send").click();
    // The prompt's own button: the row's Send button has the same name and is there before the prompt is.
    await clerk.locator(".lading-confirm").getByRole("button", { name: "Send", exact: true }).click();
    const sent = clerk.locator(".bp6-toast.bp6-intent-success")
      .filter({ hasText: new RegExp(`^Dispatch list ${dispatchNum} sent to the dispatch team of MNL; e-mailed to \\d+ (person|people)\\.$`) });
    await sent.first().waitFor();
    await clerk.getByTestId(`dispatch-status-${dispatchNum}`).filter({ hasText: exactly("Sent") }).waitFor();

    await rowButton(clerk, `dispatch-row-${dispatchNum}`, "Archive").click();
    await clerk.locator(".lading-confirm").getByRole("button", { name: "Archive", exact: true }).click();
    await seeNotice(clerk, `Dispatch list ${dispatchNum} archived successfully`);
    await clerk.getByTestId(`dispatch-row-${dispatchNum}`).waitFor({ state: "detached" });

    await clerk.getByTestId("dispatch-view").selectOption("archive");
    await clerk.getByTestId(`dispatch-row-${dispatchNum}`).waitFor();
    expect(await shown(`dispatch-status-${dispatchNum}`)).toBe("Archived");
    await rowButton(clerk, `dispatch-row-${dispatchNum}`, "View").click();
    await clerk.getByTestId("dispatch-read").waitFor();
    expect(await shown("dispatch-read-status")).toBe("Archived");
    expect(await shown(`dispatch-read-lines-remarks-${refs.door}`)).toBe("Call the warehouse first");
    await clerk.getByTestId("dispatch-read-close").click();
  });
});
