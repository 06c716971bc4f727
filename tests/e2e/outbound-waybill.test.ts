import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";

/**
 * An outbound clerk's waybill from the Outbound menu, for the demo line's booking whose van left on a transfer
 * slip dented on the roof and loose at the door: made from the list, its charge lines and totals checked
 * against the quotation's rates worked out here, two lines added and one removed, the split charge ticked so
 * the destination charges move to Collect, a stale save refused, then saved, printed whole and as both
 * trucker's copies, reached from the booking's own screen, and shown on the public tracking page.
 *
 * The transfer slip test issues (and cancels) a slip for the demo booking still waiting at ATW Issued; this one
 * takes the booking whose slip the demo issued, so either may run first.
 */

const baseURL = inject("baseURL");
const adminPassword = inject("adminPassword");
const PASSWORD = "waybill-clerk-passphrase-5";

// Ids of their own: the other browser test files share this server and its roles.
const ROLE = "WBE2E_CLERK";
const CLERK = "wb-e2e-clerk";

/** The demo's van that left on its slip dented on the roof and loose at the door (api/modules/outbound/demo.ts). */
const DEMO_DAMAGED_VAN = "LDGU2010014";

/** The lines the clerk adds: a VAT-exempt permit fee per TEU, and a breakbulk charge at the destination per ton. */
const PERMIT = { chargeCode: "016", part: "OTHER", rateUnit: "perTeu", rate: "750.00" } as const;
const BREAKBULK = { chargeCode: "008", part: "PORT_DESTINATION", rateUnit: "perTon", rate: "410.50" } as const;
/** The line the clerk removes. */
const REMOVED = { chargeCode: "005", part: "PORT_ORIGIN" } as const;

interface BookingView {
  bookingRef: string;
  bookingBatchRef: string;
  voyageNum: string;
  status: string;
  modeOfPayment: string;
  quantity: number;
  quantityTeu: number;
  cargoWeight: string;
  charges: { chargeCode: string; chargePart: string; rateUnit: string; rate: string }[];
}

interface Line {
  chargeCode: string;
  part: string;
  rateUnit: string;
  rate: string;
}

let asAdmin: AdminCall;
let browser: OpenBrowser;
let clerk: Page;
let booking: BookingView;
let ctsNum = "";
let wayBillRef = "";
let vatable = new Map<string, boolean>();

// Figures by hand, in integer centavos ----------------------------------------------------------------------

/** "21392.00" → 2139200n; "12.500" tons → 12500n thousandths, by the same reading. */
function scaled(text: string, decimals: number): bigint {
  const [whole, fraction = ""] = text.split(".");
  return BigInt(whole! + fraction.padEnd(decimals, "0").slice(0, decimals));
}

/** n / d rounded half up, for positive figures. */
const roundedDiv = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/** A line's amount in centavos: the rate times the booking's TEU, bags or tons. */
function amountOf(line: Line): bigint {
  const rate = scaled(line.rate, 2);
  if (line.rateUnit === "perTeu") return rate * BigInt(booking.quantityTeu);
  if (line.rateUnit === "perBag") return rate * BigInt(booking.quantity);
  return roundedDiv(rate * scaled(booking.cargoWeight, 3), 1000n);
}

/** "2613225" centavos → "26,132.25", as people read an amount. */
function money(centavos: bigint): string {
  const text = centavos.toString().padStart(3, "0");
  return `${text.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${text.slice(-2)}`;
}

interface Expected {
  prepaid: string;
  collect: string;
  total: string;
  vatableInclusive: string;
  vatableNet: string;
  vat: string;
  exempt: string;
}

/** The totals of a cash shipper's lines: with a split, the destination charges are collected at the destination. */
function totalsOf(lines: readonly Line[], split: boolean): Expected {
  const destination = (l: Line) => l.part === "PORT_DESTINATION" || l.part === "TRUCKING_DESTINATION";
  const sum = (pick: (l: Line) => boolean) => lines.filter(pick).reduce((s, l) => s + amountOf(l), 0n);
  const collect = split ? sum(destination) : 0n;
  const total = sum(() => true);
  const inclusive = sum((l) => vatable.get(l.chargeCode) === true);
  const net = roundedDiv(inclusive * 100n, 112n);
  return {
    prepaid: money(total - collect),
    collect: money(collect),
    total: money(total),
    vatableInclusive: money(inclusive),
    vatableNet: money(net),
    vat: money(inclusive - net),
    exempt: money(total - inclusive),
  };
}

