import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { containerCheckDigit } from "../../api/shared/container-numbers.ts";
import { formatManilaDateTime } from "../../api/shared/dates.ts";
import { normaliseOcr, renderPdf } from "../support/pdf-image.ts";
import { adminApi, type AdminCall } from "./admin-api.ts";
import { exactly, openBrowser, type OpenBrowser, rowButton, seeNotice, signIn } from "./browser.ts";
import { type BookingWorld, setUpBookingWorld } from "./booking-world.ts";
import { sharedBaseURL } from "./shared-server.ts";

/**
 * One booking from its withdrawal (ATW) to its waybill, by an outbound clerk, on a quotation whose every rate this
 * test states: the clerk issues the transfer slip on a 40' van that leaves dented on the roof and loose at the door
 * (after the server has refused a shipper's number that fails its check digit) and reads the printed slip; cancels
 * another booking's slip; makes the waybill, whose charge lines and totals are the figures worked out by hand below;
 * is refused a save over a change made meanwhile and reads the waybill again; changes a rate in its row, adds a
 * line and takes it out, and splits the charges, the amounts and totals following each change; saves, and the
 * server's figures are the same;
 * prints the waybill and both trucker's copies; follows the booking's links; pairs two 20' vans of a tandem lane on
 * one waybill. Then the public tracking page, in a browser with no session, shows the van out and the waybill issued
 * with their dates.
 */

const baseURL = sharedBaseURL();
const adminPassword = inject("adminPassword");
const PASSWORD = "outbound-clerk-passphrase-7";
const CUSTOMER = "CUS-001";

// Ids of their own: the other browser test files share this server and its roles.
const ROLE = "OBE2E_CLERK";
const CLERK = "ob-e2e-clerk";

/** A van number of the line that passes the ISO 6346 check: LADU and the serial, then its check digit. */
const vanNumber = (serial: number) => {
  const first = `LADU${serial}`;
  return `${first}${containerCheckDigit(first)}`;
};
/** The 40' van the clerk sends out damaged, the 20' van of the slip that is cancelled, and the tandem's two 20' vans. */
const VAN_40 = vanNumber(720101);
const VAN_CANCELLED = vanNumber(720102);
const TANDEM_VANS = [vanNumber(720103), vanNumber(720104)] as const;
/** A shipper's number whose check digit should be 9. */
const BAD_NUMBER = "PHSU1234560";

/**
 * The quotation's lanes, every rate stated here (VAT included). Port to port Manila North Harbor to Cebu: freight,
 * arrastre and wharfage at Manila, arrastre at Cebu; and the permit and van-out fees, which this booking does not
 * pay (no permit, the van is stuffed at the yard and stripped there). Door to pier from Quezon City on a tandem
 * lane: freight, wharfage, the tandem trucking rate and arrastre at Cebu (and the permit fee, not paid either).
 */
const PORT_RATES = [
  ["001", "FREIGHT", "18500.00"],
  ["004", "PORT_ORIGIN", "2352.00"],
  ["005", "PORT_ORIGIN", "504.00"],
  ["016", "PORT_ORIGIN", "750.00"],
  ["020", "PORT_ORIGIN", "2500.00"],
  ["007", "PORT_DESTINATION", "1848.00"],
  ["VOFD", "PORT_DESTINATION", "2500.00"],
] as const;
const TANDEM_RATES = [
  ["001", "FREIGHT", "18500.00"],
  ["005", "PORT_ORIGIN", "504.00"],
  ["016", "PORT_ORIGIN", "750.00"],
  ["007", "PORT_DESTINATION", "1848.00"],
  ["006", "TRUCKING_ORIGIN", "6000.00"],
] as const;
const requested = (rates: readonly (readonly [string, string, string])[]) =>
  rates.map(([chargeCode, chargePart, requestedRate]) => ({ chargeCode, chargePart, requestedRate }));

