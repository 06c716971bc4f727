import { beforeAll, describe, expect, it } from "vitest";
import {
  buildQuotationMemoPdf,
  type QuotationMemo,
  QUOTATION_MEMO_NAME,
} from "../../templates/documents/sales-quotation-memo.ts";
import {
  buildQuotationPrintoutPdf,
  formatQuantity,
  type QuotationPrintout,
  type QuotationPrintoutCharge,
  QUOTATION_PRINTOUT_NAME,
  SOC_VALUE,
} from "../../templates/documents/sales-quotation.ts";
import { formatAmount } from "../../api/shared/money.ts";
import { normaliseOcr, type RenderedPdf, renderPdf } from "../support/pdf-image.ts";

/**
 * The quotation documents are checked from their page images, not from the PDF's content stream: what counts
 * is what a customer can read off the printed page.
 */

const charge = (over: Partial<QuotationPrintoutCharge>): QuotationPrintoutCharge => ({
  chargeCode: "001", chargeName: "Freight", chargePart: "FREIGHT", rateUnitLabel: "Per TEU",
  quantity: "2", standardRate: "6500.00", requestedRate: "6250.00", amount: "12500.00", ...over,
});

const printout: QuotationPrintout = {
  sqRefNum: "SQ-MNL-2026-000001",
  sqDate: "2026-03-02",
  validUntil: "2026-06-30",
  status: "FA Approved",
  amendedSqRef: "SQ-MNL-2025-000417",
  branchName: "Manila Head Office",
  customerName: "Bayanihan Trading Corporation",
  customerAddress: "12 Rizal Avenue, Barangay 310, Santa Cruz, Manila, Metro Manila 1003",
  accountExecutive: "Maria Santos",
  cargoType: "Dry goods",
  lanes: [
    {
      sqdocNum: "SQD-000101",
      origin: "Manila",
      destination: "Cebu",
      termsAndConditions: "Rates are per 20-foot van and exclude value-added tax.",
      charges: [
        charge({}),
        charge({ chargeCode: "004", chargeName: "Arrastre", chargePart: "PORT_ORIGIN", quantity: "2", standardRate: "1850.00", requestedRate: "1850.00", amount: "3700.00" }),
        charge({ chargeCode: "006", chargeName: "Trucking tariff", chargePart: "TRUCKING_DESTINATION", quantity: "1", standardRate: "4230.00", requestedRate: "4230.00", amount: "4230.00" }),
      ],
      total: "20430.00",
    },
    {
      sqdocNum: "SQD-000102",
      origin: "Cebu",
      destination: "Davao",
      termsAndConditions: "",
      charges: [
        charge({ standardRate: "7300.00", requestedRate: "7100.00", amount: "14200.00" }),
        charge({ chargeCode: "005", chargeName: "Wharfage", chargePart: "PORT_DESTINATION", quantity: "2", standardRate: "410.50", requestedRate: "410.50", amount: "821.00" }),
      ],
      total: "15021",
    },
  ],
  terms: [
    { policyCode: "C0001", description: "Free storage days", standardValue: "5", requestedValue: "7", appliedValue: "7" },
    { policyCode: "C0002", description: "Free detention days", standardValue: "3", requestedValue: "3", appliedValue: "3" },
  ],
  approvals: [
    { action: "Submitted", toStatus: "For Approval", actor: "Maria Santos", date: "2026-03-02 09:15", remarks: "" },
    { action: "Approved", toStatus: "SM Approved", actor: "Jose Reyes", date: "2026-03-02 11:40", remarks: "Volume account" },
    { action: "Approved", toStatus: "AUD Approved", actor: "Ana Cruz", date: "2026-03-03 08:05", remarks: "" },
    { action: "Approved", toStatus: "FA Approved", actor: "Ramon Garcia", date: "2026-03-03 14:20", remarks: "" },
  ],
  generatedAt: new Date("2026-03-03T07:00:00Z"),
};

const memo: QuotationMemo = {
  memoRef: "MEMO-MNL-2026-000007",
  memoDate: "2026-03-04",
  branchName: "Manila Head Office",
  preparedBy: "Maria Santos",
  subject: "Quotations for Visayas accounts",
  body: "Please find below the sales quotations approved this week for our Visayas accounts. "
    + "Kindly note the requested rates and forward them to the customers concerned before the end of the month.",
  quotations: [
    { sqRefNum: "SQ-MNL-2026-000001", customerName: "Bayanihan Trading", accountExecutive: "Maria Santos", sqDate: "2026-03-02", validUntil: "2026-06-30", lanes: "Manila to Cebu", total: "20430.00" },
    { sqRefNum: "SQ-MNL-2026-000002", customerName: "Lapu Lapu Foods", accountExecutive: "Maria Santos", sqDate: "2026-03-03", validUntil: "2026-06-30", lanes: "Manila to Iloilo", total: "8750.00" },
    { sqRefNum: "SQ-MNL-2026-000003", customerName: "Tagbilaran Hardware", accountExecutive: "Maria Santos", sqDate: "2026-03-03", validUntil: "2026-07-31", lanes: "Manila to Tagbilaran", total: "31200.50" },
  ],
  generatedAt: new Date("2026-03-04T01:00:00Z"),
};

const longPrintout: QuotationPrintout = {
  ...printout,
  sqRefNum: "SQ-MNL-2026-000060",
  status: "Draft",
  amendedSqRef: null,
  approvals: [],
  lanes: [{
    ...printout.lanes[0],
    charges: Array.from({ length: 60 }, (_, i) => charge({ chargeCode: String(i + 1).padStart(3, "0"), chargeName: `Charge line ${i + 1}` })),
    total: "750000.00",
  }],
};

