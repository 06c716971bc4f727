import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { manilaToday } from "../../api/shared/dates.ts";
import { openDatabase } from "../../db/client.ts";
import { bookingProgress } from "../../db/schema/index.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { exactly, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * The inbound release at Davao from the Cargo release orders screen: a collect waybill of a voyage Manila to Davao,
 * made through the API and discharged (its final inbound tally recorded while the server is stopped, as the inbound
 * tally sheet will record it); the Davao clerk's release is refused while accounting has nothing collected, the
 * refusal naming 'in BASE Accounting' and the booking shown unpaid; the destination's invoice is generated and
 * collected in cash through the API; the clerk then sees it paid, releases it, clears it at the Sasa CY and prints
 * the order (read back from the page image).
 */

const adminPassword = inject("adminPassword");
const PASSWORD = "release-passphrase-24";
const CLERK = "rel-e2e-clerk";
const CUSTOMER = "CUS-001";

let server: RunningServer;
let asAdmin: AdminCall;
let browser: OpenBrowser;
let clerk: Page;
let voyageNum = "";
let wayBillRef = "";
let bookingRef = "";

const shown = async (testId: string) => (await clerk.getByTestId(testId).textContent())?.trim();
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |=]/g, "");

async function openNewOrder() {
  await clerk.getByTestId("release-new").click();
  await clerk.getByTestId(`release-candidate-${wayBillRef}`).waitFor();
}

beforeAll(async () => {
  // A server of its own: it is stopped halfway to record the discharge.
  server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword });
  asAdmin = await adminApi(server.baseURL, adminPassword);
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});

