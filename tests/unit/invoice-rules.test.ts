import { describe, expect, it } from "vitest";
import {
  type BillableLine,
  buyerProblems,
  buyerTinRequired,
  effectiveTaxClass,
  invoiceAmounts,
  invoiceLineOf,
  invoiceLinesOf,
  MODES_OF_SIDE,
  negated,
  sellerProblems,
  sideOfMode,
  type TaxClass,
} from "../../api/modules/accounting/invoices/rules.ts";

/**
 * The invoice's money and content rules (domain notes §6, §7), on the vectors the notes computed by hand.
 */

const vatable = (amount: string) => ({ amount, taxClass: "VATABLE" as TaxClass });

describe("the VAT of one invoice, worked out once from its VATable lines", () => {
  it.each([
    ["112000.00", "100000.00", "12000.00"],
    ["10000.00", "8928.57", "1071.43"],
    ["1000.00", "892.86", "107.14"],
    ["37000.00", "33035.71", "3964.29"],
  ])("splits %s into %s net and %s VAT", (gross, net, vat) => {
    expect(invoiceAmounts([vatable(gross)])).toEqual({
      vatableInclusive: gross, vatableSales: net, vatAmount: vat, exemptSales: "0.00", zeroRatedSales: "0.00", total: gross,
    });
  });

  it("nets three lines of 100.00 as one document: 267.86 and 32.14, not 3 x 89.29 = 267.87", () => {
    const amounts = invoiceAmounts([vatable("100.00"), vatable("100.00"), vatable("100.00")]);
    expect([amounts.vatableSales, amounts.vatAmount, amounts.total]).toEqual(["267.86", "32.14", "300.00"]);
    // Line by line the net would be a centavo more.
    const perLine = invoiceAmounts([vatable("100.00")]).vatableSales;
    expect(perLine).toBe("89.29");
  });
});

/** Waybill W1 of domain notes §7: a 40' van to Davao, case B of §5, with a test exempt and a test zero-rated line. */
const line = (chargeCode: string, chargeValue: string, taxClass: TaxClass, passThrough = false): BillableLine => ({
  chargeCode, chargeName: chargeCode, rateUnit: "perTeu", unitLabel: "Per TEU", quantity: "1", rate: chargeValue, chargeValue, taxClass, passThrough,
});
const W1 = (passThrough: boolean) => [
  line("001", "37000.00", "VATABLE"),
  line("004", "2350.75", "VATABLE", passThrough),
  line("005", "1120.00", "VATABLE", passThrough),
  line("STO", "3600.00", "VATABLE"),
  line("DEM", "2000.00", "VATABLE"),
  line("EXM", "500.00", "EXEMPT"),
  line("ZRO", "250.00", "ZERO_RATED"),
];

describe("the invoice of waybill W1", () => {
  it("with every line on the invoice: 46,070.75 VATable, 41,134.60 net, 4,936.15 VAT, total 46,820.75", () => {
    expect(invoiceAmounts(invoiceLinesOf(W1(false)))).toEqual({
      vatableInclusive: "46070.75", vatableSales: "41134.60", vatAmount: "4936.15", exemptSales: "500.00", zeroRatedSales: "250.00", total: "46820.75",
    });
  });

  it("with arrastre and wharfage passed through to the port: they leave the invoice, its VAT and its total (43,350.00)", () => {
    const lines = invoiceLinesOf(W1(true));
    expect(lines.map((l) => l.chargeCode)).toEqual(["001", "STO", "DEM", "EXM", "ZRO"]);
    expect(invoiceAmounts(lines)).toEqual({
      vatableInclusive: "42600.00", vatableSales: "38035.71", vatAmount: "4564.29", exemptSales: "500.00", zeroRatedSales: "250.00", total: "43350.00",
    });
  });
});