// The figures by hand -----------------------------------------------------------------------------------------
// The booking ships 2 TEU (one 40' van), port to port, prepaid; every line is VATable.
//   001 freight          18,500.00 x 2 = 37,000.00
//   004 arrastre Manila   2,352.00 x 2 =  4,704.00
//   005 wharfage Manila     504.00 x 2 =  1,008.00
//   007 arrastre Cebu     1,848.00 x 2 =  3,696.00
//   total 46,408.00; net of VAT 46,408.00 / 1.12 = 41,435.714.. = 41,435.71; VAT 46,408.00 - 41,435.71 = 4,972.29.
const CREATED_LINES = [
  ["001", "Freight", "Per TEU", "18,500.00", "37,000.00", "Prepaid"],
  ["004", "Port · origin", "Per TEU", "2,352.00", "4,704.00", "Prepaid"],
  ["005", "Port · origin", "Per TEU", "504.00", "1,008.00", "Prepaid"],
  ["007", "Port · destination", "Per TEU", "1,848.00", "3,696.00", "Prepaid"],
];
const CREATED_TOTALS = {
  prepaid: "46,408.00", collect: "0.00", total: "46,408.00", vatableInclusive: "46,408.00", vatableNet: "41,435.71", vat: "4,972.29", exempt: "0.00",
};
// The clerk changes the wharfage to 560.00: 560.00 x 2 = 1,120.00, the total 46,408.00 - 1,008.00 + 1,120.00 =
// 46,520.00; net 46,520.00 / 1.12 = 41,535.714.. = 41,535.71; VAT 4,984.29.
const REPRICED_LINES = [CREATED_LINES[0], CREATED_LINES[1], ["005", "Port · origin", "Per TEU", "560.00", "1,120.00", "Prepaid"], CREATED_LINES[3]];
const REPRICED_TOTALS = { ...CREATED_TOTALS, prepaid: "46,520.00", total: "46,520.00", vatableInclusive: "46,520.00", vatableNet: "41,535.71", vat: "4,984.29" };
// Split: the arrastre at Cebu, 3,696.00, is collected there; 46,520.00 - 3,696.00 = 42,824.00 stays prepaid.
const SPLIT_LINES = [...REPRICED_LINES.slice(0, 3), ["007", "Port · destination", "Per TEU", "1,848.00", "3,696.00", "Collect"]];
const SPLIT_TOTALS = { ...REPRICED_TOTALS, prepaid: "42,824.00", collect: "3,696.00" };
// The tandem: two bookings of 1 TEU each on one waybill, 2 TEU in all, prepaid.
//   001 freight                 18,500.00 x 2 = 37,000.00
//   005 wharfage Manila            504.00 x 2 =  1,008.00
//   007 arrastre Cebu            1,848.00 x 2 =  3,696.00
//   006 trucking, tandem rate    6,000.00 x 2 = 12,000.00
//   total 53,704.00; net 53,704.00 / 1.12 = 47,950.00 exactly; VAT 5,754.00.
const TANDEM_LINES = [
  ["001", "Freight", "Per TEU", "18,500.00", "37,000.00", "Prepaid"],
  ["005", "Port · origin", "Per TEU", "504.00", "1,008.00", "Prepaid"],
  ["007", "Port · destination", "Per TEU", "1,848.00", "3,696.00", "Prepaid"],
  ["006", "Trucking · origin", "Per TEU", "6,000.00", "12,000.00", "Prepaid"],
];
const TANDEM_TOTALS = {
  prepaid: "53,704.00", collect: "0.00", total: "53,704.00", vatableInclusive: "53,704.00", vatableNet: "47,950.00", vat: "5,754.00", exempt: "0.00",
};

let asAdmin: AdminCall;
let world: BookingWorld;
let browser: OpenBrowser;
let clerk: Page;
let voyageNum = "";
let batchRef = "";
let bookingRef = "";
let cancelledRef = "";
let tandemRefs: string[] = [];
let ctsNum = "";
let wayBillRef = "";

// The page ----------------------------------------------------------------------------------------------------

async function pick(page: Page, testId: string, value: string) {
  // Choices fill in once their lists have arrived.
  const select = page.getByTestId(testId);
  await select.locator(`option[value="${value}"]`).waitFor({ state: "attached" });
  await select.selectOption(value);
}

const shown = async (testId: string) => (await clerk.getByTestId(testId).textContent())?.trim();

/** The charge table as the form shows it: code, part, unit, rate (typed in its row while Draft), amount, who pays. */
async function shownLines(): Promise<string[][]> {
  const rows = clerk.getByTestId("waybill-charges").locator("tbody tr");
  const out: string[][] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const rateInput = clerk.getByTestId(`waybill-line-${i}-rate-input`);
    const rate = (await rateInput.count()) > 0 ? await rateInput.inputValue() : (await shown(`waybill-line-${i}-rate`)) ?? "";
    out.push([
      (await shown(`waybill-line-${i}-code`)) ?? "", (await shown(`waybill-line-${i}-part`)) ?? "", (await shown(`waybill-line-${i}-unit`)) ?? "",
      rate, (await shown(`waybill-line-${i}-amount`)) ?? "", (await shown(`waybill-line-${i}-side`)) ?? "",
    ]);
  }
  return out;
}

