import { describe, expect, it } from "vitest";
import {
  collectionBalance,
  form2307DueDate,
  form2307Status,
  type InvoiceTaxBase,
  invoiceWithholding,
  lineWithholding,
  NO_EARLIER_PAYMENTS,
  quarterBounds,
  quarterOf,
  rateProblem,
  rateWarnings,
  settingRates,
  type WithholdingSetting,
} from "../../api/modules/accounting/collections/rules.ts";
import { formatCentavos, toCentavos } from "../../api/shared/money.ts";

/**
 * The withholding a payer makes on an invoice it settles (domain notes §8), every vector of its table and of its
 * partial payments, the hand-computed cases, and the quarter's Form 2307.
 */

const peso = formatCentavos;
const c = (amount: string) => toCentavos(amount);

/** An invoice's totals as issued: VATable sales net of VAT, the VAT apart (domain notes §7). */
const invoice = (vatableSales: string, vatAmount: string, exemptSales = "0.00", zeroRatedSales = "0.00"): InvoiceTaxBase => ({
  vatableSales,
  vatAmount,
  exemptSales,
  zeroRatedSales,
  total: peso(c(vatableSales) + c(vatAmount) + c(exemptSales) + c(zeroRatedSales)),
});

/** 112,000.00 VAT included: 100,000.00 + 12,000.00. */
const I112K = invoice("100000.00", "12000.00");
/** 10,000.00 VAT included: 8,928.57 + 1,071.43. */
const I10K = invoice("8928.57", "1071.43");
/** W1 (domain notes §7): 46,070.75 VATable (41,134.60 + 4,936.15), 500.00 exempt, 250.00 zero-rated. */
const W1 = invoice("41134.60", "4936.15", "500.00", "250.00");
/** W1 with arrastre and wharfage passed through to the port: 42,600.00 VATable (38,035.71 + 4,564.29). */
const W1_PASS_THROUGH = invoice("38035.71", "4564.29", "500.00", "250.00");

const rates = (setting: WithholdingSetting) => ({ ...settingRates(setting), isTopWithholdingAgent: false });

/** The whole invoice paid at once by a payer of `setting`: [base, EWT, WVAT, cash], as printed. */
function paidInFull(inv: InvoiceTaxBase, setting: WithholdingSetting) {
  const line = lineWithholding(inv, c(inv.total), NO_EARLIER_PAYMENTS, rates(setting));
  return [peso(line.ewtBase), peso(line.ewtAmount), peso(line.wvatAmount), peso(line.cash)];
}

describe("withholding on an invoice paid in full (domain notes §8 table)", () => {
  it.each([
    ["112,000.00, private", I112K, "PRIVATE", ["100000.00", "2000.00", "0.00", "110000.00"]],
    ["112,000.00, government", I112K, "GOVERNMENT", ["100000.00", "2000.00", "5000.00", "105000.00"]],
    ["10,000.00, private", I10K, "PRIVATE", ["8928.57", "178.57", "0.00", "9821.43"]],
    ["10,000.00, government", I10K, "GOVERNMENT", ["8928.57", "178.57", "446.43", "9375.00"]],
    ["46,820.75 (W1), private", W1, "PRIVATE", ["41884.60", "837.69", "0.00", "45983.06"]],
    ["46,820.75 (W1), government", W1, "GOVERNMENT", ["41884.60", "837.69", "2056.73", "43926.33"]],
    ["43,350.00 (W1 pass-through), private", W1_PASS_THROUGH, "PRIVATE", ["38785.71", "775.71", "0.00", "42574.29"]],
  ] as const)("%s", (_, inv, setting, expected) => {
    expect(paidInFull(inv, setting)).toEqual(expected);
  });

  it("reads the invoices of the table as domain notes §7 split them", () => {
    expect([I112K.total, I10K.total, W1.total, W1_PASS_THROUGH.total]).toEqual(["112000.00", "10000.00", "46820.75", "43350.00"]);
  });

  it("works the issue's hand-computed cases: 2% of 112,000.00 leaves 110,000.00; a government payer also withholds 5,000.00", () => {
    const privately = lineWithholding(I112K, c("112000.00"), NO_EARLIER_PAYMENTS, rates("PRIVATE"));
    expect([privately.ewtAtc, privately.ewtRate, peso(privately.ewtAmount), privately.wvatAtc, peso(privately.cash)])
      .toEqual(["WC120", "2.00", "2000.00", "", "110000.00"]);
    const government = lineWithholding(I112K, c("112000.00"), NO_EARLIER_PAYMENTS, rates("GOVERNMENT"));
    expect([government.ewtAtc, peso(government.ewtAmount), government.wvatAtc, peso(government.wvatBase), peso(government.wvatAmount), peso(government.cash)])
      .toEqual(["WC120", "2000.00", "WV020", "100000.00", "5000.00", "105000.00"]);
  });

  it("records WC160 for a top withholding agent, and nothing for a payer who does not withhold", () => {
    const top = lineWithholding(I112K, c("112000.00"), NO_EARLIER_PAYMENTS, { ...settingRates("PRIVATE"), isTopWithholdingAgent: true });
    expect([top.ewtAtc, peso(top.ewtAmount)]).toEqual(["WC160", "2000.00"]);
    const none = lineWithholding(I112K, c("112000.00"), NO_EARLIER_PAYMENTS, rates("NONE"));
    expect([none.ewtAtc, none.ewtRate, peso(none.ewtBase), peso(none.ewtAmount), none.wvatAtc, peso(none.wvatAmount), peso(none.cash)])
      .toEqual(["", "0.00", "0.00", "0.00", "", "0.00", "112000.00"]);
  });

  it("keeps the whole-invoice figures apart from any payment", () => {
    const whole = invoiceWithholding(W1, settingRates("GOVERNMENT"));
    expect([peso(whole.base), peso(whole.ewt), peso(whole.wvatBase), peso(whole.wvat)]).toEqual(["41884.60", "837.69", "41134.60", "2056.73"]);
  });
});

