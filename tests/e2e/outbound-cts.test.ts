import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";

/**
 * A yard clerk's cargo transfer slip from the Outbound menu: issued for the demo line's booking whose ATW is
 * issued, on a free empty van that leaves damaged (two damages listed), after the server has refused a
 * shipper's van number that fails its check digit; then printed, and cancelled.
 */

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");
const PASSWORD = "yard-clerk-passphrase-3";

// Ids of their own: the other browser test files share this server and its roles.
const ROLE = "CTSE2E_YARD";
const CLERK = "cts-e2e-yard";

/** A free empty van of the demo line in a Manila yard (MNL-CY2). */
const VAN = "LDGU2010040";
/** A shipper's number whose check digit should be 9. */
const BAD_NUMBER = "PHSU1234560";

let asAdmin: AdminCall;
let browser: OpenBrowser;
let clerk: Page;
let bookingRef = "";
let ctsNum = "";

async function pick(page: Page, testId: string, value: string) {
  // Choices fill in once their lists have arrived.
  const select = page.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  await asAdmin("POST", "/Roles", { roleId: ROLE, roleName: "CTS e2e yard clerk", roleDetails: [{ menuId: "OUTBOUND" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CLERK, name: "Carmela Yap", email: `${CLERK}@example.test`, roleId: ROLE, branches: [{ id: manila.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(PASSWORD)}`);

  // The demo line's open voyage has one booking whose ATW is issued and whose van has not left.
  const voyages = await asAdmin<{ data: { voyageNum: string; voyageRef: string }[] }>("GET", "/VoyageSchedules/load?skip=0&take=20&search=DEMO-OPEN");
  const voyage = voyages.data.find((v) => v.voyageRef === "DEMO-OPEN")!;
  const waiting = await asAdmin<{ data: { bookingRef: string }[] }>("POST", "/Bookings/load", { voyageNum: voyage.voyageNum, status: "ATW Issued" });
  expect(waiting.data.length).toBeGreaterThan(0);
  bookingRef = waiting.data[0]!.bookingRef;

  browser = await openBrowser("cts-clerk", { width: 1440, height: 900 });
  clerk = browser.page;
});

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("an outbound cargo transfer slip from the yard clerk's screen", () => {
  it("opens the slips from the Outbound landing page", async () => {
    await signIn(clerk, baseURL, CLERK, PASSWORD);
    await clerk.getByTestId("nav-outbound").click();
    await clerk.getByTestId("area-page").waitFor();
    const link = clerk.getByTestId("area-link-cts");
    expect(await link.textContent()).toBe("Cargo transfer slips");
    // The screen is built: the landing page no longer marks it as still to come.
    expect(await clerk.getByRole("listitem").filter({ has: link }).textContent()).toBe("Cargo transfer slips");
    await link.click();
    await clerk.waitForURL(/\/outbound\/cts$/);
    await clerk.getByTestId("cts-page").waitFor();
    expect(await clerk.getByTestId("page-title").textContent()).toBe("Cargo transfer slips");
    // The demo line's two slips are listed.
    await expect.poll(async () => (await clerk.getByTestId("cts-range").textContent())?.endsWith(" of 2")).toBe(true);
  });

  it("shows the server's refusal of a shipper's van number, then issues the slip on a free van with two damages", async () => {
    await clerk.getByTestId("cts-new").click();
    await clerk.getByTestId("cts-issue-form").waitFor();
    await clerk.getByTestId("cts-issue-booking-search").fill(bookingRef);
    await pick(clerk, "cts-issue-booking", bookingRef);
    await clerk.getByTestId("cts-issue-booking-summary").waitFor();
    await pick(clerk, "cts-issue-trucker", "TRK-001");
    await clerk.getByTestId("cts-issue-plate").fill("NBC 1234");
    await clerk.getByTestId("cts-issue-driver").fill("Ramon Castillo");
    await clerk.getByTestId("cts-issue-to-party").selectOption("Consignee");
    await clerk.getByTestId("cts-issue-van-status").selectOption("Damaged");
    await clerk.getByTestId("cts-damage-part-0").selectOption("Roof Panel");
    await clerk.getByTestId("cts-damage-type-0").selectOption("Dented");
    await clerk.getByTestId("cts-damage-add").click();
    await clerk.getByTestId("cts-damage-part-1").selectOption("Door Assembly");
    await clerk.getByTestId("cts-damage-type-1").selectOption("Loose");
    await clerk.getByTestId("cts-issue-locator").fill("Row 5, bay 2");
    await clerk.getByTestId("cts-issue-amount").fill("250.00");
    await clerk.getByTestId("cts-issue-remarks").fill("Dent on the roof shown to the driver");

    // A shipper's own van whose number fails the check: the server says why, and a reason may be given.
    await clerk.getByTestId("cts-issue-shipper-owned").check();
    await clerk.getByTestId("cts-issue-container-num").fill(BAD_NUMBER);
    await pick(clerk, "cts-issue-from-cy", "MNL-CY1");
    await clerk.getByTestId("cts-issue-save").click();
    const refusal = `${BAD_NUMBER} is not a valid container number: its check digit should be 9. Give the reason to accept the shipper's van anyway.`;
    await clerk.getByTestId("cts-issue-error").filter({ hasText: exactly(refusal) }).waitFor();
    await clerk.getByTestId("cts-issue-override-reason").waitFor();

    // The line's own van goes instead.
    await clerk.getByTestId("cts-issue-shipper-owned").uncheck();
    await clerk.getByTestId("cts-issue-van-search").fill(VAN);
    await pick(clerk, "cts-issue-van", VAN);
    expect(await clerk.getByTestId("cts-issue-from-cy").inputValue()).toBe("MNL-CY2");
    await clerk.getByTestId("cts-issue-save").click();
    await seeNotice(clerk, "Outbound CTS issued successfully");
    await clerk.getByTestId("cts-issue-form").waitFor({ state: "detached" });

    const bookingCell = clerk.locator('[data-testid^="cts-booking-"]').filter({ hasText: exactly(bookingRef) });
    await bookingCell.waitFor();
    ctsNum = (await bookingCell.getAttribute("data-testid"))!.slice("cts-booking-".length);
    expect(ctsNum).toMatch(/^CTS-MNL-\d{4}-\d{6}$/);
    const cell = async (what: string) => (await clerk.getByTestId(`cts-${what}-${ctsNum}`).textContent())?.trim();
    expect(await cell("row")).toBe(ctsNum);
    expect(await cell("van")).toBe(VAN);
    expect(await cell("trucker")).toBe("North Harbor Haulers Inc.");
    expect(await cell("plate")).toBe("NBC 1234");
    expect(await cell("driver")).toBe("Ramon Castillo");
    expect(await cell("van-status")).toBe("Damaged");
    expect(await cell("status")).toBe("Issued");
    expect(await cell("to")).toMatch(/^Consignee: .+/);
    expect(await clerk.getByTestId("cts-range").textContent()).toBe("1–3 of 3");

    const stored = await asAdmin<{ data: { damages: unknown[]; vanLocatorAmount: string; fromCyCode: string } }>("GET", `/OutBound/cts/get/${ctsNum}`);
    expect(stored.data.damages).toEqual([{ vanPart: "Roof Panel", damageType: "Dented" }, { vanPart: "Door Assembly", damageType: "Loose" }]);
    expect(stored.data.vanLocatorAmount).toBe("250.00");
    expect(stored.data.fromCyCode).toBe("MNL-CY2");
  });

  it("prints the slip as a PDF in a new tab", async () => {
    const [popup] = await Promise.all([
      clerk.waitForEvent("popup"),
      rowButton(clerk, `cts-row-${ctsNum}`, "Print").click(),
    ]);
    await popup.waitForLoadState();
    const pdf = await popup.request.get(popup.url());
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    const bytes = await pdf.body();
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    await popup.close();

    // What the printed slip says: its number, the van and both damages.
    const file = path.join(browser.profileDir, "cts.pdf");
    writeFileSync(file, bytes);
    const text = execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
    for (const expected of [ctsNum, VAN, bookingRef, "Roof Panel", "Door Assembly"]) expect(text).toContain(expected);
  });

  it("cancels the slip after asking, and the list shows it Cancelled", async () => {
    await rowButton(clerk, `cts-row-${ctsNum}`, "Cancel").click();
    const prompt = clerk.getByTestId("confirm-prompt");
    await prompt.waitFor();
    expect(await prompt.locator("p").textContent()).toBe(
      `Cancel transfer slip ${ctsNum}? Van ${VAN} is free again and booking ${bookingRef} goes back to ATW Issued.`,
    );
    await clerk.getByRole("button", { name: "Cancel slip", exact: true }).click();
    await seeNotice(clerk, "Outbound CTS cancelled successfully");
    await clerk.getByTestId(`cts-status-${ctsNum}`).filter({ hasText: exactly("Cancelled") }).waitFor();
    expect(await rowButton(clerk, `cts-row-${ctsNum}`, "Cancel").isDisabled()).toBe(true);

    // The status filter narrows the list to the cancelled slip.
    await clerk.getByTestId("cts-filter").selectOption("Cancelled");
    await expect.poll(() => clerk.getByTestId("cts-range").textContent()).toBe("1–1 of 1");
    expect(await clerk.getByTestId(`cts-row-${ctsNum}`).textContent()).toBe(ctsNum);

    const booking = await asAdmin<{ data: { status: string } }>("GET", `/Bookings/get/${bookingRef}`);
    expect(booking.data.status).toBe("ATW Issued");
  });
});
