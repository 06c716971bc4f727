import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type BaseServer, startBaseServer } from "../support/base-server.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, oneOf, openBrowser, type OpenBrowser, seeNotice, signIn } from "./browser.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * A cashier's CRO accounting from the CRO Accounting menu: a voyage Manila to Davao with a waybill, made through
 * the API; the cashier generates its invoice from the voyages list, opens it, prints it (the PDF read back with
 * the VAT worked out here by hand from the waybill's lines), sends it to BASE while none is configured and sees
 * its posting held; then the server is restarted with a BASE (a real HTTP server of the tests) and the cashier
 * sends the posting again and sees it in BASE, with BASE's answer.
 */

const adminPassword = inject("adminPassword");
const PASSWORD = "cro-cashier-passphrase-3";
const CASHIER = "cra-e2e-cashier";
const CUSTOMER = "CUS-001";

let server: RunningServer;
let base: BaseServer;
let asAdmin: AdminCall;
let browser: OpenBrowser;
let cashier: Page;
let voyageNum = "";
let wayBillRef = "";
let invoiceNo = "";
let postingKey = "";
let expected: { vatable: string; vat: string; exempt: string; total: string };

// Figures by hand, in integer centavos ----------------------------------------------------------------------

const centavos = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole! + fraction.padEnd(2, "0").slice(0, 2));
};
const money = (c: bigint) => {
  const text = c.toString().padStart(3, "0");
  return `${text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${text.slice(-2)}`;
};
/** The invoice's foot from the waybill's lines: VATable sales net of VAT once (half up), the VAT what remains. */
function byHand(lines: { chargeValue: string; isVatable: boolean }[]) {
  const inclusive = lines.filter((l) => l.isVatable).reduce((s, l) => s + centavos(l.chargeValue), 0n);
  const net = (inclusive * 100n * 2n + 112n) / (112n * 2n);
  const exempt = lines.filter((l) => !l.isVatable).reduce((s, l) => s + centavos(l.chargeValue), 0n);
  return { vatable: money(net), vat: money(inclusive - net), exempt: money(exempt), total: money(inclusive + exempt) };
}

beforeAll(async () => {
  // A server of its own: it is restarted with a BASE configured halfway.
  server = await startServer({ LADING_ADMIN_PASSWORD: adminPassword });
  asAdmin = await adminApi(server.baseURL, adminPassword);
  base = await startBaseServer();
}, 120_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  await base?.stop();
});