describe("partial payments withhold their share, and the last one the rest", () => {
  it("W1 private: 20,000.00 applied withholds 357.83 (cash 19,642.17); the balance 26,820.75 withholds 479.86", () => {
    const first = lineWithholding(W1, c("20000.00"), NO_EARLIER_PAYMENTS, rates("PRIVATE"));
    expect([peso(first.ewtAmount), peso(first.cash)]).toEqual(["357.83", "19642.17"]);
    const earlier = { applied: first.applied, ewtBase: first.ewtBase, ewt: first.ewtAmount, wvatBase: first.wvatBase, wvat: first.wvatAmount };
    const last = lineWithholding(W1, c("26820.75"), earlier, rates("PRIVATE"));
    expect([peso(last.ewtAmount), peso(last.cash)]).toEqual(["479.86", "26340.89"]);
    expect(peso(first.ewtAmount + last.ewtAmount)).toBe("837.69");
    // The bases add up to the invoice's base net of VAT too.
    expect(peso(first.ewtBase + last.ewtBase)).toBe("41884.60");
  });

  it("10,000.00 paid as 4,000.00 and then 6,000.00 withholds 71.43 and 107.14", () => {
    const first = lineWithholding(I10K, c("4000.00"), NO_EARLIER_PAYMENTS, rates("PRIVATE"));
    const earlier = { applied: first.applied, ewtBase: first.ewtBase, ewt: first.ewtAmount, wvatBase: first.wvatBase, wvat: first.wvatAmount };
    const last = lineWithholding(I10K, c("6000.00"), earlier, rates("PRIVATE"));
    expect([peso(first.ewtAmount), peso(last.ewtAmount), peso(first.ewtAmount + last.ewtAmount)]).toEqual(["71.43", "107.14", "178.57"]);
  });

  it("splits a government payer's VAT withheld the same way", () => {
    const first = lineWithholding(W1, c("20000.00"), NO_EARLIER_PAYMENTS, rates("GOVERNMENT"));
    // 2,056.73 × 20,000.00 / 46,820.75 = 878.5549… → 878.55; cash 20,000.00 − 357.83 − 878.55.
    expect([peso(first.ewtAmount), peso(first.wvatAmount), peso(first.cash)]).toEqual(["357.83", "878.55", "18763.62"]);
    const earlier = { applied: first.applied, ewtBase: first.ewtBase, ewt: first.ewtAmount, wvatBase: first.wvatBase, wvat: first.wvatAmount };
    const last = lineWithholding(W1, c("26820.75"), earlier, rates("GOVERNMENT"));
    expect([peso(last.ewtAmount), peso(last.wvatAmount)]).toEqual(["479.86", "1178.18"]);
    expect(peso(first.wvatAmount + last.wvatAmount)).toBe("2056.73");
  });
});

