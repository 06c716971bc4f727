import { describe, expect, it } from "vitest";
import {
  divideAmount,
  formatAmount,
  formatCentavos,
  insurancePremiumOf,
  multiplyAmount,
  multiplyCentavos,
  multiplyExact,
  normalizeAmount,
  parseDecimal,
  roundToCentavos,
  splitVat,
  sumAmounts,
  toCentavos,
  VAT_RATE,
} from "../../api/shared/money.ts";

/**
 * Money in integer centavos, rounded once at the end of a computation, half up. The vectors are the worked
 * examples of the domain notes (§1 charge values, §7 VAT on a document, §8 withholding) and the insurance
 * case of issue 18.
 */

describe("decimal text and centavos", () => {
  it("reads decimal text exactly and rounds half up (away from zero) to the centavo", () => {
    expect(parseDecimal("0.0027")).toEqual({ units: 27n, scale: 4 });
    expect(parseDecimal(" -12.50 ")).toEqual({ units: -1250n, scale: 2 });
    expect(parseDecimal(".5")).toEqual({ units: 5n, scale: 1 });
    expect(toCentavos("1234.5")).toBe(123450n);
    expect(toCentavos("0.005")).toBe(1n);
    expect(toCentavos("0.00499")).toBe(0n);
    expect(toCentavos("-0.005")).toBe(-1n);
    expect(toCentavos(12)).toBe(1200n);
    expect(formatCentavos(5n)).toBe("0.05");
    expect(formatCentavos(-123450n)).toBe("-1234.50");
    expect(normalizeAmount("8707.9375")).toBe("8707.94");
    expect(sumAmounts(["0.10", "0.20", "3"])).toBe("3.30");
  });

  it("refuses what is not a decimal number", () => {
    expect(() => toCentavos("12,000.00")).toThrow('Amount is not a decimal number: "12,000.00"');
    expect(() => toCentavos("abc", "Rate")).toThrow('Rate is not a decimal number: "abc"');
    expect(() => toCentavos(1e21)).toThrow("Amount is out of range: 1e+21");
    expect(() => toCentavos(Number.NaN)).toThrow("Amount is not a decimal number: NaN");
  });
});

describe("products and quotients, rounded once", () => {
  it("prices a charge line: rate × quantity (domain notes §1)", () => {
    expect(multiplyAmount("18500.00", 2)).toBe("37000.00");
    expect(multiplyAmount("1250.00", "12.5")).toBe("15625.00");
    // 8,707.9375 exactly, rounded half up.
    expect(multiplyAmount("1187.50", "7.333")).toBe("8707.94");
    expect(multiplyAmount("35.00", 400)).toBe("14000.00");
    // Storage of a 45-foot van: 2 days × 2.25 TEU × 900.00 (§5.3 case F).
    expect(multiplyAmount("900", 2, "2.25")).toBe("4050.00");
  });

  it("keeps every digit of a product until the one rounding at the end", () => {
    expect(multiplyExact("123456.78", "3", "0.0027")).toEqual({ units: 999999918n, scale: 6 });
    expect(roundToCentavos(multiplyExact("123456.78", "3", "0.0027"))).toBe(100000n);
    expect(multiplyAmount("123456.78", 3, "0.0027")).toBe("1000.00");
    // Rounding the one-van premium first and multiplying it loses a centavo.
    expect(multiplyAmount(multiplyAmount("123456.78", "0.0027"), 3)).toBe("999.99");
    expect(multiplyCentavos(12345678n, "0.0027")).toBe(33333n);
  });

  it("prorates the withholding of a part payment (domain notes §8)", () => {
    // W1 private: EWT 837.69 on 46,820.75; 20,000.00 applied.
    expect(divideAmount(multiplyExact("837.69", "20000.00"), "46820.75")).toBe("357.83");
    // 10,000.00 paid as 4,000 + 6,000: EWT 178.57 split 71.43 + the rest, 107.14.
    expect(divideAmount(multiplyExact("178.57", "4000"), "10000")).toBe("71.43");
    expect(divideAmount("1", "3")).toBe("0.33");
    expect(divideAmount("2", "-3")).toBe("-0.67");
    expect(() => divideAmount("1", "0.00")).toThrow("Cannot divide by zero");
  });

  it("works out the withholding of a collection (domain notes §8)", () => {
    expect(multiplyAmount("100000.00", "0.02")).toBe("2000.00");
    expect(multiplyAmount("8928.57", "0.02")).toBe("178.57");
    expect(multiplyAmount("8928.57", "0.05")).toBe("446.43");
    // W1: cwtBase = 41,134.60 VATable net + 500.00 exempt + 250.00 zero-rated.
    expect(multiplyAmount(sumAmounts(["41134.60", "500.00", "250.00"]), "0.02")).toBe("837.69");
    expect(multiplyAmount("41134.60", "0.05")).toBe("2056.73");
  });
});

