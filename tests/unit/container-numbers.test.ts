import { describe, expect, it } from "vitest";
import { checkContainerNumber, containerCheckDigit, normalizeContainerNumber } from "../../api/shared/container-numbers.ts";

/** The worked examples of the domain notes (§3, container numbers). */
describe("ISO 6346 container numbers", () => {
  it.each(["CSQU3054383", "CBHU3202732", "APZU4812090", "TRDU9258963", "LADU1234500"])("%s is valid", (number) => {
    expect(checkContainerNumber(number)).toEqual({ valid: true, number });
  });

  it("computes the check digit from the sum of the first ten characters, a remainder of 10 giving 0", () => {
    expect(containerCheckDigit("CSQU305438")).toBe(3);
    expect(containerCheckDigit("CBHU320273")).toBe(2);
    expect(containerCheckDigit("APZU481209")).toBe(0);
    expect(containerCheckDigit("LADU123450")).toBe(0);
  });

  it("refuses a wrong check digit and names the right one", () => {
    expect(checkContainerNumber("MSCU1234567")).toEqual({
      valid: false, number: "MSCU1234567", problem: "check-digit",
      message: "MSCU1234567 is not a valid container number: its check digit should be 6.",
    });
    expect(checkContainerNumber("CSQU3054384")).toEqual({
      valid: false, number: "CSQU3054384", problem: "check-digit",
      message: "CSQU3054384 is not a valid container number: its check digit should be 3.",
    });
  });

  it("reads a number typed with spaces, hyphens and lower case", () => {
    expect(normalizeContainerNumber("  csqu 305438-3 ")).toBe("CSQU3054383");
    expect(checkContainerNumber("csqu 305438-3")).toEqual({ valid: true, number: "CSQU3054383" });
  });

  it("refuses a malformed number: category X, too short, empty", () => {
    expect(checkContainerNumber("CSQX3054383")).toEqual({
      valid: false, number: "CSQX3054383", problem: "format",
      message: "CSQX3054383 is not a container number: it takes 3 letters of the owner, a category letter (U, J or Z) and 7 digits.",
    });
    expect(checkContainerNumber("CSQU305438")).toMatchObject({ valid: false, problem: "format" });
    expect(checkContainerNumber("   ")).toEqual({
      valid: false, number: "", problem: "format",
      message: "An empty value is not a container number: it takes 3 letters of the owner, a category letter (U, J or Z) and 7 digits.",
    });
  });
});
