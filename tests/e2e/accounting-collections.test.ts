import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { addCalendarDays, manilaToday } from "../../api/shared/dates.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { setUpBookingWorld } from "./booking-world.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * A cashier's whole day on one voyage, from invoice to paid waybill. Two prepaid waybills of one shipper, made
 * through the API, wait on a voyage Manila to Davao. The cashier generates the voyage's invoices on CRO
 * accounting and prints one (VAT read back from the page image); collects the first invoice in cash, the
 * shipper withholding 2% of the amount net of VAT, and prints the receipt (the tax withheld read back); takes a
 * post-dated cheque for the rest; sees the second waybill unpaid while the cheque waits; deposits and clears the
 * cheque on PDC clearing; and sees the waybill paid. A third waybill, collect, is billed at Davao to a consignee
 * who is nobody's customer; the cashier finds its invoice by number and collects it. Every figure is worked out here by hand from the waybills'
 * lines, in integer centavos.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "cashier-passphrase-23";
const ROLE = "ACCTE2E_CASHIER";
const CASHIER = "acct-e2e-cashier";
const PAYER = { code: "ACCT-E2E-01", company: "Liwayway Coconut Traders Inc." };
const CHEQUE = "E2E-778812";

let asAdmin: AdminCall;
let browser: OpenBrowser;
let cashier: Page;
let voyageNum = "";
/** The two prepaid waybills in the order they were made, each with its invoice once generated and its foot by hand. */
const waybills: { wayBillRef: string; invoiceNo: string; foot: Foot }[] = [];
/** A collect waybill: the consignee at Davao pays, and is nobody's customer. */
const collectWaybill = { wayBillRef: "", invoiceNo: "", foot: { vatable: 0n, vat: 0n, exempt: 0n, total: 0n } as Foot };
const CONSIGNEE = "Davao Bakers' Supply";
let cashReceipt = "";
const today = manilaToday();
const lastWeek = addCalendarDays(today, -7);

// Figures by hand, in integer centavos ----------------------------------------------------------------------

interface Foot { vatable: bigint; vat: bigint; exempt: bigint; total: bigint }

const centavos = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole! + fraction.padEnd(2, "0").slice(0, 2));
};
/** n / d rounded half up, for positive figures. */
const roundedDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);
/** 2613225 centavos as "26,132.25". */
function money(c: bigint): string {
  const text = c.toString().padStart(3, "0");
  return `${text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${text.slice(-2)}`;
}
/** An invoice's foot from its waybill's lines: the VATable lines net of VAT once (÷ 1.12, half up), VAT the rest. */
function footOf(lines: { chargeValue: string; isVatable: boolean }[]): Foot {
  const inclusive = lines.filter((l) => l.isVatable).reduce((s, l) => s + centavos(l.chargeValue), 0n);
  const exempt = lines.filter((l) => !l.isVatable).reduce((s, l) => s + centavos(l.chargeValue), 0n);
  const vatable = roundedDiv(inclusive * 100n, 112n);
  return { vatable, vat: inclusive - vatable, exempt, total: inclusive + exempt };
}
/** 2% of the invoice net of VAT. */
const ewtOf = (foot: Foot) => roundedDiv((foot.total - foot.vat) * 2n, 100n);

/** An ISO 6346 container number of the test's own owner code. */
function containerNumber(serial: number): string {
  const firstTen = `ACEU${String(serial).padStart(6, "0")}`;
  return `${firstTen}${containerCheckDigit(firstTen)}`;
}

const shown = async (testId: string) => (await cashier.getByTestId(testId).textContent())?.trim();
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |=]/g, "");