describe("rates", () => {
  it("warns when the rate withheld is not the payer's setting, and allows it", () => {
    expect(rateWarnings("PRIVATE", { ewtRate: "2.00", wvatRate: "0.00" })).toEqual([]);
    expect(rateWarnings("PRIVATE", { ewtRate: "1", wvatRate: "0" })).toEqual(["The customer's setting (Private: 2% EWT) withholds 2% EWT, not 1%."]);
    expect(rateWarnings("NONE", { ewtRate: "2", wvatRate: "0" })).toEqual(["The customer's setting (Does not withhold) withholds 0% EWT, not 2%."]);
    expect(rateWarnings("GOVERNMENT", { ewtRate: "2", wvatRate: "0" })).toEqual([
      "The customer's setting (Government: 2% EWT and 5% VAT) withholds 5% VAT, not 0%.",
    ]);
    expect(rateProblem({ ewtRate: "1", wvatRate: "0" })).toBeNull();
  });

  it("refuses EWT above 15% of its base as implausible, and more VAT withheld than there is", () => {
    expect(rateProblem({ ewtRate: "15", wvatRate: "0" })).toBeNull();
    expect(rateProblem({ ewtRate: "15.01", wvatRate: "0" })).toEqual({
      field: "ewtRate",
      message: "An EWT of 15.01% is above 15% of its base: check the rate the customer withheld.",
    });
    expect(rateProblem({ ewtRate: "2", wvatRate: "12.5" })).toEqual({ field: "wvatRate", message: "Withholding VAT of 12.5% is more than the 12% VAT there is." });
  });
});

describe("what a collection comes to", () => {
  it("adds the lines' cash and the other charges, and names the excess over them", () => {
    const lines = [{ cash: c("110000.00") }, { cash: c("9821.43") }];
    expect(collectionBalance({ lines, otherTotal: c("250.00"), amountReceived: c("120071.43") })).toEqual({ due: c("120071.43"), received: c("120071.43"), excess: 0n });
    expect(collectionBalance({ lines, otherTotal: 0n, amountReceived: c("120000.00") })).toEqual({ due: c("119821.43"), received: c("120000.00"), excess: c("178.57") });
    expect(collectionBalance({ lines, otherTotal: 0n, amountReceived: c("100000.00") }).excess).toBe(-c("19821.43"));
  });

  it("counts credit the customer spends beside the money received", () => {
    const lines = [{ cash: c("110000.00") }, { cash: c("9821.43") }];
    expect(collectionBalance({ lines, otherTotal: 0n, amountReceived: c("100000.00"), creditApplied: c("19821.43") })).toEqual({ due: c("119821.43"), received: c("100000.00"), excess: 0n });
    expect(collectionBalance({ lines, otherTotal: 0n, amountReceived: c("100000.00"), creditApplied: c("5000.00") }).excess).toBe(-c("14821.43"));
  });

  it("takes the amount received to be what is due less the credit spent when the cashier gives none", () => {
    const lines = [{ cash: c("110000.00") }, { cash: c("9821.43") }];
    expect(collectionBalance({ lines, otherTotal: c("250.00") })).toEqual({ due: c("120071.43"), received: c("120071.43"), excess: 0n });
    expect(collectionBalance({ lines, otherTotal: 0n, creditApplied: c("19821.43") })).toEqual({ due: c("119821.43"), received: c("100000.00"), excess: 0n });
  });
});

describe("Form 2307", () => {
  it("falls due on the 20th day after the quarter: 20 April, 20 July, 20 October, 20 January", () => {
    expect([1, 2, 3, 4].map((q) => form2307DueDate(2025, q))).toEqual(["2025-04-20", "2025-07-20", "2025-10-20", "2026-01-20"]);
  });

  it("knows a date's quarter and the quarter's days", () => {
    expect([quarterOf("2025-01-01"), quarterOf("2025-05-15"), quarterOf("2025-09-30"), quarterOf("2025-12-31")]).toEqual([
      { year: 2025, quarter: 1 }, { year: 2025, quarter: 2 }, { year: 2025, quarter: 3 }, { year: 2025, quarter: 4 },
    ]);
    expect([quarterBounds(2025, 1), quarterBounds(2024, 1), quarterBounds(2025, 4)]).toEqual([
      { first: "2025-01-01", last: "2025-03-31" }, { first: "2024-01-01", last: "2024-03-31" }, { first: "2025-10-01", last: "2025-12-31" },
    ]);
  });

  it("is expected until its due date, missing after it, received once recorded", () => {
    const dueDate = form2307DueDate(2025, 2);
    expect(form2307Status({ received: false, dueDate, today: "2025-07-20" })).toBe("EXPECTED");
    expect(form2307Status({ received: false, dueDate, today: "2025-07-21" })).toBe("MISSING");
    expect(form2307Status({ received: true, dueDate, today: "2025-08-01" })).toBe("RECEIVED");
  });
});
