import { describe, expect, it } from "vitest";
import type { WaybillRow } from "../../api/modules/outbound/waybills/schemas.ts";
import { changesOf, draftOf, lineRateProblem, liveLines, liveTotals } from "../../web/src/features/outbound/waybill-draft.ts";

/**
 * The waybill form's working copy: what it shows while the clerk types (each line's amount, the totals) is worked
 * out by the server's own rules, and the update it sends carries what changed.
 */

const line = (chargeCode: string, part: string, rate: string, chargeValue: string, extra: Partial<WaybillRow["charges"][number]> = {}) => ({
  chargeCode, part, particulars: `Charge ${chargeCode}, per teu, 1 x ${rate}`, rateUnit: "perTeu", quantity: "1", rate, chargeValue, availableTo: "P",
  isVatable: true, source: "SQ", isInsurancePremium: false, ...extra,
});

/** A door-to-door waybill of one TEU, prepaid, insured: the fields the form reads. */
const row = {
  wayBillRef: "WB-MNL-2026-000001", modeOfPayment: "P", dateModified: "2026-11-20T03:15:00.000Z",
  shipperPreferredName: "", consigneeName: "Cebu Depot", consigneePreferredName: "", consigneeAddress: "", goods: "Canned goods", goodsOthers: "",
  packaging: "Box", packagingOthers: "", quantity: 400, quantityTeu: 1, unit: "", cargoWeight: "12.500", cargoVolume: "0.000", declaredValue: "250000.00",
  sealNum: "", imdgClass: "", unNumber: "", strippingType: null, isStuffing: false, isTandem: false, isOpenVan: false, isVia: false, isDangerousCargo: false,
  isWithPermit: false, isSplitCharge: false, originBackload: false, placeIssuedAddress: "", plateNum: "ABC 1234", driver: "Ramon Cruz",
  insurance: { insuredValuePerTeu: "100000.00", rate: "0.0025" },
  charges: [
    line("001", "FREIGHT", "12500.00", "12500.00", { particulars: "Ocean freight, per teu, 1 x 12,500.00" }),
    line("004", "PORT_DESTINATION", "980.00", "980.00"),
    line("INS", "FREIGHT", "250.00", "250.00", { particulars: "Insurance premium, 0.25% of 100,000.00", isInsurancePremium: true, isVatable: false }),
  ],
} as unknown as WaybillRow;

describe("the waybill form's figures", () => {
  it("reads the saved lines, the charge's name and the insurance premium back", () => {
    const draft = draftOf(row);
    expect(draft.lines.map((l) => [l.chargeCode, l.chargeName, l.rate, l.isInsurance])).toEqual([
      ["001", "Ocean freight", "12500.00", false], ["004", "Charge 004", "980.00", false], ["INS", "Insurance premium", "250.00", true],
    ]);
    expect(liveLines(row, draft).map((l) => l.chargeValue)).toEqual(["12500.00", "980.00", "250.00"]);
  });

  it("prices a rate changed in its row by the quantity, and sends only the lines", () => {
    const draft = draftOf(row);
    const changed = { ...draft, lines: draft.lines.map((l) => (l.chargeCode === "004" ? { ...l, rate: "1015.50" } : l)) };
    const lines = liveLines(row, changed);
    expect(lines.map((l) => l.chargeValue)).toEqual(["12500.00", "1015.50", "250.00"]);
    // 12,500.00 + 1,015.50 VATable, net 13,515.50 / 1.12 = 12,067.41; the premium exempt.
    expect(liveTotals(lines)).toMatchObject({ total: "13765.50", vat: { vatableInclusive: "13515.50", vatableNet: "12067.41", vat: "1448.09", exempt: "250.00" } });
    expect(changesOf(row, changed)).toEqual({
      dateModified: row.dateModified,
      charges: [
        { chargeCode: "001", part: "FREIGHT", rateUnit: "perTeu", rate: "12500.00" },
        { chargeCode: "004", part: "PORT_DESTINATION", rateUnit: "perTeu", rate: "1015.50" },
        { chargeCode: "INS", part: "FREIGHT", rateUnit: "perTeu", rate: "250.00" },
      ],
    });
  });

  it("leaves the amount and totals open while a rate is not an amount, and names the line", () => {
    const draft = draftOf(row);
    const typing = { ...draft, lines: draft.lines.map((l) => (l.chargeCode === "004" ? { ...l, rate: "9,80" } : l)) };
    expect(liveLines(row, typing)[1]!.chargeValue).toBeNull();
    expect(liveTotals(liveLines(row, typing))).toBeNull();
    expect(lineRateProblem(typing.lines)).toBe("The rate of 004 (Port · destination) is an amount of at most 2 decimals, not negative");
    expect(lineRateProblem(draft.lines)).toBeNull();
  });

  it("follows the declared value with the insurance premium, up to the cover of the TEU", () => {
    const draft = draftOf(row);
    const premium = (declaredValue: string, quantityTeu = "1") => {
      const ins = liveLines(row, { ...draft, declaredValue, quantityTeu })[2]!;
      return [ins.chargeValue, ins.particulars];
    };
    // 60,000.00 x 0.25% = 150.00; 250,000.00 on one TEU is insured for 100,000.00; on two TEU for 200,000.00.
    expect(premium("60000")).toEqual(["150.00", "Insurance premium, 0.25% of 60,000.00"]);
    expect(premium("250000")).toEqual(["250.00", "Insurance premium, 0.25% of 100,000.00"]);
    expect(premium("250000", "2")).toEqual(["500.00", "Insurance premium, 0.25% of 200,000.00"]);
    expect(premium("25,000")).toEqual([null, "Insurance premium, ?"]);
  });
});