describe("the buyer's TIN", () => {
  const vatBuyer = { name: "Davao Fresh Produce Corp.", address: "J.P. Laurel Ave., Davao City", tin: "", vatRegistered: true };

  it("is optional for a VAT-registered buyer at 999.99 and required at 1,000.00", () => {
    expect(buyerTinRequired(vatBuyer, "999.99")).toBe(false);
    expect(buyerTinRequired(vatBuyer, "1000.00")).toBe(true);
    expect(buyerProblems(vatBuyer, "999.99", "WB-1")).toEqual([]);
    expect(buyerProblems(vatBuyer, "1000.00", "WB-1")).toEqual([{
      field: "buyerTin",
      message: "WB-1: Davao Fresh Produce Corp. is VAT-registered and is billed 1,000.00, so its TIN must be on the invoice; " +
        "fill it in under Master Data > Customers.",
    }]);
    expect(buyerProblems({ ...vatBuyer, tin: "010-010-418-000" }, "1000.00", "WB-1")).toEqual([]);
  });

  it("is optional for a buyer that is not VAT-registered, whatever the amount", () => {
    expect(buyerTinRequired({ vatRegistered: false }, "50000.00")).toBe(false);
    expect(buyerProblems({ ...vatBuyer, vatRegistered: false }, "50000.00", "WB-1")).toEqual([]);
  });

  it("cannot stand for a buyer without a name", () => {
    expect(buyerProblems({ ...vatBuyer, name: " " }, "10.00", "WB-1")).toEqual([{ field: "buyer", message: "WB-1: the invoice needs the buyer's name." }]);
  });
});

describe("the seller's particulars", () => {
  const seller = { branchCode: "DVO", registeredName: "Lading Shipping Lines, Inc.", businessStyle: "Lading Lines", tin: "009-284-517-00002", address: "Sasa Wharf, Davao City" };

  it("are complete on a branch that has all four", () => {
    expect(sellerProblems(seller)).toEqual([]);
  });

  it("name every item a branch lacks", () => {
    expect(sellerProblems({ ...seller, businessStyle: "", tin: " " })).toEqual([{
      field: "branchCode",
      message: "Branch DVO has no business style, TIN with branch code; an invoice cannot be issued without the seller's particulars. " +
        "Fill them in under Master Data > Branches.",
    }]);
  });
});

describe("a waybill line as the invoice prints it", () => {
  it("shows the rate's unit, the quantity and the rate when they make the amount", () => {
    expect(invoiceLineOf({ ...line("001", "37000.00", "VATABLE"), chargeName: "Ocean freight", quantity: "2", rate: "18500.00" })).toEqual({
      chargeCode: "001", description: "Ocean freight", quantity: "2", unit: "Per TEU", unitPrice: "18500.00", amount: "37000.00", taxClass: "VATABLE",
    });
    // 7.333 tons at 1,187.50 is 8,707.9375, billed 8,707.94 (domain notes §1).
    expect(invoiceLineOf({ ...line("003", "8707.94", "VATABLE"), unitLabel: "Per TON", quantity: "7.333", rate: "1187.50" })).toMatchObject({
      quantity: "7.333", unit: "Per TON", unitPrice: "1187.50", amount: "8707.94",
    });
  });

  it("bills a line whose amount is not rate times quantity as one lot at its amount", () => {
    expect(invoiceLineOf({ ...line("INS", "312.50", "EXEMPT"), quantity: "1", rate: "0.00" })).toMatchObject({
      quantity: "1", unit: "Lot", unitPrice: "312.50", amount: "312.50",
    });
  });
});

describe("tax classes and sides", () => {
  it("reads a charge not VAT-able under the default class as VAT-exempt", () => {
    expect(effectiveTaxClass({ taxClass: "VATABLE", isVatable: true })).toBe("VATABLE");
    expect(effectiveTaxClass({ taxClass: "VATABLE", isVatable: false })).toBe("EXEMPT");
    expect(effectiveTaxClass({ taxClass: "ZERO_RATED", isVatable: false })).toBe("ZERO_RATED");
    expect(effectiveTaxClass({ taxClass: "EXEMPT", isVatable: false })).toBe("EXEMPT");
  });

  it("bills prepaid and account-origin lines at the origin, collect and account-destination ones at the destination", () => {
    expect(MODES_OF_SIDE).toEqual({ Origin: ["P", "AO"], Destination: ["C", "AD"] });
    expect(["P", "AO", "C", "AD", "X"].map(sideOfMode)).toEqual(["Origin", "Origin", "Destination", "Destination", null]);
  });

  it("turns the sign of every total of a reversal", () => {
    expect(negated({ gross: "46820.75", vat: "4936.15", ewt: "0.00" })).toEqual({ gross: "-46820.75", vat: "-4936.15", ewt: "0.00" });
  });
});
