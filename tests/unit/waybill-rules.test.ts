import { describe, expect, it } from "vitest";
import { chargeApplies, dangerousCargoProblem, paymentSideOf, waybillRemarks, waybillTotals } from "../../api/modules/outbound/waybills/rules.ts";

describe("who bills a waybill's charge line", () => {
  it("is the mode of payment for every line when the charges are not split", () => {
    for (const part of ["FREIGHT", "PORT_ORIGIN", "PORT_DESTINATION", "TRUCKING_DESTINATION", "OTHER"]) {
      expect(paymentSideOf("C", false, part)).toBe("C");
      expect(paymentSideOf("AO", false, part)).toBe("AO");
    }
  });

  it("splits freight and the origin parts from the destination parts, cash and on account", () => {
    const sides = (mode: "P" | "C" | "AO" | "AD") =>
      ["FREIGHT", "PORT_ORIGIN", "TRUCKING_ORIGIN", "OTHER", "PORT_DESTINATION", "TRUCKING_DESTINATION"].map((p) => paymentSideOf(mode, true, p));
    expect(sides("P")).toEqual(["P", "P", "P", "P", "C", "C"]);
    expect(sides("C")).toEqual(["P", "P", "P", "P", "C", "C"]);
    expect(sides("AO")).toEqual(["AO", "AO", "AO", "AO", "AD", "AD"]);
    expect(sides("AD")).toEqual(["AO", "AO", "AO", "AO", "AD", "AD"]);
  });
});

describe("a waybill's totals and VAT (domain notes §1 and §7)", () => {
  it("adds each side's lines and works the VAT out once for the whole waybill", () => {
    const totals = waybillTotals([
      { chargeValue: "37000.00", availableTo: "P", isVatable: true },
      { chargeValue: "2350.75", availableTo: "P", isVatable: true },
      { chargeValue: "1120.00", availableTo: "C", isVatable: true },
    ]);
    expect(totals).toEqual({
      prepaid: "39350.75", collect: "1120.00", accountOrigin: "0.00", accountDestination: "0.00", total: "40470.75",
      vat: { vatableInclusive: "40470.75", vatableNet: "36134.60", vat: "4336.15", exempt: "0.00" },
    });
  });

  it("gives 267.86 and 32.14 for three lines of 100.00, not three rounded nets", () => {
    const lines = Array.from({ length: 3 }, () => ({ chargeValue: "100.00", availableTo: "AO", isVatable: true }));
    expect(waybillTotals(lines).vat).toEqual({ vatableInclusive: "300.00", vatableNet: "267.86", vat: "32.14", exempt: "0.00" });
    expect(waybillTotals(lines).accountOrigin).toBe("300.00");
  });

  it("keeps VAT-exempt lines out of the VAT and in the total", () => {
    const totals = waybillTotals([
      { chargeValue: "37000.00", availableTo: "P", isVatable: true },
      { chargeValue: "500.00", availableTo: "P", isVatable: false },
    ]);
    expect(totals.vat).toEqual({ vatableInclusive: "37000.00", vatableNet: "33035.71", vat: "3964.29", exempt: "500.00" });
    expect(totals.total).toBe("37500.00");
  });
});

describe("a waybill's remarks", () => {
  it("are the booking's remarks by delivery mode with Backload and Tandem appended once", () => {
    expect(waybillRemarks("STUFFING AT ORIGIN / STRIPPING AT DESTINATION", { originBackload: false, isTandem: false }))
      .toBe("STUFFING AT ORIGIN / STRIPPING AT DESTINATION");
    expect(waybillRemarks("MANO AT ORIGIN / GROUNDING AT DESTINATION / BACKLOAD", { originBackload: true, isTandem: true }))
      .toBe("MANO AT ORIGIN / GROUNDING AT DESTINATION / BACKLOAD / TANDEM");
    expect(waybillRemarks("MANO AT ORIGIN / TANDEM", { originBackload: false, isTandem: false })).toBe("MANO AT ORIGIN");
  });
});

describe("dangerous cargo on a waybill (domain notes §3)", () => {
  it("needs an IMDG class from 1 to 9 with its division and a four-digit UN number", () => {
    expect(dangerousCargoProblem({ isDangerousCargo: false, imdgClass: "", unNumber: "" })).toBeNull();
    expect(dangerousCargoProblem({ isDangerousCargo: true, imdgClass: "", unNumber: "1203" })).toEqual({ field: "imdgClass", message: "Dangerous cargo needs its IMDG class." });
    expect(dangerousCargoProblem({ isDangerousCargo: true, imdgClass: "10", unNumber: "1203" }))
      .toEqual({ field: "imdgClass", message: "10 is not an IMDG class: write 1 to 9, with its division (2.1)." });
    expect(dangerousCargoProblem({ isDangerousCargo: true, imdgClass: "3", unNumber: "" })).toEqual({ field: "unNumber", message: "Dangerous cargo needs its UN number." });
    expect(dangerousCargoProblem({ isDangerousCargo: true, imdgClass: "2.1", unNumber: "120" }))
      .toEqual({ field: "unNumber", message: "120 is not a UN number: it is four digits." });
    expect(dangerousCargoProblem({ isDangerousCargo: true, imdgClass: "2.1", unNumber: "1075" })).toBeNull();
    expect(dangerousCargoProblem({ isDangerousCargo: true, imdgClass: "9", unNumber: "3082" })).toBeNull();
  });
});

describe("the lane's charges a waybill pays", () => {
  const plain = { isDangerousCargo: false, isShipperOwn: false, isStrippingStuffingCharge: false, strippingType: null };
  const waybill = { isDangerousCargo: false, isShipperOwned: false, isStuffing: false, strippingType: null };
  it("bills an ordinary charge always, and a conditional one only when the waybill calls for it", () => {
    expect(chargeApplies(plain, waybill)).toBe(true);
    const dg = { ...plain, isDangerousCargo: true };
    expect([chargeApplies(dg, waybill), chargeApplies(dg, { ...waybill, isDangerousCargo: true })]).toEqual([false, true]);
    const soc = { ...plain, isShipperOwn: true };
    expect([chargeApplies(soc, waybill), chargeApplies(soc, { ...waybill, isShipperOwned: true })]).toEqual([false, true]);
    const stuffing = { ...plain, isStrippingStuffingCharge: true };
    expect([chargeApplies(stuffing, waybill), chargeApplies(stuffing, { ...waybill, isStuffing: true })]).toEqual([false, true]);
  });

  it("bills a stripping charge for its own stripping type, ALL covering the two CY strippings", () => {
    const stripping = (code: string) => ({ ...plain, isStrippingStuffingCharge: true, strippingType: code });
    const chosen = (type: string | null) => ["010", "011", "012"].map((code) => chargeApplies(stripping(code), { ...waybill, strippingType: type }));
    expect(chosen(null)).toEqual([false, false, false]);
    expect(chosen("010")).toEqual([true, false, false]);
    expect(chosen("011")).toEqual([false, true, false]);
    expect(chosen("012")).toEqual([false, false, true]);
    expect(chosen("ALL")).toEqual([true, true, false]);
  });
});