describe("a cashier bills a voyage and posts it to BASE", () => {
  it("sets up a voyage Manila to Davao with a waybill, and a cashier of both branches, through the API", async () => {
    const world = await setUpBookingWorld({
      baseURL: server.baseURL, asAdmin, prefix: { role: "CRAE2E", user: "cra-e2e" }, password: PASSWORD, customerCode: CUSTOMER,
      lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "DVO", teu: 1 }],
      voyage: { voyageRef: "V-E2E-CRA", vesselCode: "MV-PIONEER", routeCode: "MNL-DVO", destinationBranchCode: "DVO" },
    });
    voyageNum = world.voyageNum;
    const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
      voyageNum, customerCode: CUSTOMER, remarks: "CRO accounting",
      bookings: [{
        destinationBranchCode: "DVO", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: "Canned sardines", packaging: "Box",
        quantity: 300, cargoWeight: "11.5", declaredValue: "180000", consigneeName: "Davao Grains Depot",
      }],
    })).data;
    const bookingRef = batch.bookings[0].bookingRef as string;
    await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
    await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: [bookingRef], truckingCode: "TRK-001" });
    await asAdmin("POST", "/OutBound/cts/create", {
      bookingRef, containerVanNum: "LDGU2010040", truckingCode: "TRK-001", plateNum: "NBC 1234", driver: "Rodel Mendoza", toParty: "Shipper", vanStatus: "Empty",
    });
    const waybill = (await asAdmin<{ data: { wayBillRef: string; charges: { chargeValue: string; isVatable: boolean; availableTo: string }[] } }>(
      "POST", "/OutBound/waybill/create", { bookingRef },
    )).data;
    wayBillRef = waybill.wayBillRef;
    expect(waybill.charges.length).toBeGreaterThan(0);
    expect(waybill.charges.every((c) => c.availableTo === "P")).toBe(true);
    expected = byHand(waybill.charges);

    const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
    const idOf = (code: string) => branches.find((b) => b.code === code)!.id;
    await asAdmin("POST", "/Roles", { roleId: "CRAE2E_CASHIER", roleName: "CRA e2e cashier", roleDetails: [{ menuId: "CROACCOUNTING" }] });
    await asAdmin("POST", "/users/multipleInsert", [{
      userId: CASHIER, name: "Carla Cashier", email: `${CASHIER}@example.test`, roleId: "CRAE2E_CASHIER",
      branches: [{ id: idOf("MNL"), defaultBranch: true }, { id: idOf("DVO"), defaultBranch: false }],
    }]);
    await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CASHIER}?password=${encodeURIComponent(PASSWORD)}`);

    browser = await openBrowser("cro-cashier", { width: 1440, height: 900 });
    cashier = browser.page;
    await signIn(cashier, server.baseURL, CASHIER, PASSWORD);
  }, 180_000);

  it("generates the voyage's invoice from the voyages list and opens it: the VAT is the one worked out by hand", async () => {
    await cashier.getByTestId("nav-cro-accounting").click();
    await cashier.getByTestId("cro-accounting-page").waitFor();
    await cashier.getByTestId("cro-search").fill(voyageNum);
    const key = `${voyageNum}-MNL-Origin`;
    await cashier.getByTestId(`cro-voyage-${key}`).waitFor();
    expect(await cashier.getByTestId(`cro-waiting-${key}`).textContent()).toBe("1");
    expect(await cashier.getByTestId(`cro-amount-invoiced-${key}`).textContent()).toBe("0.00");
    await cashier.getByTestId(`cro-generate-${key}`).click();
    await seeNotice(cashier, "1 invoice generated successfully");
    await cashier.getByTestId(`cro-amount-invoiced-${key}`).filter({ hasText: exactly(expected.total) }).waitFor();
    expect(await cashier.getByTestId(`cro-waiting-${key}`).textContent()).toBe("0");
    // The day's totals the cashier reconciles count it.
    await expect.poll(async () => Number((await cashier.getByTestId("cro-day-issued-MNL").textContent())?.replace(/,/g, "") ?? "0"))
      .toBeGreaterThanOrEqual(Number(expected.total.replace(/,/g, "")));

    await cashier.getByTestId(`cro-open-${key}`).click();
    await cashier.getByTestId("cro-read-page").waitFor();
    await cashier.getByTestId("invoice-table").waitFor();
    const row = cashier.getByTestId("invoice-table").locator("[data-testid^='invoice-row-']");
    invoiceNo = (await row.textContent())!.trim();
    expect(invoiceNo).toMatch(/^SI-MNL-\d{4}-\d{6}$/);
    expect(await cashier.getByTestId(`invoice-waybill-${invoiceNo}`).textContent()).toBe(wayBillRef);
    expect(await cashier.getByTestId(`invoice-buyer-${invoiceNo}`).textContent()).toBe("Pacific Harbor Trading Corp.");
    expect(await cashier.getByTestId(`invoice-vatable-${invoiceNo}`).textContent()).toBe(expected.vatable);
    expect(await cashier.getByTestId(`invoice-vat-${invoiceNo}`).textContent()).toBe(expected.vat);
    expect(await cashier.getByTestId(`invoice-exempt-${invoiceNo}`).textContent()).toBe(expected.exempt);
    expect(await cashier.getByTestId(`invoice-total-${invoiceNo}`).textContent()).toBe(expected.total);
    expect(await cashier.getByTestId(`invoice-status-${invoiceNo}`).textContent()).toBe("Issued");
    const found = await asAdmin<{ data: { id: number }[] }>("GET", `/OutBound/salesInvoice/search?search=${invoiceNo}`);
    postingKey = `INVOICE:${found.data[0].id}:r1`;
  }, 120_000);

  it("prints the invoice: the word Invoice, its number, the buyer and the VAT apart, read back from the page image", async () => {
    const href = await cashier.getByTestId(`invoice-print-${invoiceNo}`).getAttribute("href");
    const res = await cashier.context().request.get(new URL(href!, server.baseURL).toString());
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    const pdf = await renderPdf(new Uint8Array(await res.body()), { pageSegmentation: 4 });
    const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
    const text = squeeze(pdf.pages.map((p) => p.text ?? "").join(" "));
    for (const line of [
      "INVOICE", `No. ${invoiceNo}`, "Pacific Harbor Trading Corp.", "VAT Reg. TIN: 009-284-517-00000",
      `VATable sales ${expected.vatable}`, `VAT (12%) ${expected.vat}`, `TOTAL AMOUNT DUE (PHP) ${expected.total}`,
    ]) {
      expect(text, line).toContain(squeeze(line));
    }
  }, 120_000);

  it("sends it to BASE while none is configured and sees its posting held", async () => {
    await cashier.getByTestId("cro-post-base").click();
    await seeNotice(cashier, "No BASE is configured: 1 posting waits (HELD).");
    await cashier.getByTestId("cro-base-answer").waitFor();
    // The record is read again after the send: its invoice's posting then shows held.
    await cashier.getByTestId(`invoice-posting-${invoiceNo}`).filter({ hasText: exactly("Held (no BASE)") }).waitFor();
    await cashier.getByTestId("cro-fact-voyage").getByRole("link", { name: voyageNum }).click();
    await cashier.getByTestId("postings-page").waitFor();
    await cashier.getByTestId("postings-held").waitFor();
    await cashier.getByTestId(`posting-status-${postingKey}`).filter({ hasText: exactly("Held (no BASE)") }).waitFor();
    expect(await cashier.getByTestId(`posting-ref-${postingKey}`).textContent()).toBe(invoiceNo);
    expect(await cashier.getByTestId(`posting-gross-${postingKey}`).textContent()).toBe(expected.total);
    expect(base.sends()).toEqual([]);
  }, 60_000);

  it("with BASE configured after a restart, sends the posting again and sees it in BASE with BASE's answer", async () => {
    await server.restart(undefined, { BASE_URL: base.url, BASE_API_KEY: base.apiKey });
    await cashier.reload();
    await cashier.getByTestId(`posting-status-${postingKey}`).waitFor();
    await cashier.getByRole("row").filter({ has: cashier.getByTestId(`posting-key-${postingKey}`) }).getByRole("button", { name: "Send again" }).click();
    // The server's own relay (every two minutes) finds BASE configured and may take the posting around the click:
    // holding it then, the cashier's send answers it as it stands; having taken or posted it already, the send is
    // refused (409) in words saying so, which the toast follows with the status text as every refusal does.
    // Either way BASE gets it exactly once, as checked below.
    const answers = [
      "1 of 1 posted to BASE.",
      "0 of 1 posted to BASE; 1 will be tried again.",
      ...[
        `Posting ${postingKey} is SENDING; only a held, failed or uncertain posting is sent again.`,
        `Posting ${postingKey} is CONFIRMED; only a held, failed or uncertain posting is sent again.`,
        `Posting ${postingKey} was changed a moment ago. Reload it to see its state.`,
      ].map((refusal) => `${refusal}, Conflict`),
    ];
    await cashier.locator(".bp6-toast").getByText(oneOf(answers)).first().waitFor();
    const status = cashier.getByTestId(`posting-status-${postingKey}`);
    await expect.poll(async () => {
      if ((await status.textContent())?.trim() === "In BASE") return "In BASE";
      // Posted by the relay after the screen read it: the screen shows it once read again.
      await cashier.reload();
      await status.waitFor();
      return (await status.textContent())?.trim();
    }, { timeout: 30_000, interval: 1000 }).toBe("In BASE");
    const [doc] = base.documents().filter((d) => d.idempotencyKey === postingKey);
    expect(base.countOf(postingKey)).toBe(1);
    expect(await cashier.getByTestId(`posting-external-${postingKey}`).textContent()).toBe(doc.documentId);
    expect(await cashier.getByTestId(`posting-message-${postingKey}`).textContent()).toBe(`Document ${invoiceNo} posted as ${doc.documentId}`);
    expect(await cashier.getByTestId(`posting-customer-${postingKey}`).textContent()).toBe(`Pacific Harbor Trading Corp. · ${CUSTOMER}`);
    expect(doc.payload).toMatchObject({ reference: invoiceNo, wayBillRef, totals: { gross: expected.total.replace(/,/g, "") } });
  }, 180_000);
});