/** The rows as typed: a rate input holds "18500.00" where the table prints "18,500.00". */
const asTyped = (lines: string[][]) => lines.map((l) => [l[0], l[1], l[2], l[3].replace(/,/g, ""), l[4], l[5]]);

async function expectTotals(expected: typeof CREATED_TOTALS) {
  await expect.poll(() => shown("waybill-total-prepaid")).toBe(expected.prepaid);
  expect(await shown("waybill-total-collect")).toBe(expected.collect);
  expect(await shown("waybill-total-account-origin")).toBe("0.00");
  expect(await shown("waybill-total-account-destination")).toBe("0.00");
  expect(await shown("waybill-total")).toBe(expected.total);
  expect(await shown("waybill-vat-inclusive")).toBe(expected.vatableInclusive);
  expect(await shown("waybill-vat-net")).toBe(expected.vatableNet);
  expect(await shown("waybill-vat")).toBe(expected.vat);
  expect(await shown("waybill-vat-exempt")).toBe(expected.exempt);
}

/** OCR text without white space: tesseract splits and joins words now and then; the characters count. */
const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");

/** Opens a printout from its row button: a PDF in a new tab, rendered to page images and read back. */
async function readPrint(button: ReturnType<typeof rowButton>) {
  const [popup] = await Promise.all([clerk.waitForEvent("popup"), button.click()]);
  await popup.waitForLoadState();
  const pdf = await popup.request.get(popup.url());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  const bytes = await pdf.body();
  await popup.close();
  const rendered = await renderPdf(new Uint8Array(bytes), { pageSegmentation: 4 });
  return { rendered, text: squeeze(rendered.pages.map((p) => p.text ?? "").join(" ")) };
}

beforeAll(async () => {
  asAdmin = await adminApi(baseURL, adminPassword);
  world = await setUpBookingWorld({
    baseURL, asAdmin, prefix: { role: "OBE2E", user: "ob-e2e" }, password: PASSWORD, customerCode: CUSTOMER,
    lanes: [
      { serviceModeCode: "PTP", originPortCode: "MNLN", destinationPortCode: "CEB", teu: 2, requestedRates: requested(PORT_RATES) },
      {
        serviceModeCode: "DTP", originPortCode: "MNLN", destinationPortCode: "CEB", originAreaCode: "MNL-QC", teu: 1, isTandem: true,
        requestedRates: requested(TANDEM_RATES),
      },
    ],
    voyage: { voyageRef: "V-E2E-OB", vesselCode: "MV-PIONEER", routeCode: "MNL-CEB", destinationBranchCode: "CEB" },
  });
  voyageNum = world.voyageNum;
  const read = (await world.callAs("ae", "GET", `/SalesQuotations/read/${world.quotation.sqRefNum}`)).data;
  const laneOf = (mode: string) => read.lanes.find((l: { serviceModeCode: string }) => l.serviceModeCode === mode);
  // The lanes carry exactly the charges whose rates are stated above, at those rates.
  for (const [mode, rates] of [["PTP", PORT_RATES], ["DTP", TANDEM_RATES]] as const) {
    const lane = laneOf(mode);
    const carried = lane.charges.map((c: { chargeCode: string; chargePart: string; requestedRate: string }) => [c.chargeCode, c.chargePart, c.requestedRate]);
    expect(carried.sort()).toEqual(rates.map((r) => [...r]).sort());
  }

  // The clerk, the vans of the test at the Manila yards, and the bookings, confirmed with their ATW issued.
  const { data: branches } = await asAdmin<{ data: { id: number; code: string }[] }>("GET", "/Branches/getIsActive");
  const manila = branches.find((b) => b.code === "MNL")!;
  await asAdmin("POST", "/Roles", { roleId: ROLE, roleName: "Outbound e2e clerk", roleDetails: [{ menuId: "OUTBOUND" }, { menuId: "VOYAGE" }] });
  await asAdmin("POST", "/users/multipleInsert", [{
    userId: CLERK, name: "Teodoro Ramos", email: `${CLERK}@example.test`, roleId: ROLE, branches: [{ id: manila.id, defaultBranch: true }],
  }]);
  await asAdmin("PUT", `/Users/ChangePasswordAdmin/${CLERK}?password=${encodeURIComponent(PASSWORD)}`);
  for (const [code, size] of [[VAN_40, "40"], [VAN_CANCELLED, "20"], [TANDEM_VANS[0], "20"], [TANDEM_VANS[1], "20"]]) {
    await asAdmin("POST", "/ContainerVans/create", { code, size, vanType: "DRY", condition: "Empty", cyCode: "MNL-CY1" });
  }
  const cargo = { destinationBranchCode: "CEB", modeOfPayment: "P", goods: "Canned sardines", packaging: "Box", consigneeName: "Visayan Copra Traders Inc." };
  const port = { ...cargo, modeOfDelivery: "PTP", sqdocNum: laneOf("PTP").sqdocNum, quantityTeu: 2, quantity: 600, cargoWeight: "18.5", declaredValue: "450000" };
  const tandem = {
    ...cargo, modeOfDelivery: "DTP", sqdocNum: laneOf("DTP").sqdocNum, isTandem: true, quantityTeu: 1, quantity: 300, cargoWeight: "9", declaredValue: "200000",
    pickUpAreaCode: "MNL-QC", pickUpAddress: { street: "12 Mindanao Ave", barangay: "Bahay Toro", city: "Quezon City", province: "Metro Manila", zipCode: "1106" },
  };
  const batch = async (bookings: Record<string, unknown>[]) => {
    const opened = (await world.callAs("staff", "POST", "/Bookings/batch", { voyageNum, customerCode: CUSTOMER, remarks: "Outbound flow", bookings })).data;
    await world.callAs("staff", "POST", "/Bookings/confirmBatch", { bookingBatchRef: opened.bookingBatchRef });
    const refs = opened.bookings.map((b: { bookingRef: string }) => b.bookingRef) as string[];
    await world.callAs("staff", "POST", "/Bookings/issueATW", { bookingRefs: refs, truckingCode: "TRK-001" });
    return { batchRef: opened.bookingBatchRef as string, refs };
  };
  const portBatch = await batch([port, port]);
  batchRef = portBatch.batchRef;
  [bookingRef, cancelledRef] = portBatch.refs;
  tandemRefs = (await batch([tandem, tandem])).refs;

  // The slip to be cancelled, and the tandem's two vans out, are issued through the API.
  const slip = { truckingCode: "TRK-001", plateNum: "NBC 1235", driver: "Efren Bautista", toParty: "Shipper", vanStatus: "Empty" };
  await asAdmin("POST", "/OutBound/cts/create", { ...slip, bookingRef: cancelledRef, containerVanNum: VAN_CANCELLED });
  for (const [i, ref] of tandemRefs.entries()) await asAdmin("POST", "/OutBound/cts/create", { ...slip, bookingRef: ref, containerVanNum: TANDEM_VANS[i] });

  browser = await openBrowser("outbound-clerk", { width: 1440, height: 900 });
  clerk = browser.page;
}, 300_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
});

