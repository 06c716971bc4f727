import { beforeAll, describe, expect, it } from "vitest";
import { buildInProcess } from "../../templates/builders.ts";
import { buildCollectionReceiptPdf, type CollectionReceiptDocument, COLLECTION_RECEIPT_NAME } from "../../templates/documents/collection-receipt.ts";
import { buildManualSalesInvoicePdf, MANUAL_SALES_INVOICE_NAME, type ManualSalesInvoiceDocument } from "../../templates/documents/manual-sales-invoice.ts";
import { normaliseOcr, type RenderedPdf, renderPdf, watermarkText } from "../support/pdf-image.ts";

/**
 * The Collection Receipt and the manual sales invoice read back from their page images: the payer reads the
 * invoices settled with the tax withheld on each and the notice that the receipt supports no input VAT; the buyer
 * reads every item of an invoice, the VAT apart, on legal paper with the booklet's ATP.
 */

/**
 * OCR text without any white space, and without the bars and dashes a table's cell rules are read as: tesseract
 * splits and joins words now and then; the characters count.
 */
const squeeze = (text: string) => normaliseOcr(text).replace(/[ |=]/g, "");
const pageText = (pdf: RenderedPdf) => pdf.pages.map((p) => squeeze(p.text ?? "")).join(" ");

/** Each page's MediaBox, in mm. */
function pageSizesMm(bytes: Uint8Array): [number, number][] {
  const text = new TextDecoder("latin1").decode(bytes);
  const mm = (pt: string) => Math.round((Number(pt) * 25.4) / 72 * 10) / 10;
  return [...text.matchAll(/\/MediaBox \[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/g)].map((m) => [mm(m[1]), mm(m[2])]);
}

/** The hand-computed case on one receipt: 112,000.00 less 2% of 100,000.00, and W1 paid in part. */
const receipt: CollectionReceiptDocument = {
  receiptNo: "CR-DVO-2025-000042",
  status: "Issued",
  collectionDate: "2025-05-02",
  seller: { name: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "123-456-789-00003", address: "Sasa Wharf, Davao City" },
  payer: { code: "ACC-PRV", name: "Mindanao Fresh Produce Inc.", address: "Km. 9, Sasa, Davao City", tin: "222-333-444-00000" },
  paymentMethod: "Cheque",
  bank: "BPI",
  chequeNo: "0045512",
  chequeDate: "2025-05-02",
  lines: [
    { invoiceNo: "SI-DVO-000458", wayBillRef: "WB-MNL-2025-000101", applied: "112000.00", ewtAtc: "WC120", ewtRate: "2.00", ewtBase: "100000.00", ewtAmount: "2000.00", wvatAtc: "", wvatAmount: "0.00", cash: "110000.00" },
    { invoiceNo: "SI-DVO-000459", wayBillRef: "WB-MNL-2025-000102", applied: "20000.00", ewtAtc: "WC120", ewtRate: "2.00", ewtBase: "17891.47", ewtAmount: "357.83", wvatAtc: "", wvatAmount: "0.00", cash: "19642.17" },
  ],
  otherCharges: [{ accountCode: "4600-DOCS", description: "Certified true copy", amount: "250.00" }],
  totals: { applied: "132000.00", ewt: "2357.83", wvat: "0.00", other: "250.00", creditApplied: "0.00", received: "129892.17", excess: "0.00" },
  excessKept: false,
  remarks: "",
  cancelReason: "",
  issuedBy: "Carmen Santos",
  generatedAt: new Date("2025-05-02T03:00:00Z"),
  copy: false,
};

const cancelled: CollectionReceiptDocument = { ...receipt, receiptNo: "CR-DVO-2025-000043", status: "Cancelled", cancelReason: "Keyed against the wrong invoice" };
const copy: CollectionReceiptDocument = { ...receipt, copy: true };
/** The same invoices settled in part from 5,000.00 of credit the payer kept from an earlier excess payment. */
const onCredit: CollectionReceiptDocument = {
  ...receipt, receiptNo: "CR-DVO-2025-000044", totals: { ...receipt.totals, creditApplied: "5000.00", received: "124892.17" },
};

const invoice: ManualSalesInvoiceDocument = {
  serial: "0750",
  status: "Issued",
  invoiceDate: "2025-04-24",
  seller: { registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading", tin: "123-456-789-00003", address: "Sasa Wharf, Davao City" },
  buyer: { name: "Mindanao Fresh Produce Inc.", address: "Km. 9, Sasa, Davao City", tin: "222-333-444-00000" },
  wayBillRef: "WB-MNL-2025-000101",
  lines: [
    { description: "Freight, 40 ft Manila to Davao", quantity: "2", unit: "TEU", unitPrice: "18500.00", amount: "37000.00", taxClass: "VATABLE" },
    { description: "Permit fee", quantity: "1", unit: "lot", unitPrice: "500.00", amount: "500.00", taxClass: "EXEMPT" },
    { description: "Export leg", quantity: "1", unit: "lot", unitPrice: "250.00", amount: "250.00", taxClass: "ZERO_RATED" },
  ],
  vatableSales: "33035.71",
  vatAmount: "3964.29",
  exemptSales: "500.00",
  zeroRatedSales: "250.00",
  total: "37750.00",
  remarks: "",
  cancelReason: "",
  atp: { atpNo: "ATP-DVO-2025-01", atpDate: "2025-01-06", printerName: "Mindanao Printers Co.", printerAccreditationNo: "PA-112-2024", serialFrom: "0501", serialTo: "1000" },
  issuedBy: "Carmen Santos",
  generatedAt: new Date("2025-04-24T03:00:00Z"),
  copy: false,
};

describe("the files", () => {
  it("are named after the receipt and after the branch and serial", async () => {
    expect(COLLECTION_RECEIPT_NAME("CR-DVO-2025-000042")).toBe("CR-DVO-2025-000042.pdf");
    expect(MANUAL_SALES_INVOICE_NAME("DVO", "0750")).toBe("SI-DVO-0750.pdf");
    const file = await buildInProcess("collectionReceipt", receipt);
    expect([file.fileName, file.contentType]).toEqual(["CR-DVO-2025-000042.pdf", "application/pdf"]);
    const si = await buildInProcess("manualSalesInvoice", { branchCode: "DVO", view: invoice });
    expect([si.fileName, pageSizesMm(si.bytes)]).toEqual(["SI-DVO-0750.pdf", [[215.9, 355.6]]]);
  });
});

describe("the Collection Receipt read back from its page images", () => {
  let issued: RenderedPdf;
  let voided: RenderedPdf;
  let credited: RenderedPdf;

  beforeAll(async () => {
    [issued, voided, credited] = await Promise.all([receipt, cancelled, onCredit].map((r) => renderPdf(buildCollectionReceiptPdf(r), { pageSegmentation: 4 })));
  }, 90_000);

  it("prints the receipt, the branch that received and the payer", () => {
    const text = pageText(issued);
    for (const expected of [
      "lading collection receipt cr-dvo-2025-000042",
      "lading shipping lines, inc.",
      "tin 123-456-789-00003",
      "receipt no. cr-dvo-2025-000042",
      "date 2025-05-02",
      "payment cheque",
      "bank bpi",
      "cheque no. 0045512",
      "name mindanao fresh produce inc.",
      "tin 222-333-444-00000",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("lists the invoices settled with the tax withheld on each: 2% of 100,000.00 is 2,000.00, leaving 110,000.00", () => {
    const text = pageText(issued);
    expect(text).toContain(squeeze("si-dvo-000458 wb-mnl-2025-000101 112,000.00 wc120 2% 100,000.00 2,000.00 0.00 110,000.00"));
    expect(text).toContain(squeeze("si-dvo-000459 wb-mnl-2025-000102 20,000.00 wc120 2% 17,891.47 357.83 0.00 19,642.17"));
    expect(text).toContain(squeeze("4600-docs certified true copy 250.00"));
    for (const expected of [
      "applied to invoices 132,000.00",
      "less ewt withheld 2,357.83",
      "less vat withheld 0.00",
      "other charges 250.00",
      "amount received (php) 129,892.17",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("shows credit the payer spent between the other charges and the amount received, and no such line when none was", () => {
    const text = pageText(credited);
    expect(text).toContain(squeeze("other charges 250.00 less credit applied 5,000.00 amount received (php) 124,892.17"));
    expect(pageText(issued)).toContain(squeeze("other charges 250.00 amount received (php) 129,892.17"));
    expect(pageText(issued)).not.toContain(squeeze("credit applied"));
  });

  it("says in full that it is not valid for claim of input tax", () => {
    expect(pageText(issued)).toContain(squeeze("THIS DOCUMENT IS NOT VALID FOR CLAIM OF INPUT TAX"));
  });

  it("marks a cancelled receipt, with the reason", () => {
    const text = pageText(voided);
    expect(text).toContain(squeeze("cancelled - this receipt settles nothing"));
    expect(text).toContain(squeeze("reason keyed against the wrong invoice"));
    expect(pageText(issued)).not.toContain(squeeze("settles nothing"));
  });

  it("carries COPY across a copy, and not across the original", async () => {
    expect(normaliseOcr(await watermarkText(buildCollectionReceiptPdf(copy), 1))).toBe("copy");
    expect(normaliseOcr(await watermarkText(buildCollectionReceiptPdf(receipt), 1))).not.toBe("copy");
  });
});

describe("the manual sales invoice read back from its page image", () => {
  let page: RenderedPdf;
  let draft: RenderedPdf;

  beforeAll(async () => {
    [page, draft] = await Promise.all([
      renderPdf(buildManualSalesInvoicePdf(invoice), { pageSegmentation: 4 }),
      renderPdf(buildManualSalesInvoicePdf({ ...invoice, status: "Draft" }), { pageSegmentation: 4 }),
    ]);
  }, 90_000);

  it("is one legal page (8.5 by 14 inches)", () => {
    expect(page.pageCount).toBe(1);
    expect(page.pages[0].height / page.pages[0].width).toBeCloseTo(14 / 8.5, 2);
  });

  it("carries the word, the serial, the seller registered for VAT with its TIN, the buyer and the date", () => {
    const text = pageText(page);
    for (const expected of [
      "sales invoice",
      "no. 0750",
      "lading shipping lines, inc.",
      "vat reg. tin: 123-456-789-00003",
      "sold to mindanao fresh produce inc.",
      "date 2025-04-24",
      "tin 222-333-444-00000",
    ]) expect(text).toContain(squeeze(expected));
  });

  it("lists the lines, exempt and zero-rated ones marked, and the total with the VAT as its own item", () => {
    const text = pageText(page);
    for (const expected of [
      "freight, 40 ft manila to davao 2 teu 18,500.00 37,000.00",
      "permit fee (vat-exempt sale) 1 lot 500.00 500.00",
      "export leg (zero-rated sale) 1 lot 250.00 250.00",
      "vatable sales 33,035.71",
      "vat (12%) 3,964.29",
      "vat-exempt sales 500.00",
      "zero-rated sales 250.00",
      "total amount due 37,750.00",
      "atp no. atp-dvo-2025-01, issued 2025-01-06; serials 0501 to 1000",
      "printer: mindanao printers co., accreditation no. pa-112-2024",
    ]) expect(text).toContain(squeeze(expected));
    expect(text).not.toContain(squeeze("valid until"));
  });

  it("marks a draft as not issued", () => {
    expect(pageText(draft)).toContain(squeeze("draft - not issued"));
    expect(pageText(page)).not.toContain(squeeze("not issued"));
  });
});