/**
 * OCR text of each page, normalised and without any white space at all: tesseract splits or joins words now
 * and then ("j ose", "perteu"), and the checks are about the characters, not the gaps between them.
 */
const squeeze = (text: string) => normaliseOcr(text).replace(/ /g, "");
const texts = (pdf: RenderedPdf) => pdf.pages.map((p) => squeeze(p.text ?? ""));
const pdfSource = (bytes: Uint8Array) => new TextDecoder("latin1").decode(bytes);

describe("quotation document helpers", () => {
  it("names the files after their references and states the SOC value at 6000", () => {
    expect(QUOTATION_PRINTOUT_NAME("SQ-MNL-2026-000001")).toBe("SQ-MNL-2026-000001.pdf");
    expect(QUOTATION_MEMO_NAME("MEMO-MNL-2026-000007")).toBe("MEMO-MNL-2026-000007.pdf");
    expect(QUOTATION_PRINTOUT_NAME("SQ/MNL 01")).toBe("SQ_MNL_01.pdf");
    expect(SOC_VALUE).toBe("6000.00");
  });

  it("formats amounts with thousands separators and two decimals, without floats", () => {
    expect(formatAmount("12500")).toBe("12,500.00");
    expect(formatAmount("1234567.5")).toBe("1,234,567.50");
    expect(formatAmount("0.005")).toBe("0.01");
    expect(formatAmount("-1000.994")).toBe("-1,000.99");
    expect(formatAmount("90071992547409.99")).toBe("90,071,992,547,409.99");
    expect(formatAmount("")).toBe("0.00");
    expect(formatAmount("N/A")).toBe("N/A");
    expect(formatQuantity("1200")).toBe("1,200");
    expect(formatQuantity("2.50")).toBe("2.50");
  });

  it("bans an unapproved printout and leaves an approved one clean", () => {
    expect(pdfSource(buildQuotationPrintoutPdf(printout))).not.toContain("NOT VALID");
    expect(pdfSource(buildQuotationPrintoutPdf({ ...printout, status: "Draft" }))).toContain("(DRAFT - NOT VALID AS AN OFFER)");
    expect(pdfSource(buildQuotationPrintoutPdf({ ...printout, status: "SM Approved" }))).toContain("(NOT APPROVED - NOT VALID AS AN OFFER)");
  });
});

describe("quotation documents read back from their page images", () => {
  let quotation: RenderedPdf;
  let memorandum: RenderedPdf;
  let long: RenderedPdf;

  beforeAll(async () => {
    // Rendered side by side: OCR is the slow part, and only the pages a test reads are OCRed.
    [quotation, memorandum, long] = await Promise.all([
      renderPdf(buildQuotationPrintoutPdf(printout)),
      renderPdf(buildQuotationMemoPdf(memo)),
      renderPdf(buildQuotationPrintoutPdf(longPrintout), { ocrPages: [2] }),
    ]);
  }, 60_000);

  it("renders A4 pages at about 200 dpi", () => {
    for (const page of [...quotation.pages, ...memorandum.pages]) {
      // 210 x 297 mm at 200 dpi is 1654 x 2339 pixels.
      expect(page.width).toBeGreaterThan(1600);
      expect(page.width).toBeLessThan(1700);
      expect(page.height / page.width).toBeCloseTo(297 / 210, 2);
    }
  });

  it("prints the quotation's heading, customer, lanes, charges, totals, terms, SOC value and approvals", () => {
    const all = texts(quotation).join(" ");
    for (const expected of [
      "lading",
      "sales quotation",
      "sq-mnl-2026-000001",
      "2026-06-30",
      "bayanihan trading corporation",
      "maria santos",
      "manila head office",
      "dry goods",
      "amends sq-mnl-2025-000417",
      "lane 1: manila to cebu",
      "lane 2: cebu to davao",
      "12,500.00",
      "14,200.00",
      "20,430.00",
      "15,021.00",
      // Policy codes are read where OCR keeps C and 0 apart reliably: the second row.
      "c0002",
      "free storage days",
      "free detention days",
      "shipper-owned container (soc) value: php 6,000.00",
      "sm approved",
      "aud approved",
      "fa approved",
      "jose reyes",
      "ramon garcia",
      `page 1 of ${quotation.pageCount}`,
    ]) expect(all).toContain(squeeze(expected));
    expect(all).not.toContain("notvalid");
    expect(all).not.toContain(squeeze("(soc) value: php 2,000.00"));
  });

  it("prints the memorandum with its number, subject, each quotation and the signature lines", () => {
    expect(memorandum.pageCount).toBe(1);
    const [page] = texts(memorandum);
    for (const expected of [
      "memorandum",
      "memo-mnl-2026-000007",
      "quotations for visayas accounts",
      "manila head office",
      "forward them to the customers concerned",
      ...memo.quotations.map((q) => q.sqRefNum.toLowerCase()),
      "31,200.50",
      "prepared by",
      "noted by",
      "page 1 of 1",
    ]) expect(page).toContain(squeeze(expected));
  });

  it("runs a 60-charge quotation over several numbered pages", () => {
    expect(long.pageCount).toBeGreaterThan(1);
    const second = texts(long)[1];
    expect(second).toContain(squeeze(`page 2 of ${long.pageCount}`));
    // Every page of a draft says so, and the column heads repeat.
    expect(second).toContain(squeeze("draft - not valid as an offer"));
    // The table carries on where page 1 stopped and ends with the lane total.
    expect(second).toContain(squeeze("029 charge line 29"));
    expect(second).toContain(squeeze("lane 1 total (php) 750,000.00"));
  });
});