describe("a booking from its ATW to its waybill, by the outbound clerk", () => {
  it("opens the transfer slips from the Outbound landing page", async () => {
    await signIn(clerk, baseURL, CLERK, PASSWORD);
    await clerk.getByTestId("nav-outbound").click();
    await clerk.getByTestId("area-page").waitFor();
    const link = clerk.getByTestId("area-link-cts");
    // The screens are built: the landing page no longer marks them as still to come.
    expect(await clerk.getByRole("listitem").filter({ has: link }).textContent()).toBe("Cargo transfer slips");
    expect(await clerk.getByRole("listitem").filter({ has: clerk.getByTestId("area-link-waybill") }).textContent()).toBe("Waybills");
    await link.click();
    await clerk.waitForURL(/\/outbound\/cts$/);
    await clerk.getByTestId("cts-page").waitFor();
    expect(await clerk.getByTestId("page-title").textContent()).toBe("Cargo transfer slips");
  });

  it("shows the server's refusal of a shipper's van number, then issues the slip on the 40' van with two damages", async () => {
    await clerk.getByTestId("cts-new").click();
    await clerk.getByTestId("cts-issue-form").waitFor();
    await clerk.getByTestId("cts-issue-booking-search").fill(bookingRef);
    await pick(clerk, "cts-issue-booking", bookingRef);
    await clerk.getByTestId("cts-issue-booking-summary").waitFor();
    await pick(clerk, "cts-issue-trucker", "TRK-001");
    await clerk.getByTestId("cts-issue-plate").fill("NBC 1234");
    await clerk.getByTestId("cts-issue-driver").fill("Ramon Castillo");
    await clerk.getByTestId("cts-issue-to-party").selectOption("Shipper");
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

    // The line's own 40' van goes instead.
    await clerk.getByTestId("cts-issue-shipper-owned").uncheck();
    await clerk.getByTestId("cts-issue-van-search").fill(VAN_40);
    await pick(clerk, "cts-issue-van", VAN_40);
    await clerk.getByTestId("cts-issue-save").click();
    await seeNotice(clerk, "Outbound CTS issued successfully");
    await clerk.getByTestId("cts-issue-form").waitFor({ state: "detached" });

    const bookingCell = clerk.locator('[data-testid^="cts-booking-"]').filter({ hasText: exactly(bookingRef) });
    await bookingCell.waitFor();
    ctsNum = (await bookingCell.getAttribute("data-testid"))!.slice("cts-booking-".length);
    expect(ctsNum).toMatch(/^CTS-MNL-\d{4}-\d{6}$/);
    const cell = async (what: string) => (await clerk.getByTestId(`cts-${what}-${ctsNum}`).textContent())?.trim();
    expect(await cell("row")).toBe(ctsNum);
    expect(await cell("van")).toBe(VAN_40);
    expect(await cell("trucker")).toBe("North Harbor Haulers Inc.");
    expect(await cell("van-status")).toBe("Damaged");
    expect(await cell("status")).toBe("Issued");
  });

  it("prints the slip, whose page shows the van and its damaged parts with their damage", async () => {
    const { text } = await readPrint(rowButton(clerk, `cts-row-${ctsNum}`, "Print"));
    for (const expected of ["CARGO TRANSFER SLIP", ctsNum, VAN_40, bookingRef, "Roof Panel Dented", "Door Assembly Loose", "Ramon Castillo"]) {
      expect(text).toContain(squeeze(expected));
    }
  });

  it("cancels another booking's slip after asking, and the list shows it Cancelled", async () => {
    const slips = await asAdmin<{ data: { ctsNum: string; bookingRef: string }[] }>("POST", "/OutBound/cts/load", { search: cancelledRef });
    const other = slips.data.find((s) => s.bookingRef === cancelledRef)!.ctsNum;
    await clerk.getByTestId("cts-search").fill(cancelledRef);
    await rowButton(clerk, `cts-row-${other}`, "Cancel").click();
    const prompt = clerk.getByTestId("confirm-prompt");
    await prompt.waitFor();
    expect(await prompt.locator("p").textContent()).toBe(
      `Cancel transfer slip ${other}? Van ${VAN_CANCELLED} is free again and booking ${cancelledRef} goes back to ATW Issued.`,
    );
    await clerk.getByRole("button", { name: "Cancel slip", exact: true }).click();
    await seeNotice(clerk, "Outbound CTS cancelled successfully");
    await clerk.getByTestId(`cts-status-${other}`).filter({ hasText: exactly("Cancelled") }).waitFor();
    expect(await rowButton(clerk, `cts-row-${other}`, "Cancel").isDisabled()).toBe(true);
    const booking = await asAdmin<{ data: { status: string } }>("GET", `/Bookings/get/${cancelledRef}`);
    expect(booking.data.status).toBe("ATW Issued");
  });

  it("makes the waybill, its charges and totals the figures worked out by hand from the quotation's rates", async () => {
    await clerk.goto(`${baseURL}/outbound/waybill`);
    await clerk.getByTestId("waybills-page").waitFor();
    await clerk.getByTestId("waybill-new").click();
    await clerk.getByTestId("waybill-new-form").waitFor();
    await clerk.getByTestId("waybill-new-search").fill(bookingRef);
    await pick(clerk, "waybill-new-booking", bookingRef);
    expect(await shown("waybill-new-summary")).toBe(`Voyage ${voyageNum} · MNL · slip ${ctsNum} · van ${VAN_40} (40')`);
    // Not a tandem lane: no partner is offered.
    expect(await clerk.getByTestId("waybill-new-tandem").count()).toBe(0);
    await clerk.getByTestId("waybill-new-save").click();
    await seeNotice(clerk, "Waybill created successfully");

    await clerk.getByTestId("waybill-form").waitFor();
    await clerk.getByTestId("waybill-ref").waitFor();
    wayBillRef = (await shown("waybill-ref"))!;
    expect(wayBillRef).toMatch(/^WB-MNL-\d{4}-\d{6}$/);
    expect(await shown("waybill-booking")).toBe(bookingRef);
    expect(await shown("waybill-cts")).toBe(ctsNum);
    expect(await shown("waybill-van")).toBe(`${VAN_40} · 40'`);
    expect(await shown("waybill-status")).toBe("Draft");
    expect(await shown("waybill-modes")).toBe("Pier to pier · Prepaid");
    expect(await shown("waybill-remarks")).toBe("STUFFING AT ORIGIN / STRIPPING AT DESTINATION");
    await expect.poll(shownLines).toEqual(asTyped(CREATED_LINES));
    await expectTotals(CREATED_TOTALS);
  });

  it("is refused a save over a change made meanwhile, says so, and reads the waybill again", async () => {
    const stored = await asAdmin<{ data: { dateModified: string } }>("GET", `/OutBound/waybill/get/${wayBillRef}`);
    await asAdmin("PUT", `/OutBound/waybill/update/${wayBillRef}`, { dateModified: stored.data.dateModified, sealNum: "SL-448120" });
    await clerk.getByTestId("waybill-plateNum").fill("NBC 1299");
    await clerk.getByTestId("waybill-save").click();
    await clerk.getByTestId("waybill-error-text")
      .filter({ hasText: exactly("This waybill was changed by someone else after you opened it. Reload it and try again.") }).waitFor();
    await clerk.getByTestId("waybill-reload").click();
    await clerk.getByTestId("waybill-reloaded").waitFor();
    expect(await shown("waybill-reloaded")).toBe("Read again: the form shows the waybill as saved now; your earlier changes were not saved.");
    expect(await clerk.getByTestId("waybill-error").count()).toBe(0);
    // The change made meanwhile is shown, and the clerk's unsaved plate is gone.
    expect(await clerk.getByTestId("waybill-sealNum").inputValue()).toBe("SL-448120");
    expect(await clerk.getByTestId("waybill-plateNum").inputValue()).toBe("NBC 1234");
    await expect.poll(shownLines).toEqual(asTyped(CREATED_LINES));
  });

  it("changes a rate in its row, adds a line and takes it out, and splits the charges, the amounts and totals following each change", async () => {
    const wharfage = clerk.getByTestId("waybill-line-2-rate-input");
    await wharfage.fill("56");
    // Half typed, the amount already follows: 56.00 x 2.
    await expect.poll(() => shown("waybill-line-2-amount")).toBe("112.00");
    await wharfage.fill("560.00");
    await expect.poll(shownLines).toEqual(asTyped(REPRICED_LINES));
    await expectTotals(REPRICED_TOTALS);

    // A rate that is not an amount leaves the amount and totals open, and the form says so on saving.
    await wharfage.fill("5,60");
    await expect.poll(() => shown("waybill-line-2-amount")).toBe("—");
    expect(await shown("waybill-total")).toBe("—");
    await clerk.getByTestId("waybill-save").click();
    const problem = clerk.getByTestId("waybill-form").locator(".bp6-form-helper-text");
    await problem.filter({ hasText: exactly("The rate of 005 (Port · origin) is an amount of at most 2 decimals, not negative") }).waitFor();
    await wharfage.fill("560.00");
    await expectTotals(REPRICED_TOTALS);
    expect(await problem.filter({ hasText: "The rate of 005" }).count()).toBe(0);

    // A fuel surcharge added at 1,000.00 a TEU: 2,000.00, the total 48,520.00; net 48,520.00 / 1.12 = 43,321.428..
    // = 43,321.43, VAT 5,198.57. Listed twice, it is refused; taken out again, the figures are as before.
    await pick(clerk, "waybill-add-charge", "BSC");
    await clerk.getByTestId("waybill-add-part").selectOption("FREIGHT");
    await clerk.getByTestId("waybill-add-unit").selectOption("perTeu");
    await clerk.getByTestId("waybill-add-rate").fill("1000");
    await clerk.getByTestId("waybill-add").click();
    // Its rate stands as typed.
    await expect.poll(shownLines).toEqual([...asTyped(REPRICED_LINES), ["BSC", "Freight", "Per TEU", "1000", "2,000.00", "Prepaid"]]);
    await expectTotals({ ...REPRICED_TOTALS, prepaid: "48,520.00", total: "48,520.00", vatableInclusive: "48,520.00", vatableNet: "43,321.43", vat: "5,198.57" });
    await pick(clerk, "waybill-add-charge", "BSC");
    await clerk.getByTestId("waybill-add-part").selectOption("FREIGHT");
    await clerk.getByTestId("waybill-add-rate").fill("1.00");
    await clerk.getByTestId("waybill-add").click();
    expect(await shown("waybill-add-error")).toBe("Charge BSC is already listed for Freight");
    await clerk.getByTestId("waybill-line-4-remove").click();
    await expect.poll(shownLines).toEqual(asTyped(REPRICED_LINES));
    await expectTotals(REPRICED_TOTALS);

    await clerk.getByTestId("waybill-isSplitCharge").check();
    await expect.poll(shownLines).toEqual(asTyped(SPLIT_LINES));
    await expectTotals(SPLIT_TOTALS);
  });

  it("saves, and the server's figures are those worked out by hand", async () => {
    await clerk.getByTestId("waybill-save").click();
    await seeNotice(clerk, "Waybill updated successfully");
    await clerk.getByTestId("waybill-form").waitFor({ state: "detached" });
    await clerk.getByTestId(`waybill-total-${wayBillRef}`).filter({ hasText: exactly("46,520.00") }).waitFor();
    expect(await shown(`waybill-status-${wayBillRef}`)).toBe("Draft");

    const stored = await asAdmin<{ data: { isSplitCharge: boolean; sealNum: string; charges: Record<string, string>[]; totals: unknown } }>(
      "GET", `/OutBound/waybill/get/${wayBillRef}`,
    );
    expect(stored.data.isSplitCharge).toBe(true);
    expect(stored.data.sealNum).toBe("SL-448120");
    expect(stored.data.charges.map((c) => [c.chargeCode, c.part, c.rate, c.chargeValue, c.availableTo])).toEqual([
      ["001", "FREIGHT", "18500.00", "37000.00", "P"],
      ["004", "PORT_ORIGIN", "2352.00", "4704.00", "P"],
      ["005", "PORT_ORIGIN", "560.00", "1120.00", "P"],
      ["007", "PORT_DESTINATION", "1848.00", "3696.00", "C"],
    ]);
    expect(stored.data.totals).toEqual({
      prepaid: "42824.00", collect: "3696.00", accountOrigin: "0.00", accountDestination: "0.00", total: "46520.00",
      vat: { vatableInclusive: "46520.00", vatableNet: "41535.71", vat: "4984.29", exempt: "0.00" },
    });

    // Opened again, the form shows the saved rate, the split and the same totals.
    await rowButton(clerk, `waybill-row-${wayBillRef}`, "Open").click();
    await clerk.getByTestId("waybill-form").waitFor();
    await expect.poll(shownLines).toEqual(asTyped(SPLIT_LINES));
    expect(await clerk.getByTestId("waybill-isSplitCharge").isChecked()).toBe(true);
    await expectTotals(SPLIT_TOTALS);
    await clerk.getByTestId("waybill-form").getByRole("button", { name: "Cancel", exact: true }).click();
    await clerk.getByTestId("waybill-form").waitFor({ state: "detached" });
  });

  it("prints the waybill, and the trucker's copies on legal and letter paper, each a PDF in a new tab", async () => {
    const waybill = await readPrint(rowButton(clerk, `waybill-row-${wayBillRef}`, "Print"));
    for (const expected of [
      // Each line under its printed name: 005 prints as the weighing fee, 007 as arrastre.
      wayBillRef, bookingRef, VAN_40, "sl-448120", "005 weighing fee, per teu, 2 x 560.00 prepaid 1,120.00", "007 arrastre, per teu, 2 x 1,848.00 collect 3,696.00",
      "prepaid 42,824.00", "collect 3,696.00", "total 46,520.00", "vatable net 41,535.71", "vat 12% 4,984.29",
    ]) expect(waybill.text).toContain(squeeze(expected));
    for (const [layout, height] of [["legal", 2800], ["letter", 2200]] as const) {
      const copy = await readPrint(rowButton(clerk, `waybill-row-${wayBillRef}`, `Trucker's (${layout})`));
      // 8.5 inches wide at 200 dpi, 14 or 11 inches high.
      expect([copy.rendered.pages[0]!.width, copy.rendered.pages[0]!.height]).toEqual([1700, height]);
      for (const expected of ["truckers waybill", `waybill no.: ${wayBillRef}`, "plate no.: nbc 1234", "driver: ramon castillo"]) {
        expect(copy.text).toContain(squeeze(expected));
      }
      expect(copy.text).not.toContain(squeeze("46,520.00"));
    }
  });

  it("links the booking on its batch screen to its transfer slip and its waybill", async () => {
    await clerk.goto(`${baseURL}/voyage/bookings/${voyageNum}/${batchRef}`);
    await rowButton(clerk, `booking-row-${bookingRef}`, "View").click();
    await clerk.getByTestId("booking-papers").waitFor();
    expect(await shown("booking-cts-link")).toBe(ctsNum);
    expect(await shown("booking-waybill-link")).toBe(wayBillRef);
    await clerk.getByTestId("booking-waybill-link").click();
    await clerk.waitForURL(/\/outbound\/waybill\?search=/);
    await clerk.getByTestId("waybills-page").waitFor();
    await expect.poll(() => clerk.getByTestId("waybill-range").textContent()).toBe("1–1 of 1");
    expect(await clerk.getByTestId("waybill-search").inputValue()).toBe(wayBillRef);
  });

  it("pairs the 20' vans of two bookings of the tandem lane on one waybill, at the tandem rates", async () => {
    const [first, second] = tandemRefs as [string, string];
    await clerk.getByTestId("waybill-new").click();
    await clerk.getByTestId("waybill-new-form").waitFor();
    await clerk.getByTestId("waybill-new-search").fill(first);
    await pick(clerk, "waybill-new-booking", first);
    expect(await shown("waybill-new-summary")).toMatch(new RegExp(`· van ${TANDEM_VANS[0]} \\(20'\\) · tandem lane$`));
    // The other booking of the lane waits for its waybill: it is offered as the partner.
    await pick(clerk, "waybill-new-tandem", second);
    await clerk.getByTestId("waybill-new-save").click();
    await seeNotice(clerk, "Waybill created successfully");

    await clerk.getByTestId("waybill-form").waitFor();
    await clerk.getByTestId("waybill-tandem-van").waitFor();
    expect(await shown("waybill-booking")).toBe(first);
    expect(await shown("waybill-van")).toBe(`${TANDEM_VANS[0]} · 20'`);
    expect(await shown("waybill-tandem-booking")).toBe(second);
    expect(await shown("waybill-tandem-van")).toBe(TANDEM_VANS[1]);
    expect(await shown("waybill-remarks")).toBe("STUFFING MANO AT ORIGIN / TANDEM");
    expect(await clerk.getByTestId("waybill-quantityTeu").inputValue()).toBe("2");
    await expect.poll(shownLines).toEqual(asTyped(TANDEM_LINES));
    await expectTotals(TANDEM_TOTALS);
    const tandemRef = (await shown("waybill-ref"))!;
    await clerk.getByTestId("waybill-form").getByRole("button", { name: "Cancel", exact: true }).click();
    await clerk.getByTestId("waybill-form").waitFor({ state: "detached" });
    // The list finds it by the second van too, and shows both vans and both bookings.
    await clerk.getByTestId("waybill-search").fill(TANDEM_VANS[1]);
    await clerk.getByTestId(`waybill-van-${tandemRef}`).waitFor();
    await expect.poll(() => clerk.getByTestId("waybill-range").textContent()).toBe("1–1 of 1");
    expect(await shown(`waybill-van-${tandemRef}`)).toBe(`${TANDEM_VANS[0]} + ${TANDEM_VANS[1]}`);
    expect(await shown(`waybill-booking-${tandemRef}`)).toBe(`${first} + ${second}`);
  });

  it("shows the van out and the waybill issued, with their dates, on the public tracking page of a browser with no session", async () => {
    const visitor = await openBrowser("outbound-visitor");
    try {
      const slip = (await asAdmin<{ data: { dateIssued: string } }>("GET", `/OutBound/cts/get/${ctsNum}`)).data;
      const waybill = (await asAdmin<{ data: { datePrepared: string } }>("GET", `/OutBound/waybill/get/${wayBillRef}`)).data;
      const page = visitor.page;
      await page.goto(`${baseURL}/booking/shipmentTracking/${bookingRef}`);
      await page.getByTestId("tracking-ref").filter({ hasText: exactly(bookingRef) }).waitFor();
      // Nobody is signed in here: the sign-in page's menu is nowhere.
      expect(await page.getByTestId("side-menu").count()).toBe(0);
      const stage = (n: number) => page.getByTestId(`tracking-stage-${n}`);
      expect(await stage(0).locator(".lading-timeline-label").textContent()).toBe("Van out of the yard to the shipper");
      expect(await stage(1).locator(".lading-timeline-label").textContent()).toBe("Waybill issued");
      for (const [n, at] of [[0, slip.dateIssued], [1, waybill.datePrepared]] as const) {
        expect(await stage(n).getAttribute("data-reached")).toBe("true");
        expect(await page.getByTestId(`tracking-reached-${n}`).textContent()).toBe(formatManilaDateTime(at));
      }
      expect(await stage(2).getAttribute("data-reached")).toBe("false");
      expect(await page.getByTestId("tracking-latest").textContent()).toBe(`Waybill issued, ${formatManilaDateTime(waybill.datePrepared)}`);
    } finally {
      await visitor.close();
    }
  });
});