// The page ------------------------------------------------------------------------------------------------

async function pick(page: Page, testId: string, value: string) {
  // Choices fill in once their lists have arrived.
  const select = page.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

const shown = async (testId: string) => (await clerk.getByTestId(testId).textContent())?.trim();

/** The charge table as the form shows it: code, part, amount and who is billed, line by line. */
async function shownLines(): Promise<string[][]> {
  const rows = clerk.getByTestId("waybill-charges").locator("tbody tr");
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    out.push(await Promise.all(["code", "part", "unit", "rate", "amount", "side"].map(async (c) => (await shown(`waybill-line-${i}-${c}`)) ?? "")));
  }
  return out;
}

async function expectTotals(expected: Expected, accountSides = "0.00") {
  await expect.poll(() => shown("waybill-total-prepaid")).toBe(expected.prepaid);
  expect(await shown("waybill-total-collect")).toBe(expected.collect);
  expect(await shown("waybill-total-account-origin")).toBe(accountSides);
  expect(await shown("waybill-total-account-destination")).toBe(accountSides);
  expect(await shown("waybill-total")).toBe(expected.total);
  expect(await shown("waybill-vat-inclusive")).toBe(expected.vatableInclusive);
  expect(await shown("waybill-vat-net")).toBe(expected.vatableNet);
  expect(await shown("waybill-vat")).toBe(expected.vat);
  expect(await shown("waybill-vat-exempt")).toBe(expected.exempt);
}

const PART_WORDS: Record<string, string> = {
  FREIGHT: "Freight",
  PORT_ORIGIN: "Port · origin",
  PORT_DESTINATION: "Port · destination",
  OTHER: "Other",
};
const UNIT_WORDS: Record<string, string> = { perTeu: "Per TEU", perBag: "Per BAG", perTon: "Per TON" };

/** The rows the charge table should show for these lines. */
const rowsOf = (lines: readonly Line[], split: boolean) =>
  lines.map((l) => [
    l.chargeCode, PART_WORDS[l.part]!, UNIT_WORDS[l.rateUnit]!, money(scaled(l.rate, 2)), money(amountOf(l)),
    split && l.part === "PORT_DESTINATION" ? "Collect" : "Prepaid",
  ]);