async function pick(testId: string, value: string) {
  const select = cashier.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

/** A printout the page links to or opens, rendered to images and read back as one squeezed text. */
async function readPdf(url: string): Promise<string> {
  const res = await cashier.context().request.get(new URL(url, baseURL).toString());
  expect([res.status(), res.headers()["content-type"]]).toEqual([200, "application/pdf"]);
  const read = await renderPdf(new Uint8Array(await res.body()), { pageSegmentation: 4 });
  return read.pages.map((p) => squeeze(p.text ?? "")).join(" ");
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
  asAdmin = await adminApi(baseURL, adminPassword);
  // The shipper withholds 2% EWT on what it pays: a private company's setting.
  await asAdmin("POST", "/Customers/createWithDetailsV1", {
    code: PAYER.code, company: PAYER.company, customerContactEmail: "ap@liwayway.example.ph", customerType: "SHIPPER",
    tin: "214-883-019-00000", vatRegistered: true, withholding: "PRIVATE",
  });
  const world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: { role: "ACCTE2E", user: "acct-e2e" }, password: PASSWORD, customerCode: PAYER.code,
    lanes: [{ serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "DVO", teu: 1 }],
    voyage: { voyageRef: "V-E2E-ACCT", vesselCode: "MV-PIONEER", routeCode: "MNL-DVO", destinationBranchCode: "DVO" },
  });
  voyageNum = world.voyageNum;
  const booking = {
    destinationBranchCode: "DVO", modeOfDelivery: "PTP", modeOfPayment: "P", quantityTeu: 1, goods: "Desiccated coconut", packaging: "Box",
    quantity: 400, cargoWeight: "12.0", declaredValue: "210000", consigneeName: CONSIGNEE,
  };
  const batch = (await world.callAs("staff", "POST", "/Bookings/batch", {
    voyageNum, customerCode: PAYER.code, remarks: "Collections", bookings: [booking, { ...booking, goods: "Coconut oil" }, { ...booking, goods: "Rice bran", modeOfPayment: "C" }],
  })).data;
  const bookingRefs = (batch.bookings as { bookingRef: string }[]).map((b) => b.bookingRef);
  await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: batch.bookingBatchRef });
  await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs, truckingCode: "TRK-001" });
  for (const [i, bookingRef] of bookingRefs.entries()) {
    // Vans of the test's own, so no other test's slip holds them.
    await asAdmin("POST", "/ContainerVans/create", { code: containerNumber(230_100 + i), size: "20", vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1" });
    await asAdmin("POST", "/OutBound/cts/create", {
      bookingRef, containerVanNum: containerNumber(230_100 + i), truckingCode: "TRK-001", plateNum: "NBC 1234", driver: "Rodel Mendoza",
      toParty: "Shipper", vanStatus: "Empty",
    });
    const made = (await asAdmin<{ data: { wayBillRef: string; charges: { chargeValue: string; isVatable: boolean; availableTo: string }[] } }>(
      "POST", "/OutBound/waybill/create", { bookingRef },
    )).data;
    expect(made.charges.length).toBeGreaterThan(0);
    const side = i < 2 ? "P" : "C";
    expect(made.charges.every((c) => c.availableTo === side)).toBe(true);
    if (side === "P") waybills.push({ wayBillRef: made.wayBillRef, invoiceNo: "", foot: footOf(made.charges) });
    else Object.assign(collectWaybill, { wayBillRef: made.wayBillRef, foot: footOf(made.charges) });
  }

  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  await asAdmin("POST", "/Roles", { roleId: ROLE, roleName: "Accounting e2e cashier", isDat: true, roleDetails: [{ menuId: "CROACCOUNTING" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CASHIER, name: "Rosario Villanueva", email: `${CASHIER}@example.test`, roleId: ROLE,
    branches: [{ id: branches.find((b) => b.code === "MNL")!.id, defaultBranch: true }, { id: branches.find((b) => b.code === "DVO")!.id, defaultBranch: false }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CASHIER}?password=${encodeURIComponent(PASSWORD)}`);
  browser = await openBrowser("accounting-cashier", { width: 1440, height: 900 });
  cashier = browser.page;
}, 300_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("a cashier takes a voyage from invoice to paid waybill", () => {
  it("generates the voyage's two invoices on CRO accounting, each with the VAT worked out by hand", async () => {
    await signIn(cashier, baseURL, CASHIER, PASSWORD);
    await cashier.getByTestId("nav-cro-accounting").click();
    await cashier.getByTestId("cro-accounting-page").waitFor();
    await cashier.getByTestId("cro-search").fill(voyageNum);
    const key = `${voyageNum}-MNL-Origin`;
    await cashier.getByTestId(`cro-voyage-${key}`).waitFor();
    expect(await shown(`cro-waiting-${key}`)).toBe("2");
    await cashier.getByTestId(`cro-generate-${key}`).click();
    await seeNotice(cashier, "2 invoices generated successfully");
    await cashier.getByTestId(`cro-amount-invoiced-${key}`).filter({ hasText: exactly(money(waybills[0]!.foot.total + waybills[1]!.foot.total)) }).waitFor();
    expect(await shown(`cro-waiting-${key}`)).toBe("0");
    // Nothing is left to invoice: the action is off.
    expect(await cashier.getByTestId(`cro-generate-${key}`).isDisabled()).toBe(true);

    await cashier.getByTestId(`cro-open-${key}`).click();
    await cashier.getByTestId("cro-read-page").waitFor();
    const rows = cashier.getByTestId("invoice-table").locator("[data-testid^='invoice-row-']");
    await expect.poll(() => rows.count()).toBe(2);
    for (const invoiceNo of await rows.allTextContents()) {
      expect(invoiceNo.trim()).toMatch(/^SI-MNL-\d{4}-\d{6}$/);
      const wayBillRef = await shown(`invoice-waybill-${invoiceNo.trim()}`);
      const waybill = waybills.find((w) => w.wayBillRef === wayBillRef)!;
      expect(waybill).toBeDefined();
      waybill.invoiceNo = invoiceNo.trim();
    }
    for (const { invoiceNo, foot } of waybills) {
      expect([
        await shown(`invoice-buyer-${invoiceNo}`), await shown(`invoice-vatable-${invoiceNo}`), await shown(`invoice-vat-${invoiceNo}`),
        await shown(`invoice-exempt-${invoiceNo}`), await shown(`invoice-total-${invoiceNo}`), await shown(`invoice-status-${invoiceNo}`),
      ]).toEqual([PAYER.company, money(foot.vatable), money(foot.vat), money(foot.exempt), money(foot.total), "Issued"]);
    }
  }, 180_000);

  it("prints the first invoice: its number, the buyer, and the VAT apart, read back from the page image", async () => {
    const { invoiceNo, foot } = waybills[0]!;
    const text = await readPdf((await cashier.getByTestId(`invoice-print-${invoiceNo}`).getAttribute("href"))!);
    for (const line of [
      "INVOICE", `No. ${invoiceNo}`, "VAT Reg. TIN: 009-284-517-00000", `Sold to ${PAYER.company}`, "TIN 214-883-019-00000", `VATable sales ${money(foot.vatable)}`,
      `VAT (12%) ${money(foot.vat)}`, `TOTAL AMOUNT DUE (PHP) ${money(foot.total)}`,
    ]) {
      expect(text, line).toContain(squeeze(line));
    }
  }, 120_000);

  it("collects the first invoice in cash, the shipper withholding 2% of the amount net of VAT", async () => {
    const { invoiceNo, foot } = waybills[0]!;
    const ewt = ewtOf(foot);
    await openCollections();
    expect(await shown("page-title")).toBe("Collections at DAT");
    await cashier.getByTestId("collection-new").click();
    await cashier.getByTestId("collection-form").waitFor();
    await pick("collection-payer", PAYER.code);
    expect(await shown("collection-payer-setting")).toBe("Withholding: Private: 2% EWT");
    await cashier.getByTestId(`collection-pick-${invoiceNo}`).check();
    await expect.poll(() => shown(`collection-ewt-${invoiceNo}`)).toBe(`WC120 ${money(ewt)}`);
    expect(await shown(`collection-base-${invoiceNo}`)).toBe(money(foot.total - foot.vat));
    expect(await shown(`collection-cash-${invoiceNo}`)).toBe(money(foot.total - ewt));
    expect([await shown("collection-total-applied"), await shown("collection-total-ewt"), await shown("collection-total-cash")])
      .toEqual([money(foot.total), money(ewt), money(foot.total - ewt)]);
    // A rate other than the payer's setting is a warning, not a refusal.
    await cashier.getByTestId("collection-ewt-rate").fill("1");
    await expect.poll(() => shown("collection-warnings")).toBe("The customer's setting (Private: 2% EWT) withholds 2% EWT, not 1%.");
    await cashier.getByTestId("collection-ewt-rate").fill("");
    await expect.poll(() => shown("collection-total-cash")).toBe(money(foot.total - ewt));
    await cashier.getByTestId("collection-save").click();
    await seeNotice(cashier, "Collection Successfully Created");
    await expect.poll(() => shown("collection-made-receipt")).toMatch(/^CR-MNL-\d{4}-\d{6}$/);
    cashReceipt = (await shown("collection-made-receipt"))!;
    await cashier.getByTestId(`collection-row-${cashReceipt}`).waitFor();
    expect([await shown(`collection-received-${cashReceipt}`), await shown(`collection-ewt-${cashReceipt}`), await shown(`collection-status-${cashReceipt}`)])
      .toEqual([money(foot.total - ewt), money(ewt), "Issued"]);
    await lookUp(waybills[0]!.wayBillRef);
    await expect.poll(() => shown("waybill-paid-origin-status")).toBe("Paid");
    expect(await shown("waybill-paid-origin-reason")).toBe("Collected in full.");
  }, 120_000);

  it("prints the receipt: the invoice it settles with the 2% withheld, and that it is no claim of input tax", async () => {
    const { invoiceNo, wayBillRef, foot } = waybills[0]!;
    const ewt = ewtOf(foot);
    const [popup] = await Promise.all([cashier.waitForEvent("popup"), rowButton(cashier, `collection-row-${cashReceipt}`, "Print").click()]);
    await popup.waitForLoadState();
    const url = popup.url();
    await popup.close();
    const text = await readPdf(url);
    expect(text).toContain(squeeze(`receipt no. ${cashReceipt}`));
    expect(text).toContain(squeeze(`${invoiceNo} ${wayBillRef} ${money(foot.total)} wc120 2% ${money(foot.total - foot.vat)} ${money(ewt)} 0.00 ${money(foot.total - ewt)}`));
    expect(text).toContain(squeeze(`amount received (php) ${money(foot.total - ewt)}`));
    expect(text).toContain(squeeze("THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX"));
  }, 60_000);

  it("takes a post-dated cheque of last week for the rest: the second invoice, less its 2%", async () => {
    const { invoiceNo, foot } = waybills[1]!;
    const ewt = ewtOf(foot);
    await cashier.getByTestId("collection-new").click();
    await cashier.getByTestId("collection-form").waitFor();
    await pick("collection-payer", PAYER.code);
    // The first invoice is settled: only the second is open.
    await cashier.getByTestId(`collection-pick-${invoiceNo}`).waitFor();
    expect(await cashier.getByTestId(`collection-pick-${waybills[0]!.invoiceNo}`).count()).toBe(0);
    await cashier.getByTestId(`collection-pick-${invoiceNo}`).check();
    await expect.poll(() => shown(`collection-cash-${invoiceNo}`)).toBe(money(foot.total - ewt));
    expect(await shown(`collection-ewt-${invoiceNo}`)).toBe(`WC120 ${money(ewt)}`);
    await cashier.getByTestId("collection-date").fill(lastWeek);
    await pick("collection-method", "PDC");
    await cashier.getByTestId("collection-bank").fill("Metrobank");
    await cashier.getByTestId("collection-cheque-no").fill(CHEQUE);
    await cashier.getByTestId("collection-cheque-date").fill(lastWeek);
    await cashier.getByTestId("collection-save").click();
    await seeNotice(cashier, "Collection Successfully Created");
    // The callout above the list names the receipt just made, the next number after the cash receipt's.
    const next = cashReceipt.replace(/\d{6}$/, (n) => String(Number(n) + 1).padStart(6, "0"));
    await expect.poll(() => shown("collection-made-receipt")).toBe(next);
    expect(await shown(`collection-method-${next}`)).toBe(`Post-dated cheque ${CHEQUE} (RECEIVED)`);
  });

  it("does not call the second waybill paid while its cheque waits", async () => {
    const { wayBillRef, invoiceNo, foot } = waybills[1]!;
    await lookUp(wayBillRef);
    await expect.poll(() => shown("waybill-paid-origin-status")).toBe("Not paid");
    expect(await shown("waybill-paid-origin-reason")).toBe(`A post-dated cheque for ${money(foot.total)} on invoice ${invoiceNo} has not cleared.`);
  });

  it("deposits the cheque and clears it on PDC clearing", async () => {
    await cashier.getByTestId("collections-to-pdc").click();
    await cashier.getByTestId("pdc-page").waitFor();
    await cashier.getByTestId(`pdc-row-${CHEQUE}`).waitFor();
    expect(await shown(`pdc-status-${CHEQUE}`)).toBe("RECEIVED");
    await rowButton(cashier, `pdc-row-${CHEQUE}`, "Deposit").click();
    await cashier.getByTestId("pdc-date-form").waitFor();
    await cashier.getByTestId("pdc-date").fill(lastWeek);
    await cashier.getByTestId("pdc-date-save").click();
    await seeNotice(cashier, "Deposited Successfully");
    await expect.poll(() => shown(`pdc-status-${CHEQUE}`)).toBe("DEPOSITED");
    await rowButton(cashier, `pdc-row-${CHEQUE}`, "Clear").click();
    await cashier.getByTestId("pdc-date-form").waitFor();
    expect(await cashier.getByTestId("pdc-date").inputValue()).toBe(today);
    await cashier.getByTestId("pdc-date-save").click();
    await seeNotice(cashier, "Cleared Successfully");
    // The list is read again half a second later: a cleared cheque is no longer outstanding.
    await cashier.getByTestId(`pdc-row-${CHEQUE}`).waitFor({ state: "detached" });
    await pick("pdc-filter", "CLEARED");
    await expect.poll(() => shown(`pdc-status-${CHEQUE}`)).toBe("CLEARED");
    expect(await shown(`pdc-cleared-${CHEQUE}`)).toBe(today);
  });

  it("sees the second waybill paid once its cheque has cleared", async () => {
    await cashier.goBack();
    await cashier.getByTestId("collections-page").waitFor();
    await lookUp(waybills[1]!.wayBillRef);
    await expect.poll(() => shown("waybill-paid-origin-status")).toBe("Paid");
    expect(await shown("waybill-paid-origin-reason")).toBe("Collected in full.");
  });

  it("collects the collect waybill at Davao from its consignee, who is not a customer, found by the invoice number", async () => {
    const { wayBillRef, foot } = collectWaybill;
    await cashier.getByTestId("nav-cro-accounting").click();
    await cashier.getByTestId("cro-accounting-page").waitFor();
    await cashier.getByTestId("cro-search").fill(voyageNum);
    const key = `${voyageNum}-DVO-Destination`;
    await cashier.getByTestId(`cro-voyage-${key}`).waitFor();
    await cashier.getByTestId(`cro-generate-${key}`).click();
    await seeNotice(cashier, "1 invoice generated successfully");
    await cashier.getByTestId(`cro-amount-invoiced-${key}`).filter({ hasText: exactly(money(collectWaybill.foot.total)) }).waitFor();
    await cashier.getByTestId(`cro-open-${key}`).click();
    await cashier.getByTestId("cro-read-page").waitFor();
    const row = cashier.getByTestId("invoice-table").locator("[data-testid^='invoice-row-']");
    collectWaybill.invoiceNo = (await row.textContent())!.trim();
    expect(collectWaybill.invoiceNo).toMatch(/^SI-DVO-\d{4}-\d{6}$/);
    const invoiceNo = collectWaybill.invoiceNo;
    expect([await shown(`invoice-buyer-${invoiceNo}`), await shown(`invoice-total-${invoiceNo}`)]).toEqual([CONSIGNEE, money(foot.total)]);

    await openCollections();
    await cashier.getByTestId("collection-new").click();
    await cashier.getByTestId("collection-form").waitFor();
    await pick("collection-branch", "DVO");
    await pick("collection-payer", "*");
    await cashier.getByTestId("collection-walk-in-search").fill(invoiceNo);
    await cashier.getByTestId(`collection-pick-${invoiceNo}`).check();
    await expect.poll(() => shown("collection-payer-setting"))
      .toBe(`Not a registered customer: ${CONSIGNEE}. No tax withheld, no post-dated cheque, no credit kept.`);
    expect([await shown(`collection-buyer-${invoiceNo}`), await shown(`collection-cash-${invoiceNo}`), await shown("collection-total-ewt")])
      .toEqual([CONSIGNEE, money(foot.total), "0.00"]);
    await cashier.getByTestId("collection-save").click();
    await seeNotice(cashier, "Collection Successfully Created");
    await expect.poll(() => shown("collection-made-receipt")).toMatch(/^CR-DVO-\d{4}-\d{6}$/);
    const receipt = (await shown("collection-made-receipt"))!;
    expect([await shown(`collection-payer-${receipt}`), await shown(`collection-received-${receipt}`)]).toEqual([CONSIGNEE, money(foot.total)]);
    await lookUp(wayBillRef);
    await expect.poll(() => shown("waybill-paid-destination-status")).toBe("Paid");
  }, 120_000);

  it("cancels the cash receipt with its reason: it keeps its number, and the first waybill is open again", async () => {
    await rowButton(cashier, `collection-row-${cashReceipt}`, "Cancel").click();
    await cashier.getByTestId("collection-cancel-form").waitFor();
    await cashier.getByTestId("collection-cancel-confirm").click();
    expect(await cashier.getByTestId("collection-cancel-form").getByText("Give the reason").count()).toBe(1);
    await cashier.getByTestId("collection-cancel-reason").fill("Keyed against the wrong payer");
    await cashier.getByTestId("collection-cancel-confirm").click();
    await seeNotice(cashier, "Collection Deleted Successfully.");
    // The list comes back a second later.
    await expect.poll(() => shown(`collection-status-${cashReceipt}`), { timeout: 10_000 }).toBe("Cancelled");
    expect(await rowButton(cashier, `collection-row-${cashReceipt}`, "Cancel").isDisabled()).toBe(true);
    await lookUp(waybills[0]!.wayBillRef);
    await expect.poll(() => shown("waybill-paid-origin-status")).toBe("Not paid");
  });

  it("settles the rest of the first invoice partly from credit the shipper kept, and prints the credit on the receipt", async () => {
    const { invoiceNo } = waybills[0]!;
    // Earlier the shipper paid 1,000.00 of the invoice with 1,500.00: the 500.00 over was kept as its credit.
    const { data: open } = await asAdmin<{ data: { invoiceId: number; invoiceNo: string }[] }>(
      "GET", `/Collections/openInvoices?branchCode=MNL&customerCode=${PAYER.code}`,
    );
    const invoiceId = open.find((i) => i.invoiceNo === invoiceNo)!.invoiceId;
    await asAdmin("POST", "/Collections/create", {
      branchCode: "MNL", customerCode: PAYER.code, collectionDate: today, paymentMethod: "CASH", ewtRate: "0",
      lines: [{ invoiceId, applied: "1000.00" }], amountReceived: "1500.00", excessHandling: "CREDIT",
    });
    await cashier.reload();
    await cashier.getByTestId("collections-page").waitFor();
    await cashier.getByTestId("collection-new").click();
    await cashier.getByTestId("collection-form").waitFor();
    await pick("collection-payer", PAYER.code);
    await expect.poll(() => shown("collection-payer-setting")).toBe("Withholding: Private: 2% EWT · Credit kept: 500.00");
    await cashier.getByTestId(`collection-pick-${invoiceNo}`).check();
    await expect.poll(() => shown(`collection-cash-${invoiceNo}`)).toMatch(/^[\d,]+\.\d\d$/);
    const cash = centavos((await shown("collection-total-cash"))!.replace(/,/g, ""));
    // More credit than kept is refused in the page, before anything is sent.
    await cashier.getByTestId("collection-credit").fill("600.00");
    await cashier.getByTestId("collection-save").click();
    await cashier.getByText("The customer has 500.00 of credit").waitFor();
    await cashier.getByTestId("collection-credit").fill("500.00");
    await expect.poll(() => shown("collection-total-credit")).toBe("500.00");
    expect(await cashier.getByTestId("collection-received").getAttribute("placeholder")).toBe(money(cash - 50000n).replace(/,/g, ""));
    await cashier.getByTestId("collection-save").click();
    await seeNotice(cashier, "Collection Successfully Created");
    // The page was read afresh above, so the callout names this receipt.
    await expect.poll(() => shown("collection-made-receipt")).toMatch(/^CR-MNL-\d{4}-\d{6}$/);
    const receipt = (await shown("collection-made-receipt"))!;
    expect(await shown("collection-made"))
      .toBe(`Receipt ${receipt}: ${money(cash - 50000n)} received from ${PAYER.company}, with 500.00 of credit applied. Print the receipt`);
    expect([await shown(`collection-credit-${receipt}`), await shown(`collection-received-${receipt}`)]).toEqual(["500.00", money(cash - 50000n)]);
    await lookUp(waybills[0]!.wayBillRef);
    await expect.poll(() => shown("waybill-paid-origin-status")).toBe("Paid");

    const [popup] = await Promise.all([cashier.waitForEvent("popup"), rowButton(cashier, `collection-row-${receipt}`, "Print").click()]);
    await popup.waitForLoadState();
    const url = popup.url();
    await popup.close();
    const text = await readPdf(url);
    expect(text).toContain(squeeze(`less credit applied 500.00 amount received (php) ${money(cash - 50000n)}`));
  }, 120_000);
});
