import { describe, expect, it } from "vitest";
import {
  type BookletRange,
  bookletForSerial,
  buyerTinProblem,
  documentVat,
  formatSerial,
  gapReport,
  lineAmount,
  type ManualSiStatus,
} from "../../api/modules/accounting/manual-invoices/rules.ts";

/**
 * Manual sales invoices (domain notes §6, §7, §11): the VAT of a document worked out once, the buyer's TIN, the
 * serial checked against the ATP booklets, and the gap report of a range.
 */

const vatable = (...amounts: string[]) => amounts.map((amount) => ({ amount, taxClass: "VATABLE" as const }));

describe("the VAT of a document (domain notes §7)", () => {
  it.each([
    ["112000.00", "100000.00", "12000.00"],
    ["10000.00", "8928.57", "1071.43"],
    ["1000.00", "892.86", "107.14"],
    ["37000.00", "33035.71", "3964.29"],
  ])("%s VAT included splits into %s and %s", (inclusive, net, vat) => {
    expect(documentVat(vatable(inclusive))).toEqual({ vatableSales: net, vatAmount: vat, exemptSales: "0.00", zeroRatedSales: "0.00", total: inclusive });
  });

  it("splits three lines of 100.00 once: 267.86 and 32.14, not 89.29 three times", () => {
    expect(documentVat(vatable("100.00", "100.00", "100.00"))).toMatchObject({ vatableSales: "267.86", vatAmount: "32.14", total: "300.00" });
  });

  it("W1: 46,820.75 with every line; 43,350.00 with arrastre and wharfage passed through", () => {
    const others = [{ amount: "500.00", taxClass: "EXEMPT" as const }, { amount: "250.00", taxClass: "ZERO_RATED" as const }];
    const freight = vatable("37000.00", "3600.00", "2000.00");
    const port = vatable("2350.75", "1120.00");
    expect(documentVat([...freight, ...port, ...others])).toEqual({
      vatableSales: "41134.60", vatAmount: "4936.15", exemptSales: "500.00", zeroRatedSales: "250.00", total: "46820.75",
    });
    expect(documentVat([...freight, ...others])).toEqual({
      vatableSales: "38035.71", vatAmount: "4564.29", exemptSales: "500.00", zeroRatedSales: "250.00", total: "43350.00",
    });
  });

  it("prices a line as quantity times unit price, rounded once", () => {
    expect([lineAmount("7.333", "1187.50"), lineAmount("2", "18500.00"), lineAmount("400", "35.00")]).toEqual(["8707.94", "37000.00", "14000.00"]);
  });
});

describe("the buyer's TIN", () => {
  it("is required of a VAT-registered buyer from 1,000.00, optional below it and for a buyer who is not registered", () => {
    const required = "The buyer is VAT-registered: its TIN is required on an invoice of 1,000.00 or more.";
    expect(buyerTinProblem({ buyerVatRegistered: true, buyerTin: "", total: "999.99" })).toBeNull();
    expect(buyerTinProblem({ buyerVatRegistered: true, buyerTin: "", total: "1000.00" })).toBe(required);
    expect(buyerTinProblem({ buyerVatRegistered: true, buyerTin: "123-456-789-00000", total: "1000.00" })).toBeNull();
    expect(buyerTinProblem({ buyerVatRegistered: false, buyerTin: "", total: "50000.00" })).toBeNull();
  });
});

describe("serials and ATP booklets (domain notes §11 test data)", () => {
  const dvo: BookletRange[] = [
    { id: 1, atpNo: "ATP-DVO-2024-01", serialFrom: 1, serialTo: 500, serialDigits: 4, bookletStatus: "EXHAUSTED" },
    { id: 2, atpNo: "ATP-DVO-2025-01", serialFrom: 501, serialTo: 1000, serialDigits: 4, bookletStatus: "ACTIVE" },
  ];

  it("takes 0750 in DVO's active booklet", () => {
    expect(bookletForSerial(750, "DVO", dvo)).toEqual({ booklet: dvo[1], problem: null });
  });

  it("refuses 1001 (outside every active range), 0300 (an exhausted booklet), and 0750 for a CEB user (no booklet of CEB)", () => {
    expect(bookletForSerial(1001, "DVO", dvo)).toEqual({ booklet: null, problem: "Serial 1001 is outside every active ATP booklet of branch DVO." });
    expect(bookletForSerial(300, "DVO", dvo)).toEqual({
      booklet: null, problem: "Serial 0300 is in ATP booklet ATP-DVO-2024-01 of branch DVO, which is used up (EXHAUSTED).",
    });
    expect(bookletForSerial(750, "CEB", [])).toEqual({ booklet: null, problem: "Serial 0750 is outside every active ATP booklet of branch CEB." });
  });

  it("prints a serial with its booklet's zero padding", () => {
    expect([formatSerial(750, 4), formatSerial(12, 6), formatSerial(12345, 4)]).toEqual(["0750", "000012", "12345"]);
  });

  it("reports 0501-0510 after issuing 0501-0503 and cancelling 0502: issued, cancelled, issued, then unused", () => {
    const used = new Map<number, ManualSiStatus>([[501, "Issued"], [502, "Cancelled"], [503, "Issued"]]);
    expect(gapReport(501, 510, used).map((r) => [formatSerial(r.serial, 4), r.state])).toEqual([
      ["0501", "ISSUED"], ["0502", "CANCELLED"], ["0503", "ISSUED"],
      ["0504", "UNUSED"], ["0505", "UNUSED"], ["0506", "UNUSED"], ["0507", "UNUSED"], ["0508", "UNUSED"], ["0509", "UNUSED"], ["0510", "UNUSED"],
    ]);
    expect(gapReport(504, 504, new Map([[504, "Draft"]])).map((r) => r.state)).toEqual(["DRAFT"]);
  });
});