async function openPdf(button: ReturnType<typeof rowButton>, name: string): Promise<string> {
  const [popup] = await Promise.all([clerk.waitForEvent("popup"), button.click()]);
  await popup.waitForLoadState();
  const pdf = await popup.request.get(popup.url());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
  await popup.close();
  const file = path.join(browser.profileDir, `${name}.pdf`);
  writeFileSync(file, bytes);
  return execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" });
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  await asAdmin("POST", "/Roles", { roleId: ROLE, roleName: "Waybill e2e clerk", roleDetails: [{ menuId: "OUTBOUND" }, { menuId: "VOYAGE" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CLERK, name: "Teodoro Ramos", email: `${CLERK}@example.test`, roleId: ROLE, branches: [{ id: manila.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(PASSWORD)}`);

  // On the demo line's open voyage, the booking whose van left damaged on its slip has no waybill yet.
  const voyages = await asAdmin<{ data: { voyageNum: string; voyageRef: string }[] }>("GET", "/VoyageSchedules/load?skip=0&take=20&search=DEMO-OPEN");
  const voyage = voyages.data.find((v) => v.voyageRef === "DEMO-OPEN")!;
  const candidates = await asAdmin<{ data: { bookingRef: string; ctsNum: string; voyageNum: string; containerVanNum: string }[] }>(
    "GET", "/OutBound/waybill/candidates",
  );
  const candidate = candidates.data.find((c) => c.voyageNum === voyage.voyageNum && c.containerVanNum === DEMO_DAMAGED_VAN)!;
  expect(candidate).toBeDefined();
  ctsNum = candidate.ctsNum;
  const slip = await asAdmin<{ data: { vanStatus: string; damages: unknown[] } }>("GET", `/OutBound/cts/get/${ctsNum}`);
  expect(slip.data.vanStatus).toBe("Damaged");
  expect(slip.data.damages.length).toBe(2);

  // The rates the booking was priced at, from the quotation: what the waybill's lines start from.
  booking = (await asAdmin<{ data: BookingView }>("GET", `/Bookings/get/${candidate.bookingRef}`)).data;
  expect(booking.status).toBe("Outbound CTS Issued");
  expect(booking.modeOfPayment).toBe("P");
  expect(booking.charges.length).toBeGreaterThan(0);
  expect(booking.charges.some((c) => c.chargePart === "PORT_DESTINATION")).toBe(true);
  expect(booking.charges.some((c) => c.chargeCode === REMOVED.chargeCode && c.chargePart === REMOVED.part)).toBe(true);
  const { data: masters } = await asAdmin<{ data: { code: string; isVatable: boolean }[] }>("GET", "/Charges/getIsActive");
  vatable = new Map(masters.map((m) => [m.code, m.isVatable]));

  browser = await openBrowser("waybill-clerk", { width: 1440, height: 900 });
  clerk = browser.page;
});

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("an outbound waybill from the clerk's screen", () => {
  let lines: Line[] = [];

  it("opens the waybills from the Outbound landing page", async () => {
    await signIn(clerk, baseURL, CLERK, PASSWORD);
    await clerk.getByTestId("nav-outbound").click();
    await clerk.getByTestId("area-page").waitFor();
    const link = clerk.getByTestId("area-link-waybill");
    // The screen is built: the landing page no longer marks it as still to come.
    expect(await clerk.getByRole("listitem").filter({ has: link }).textContent()).toBe("Waybills");
    await link.click();
    await clerk.waitForURL(/\/outbound\/waybill$/);
    await clerk.getByTestId("waybills-page").waitFor();
    expect(await clerk.getByTestId("page-title").textContent()).toBe("Waybills");
    await clerk.getByTestId("waybill-range").waitFor();
  });

  it("makes the waybill of the booking whose van is out, with the quotation's charges and totals", async () => {
    await clerk.getByTestId("waybill-new").click();
    await clerk.getByTestId("waybill-new-form").waitFor();
    await clerk.getByTestId("waybill-new-search").fill(booking.bookingRef);
    await pick(clerk, "waybill-new-booking", booking.bookingRef);
    expect(await shown("waybill-new-summary")).toContain(`slip ${ctsNum}`);
    await clerk.getByTestId("waybill-new-save").click();
    await seeNotice(clerk, "Waybill created successfully");

    // The new waybill opens in its form.
    await clerk.getByTestId("waybill-form").waitFor();
    await clerk.getByTestId("waybill-ref").waitFor();
    wayBillRef = (await shown("waybill-ref"))!;
    expect(wayBillRef).toMatch(/^WB-MNL-\d{4}-\d{6}$/);
    expect(await shown("waybill-booking")).toBe(booking.bookingRef);
    expect(await shown("waybill-cts")).toBe(ctsNum);
    expect(await shown("waybill-status")).toBe("Draft");
    expect(await shown("waybill-modes")).toBe("Pier to pier · Prepaid");

    lines = booking.charges.map((c) => ({ chargeCode: c.chargeCode, part: c.chargePart, rateUnit: c.rateUnit, rate: c.rate }));
    await expect.poll(shownLines).toEqual(rowsOf(lines, false));
    await expectTotals(totalsOf(lines, false));
  });

  it("shows the server's refusal of a save over a change made meanwhile", async () => {
    const stored = await asAdmin<{ data: { dateModified: string } }>("GET", `/OutBound/waybill/get/${wayBillRef}`);
    await asAdmin("PUT", `/OutBound/waybill/update/${wayBillRef}`, { dateModified: stored.data.dateModified, sealNum: "SL-448120" });
    await clerk.getByTestId("waybill-plateNum").fill("NBC 1299");
    await clerk.getByTestId("waybill-save").click();
    await clerk.getByTestId("waybill-error")
      .filter({ hasText: exactly("This waybill was changed by someone else after you opened it. Reload it and try again.") }).waitFor();

    // Opened again, the form shows the change made meanwhile.
    await clerk.getByRole("button", { name: "Cancel", exact: true }).click();
    await clerk.getByTestId("waybill-form").waitFor({ state: "detached" });
    await rowButton(clerk, `waybill-row-${wayBillRef}`, "Open").click();
    await clerk.getByTestId("waybill-form").waitFor();
    await expect.poll(() => clerk.getByTestId("waybill-sealNum").inputValue()).toBe("SL-448120");
    expect(await clerk.getByTestId("waybill-plateNum").inputValue()).toBe("NBC 1234");
  });

  it("adds and removes charge lines and splits the charges, the totals following as they change", async () => {
    // A VAT-exempt permit fee per TEU, and a breakbulk charge at the destination priced on the 12.5 tons.
    for (const line of [PERMIT, BREAKBULK]) {
      await pick(clerk, "waybill-add-charge", line.chargeCode);
      await clerk.getByTestId("waybill-add-part").selectOption(line.part);
      await clerk.getByTestId("waybill-add-unit").selectOption(line.rateUnit);
      await clerk.getByTestId("waybill-add-rate").fill(line.rate);
      await clerk.getByTestId("waybill-add").click();
      lines.push({ ...line });
    }
    await expect.poll(shownLines).toEqual(rowsOf(lines, false));
    await expectTotals(totalsOf(lines, false));

    // A line listed twice is refused before it reaches the server.
    await pick(clerk, "waybill-add-charge", PERMIT.chargeCode);
    await clerk.getByTestId("waybill-add-part").selectOption(PERMIT.part);
    await clerk.getByTestId("waybill-add-rate").fill("1.00");
    await clerk.getByTestId("waybill-add").click();
    expect(await shown("waybill-add-error")).toBe("Charge 016 is already listed for Other");

    const removed = lines.findIndex((l) => l.chargeCode === REMOVED.chargeCode && l.part === REMOVED.part);
    await clerk.getByTestId(`waybill-line-${removed}-remove`).click();
    lines.splice(removed, 1);
    await expect.poll(shownLines).toEqual(rowsOf(lines, false));
    await expectTotals(totalsOf(lines, false));

    // Split: the destination charges are collected at the destination; the total stays.
    const before = totalsOf(lines, false);
    const split = totalsOf(lines, true);
    expect(split.collect).not.toBe("0.00");
    expect(split.total).toBe(before.total);
    await clerk.getByTestId("waybill-isSplitCharge").check();
    await expect.poll(shownLines).toEqual(rowsOf(lines, true));
    await expectTotals(split);
    expect(await shown("waybill-total-prepaid")).not.toBe(before.prepaid);
  });

  it("saves, and the server's figures are those worked out by hand", async () => {
    await clerk.getByTestId("waybill-save").click();
    await seeNotice(clerk, "Waybill updated successfully");
    await clerk.getByTestId("waybill-form").waitFor({ state: "detached" });
    const expected = totalsOf(lines, true);
    expect(await clerk.getByTestId(`waybill-total-${wayBillRef}`).textContent()).toBe(expected.total);
    expect(await shown(`waybill-status-${wayBillRef}`)).toBe("Draft");

    const stored = await asAdmin<{ data: { isSplitCharge: boolean; sealNum: string; charges: Line[]; totals: Record<string, unknown> } }>(
      "GET", `/OutBound/waybill/get/${wayBillRef}`,
    );
    expect(stored.data.isSplitCharge).toBe(true);
    expect(stored.data.sealNum).toBe("SL-448120");
    expect(stored.data.charges.map((c) => `${c.chargeCode} ${c.part}`)).toEqual(lines.map((l) => `${l.chargeCode} ${l.part}`));
    const plain = (text: string) => text.replace(/,/g, "");
    expect(stored.data.totals).toEqual({
      prepaid: plain(expected.prepaid), collect: plain(expected.collect), accountOrigin: "0.00", accountDestination: "0.00", total: plain(expected.total),
      vat: { vatableInclusive: plain(expected.vatableInclusive), vatableNet: plain(expected.vatableNet), vat: plain(expected.vat), exempt: plain(expected.exempt) },
    });

    // Opened again, the form shows the split and the saved lines.
    await rowButton(clerk, `waybill-row-${wayBillRef}`, "Open").click();
    await clerk.getByTestId("waybill-form").waitFor();
    await expect.poll(shownLines).toEqual(rowsOf(lines, true));
    expect(await clerk.getByTestId("waybill-isSplitCharge").isChecked()).toBe(true);
    await expectTotals(expected);
    await clerk.getByRole("button", { name: "Cancel", exact: true }).click();
    await clerk.getByTestId("waybill-form").waitFor({ state: "detached" });
  });

  it("prints the waybill and the trucker's copies on legal and letter paper, each a PDF in a new tab", async () => {
    const waybill = await openPdf(rowButton(clerk, `waybill-row-${wayBillRef}`, "Print"), "waybill");
    for (const expected of [wayBillRef, booking.bookingRef]) expect(waybill).toContain(expected);
    for (const layout of ["legal", "letter"]) {
      const copy = await openPdf(rowButton(clerk, `waybill-row-${wayBillRef}`, `Trucker's (${layout})`), `trucker-${layout}`);
      expect(copy).toContain(wayBillRef);
    }
  });

  it("links the booking on its batch screen to its transfer slip and its waybill", async () => {
    await clerk.goto(`${baseURL}/voyage/bookings/${booking.voyageNum}/${booking.bookingBatchRef}`);
    await rowButton(clerk, `booking-row-${booking.bookingRef}`, "View").click();
    await clerk.getByTestId("booking-papers").waitFor();
    expect(await shown("booking-cts-link")).toBe(ctsNum);
    expect(await shown("booking-waybill-link")).toBe(wayBillRef);
    await clerk.getByTestId("booking-waybill-link").click();
    await clerk.waitForURL(/\/outbound\/waybill\?search=/);
    await clerk.getByTestId("waybills-page").waitFor();
    await expect.poll(() => clerk.getByTestId("waybill-range").textContent()).toBe("1–1 of 1");
    expect(await clerk.getByTestId("waybill-search").inputValue()).toBe(wayBillRef);

    await clerk.goBack();
    await rowButton(clerk, `booking-row-${booking.bookingRef}`, "View").click();
    await clerk.getByTestId("booking-cts-link").click();
    await clerk.waitForURL(/\/outbound\/cts\?search=/);
    await expect.poll(() => clerk.getByTestId("cts-range").textContent()).toBe("1–1 of 1");
    expect(await shown(`cts-row-${ctsNum}`)).toBe(ctsNum);
  });

  it("shows the van out and the waybill issued, with their dates, on the public tracking page", async () => {
    const visitor = await browser.context.newPage();
    await visitor.goto(`${baseURL}/booking/shipmentTracking/${booking.bookingRef}`);
    await visitor.getByTestId("tracking-ref").filter({ hasText: exactly(booking.bookingRef) }).waitFor();
    // Stage 0 is Outbound CTS Issued and stage 1 WayBill Issued, in the customer's words.
    const stage = (n: number) => visitor.getByTestId(`tracking-stage-${n}`);
    expect(await stage(0).locator(".lading-timeline-label").textContent()).toBe("Van out of the yard to the shipper");
    expect(await stage(1).locator(".lading-timeline-label").textContent()).toBe("Waybill issued");
    for (const n of [0, 1]) {
      expect(await stage(n).getAttribute("data-reached")).toBe("true");
      expect(await visitor.getByTestId(`tracking-reached-${n}`).textContent()).toMatch(/\d{4}/);
    }
    expect(await stage(2).getAttribute("data-reached")).toBe("false");
    expect(await visitor.getByTestId("tracking-latest").textContent()).toMatch(/^Waybill issued, .*\d{4}/);
    await visitor.close();
  });
});
