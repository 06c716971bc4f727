import { describe, expect, it } from "vitest";
import {
  chargeApplies, dangerousCargoProblem, paymentSideOf, percentText, tandemPairProblem, type TandemSide, vanOutEnds, waybillInsurance, waybillRemarks,
  waybillTotals,
} from "../../api/modules/outbound/waybills/rules.ts";

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
  const plain = {
    isDangerousCargo: false, isShipperOwn: false, isStrippingStuffingCharge: false, strippingType: null, isPermitFee: false, isVanOut: false, chargeClass: "BOTH",
  };
  const waybill = {
    isDangerousCargo: false, isShipperOwned: false, isStuffing: false, strippingType: null, isWithPermit: false, vanOut: { origin: false, destination: false },
  };
  it("bills an ordinary charge always, and a conditional one only when the waybill calls for it", () => {
    expect(chargeApplies(plain, waybill, "FREIGHT")).toBe(true);
    const dg = { ...plain, isDangerousCargo: true };
    expect([chargeApplies(dg, waybill, "OTHER"), chargeApplies(dg, { ...waybill, isDangerousCargo: true }, "OTHER")]).toEqual([false, true]);
    const soc = { ...plain, isShipperOwn: true };
    expect([chargeApplies(soc, waybill, "FREIGHT"), chargeApplies(soc, { ...waybill, isShipperOwned: true }, "FREIGHT")]).toEqual([false, true]);
    const stuffing = { ...plain, isStrippingStuffingCharge: true };
    expect([chargeApplies(stuffing, waybill, "PORT_ORIGIN"), chargeApplies(stuffing, { ...waybill, isStuffing: true }, "PORT_ORIGIN")]).toEqual([false, true]);
  });

  it("bills the permit fee only for cargo that travels with a permit", () => {
    const permit = { ...plain, isPermitFee: true, chargeClass: "ORIGIN" };
    expect([chargeApplies(permit, waybill, "PORT_ORIGIN"), chargeApplies(permit, { ...waybill, isWithPermit: true }, "PORT_ORIGIN")]).toEqual([false, true]);
  });

  it("bills a van-out fee only at the end where the van goes out on its own, by the line's part or else the charge's class", () => {
    const vanOut = (chargeClass: string) => ({ ...plain, isVanOut: true, chargeClass });
    const at = (origin: boolean, destination: boolean) => ({ ...waybill, vanOut: { origin, destination } });
    const billed = (chargeClass: string, part: string) =>
      [at(false, false), at(true, false), at(false, true), at(true, true)].map((w) => chargeApplies(vanOut(chargeClass), w, part));
    expect(billed("ORIGIN", "PORT_ORIGIN")).toEqual([false, true, false, true]);
    expect(billed("DESTINATION", "PORT_DESTINATION")).toEqual([false, false, true, true]);
    // The part decides over the class; a part of no end (freight, other) leaves it to the class, BOTH meaning either.
    expect(billed("ORIGIN", "TRUCKING_DESTINATION")).toEqual([false, false, true, true]);
    expect(billed("DESTINATION", "OTHER")).toEqual([false, false, true, true]);
    expect(billed("BOTH", "OTHER")).toEqual([false, true, true, true]);
  });

  it("reads the van-out ends from the remarks by delivery mode", () => {
    expect(vanOutEnds("VAN OUT AT ORIGIN / STRIPPING AT DESTINATION")).toEqual({ origin: true, destination: false });
    expect(vanOutEnds("STUFFING AT ORIGIN / VAN OUT AT DESTINATION / BACKLOAD")).toEqual({ origin: false, destination: true });
    expect(vanOutEnds("MANO AT ORIGIN / GROUNDING AT DESTINATION")).toEqual({ origin: false, destination: false });
  });

  it("bills a stripping charge for its own stripping type, ALL covering the two CY strippings", () => {
    const stripping = (code: string) => ({ ...plain, isStrippingStuffingCharge: true, strippingType: code });
    const chosen = (type: string | null) =>
      ["010", "011", "012"].map((code) => chargeApplies(stripping(code), { ...waybill, strippingType: type }, "PORT_DESTINATION"));
    expect(chosen(null)).toEqual([false, false, false]);
    expect(chosen("010")).toEqual([true, false, false]);
    expect(chosen("011")).toEqual([false, true, false]);
    expect(chosen("012")).toEqual([false, false, true]);
    expect(chosen("ALL")).toEqual([true, true, false]);
  });
});

