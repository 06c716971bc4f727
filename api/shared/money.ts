/**
 * Money (domain notes §0, §7). Pure: no database, no clock. Used alike by the API, the CLI, the printed
 * documents and the web.
 *
 * Amounts enter and leave as decimal strings ("1234.50") and are computed in integer centavos (bigint).
 * Rates, quantities and policy values are parsed from their decimal text exactly, never through float
 * arithmetic. A computation keeps every digit of its products and rounds ONCE, at the end, half up (away from
 * zero) to the centavo: 123,456.78 × 3 × 0.0027 = 999.999918 gives 1,000.00, where rounding the one-TEU
 * premium first would give 333.33 × 3 = 999.99.
 */

/** A decimal as stored or typed: "1234.50", "0.0025", 12. Numbers are read through their shortest text. */
export type DecimalInput = string | number;

/** A decimal held exactly: `units` / 10^`scale`, "12.345" being { units: 12345n, scale: 3 }. */
export interface ExactDecimal {
  units: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^([+-])?(\d+)(?:\.(\d*))?$|^([+-])?\.(\d+)$/;

function numberText(value: number, what: string): string {
  if (!Number.isFinite(value)) throw new Error(`${what} is not a decimal number: ${value}`);
  const text = String(value);
  // 1e-7 and 1e21 print in exponent form; such values are not amounts, rates or quantities of this domain.
  if (/e/i.test(text)) throw new Error(`${what} is out of range: ${value}`);
  return text;
}

/** The exact value of decimal text (or a number's shortest text); throws on anything else. */
export function parseDecimal(value: DecimalInput, what = "Value"): ExactDecimal {
  const text = typeof value === "number" ? numberText(value, what) : String(value).trim();
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new Error(`${what} is not a decimal number: "${value}"`);
  const sign = match[1] ?? match[4];
  const whole = match[2] ?? "0";
  const fraction = match[3] ?? match[5] ?? "";
  const units = BigInt(whole + fraction);
  return { units: sign === "-" ? -units : units, scale: fraction.length };
}

/** 10^n as a bigint. */
export const pow10 = (n: number): bigint => 10n ** BigInt(n);

/** n / d rounded half away from zero; d must be positive. */
function divideRounded(n: bigint, d: bigint): bigint {
  const quotient = n / d;
  const remainder = n % d;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= d) return quotient + (n < 0n ? -1n : 1n);
  return quotient;
}

const exact = (value: DecimalInput | ExactDecimal, what: string): ExactDecimal =>
  typeof value === "object" ? value : parseDecimal(value, what);

// ---------------------------------------------------------------------------------------------------------
// Centavos

/** An exact decimal rounded half up (away from zero) to whole centavos: the one rounding of a computation. */
export function roundToCentavos(value: ExactDecimal): bigint {
  return value.scale <= 2 ? value.units * pow10(2 - value.scale) : divideRounded(value.units, pow10(value.scale - 2));
}

/** Integer centavos of a peso amount; more than two decimals round half up. */
export function toCentavos(amount: DecimalInput, what = "Amount"): bigint {
  return roundToCentavos(parseDecimal(amount, what));
}

