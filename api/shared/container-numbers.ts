/**
 * Container numbers (ISO 6346; domain notes §3). Pure: the API, the CLI and the web check a number the same way.
 *
 * A number is a 3-letter owner code, a category letter (U freight container, J detachable equipment, Z trailer
 * or chassis), a 6-digit serial and a check digit computed from the ten characters before it.
 */

/** Letter values of the check-digit sum: A is 10 and every multiple of 11 is skipped. */
const LETTER_VALUES: Record<string, number> = (() => {
  const values: Record<string, number> = {};
  let value = 10;
  for (const letter of "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
    if (value % 11 === 0) value++;
    values[letter] = value++;
  }
  return values;
})();

const FORMAT = /^[A-Z]{3}[UJZ]\d{7}$/;

/** A typed number as it is kept: trimmed, upper-case, without spaces or hyphens ("csqu 305438-3" is CSQU3054383). */
export function normalizeContainerNumber(input: string): string {
  return input.trim().toUpperCase().replace(/[\s-]+/g, "");
}

/** The check digit of the first ten characters of a well-formed number: (Σ value × 2^i) mod 11, a 10 counting as 0. */
export function containerCheckDigit(firstTen: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    const char = firstTen[i];
    const value = /\d/.test(char) ? Number(char) : LETTER_VALUES[char];
    sum += value * 2 ** i;
  }
  return (sum % 11) % 10;
}

export type ContainerNumberCheck =
  | { valid: true; number: string }
  | { valid: false; number: string; problem: "format" | "check-digit"; message: string };

/** Whether a typed container number is a valid ISO 6346 number, and if not, what is wrong with it. */
export function checkContainerNumber(input: string): ContainerNumberCheck {
  const number = normalizeContainerNumber(input);
  if (!FORMAT.test(number)) {
    return {
      valid: false, number, problem: "format",
      message: `${number || "An empty value"} is not a container number: it takes 3 letters of the owner, a category letter (U, J or Z) and 7 digits.`,
    };
  }
  const expected = containerCheckDigit(number.slice(0, 10));
  if (Number(number[10]) !== expected) {
    return {
      valid: false, number, problem: "check-digit",
      message: `${number} is not a valid container number: its check digit should be ${expected}.`,
    };
  }
  return { valid: true, number };
}