describe("a waybill's insurance premium (C0004, C0005)", () => {
  const policies = { insuredValuePerTeu: "100000.00", rate: "0.0025" };
  it("insures the declared value up to C0004 a TEU, and the full cover when nothing is declared", () => {
    // 60,000.00 declared on one TEU: 60,000.00 x 0.25% = 150.00.
    expect(waybillInsurance({ declaredValue: "60000.00", quantityTeu: 1 }, policies)).toEqual({ insuredValue: "60000.00", premium: "150.00" });
    // 250,000.00 declared on one TEU is insured for the cover, 100,000.00: 250.00.
    expect(waybillInsurance({ declaredValue: "250000.00", quantityTeu: 1 }, policies)).toEqual({ insuredValue: "100000.00", premium: "250.00" });
    // Two TEU double the cover: 150,000.00 declared is all insured, 375.00.
    expect(waybillInsurance({ declaredValue: "150000.00", quantityTeu: 2 }, policies)).toEqual({ insuredValue: "150000.00", premium: "375.00" });
    expect(waybillInsurance({ declaredValue: "0", quantityTeu: 2 }, policies)).toEqual({ insuredValue: "200000.00", premium: "500.00" });
  });

  it("rounds the premium once, half up", () => {
    // 123,456.78 x 0.27% = 333.333306, 333.33; 12,345.67 x 0.25% = 30.864175, 30.86; 1,002.00 x 0.25% = 2.505, 2.51.
    expect(waybillInsurance({ declaredValue: "123456.78", quantityTeu: 2 }, { insuredValuePerTeu: "100000.00", rate: "0.0027" }).premium).toBe("333.33");
    expect(waybillInsurance({ declaredValue: "12345.67", quantityTeu: 1 }, policies).premium).toBe("30.86");
    expect(waybillInsurance({ declaredValue: "1002.00", quantityTeu: 1 }, policies).premium).toBe("2.51");
  });

  it("writes the rate as a percentage", () => {
    expect(["0.0025", "0.0030", "0.003", "0.1", "1", "0.00125"].map(percentText)).toEqual(["0.25%", "0.3%", "0.3%", "10%", "100%", "0.125%"]);
  });
});

describe("a tandem pair (two 20' vans on one trailer)", () => {
  const main: TandemSide = {
    bookingRef: "BK-1", voyageNum: "V-1", destinationBranchCode: "CEB", sqdocNum: "SQD-7", isTandemLane: true, modeOfPayment: "P", quantityTeu: 1,
    containerVanNum: "LADU1234500", vanSize: "20",
  };
  const partner: TandemSide = { ...main, bookingRef: "BK-2", containerVanNum: "CSQU3054383" };
  it("pairs two bookings of one tandem lane on one voyage, paid one way, each with a 20' van", () => {
    expect(tandemPairProblem(main, partner)).toBeNull();
    // A shipper's van the line does not keep counts by its one TEU.
    expect(tandemPairProblem(main, { ...partner, vanSize: "" })).toBeNull();
  });

  it("says why a booking cannot be the partner", () => {
    expect(tandemPairProblem(main, { ...partner, bookingRef: "bk-1" })).toBe("A booking cannot be paired with itself; name the other booking of the tandem.");
    expect(tandemPairProblem({ ...main, isTandemLane: false }, partner)).toBe("Booking BK-1 is not on a tandem lane; only a tandem lane's waybill pairs two vans.");
    expect(tandemPairProblem(main, { ...partner, voyageNum: "V-2" })).toBe("Booking BK-2 sails on voyage V-2, not V-1; a tandem pair sails together.");
    expect(tandemPairProblem(main, { ...partner, destinationBranchCode: "DVO" })).toBe("Booking BK-2 goes to DVO, not CEB; a tandem pair goes to one destination.");
    expect(tandemPairProblem(main, { ...partner, sqdocNum: "SQD-8" })).toBe("Booking BK-2 is not on tandem lane SQD-7; a tandem pair is priced on one tandem lane.");
    expect(tandemPairProblem(main, { ...partner, isTandemLane: false })).toBe("Booking BK-2 is not on tandem lane SQD-7; a tandem pair is priced on one tandem lane.");
    expect(tandemPairProblem(main, { ...partner, modeOfPayment: "C" })).toBe("Booking BK-2 is paid C, not P; the pair's one waybill is paid one way.");
    expect(tandemPairProblem(main, { ...partner, vanSize: "40", quantityTeu: 2 }))
      .toBe("Van CSQU3054383 of booking BK-2 is not a 20' van of one TEU; a tandem pairs two 20' vans.");
    expect(tandemPairProblem({ ...main, vanSize: "40" }, partner)).toBe("Van LADU1234500 of booking BK-1 is not a 20' van of one TEU; a tandem pairs two 20' vans.");
  });
});