describe("VAT split of a VAT-inclusive amount (domain notes §7)", () => {
  it("takes the net as gross / 1.12 rounded half up, the VAT as the remainder", () => {
    expect(VAT_RATE).toBe("0.12");
    expect(splitVat("112000.00")).toEqual({ net: "100000.00", vat: "12000.00" });
    expect(splitVat("10000.00")).toEqual({ net: "8928.57", vat: "1071.43" });
    expect(splitVat("1000.00")).toEqual({ net: "892.86", vat: "107.14" });
    expect(splitVat("37000.00")).toEqual({ net: "33035.71", vat: "3964.29" });
  });

  it("splits a document once, from the sum of its VATable lines, not line by line", () => {
    expect(splitVat(sumAmounts(["100.00", "100.00", "100.00"]))).toEqual({ net: "267.86", vat: "32.14" });
    const perLine = splitVat("100.00").net;
    expect(perLine).toBe("89.29");
    expect(sumAmounts([perLine, perLine, perLine])).toBe("267.87");
  });

  it("splits the W1 invoice: freight, arrastre, wharfage, storage and demurrage VATable; exempt and zero-rated apart", () => {
    const vatable = sumAmounts(["37000.00", "2350.75", "1120.00", "3600.00", "2000.00"]);
    expect(vatable).toBe("46070.75");
    expect(splitVat(vatable)).toEqual({ net: "41134.60", vat: "4936.15" });
    expect(sumAmounts([vatable, "500.00", "250.00"])).toBe("46820.75");
    // Arrastre and wharfage passed through to the port.
    const passThrough = sumAmounts(["37000.00", "3600.00", "2000.00"]);
    expect(splitVat(passThrough)).toEqual({ net: "38035.71", vat: "4564.29" });
    expect(sumAmounts([passThrough, "500.00", "250.00"])).toBe("43350.00");
  });
});

describe("insurance premium", () => {
  it("rounds once on all the TEU: 123,456.78 × 3 × 0.0027 = 999.999918 gives 1,000.00", () => {
    expect(insurancePremiumOf({ insuredValuePerTeu: "123456.78", teu: 3, rate: "0.0027" })).toEqual({
      insuredValue: "370370.34",
      premium: "1000.00",
    });
    expect(insurancePremiumOf({ insuredValuePerTeu: "123456.78", teu: 1, rate: "0.0027" }).premium).toBe("333.33");
  });

  it("insures the charges insured with the cargo, and a 45-foot van's 2.25 TEU, before rounding", () => {
    // (2 × 100,000.00 + 1,000.00 + 500.50) × 0.0025 = 503.75125.
    expect(insurancePremiumOf({ insuredValuePerTeu: "100000", teu: 2, rate: "0.0025", otherCharges: ["1000", "500.50"] })).toEqual({
      insuredValue: "201500.50",
      premium: "503.75",
    });
    // 123,456.78 × 2.25 = 277,777.755 insured (shown 277,777.76); × 0.0027 = 749.99993850 gives 750.00.
    expect(insurancePremiumOf({ insuredValuePerTeu: "123456.78", teu: "2.25", rate: "0.0027" })).toEqual({
      insuredValue: "277777.76",
      premium: "750.00",
    });
  });
});

describe("amounts as people read them", () => {
  it("groups thousands with two decimals from the text, rounds half up, reads empty as 0.00 and other text as it came", () => {
    const shown: [string | number | null | undefined, string][] = [
      ["1000", "1,000.00"],
      [1000, "1,000.00"],
      ["20160.5", "20,160.50"],
      ["1234567.5", "1,234,567.50"],
      ["90071992547409.99", "90,071,992,547,409.99"],
      ["999", "999.00"],
      ["0", "0.00"],
      ["-950.25", "-950.25"],
      ["1,234.5", "1,234.50"],
      ["0.005", "0.01"],
      ["-1000.994", "-1,000.99"],
      ["-0.001", "0.00"],
      ["", "0.00"],
      [null, "0.00"],
      [undefined, "0.00"],
      ["N/A", "N/A"],
    ];
    expect(shown.map(([value]) => formatAmount(value))).toEqual(shown.map(([, text]) => text));
  });
});
