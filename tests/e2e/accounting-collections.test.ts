import { and, eq } from "drizzle-orm";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCalendarDays, manilaToday } from "../../api/shared/dates.ts";
import { openDatabase } from "../../db/client.ts";
import { customers, invoices } from "../../db/schema/index.ts";
import { writeInvoice } from "../support/accounting.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { type RunningServer, startServer } from "./server.ts";

/**
 * A cashier at Cebu collects on the demo line's voyage: one invoice of the voyage in cash, the payer withholding
 * 2% (2,000.00 of the 100,000.00 net of VAT in 112,000.00, so 110,000.00 changes hands), and the invoice of the
 * demo waybill's collect charges by a post-dated cheque. The receipt is read back from its printout; the waybill
 * is not paid while the cheque waits, the cheque is deposited and cleared on PDC clearing, and the waybill is paid.
 *
 * The invoices are written into the server's tables while it is stopped, as CRO accounting issues them; when that
 * invoice generation is in place this test can make them through its screen instead and keep the rest.
 */

const PASSWORD = "cashier-passphrase-23";
const ADMIN_PASSWORD = "accounting-e2e-admin-1";
const ROLE = "ACCTE2E_CASHIER";
const CASHIER = "acct-e2e-cashier";

let server: RunningServer;
let asAdmin: AdminCall;
let browser: OpenBrowser;
let cashier: Page;
let payer: { code: string; company: string };
let wayBillRef = "";
let voyageNum = "";
let invoice112k = { id: 0, invoiceNo: "" };
let collectInvoice = { id: 0, invoiceNo: "" };
let collect = { total: 0n, vatableNet: 0n, vat: 0n, exempt: 0n };
let cashReceipt = "";
const today = manilaToday();
const lastWeek = addCalendarDays(today, -7);

// Figures by hand, in integer centavos ----------------------------------------------------------------------

const cents = (text: string) => BigInt(text.replace(".", ""));
/** n / d rounded half up, for positive figures. */
const roundedDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
/** "2613225" centavos as "26,132.25". */
function money(centavos: bigint): string {
  const text = centavos.toString().padStart(3, "0");
  return `${text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${text.slice(-2)}`;
}
const plain = (centavos: bigint) => money(centavos).replace(/,/g, "");
/** 2% of the amount net of VAT. */
const ewtOf = (total: bigint, vat: bigint) => roundedDiv((total - vat) * 2n, 100n);

const shown = async (testId: string) => (await cashier.getByTestId(testId).textContent())?.trim();