/** Centavos back to the two-decimal text used at the edges: 123450n -> "1234.50". */
export function formatCentavos(centavos: bigint): string {
  const negative = centavos < 0n;
  const digits = (negative ? -centavos : centavos).toString().padStart(3, "0");
  return `${negative ? "-" : ""}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** An amount as two-decimal text, rounded half up: "1234.5" -> "1234.50". */
export function normalizeAmount(amount: DecimalInput): string {
  return formatCentavos(toCentavos(amount));
}

/** Sum of amounts, exactly. */
export function sumAmounts(amounts: readonly DecimalInput[]): string {
  return formatCentavos(amounts.reduce<bigint>((total, amount) => total + toCentavos(amount), 0n));
}

// ---------------------------------------------------------------------------------------------------------
// Exact products, rounded once

/** The exact sum of decimals, every digit kept. */
export function addExact(values: readonly (DecimalInput | ExactDecimal)[]): ExactDecimal {
  const parts = values.map((v) => exact(v, "Value"));
  const scale = Math.max(0, ...parts.map((p) => p.scale));
  return { units: parts.reduce((sum, p) => sum + p.units * pow10(scale - p.scale), 0n), scale };
}

/** The exact product of decimals, every digit kept: "123456.78" × "3" × "0.0027" = 999.999918. */
export function multiplyExact(...factors: (DecimalInput | ExactDecimal)[]): ExactDecimal {
  return factors.reduce<ExactDecimal>((product, factor) => {
    const f = exact(factor, "Factor");
    return { units: product.units * f.units, scale: product.scale + f.scale };
  }, { units: 1n, scale: 0 });
}

/** Centavos × a factor, rounded half up to the centavo. */
export function multiplyCentavos(centavos: bigint, factor: DecimalInput | ExactDecimal): bigint {
  return roundToCentavos(multiplyExact({ units: centavos, scale: 2 }, factor));
}

/** An amount × factors, computed exactly and rounded once: multiplyAmount("123456.78", 3, "0.0027") = "1000.00". */
export function multiplyAmount(amount: DecimalInput, ...factors: (DecimalInput | ExactDecimal)[]): string {
  return formatCentavos(roundToCentavos(multiplyExact(parseDecimal(amount, "Amount"), ...factors)));
}

/**
 * dividend ÷ divisor, computed exactly and rounded once, half up to the centavo. With multiplyExact it
 * prorates: the withholding of a part payment, 837.69 × 20,000.00 ÷ 46,820.75, is
 * divideAmount(multiplyExact("837.69", "20000"), "46820.75") = "357.83".
 */
export function divideAmount(dividend: DecimalInput | ExactDecimal, divisor: DecimalInput | ExactDecimal): string {
  const n = exact(dividend, "Dividend");
  const d = exact(divisor, "Divisor");
  if (d.units === 0n) throw new Error("Cannot divide by zero");
  // (n.units / 10^n.scale) / (d.units / 10^d.scale) in centavos = n.units × 10^(d.scale + 2) / (d.units × 10^n.scale).
  const sign = d.units < 0n ? -1n : 1n;
  return formatCentavos(divideRounded(sign * n.units * pow10(d.scale + 2), sign * d.units * pow10(n.scale)));
}

// ---------------------------------------------------------------------------------------------------------
// VAT (domain notes §7)

/** The Philippine VAT rate, as a fraction. */
export const VAT_RATE = "0.12";

/**
 * Splits a VAT-inclusive amount (every stdRate...Wvat is one) into net and VAT. The net is
 * gross / (1 + rate) rounded half up; the VAT is the remainder, so net + vat is always exactly the input.
 * A document splits the sum of its VATable lines once: 3 lines of 100.00 give 267.86 + 32.14.
 */
export function splitVat(amountWithVat: DecimalInput, vatRate: DecimalInput = VAT_RATE): { net: string; vat: string } {
  const gross = toCentavos(amountWithVat, "Amount with VAT");
  const rate = parseDecimal(vatRate, "VAT rate");
  if (rate.units < 0n) throw new Error(`VAT rate cannot be negative: ${vatRate}`);
  const one = pow10(rate.scale);
  const net = divideRounded(gross * one, one + rate.units);
  return { net: formatCentavos(net), vat: formatCentavos(gross - net) };
}

// ---------------------------------------------------------------------------------------------------------
// Insurance premium (001 §9: C0004 insured value per TEU, C0005 rate)

/**
 * The premium on the vans (insured value per TEU × TEU) plus the charges insured with the cargo, at `rate`
 * (a fraction: 0.0025 is 0.25 %). The insured value is kept exact and the premium rounded once, so a lane,
 * a booking and a premium asked for on its own agree to the centavo whatever the TEU count.
 */
export function insurancePremiumOf(input: {
  insuredValuePerTeu: DecimalInput;
  teu: DecimalInput;
  rate: DecimalInput;
  otherCharges?: readonly DecimalInput[];
}): { insuredValue: string; premium: string } {
  const vans = multiplyExact(parseDecimal(input.insuredValuePerTeu, "Insured value per TEU"), parseDecimal(input.teu, "TEU"));
  const others = (input.otherCharges ?? []).map((charge) => ({ units: toCentavos(charge, "Charge"), scale: 2 }));
  const insured = addExact([vans, ...others]);
  return {
    insuredValue: formatCentavos(roundToCentavos(insured)),
    premium: formatCentavos(roundToCentavos(multiplyExact(insured, parseDecimal(input.rate, "Insurance rate")))),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Display

/** Digits grouped by thousands: "1234567" -> "1,234,567". */
export function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

/**
 * An amount as people read it: "12500.5" -> "12,500.50", rounding half up at the centavo, never through a
 * binary float. Commas in the input are ignored; empty (or null) reads 0.00; text that is not a number
 * (a dash, "N/A") comes back as it is.
 */
export function formatAmount(value: DecimalInput | null | undefined): string {
  if (value === null || value === undefined) return "0.00";
  const raw = String(value).trim().replace(/,/g, "");
  if (raw === "") return "0.00";
  let centavos: bigint;
  try {
    centavos = toCentavos(raw);
  } catch {
    return String(value);
  }
  const text = formatCentavos(centavos < 0n ? -centavos : centavos);
  const [whole, fraction] = text.split(".");
  return `${centavos < 0n ? "-" : ""}${groupThousands(whole)}.${fraction}`;
}