describe("a clerk at Davao releases a collect waybill once it is paid", () => {
  it("sets up a collect waybill Manila to Davao, discharged at Davao, and an inbound clerk of Davao", async () => {
    const world = await setUpBookingWorld({
      baseURL: server.baseURL, asAdmin, prefix: { role: "RELE2E", user: "rel-e2e" }, password: PASSWORD, customerCode: CUSTOMER,
      lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "DVO", teu: 1 }],
      voyage: { voyageRef: "V-E2E-REL", vesselCode: "MV-PIONEER", routeCode: "MNL-DVO", destinationBranchCode: "DVO" },
    });
    voyageNum = world.voyageNum;
    const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
      voyageNum, customerCode: CUSTOMER, remarks: "Inbound release",
      bookings: [{
        destinationBranchCode: "DVO", modeOfDelivery: "PTP", modeOfPayment: "C", quantityTeu: 1, goods: "Canned tuna", packaging: "Box",
        quantity: 300, cargoWeight: "11.5", declaredValue: "180000", consigneeName: "Davao Fishport Traders",
      }],
    })).data;
    bookingRef = batch.bookings[0].bookingRef as string;
    await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
    await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: [bookingRef], truckingCode: "TRK-001" });
    await asAdmin("POST", "/OutBound/cts/create", {
      bookingRef, containerVanNum: "LDGU2010040", truckingCode: "TRK-001", plateNum: "NBC 1234", driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
    });
    const waybill = (await asAdmin<{ data: { wayBillRef: string; charges: { availableTo: string }[] } }>("POST", "/OutBound/waybill/create", { bookingRef })).data;
    wayBillRef = waybill.wayBillRef;
    expect(waybill.charges.every((c) => c.availableTo === "C")).toBe(true);

    const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
    await asAdmin("POST", "/Roles", { roleId: "RELE2E_INBOUND", roleName: "Release e2e inbound", roleDetails: [{ menuId: "INBOUND" }] });
    await asAdmin("POST", "/users/multipleInsert", [{
      userId: CLERK, name: "Dolores Inbound", email: `${CLERK}@example.test`, roleId: "RELE2E_INBOUND",
      branches: [{ id: branches.find((b) => b.code === "DVO")!.id, defaultBranch: true }],
    }]);
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(PASSWORD)}`);

    // Discharged at Davao yesterday: the final inbound tally's stage, written while the server is stopped.
    await server.restart(async (dataDir) => {
      const handle = await openDatabase({ DATA_DIR: dataDir });
      try {
        await handle.db.insert(bookingProgress).values({ bookingRef, stage: 6, reachedAt: new Date(Date.now() - 24 * 3600_000) });
      } finally {
        await handle.close();
      }
    });
    asAdmin = await adminApi(server.baseURL, adminPassword);

    browser = await openBrowser("inbound-release", { width: 1440, height: 900 });
    clerk = browser.page;
    await signIn(clerk, server.baseURL, CLERK, PASSWORD);
  }, 240_000);

  it("is refused 'in BASE Accounting' while nothing is collected, and the booking is shown unpaid", async () => {
    await clerk.goto(`${server.baseURL}/inbound/cargoReleaseOrder`);
    await clerk.getByTestId("release-page").waitFor();
    await openNewOrder();
    expect(await shown(`release-paid-${bookingRef}`)).toBe("Unpaid");
    await clerk.getByTestId(`release-release-${wayBillRef}`).click();
    const refusal = `Booking ${bookingRef} (waybill ${wayBillRef}) is not paid in BASE Accounting: the destination side is unpaid. ` +
      `Not invoiced yet: the destination charges of ${wayBillRef} have no invoice.`;
    await clerk.getByTestId("release-refusal").filter({ hasText: exactly(refusal) }).waitFor();
    expect(await shown(`release-paid-${bookingRef}`)).toBe("Unpaid");
    await clerk.getByTestId("release-dialog-close").click();
  }, 120_000);

  it("is made once the destination's invoice is collected, then cleared at the Sasa CY and printed", async () => {
    // CRO accounting at Davao bills the voyage's destination side; the cashier collects it in cash.
    const record = (await asAdmin<{ data: { id: number } }>("POST", "/CROAccounting", { voyageNum, branchCode: "DVO", side: "Destination" })).data;
    const generated = await asAdmin<{ data: { id: number; total: string; wayBillRef: string | null }[] }>(
      "POST", `/CROAccounting/generateWaybillInvoice/${record.id}`, {},
    );
    const billed = generated.data.find((i) => i.wayBillRef === wayBillRef)!;
    expect(billed).toBeDefined();
    await asAdmin("POST", "/Collections/create", {
      branchCode: "DVO", collectionDate: manilaToday(), paymentMethod: "CASH", lines: [{ invoiceId: billed.id, applied: billed.total }],
    });

    await openNewOrder();
    await expect.poll(() => shown(`release-paid-${bookingRef}`)).toBe("Paid");
    await clerk.getByTestId("release-remarks").fill("Consignee's trucker collects");
    await clerk.getByTestId(`release-release-${wayBillRef}`).click();
    await seeNotice(clerk, "Cargo release order created successfully");
    const rowId = await clerk.locator("[data-testid^='release-row-']").first().getAttribute("data-testid");
    const id = rowId!.replace("release-row-", "");
    expect(id).toMatch(/^CRO-DVO-\d{4}-000001$/);
    expect([await shown(`release-waybill-${id}`), await shown(`release-booking-${id}`), await shown(`release-status-${id}`)])
      .toEqual([wayBillRef, bookingRef, "Created"]);

    await clerk.getByTestId(`release-clear-${id}`).click();
    await clerk.getByTestId("release-clear-form").waitFor();
    await clerk.getByTestId("release-cy-pull-out").locator('option[value="DVO-CY1"]').waitFor({ state: "attached" });
    await clerk.getByTestId("release-cy-pull-out").selectOption("DVO-CY1");
    await clerk.getByTestId("release-clear-save").click();
    await seeNotice(clerk, "Cleared Successfully");
    await clerk.getByTestId(`release-status-${id}`).filter({ hasText: exactly("Cleared") }).waitFor();
    expect([await shown(`release-cleared-by-${id}`), await shown(`release-cy-${id}`)]).toEqual(["Dolores Inbound", "Sasa CY"]);

    const href = await clerk.getByTestId(`release-print-${id}`).getAttribute("href");
    const res = await clerk.context().request.get(new URL(href!, server.baseURL).toString());
    expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const text = (await renderPdf(new Uint8Array(await res.body()), { pageSegmentation: 4 })).pages.map((p) => squeeze(p.text ?? "")).join(" ");
    for (const line of ["CARGO RELEASE ORDER", id, wayBillRef, bookingRef, "Sasa CY", "Dolores Inbound", "per TEU per day", "Consignee's trucker collects"]) {
      expect(text, line).toContain(squeeze(line));
    }
  }, 180_000);
});