async function pick(testId: string, value: string) {
  const select = cashier.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

async function openCollections() {
  await cashier.getByTestId("nav-cro-accounting").click();
  await cashier.getByTestId("cro-accounting-page").waitFor();
  await cashier.getByTestId("tab-cro-collections").click();
  await cashier.getByTestId("collections-page").waitFor();
}

async function lookUp(ref: string) {
  await cashier.getByTestId("waybill-lookup-ref").fill(ref);
  await cashier.getByTestId("waybill-lookup-go").click();
  await cashier.getByTestId("waybill-lookup-answer").waitFor();
}

beforeAll(async () => {
  server = await startServer({ LADING_ADMIN_PASSWORD: ADMIN_PASSWORD });
  asAdmin = await adminApi(server.baseURL, ADMIN_PASSWORD);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const cebu = branches.find((b) => b.code === "CEB")!;
  await asAdmin("POST", "/Roles", { roleId: ROLE, roleName: "Accounting e2e cashier", isDat: true, roleDetails: [{ menuId: "CROACCOUNTING" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CASHIER, name: "Rosario Villanueva", email: `${CASHIER}@example.test`, roleId: ROLE, branches: [{ id: cebu.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CASHIER}?password=${encodeURIComponent(PASSWORD)}`);

  // The demo line's waybill with its charges split between Manila and Cebu: what Cebu collects is its collect side.
  const listed = await asAdmin<{ data: any[] }>("POST", "/OutBound/waybill/load", { skip: 0, take: 20 });
  const waybill = listed.data.find((w) => w.isSplitCharge && w.totals.collect !== "0.00");
  expect(waybill).toBeDefined();
  wayBillRef = waybill.wayBillRef;
  voyageNum = waybill.voyageNum;
  const lines = (waybill.charges as { chargeValue: string; availableTo: string; isVatable: boolean }[]).filter((c) => c.availableTo === "C");
  const inclusive = lines.filter((c) => c.isVatable).reduce((s, c) => s + cents(c.chargeValue), 0n);
  const net = roundedDiv(inclusive * 100n, 112n);
  collect = { total: cents(waybill.totals.collect), vatableNet: net, vat: inclusive - net, exempt: cents(waybill.totals.collect) - inclusive };
  expect(collect.total).toBeGreaterThan(0n);
  payer = { code: waybill.customerCode, company: waybill.shipperName };

  // CRO accounting at Cebu has invoiced the voyage: a 112,000.00 invoice, and the waybill's collect charges.
  await server.restart(async (dataDir) => {
    const handle = await openDatabase({ DATA_DIR: dataDir });
    try {
      await handle.db.update(customers).set({ withholding: "PRIVATE" }).where(eq(customers.code, payer.code));
      // The demo line invoiced the collect side to the consignee; Cebu bills it to the shipper here instead.
      await handle.db.update(invoices).set({ status: "Cancelled", cancelReason: "Billed to the shipper", dateCancelled: new Date(), cancelledBy: "admin" })
        .where(and(eq(invoices.wayBillRef, wayBillRef), eq(invoices.billedSide, "C")));
      invoice112k = await writeInvoice(handle.db, {
        branchCode: "CEB", payer, voyageNum, billedSide: "C", invoiceDate: today, invoiceNo: "SI-CEB-E2E-000001",
        totals: { vatableSales: "100000.00", vatAmount: "12000.00", total: "112000.00" },
      });
      collectInvoice = await writeInvoice(handle.db, {
        branchCode: "CEB", payer, voyageNum, wayBillRef, billedSide: "C", invoiceDate: today, invoiceNo: "SI-CEB-E2E-000002",
        totals: { vatableSales: plain(collect.vatableNet), vatAmount: plain(collect.vat), exemptSales: plain(collect.exempt), total: plain(collect.total) },
      });
    } finally {
      await handle.close();
    }
  });
  browser = await openBrowser("accounting-cashier", { width: 1440, height: 900 });
  cashier = browser.page;
}, 300_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
});

describe("a cashier's collections on a voyage", () => {
  it("collects the 112,000.00 invoice in cash, the payer withholding 2%: 2,000.00, leaving 110,000.00", async () => {
    await signIn(cashier, server.baseURL, CASHIER, PASSWORD);
    await openCollections();
    expect(await shown("page-title")).toBe("Collections at DAT");
    await cashier.getByTestId("collection-new").click();
    await cashier.getByTestId("collection-form").waitFor();
    await pick("collection-payer", payer.code);
    expect(await shown("collection-payer-setting")).toBe("Withholding: Private: 2% EWT");
    await cashier.getByTestId(`collection-pick-${invoice112k.invoiceNo}`).check();
    await expect.poll(() => shown(`collection-ewt-${invoice112k.invoiceNo}`)).toBe("WC120 2,000.00");
    expect(await shown(`collection-base-${invoice112k.invoiceNo}`)).toBe("100,000.00");
    expect(await shown(`collection-cash-${invoice112k.invoiceNo}`)).toBe("110,000.00");
    expect([await shown("collection-total-applied"), await shown("collection-total-ewt"), await shown("collection-total-cash")])
      .toEqual(["112,000.00", "2,000.00", "110,000.00"]);
    // A rate other than the payer's setting is a warning, not a refusal.
    await cashier.getByTestId("collection-ewt-rate").fill("1");
    await expect.poll(() => shown("collection-warnings")).toBe("The customer's setting (Private: 2% EWT) withholds 2% EWT, not 1%.");
    expect(await shown("collection-total-cash")).toBe("111,000.00");
    await cashier.getByTestId("collection-ewt-rate").fill("");
    await expect.poll(() => shown("collection-total-cash")).toBe("110,000.00");
    expect(await shown("collection-next-receipt")).toMatch(/^CR-CEB-\d{4}-000001 \(taken when saved\)$/);
    await cashier.getByTestId("collection-save").click();
    await seeNotice(cashier, "Collection Successfully Created");
    await expect.poll(() => shown("collection-made-receipt")).toMatch(/^CR-CEB-\d{4}-000001$/);
    cashReceipt = (await shown("collection-made-receipt"))!;
    await cashier.getByTestId(`collection-row-${cashReceipt}`).waitFor();
    expect(await shown(`collection-received-${cashReceipt}`)).toBe("110,000.00");
    expect(await shown(`collection-ewt-${cashReceipt}`)).toBe("2,000.00");
    expect(await shown(`collection-status-${cashReceipt}`)).toBe("Issued");
  });

  it("prints the receipt: the invoice it settles with the tax withheld, and that it is no claim of input tax", async () => {
    const [popup] = await Promise.all([cashier.waitForEvent("popup"), rowButton(cashier, `collection-row-${cashReceipt}`, "Print").click()]);
    await popup.waitForLoadState();
    const pdf = await popup.request.get(popup.url());
    expect([pdf.status(), pdf.headers()["content-type"]]).toEqual([200, "application/pdf"]);
    const bytes = new Uint8Array(await pdf.body());
    await popup.close();
    const read = await renderPdf(bytes, { pageSegmentation: 4 });
    const text = read.pages.map((p) => normaliseOcr(p.text ?? "").replace(/[ |=]/g, "")).join(" ");
    const squeeze = (s: string) => normaliseOcr(s).replace(/[ |=]/g, "");
    expect(text).toContain(squeeze(`receipt no. ${cashReceipt}`));
    expect(text).toContain(squeeze(`${invoice112k.invoiceNo} - 112,000.00 wc120 2% 100,000.00 2,000.00 0.00 110,000.00`));
    expect(text).toContain(squeeze("amount received (php) 110,000.00"));
    expect(text).toContain(squeeze("THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX"));
  }, 60_000);

  it("takes a post-dated cheque of last week for the waybill's collect invoice", async () => {
    const ewt = ewtOf(collect.total, collect.vat);
    await cashier.getByTestId("collection-new").click();
    await cashier.getByTestId("collection-form").waitFor();
    await pick("collection-payer", payer.code);
    await cashier.getByTestId(`collection-pick-${collectInvoice.invoiceNo}`).check();
    await expect.poll(() => shown(`collection-cash-${collectInvoice.invoiceNo}`)).toBe(money(collect.total - ewt));
    expect(await shown(`collection-ewt-${collectInvoice.invoiceNo}`)).toBe(`WC120 ${money(ewt)}`);
    await cashier.getByTestId("collection-date").fill(lastWeek);
    await pick("collection-method", "PDC");
    await cashier.getByTestId("collection-bank").fill("Metrobank");
    await cashier.getByTestId("collection-cheque-no").fill("E2E-778812");
    await cashier.getByTestId("collection-cheque-date").fill(lastWeek);
    await cashier.getByTestId("collection-save").click();
    await seeNotice(cashier, "Collection Successfully Created");
    // The callout above the list names the receipt just made, in place of the first one.
    await expect.poll(() => shown("collection-made-receipt")).toMatch(/^CR-CEB-\d{4}-000002$/);
    const receipt = (await shown("collection-made-receipt"))!;
    expect(await shown(`collection-method-${receipt}`)).toBe("Post-dated cheque E2E-778812 (RECEIVED)");
  });

  it("does not call the waybill paid while its cheque waits", async () => {
    await lookUp(wayBillRef);
    expect(await shown("waybill-paid-destination-status")).toBe("Not paid");
    expect(await shown("waybill-paid-destination-reason")).toBe(
      `A post-dated cheque for ${money(collect.total)} on invoice ${collectInvoice.invoiceNo} has not cleared.`,
    );
  });

  it("deposits the cheque and clears it on PDC clearing", async () => {
    await cashier.getByTestId("collections-to-pdc").click();
    await cashier.getByTestId("pdc-page").waitFor();
    await cashier.getByTestId("pdc-row-E2E-778812").waitFor();
    expect(await shown("pdc-status-E2E-778812")).toBe("RECEIVED");
    await rowButton(cashier, "pdc-row-E2E-778812", "Deposit").click();
    await cashier.getByTestId("pdc-date-form").waitFor();
    await cashier.getByTestId("pdc-date").fill(lastWeek);
    await cashier.getByTestId("pdc-date-save").click();
    await seeNotice(cashier, "Deposited Successfully");
    await expect.poll(() => shown("pdc-status-E2E-778812")).toBe("DEPOSITED");
    await rowButton(cashier, "pdc-row-E2E-778812", "Clear").click();
    await cashier.getByTestId("pdc-date-form").waitFor();
    expect(await cashier.getByTestId("pdc-date").inputValue()).toBe(today);
    await cashier.getByTestId("pdc-date-save").click();
    await seeNotice(cashier, "Cleared Successfully");
    // The list is read again half a second later: a cleared cheque is no longer outstanding.
    await cashier.getByTestId("pdc-row-E2E-778812").waitFor({ state: "detached" });
    await pick("pdc-filter", "CLEARED");
    await expect.poll(() => shown("pdc-status-E2E-778812")).toBe("CLEARED");
    expect(await shown("pdc-cleared-E2E-778812")).toBe(today);
  });

  it("sees the waybill paid at its destination, and the day's cash with the EWT withheld", async () => {
    await cashier.goBack();
    await cashier.getByTestId("collections-page").waitFor();
    await lookUp(wayBillRef);
    await expect.poll(() => shown("waybill-paid-destination-status")).toBe("Paid");
    expect(await shown("waybill-paid-destination-reason")).toBe("Collected in full.");
    await expect.poll(() => shown("day-total-cash")).toBe("110,000.00");
    expect(await shown("day-total-ewt")).toBe("2,000.00");
    expect(await cashier.getByTestId("day-totals").getByText(exactly("Cash (1)")).count()).toBe(1);
  });

  it("cancels the cash receipt with its reason: it keeps its number, and the day's cash no longer counts it", async () => {
    await rowButton(cashier, `collection-row-${cashReceipt}`, "Cancel").click();
    await cashier.getByTestId("collection-cancel-form").waitFor();
    await cashier.getByTestId("collection-cancel-confirm").click();
    expect(await cashier.getByTestId("collection-cancel-form").getByText("Give the reason").count()).toBe(1);
    await cashier.getByTestId("collection-cancel-reason").fill("Keyed against the wrong payer");
    await cashier.getByTestId("collection-cancel-confirm").click();
    await seeNotice(cashier, "Collection Deleted Successfully.");
    // The list and the day's totals come back a second later.
    await expect.poll(() => shown(`collection-status-${cashReceipt}`), { timeout: 10_000 }).toBe("Cancelled");
    await expect.poll(() => shown("day-total-cash")).toBe("0.00");
    expect(await shown("day-total-cancelled")).toBe("1");
    expect(await rowButton(cashier, `collection-row-${cashReceipt}`, "Cancel").isDisabled()).toBe(true);
  });
});
