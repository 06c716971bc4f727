import { describe, expect, it } from "vitest";
import { addWorkingDays, isWorkingDay, manilaDate, weekdayOf } from "../../api/shared/dates.ts";
import { splitVat, sumAmounts } from "../../api/shared/money.ts";
import {
  CHARGE_PARTS,
  chargeAmount,
  chargePartOf,
  type CompanyPolicy,
  type FreightRate,
  insurancePremium,
  policyInForce,
  type PortRate,
  RATE_UNIT_LABELS,
  rateInForce,
  type TruckingRate,
  truckingRate,
} from "../../api/modules/master-data/rules.ts";

const portRate = (id: number, dateEffective: string, stdRateWvat: string, over: Partial<PortRate> = {}): PortRate => ({
  id,
  dateEffective,
  chargeCode: "004",
  branchCode: "CEB",
  portCode: "CEB01",
  stdRateWvat,
  ...over,
});

describe("the rate in force on a date (000 §3)", () => {
  const rates = [
    portRate(1, "2026-01-01", "1000.00"),
    portRate(2, "2026-03-01", "1100.00"),
    portRate(3, "2026-03-02", "1200.00"),
    portRate(4, "2026-02-01", "9999.00", { portCode: "CEB02" }),
    portRate(5, "2026-02-15", "8888.00", { chargeCode: "007" }),
  ];
  const query = { chargeCode: "004", branchCode: "CEB", portCode: "CEB01" };

  it("takes a rate effective exactly on the date, not one effective the day after", () => {
    expect(rateInForce(rates, { ...query, on: "2026-03-01" })?.stdRateWvat).toBe("1100.00");
    expect(rateInForce(rates, { ...query, on: "2026-03-02" })?.stdRateWvat).toBe("1200.00");
    expect(rateInForce(rates, { ...query, on: "2026-02-28" })?.stdRateWvat).toBe("1000.00");
  });

  it("answers null before any rate is effective, and for keys no rate has", () => {
    expect(rateInForce(rates, { ...query, on: "2025-12-31" })).toBeNull();
    expect(rateInForce(rates, { ...query, portCode: "MNL01", on: "2026-06-01" })).toBeNull();
  });

  it("only considers rates of the asked charge code, port and branch", () => {
    expect(rateInForce(rates, { ...query, portCode: "CEB02", on: "2026-06-01" })?.id).toBe(4);
    expect(rateInForce(rates, { ...query, chargeCode: "007", on: "2026-06-01" })?.id).toBe(5);
  });

  it("lets the later entry win between two rates of the same date, whatever their order in the list", () => {
    const sameDay = [portRate(8, "2026-04-01", "1300.00"), portRate(7, "2026-04-01", "1250.00")];
    expect(rateInForce([...rates, ...sameDay], { ...query, on: "2026-04-01" })?.id).toBe(8);
    expect(rateInForce([...sameDay].reverse(), { ...query, on: "2026-04-01" })?.id).toBe(8);
  });

  it("skips a deactivated rate and falls back to the one before it", () => {
    const withInactive = [...rates, portRate(9, "2026-05-01", "5000.00", { isActive: false })];
    expect(rateInForce(withInactive, { ...query, on: "2026-05-02" })?.id).toBe(3);
  });

  it("matches freight rates on the origin and destination ports", () => {
    const freight: FreightRate[] = [
      {
        id: 1,
        dateEffective: "2026-01-01",
        chargeCode: "001",
        portCodeOrigin: "MNL01",
        portCodeDestination: "CEB01",
        branchCodeOrigin: "MNL",
        branchCodeDestination: "CEB",
        stdRateWvat: "25000.00",
      },
      {
        id: 2,
        dateEffective: "2026-01-01",
        chargeCode: "001",
        portCodeOrigin: "CEB01",
        portCodeDestination: "MNL01",
        branchCodeOrigin: "CEB",
        branchCodeDestination: "MNL",
        stdRateWvat: "21000.00",
      },
    ];
    const found = rateInForce(freight, {
      on: "2026-02-01",
      chargeCode: "001",
      portCodeOrigin: "CEB01",
      portCodeDestination: "MNL01",
    });
    expect(found?.stdRateWvat).toBe("21000.00");
  });

  it("refuses a pricing date that is not YYYY-MM-DD", () => {
    expect(() => rateInForce(rates, { ...query, on: "03/01/2026" })).toThrow(/YYYY-MM-DD/);
    expect(() => rateInForce(rates, { ...query, on: "2026-02-30" })).toThrow(/not a calendar date/);
  });
});

describe("charge amounts by rate unit (001 §9)", () => {
  it("labels the three units as the spec names them", () => {
    expect(RATE_UNIT_LABELS).toEqual({ perTeu: "Per TEU", perBag: "Per BAG", perTon: "Per TON" });
  });

  it("multiplies per TEU by the TEU count", () => {
    expect(chargeAmount("12500.50", "perTeu", 2)).toBe("25001.00");
    expect(() => chargeAmount("12500.50", "perTeu", "1.5")).toThrow(/whole number/);
  });

  it("multiplies per BAG by the number of bags", () => {
    expect(chargeAmount("18.75", "perBag", "120")).toBe("2250.00");
    expect(() => chargeAmount("18.75", "perBag", -1)).toThrow(/negative/);
  });

  it("multiplies per TON by tons to three decimals, rounding half-up to the centavo", () => {
    // 1234.55 × 2.125 = 2623.41875 -> 2623.42
    expect(chargeAmount("1234.55", "perTon", "2.125")).toBe("2623.42");
    // 0.10 × 0.005 = 0.0005 -> 0.00; 1.00 × 0.005 = 0.005 -> 0.01 (half rounds up)
    expect(chargeAmount("0.10", "perTon", "0.005")).toBe("0.00");
    expect(chargeAmount("1.00", "perTon", "0.005")).toBe("0.01");
    expect(() => chargeAmount("1.00", "perTon", "1.0005")).toThrow(/at most 3 decimals/);
  });

  it("adds amounts without float drift", () => {
    // 0.1 + 0.2 in floating point is 0.30000000000000004.
    expect(sumAmounts(["0.10", "0.20"])).toBe("0.30");
    expect(chargeAmount("0.10", "perBag", 3)).toBe("0.30");
  });
});

describe("VAT on VAT-inclusive rates", () => {
  it("splits 12% VAT out of an inclusive amount", () => {
    expect(splitVat("1120.00")).toEqual({ net: "1000.00", vat: "120.00" });
  });

  it("gives a net and VAT that add back to the input exactly, centavo by centavo", () => {
    for (const gross of ["0.01", "0.05", "1.00", "99.99", "1234.57", "28000.00", "100000.03"]) {
      const { net, vat } = splitVat(gross);
      expect(sumAmounts([net, vat])).toBe(gross);
    }
    // 100.00 / 1.12 = 89.2857... -> 89.29 net, 10.71 VAT.
    expect(splitVat("100.00")).toEqual({ net: "89.29", vat: "10.71" });
  });

  it("takes another VAT rate and a zero rate", () => {
    expect(splitVat("105.00", "0.05")).toEqual({ net: "100.00", vat: "5.00" });
    expect(splitVat("500.00", 0)).toEqual({ net: "500.00", vat: "0.00" });
  });
});

describe("trucking rates for back-load and tandem trips", () => {
  const rate: TruckingRate = {
    id: 1,
    dateEffective: "2026-01-01",
    chargeCode: "006",
    areaCode: "LAG",
    portCode: "MNL01",
    branchCode: "MNL",
    stdRateWvat: "8500",
    backloadRateWvat: "6000.5",
    stdRateTandemRates: "14000.00",
  };

  it("uses the standard, back-load or tandem rate as the trip asks", () => {
    expect(truckingRate(rate)).toBe("8500.00");
    expect(truckingRate(rate, { backload: true })).toBe("6000.50");
    expect(truckingRate(rate, { tandem: true })).toBe("14000.00");
  });

  it("refuses a trip whose rate is missing instead of using another rate", () => {
    const plain = { ...rate, backloadRateWvat: null, stdRateTandemRates: "" };
    expect(() => truckingRate(plain, { backload: true })).toThrow("The trucking rate 006 for area LAG has no back-load rate");
    expect(() => truckingRate(plain, { tandem: true })).toThrow("The trucking rate 006 for area LAG has no tandem rate");
    expect(() => truckingRate(rate, { backload: true, tandem: true })).toThrow(/no back-load tandem rate/);
  });
});

describe("insurance premium (C0004 insured value per 20-foot van, C0005 rate)", () => {
  const policies: CompanyPolicy[] = [
    { id: 1, code: "C0004", defaultValueDecimal: "100000.00", dateEffective: "2025-01-01" },
    { id: 2, code: "C0004", defaultValueDecimal: "150000.00", dateEffective: "2026-04-01" },
    { id: 3, code: "C0005", defaultValueDecimal: "0.0025", dateEffective: "2025-01-01" },
    { id: 4, code: "C0001", defaultValueDecimal: "5", dateEffective: "2025-01-01" },
  ];

  it("insures the vans plus the charges insured with the cargo, at C0005 as a fraction", () => {
    const result = insurancePremium({ policies, on: "2026-03-31", teu: 2, otherCharges: ["25000.00", "1234.56"] });
    // 2 × 100000.00 + 25000.00 + 1234.56 = 226234.56; × 0.0025 = 565.5864 -> 565.59
    expect(result).toEqual({ insuredValue: "226234.56", rate: "0.0025", premium: "565.59" });
  });

  it("uses the policy values in force on the date", () => {
    expect(insurancePremium({ policies, on: "2026-04-01", teu: 1 }).premium).toBe("375.00");
    expect(policyInForce(policies, "C0004", "2026-04-01")?.id).toBe(2);
    expect(policyInForce(policies, "C0004", "2024-12-31")).toBeNull();
  });

  it("refuses to price insurance when a policy is not in force yet, or the rate reads as a percent", () => {
    expect(() => insurancePremium({ policies, on: "2024-12-31", teu: 1 })).toThrow(
      "No insured value per 20-foot van policy (C0004) is in force on 2024-12-31",
    );
    const percent = [...policies, { id: 9, code: "C0005", defaultValueDecimal: "0.25", dateEffective: "2026-05-01" }];
    expect(insurancePremium({ policies: percent, on: "2026-05-01", teu: 1 }).premium).toBe("37500.00");
    const tooHigh = [...policies, { id: 10, code: "C0005", defaultValueDecimal: "25", dateEffective: "2026-05-01" }];
    expect(() => insurancePremium({ policies: tooHigh, on: "2026-05-01", teu: 1 })).toThrow(/between 0 and 1/);
  });
});

describe("charge parts (001 §9)", () => {
  it("lists the five parts", () => {
    expect(CHARGE_PARTS).toEqual(["FREIGHT", "PORT_ORIGIN", "PORT_DESTINATION", "TRUCKING_ORIGIN", "TRUCKING_DESTINATION"]);
  });

  it("places the codes the spec ties to a part, and no others", () => {
    expect(chargePartOf("002")).toBe("FREIGHT");
    expect(chargePartOf("007", "origin")).toBe("PORT_ORIGIN");
    expect(chargePartOf("004", "destination")).toBe("PORT_DESTINATION");
    expect(chargePartOf("006", "origin")).toBe("TRUCKING_ORIGIN");
    expect(chargePartOf("012")).toBe("TRUCKING_DESTINATION");
    expect(chargePartOf("013")).toBe("TRUCKING_ORIGIN");
    expect(chargePartOf("008")).toBeNull();
    expect(chargePartOf("INS", "origin")).toBeNull();
  });
});

describe("working days", () => {
  // 2026-06-12 (a Friday) is Independence Day; 2026-06-14 is a Sunday.
  const independenceDay = { date: "2026-06-12", branchCode: null };

  it("knows the weekday of a date whatever the machine's time zone", () => {
    expect(weekdayOf("2026-06-14")).toBe(0);
    expect(weekdayOf("2026-06-12")).toBe(5);
    expect(manilaDate("2026-06-11T16:30:00Z")).toBe("2026-06-12");
    expect(manilaDate("2026-06-11T15:59:59Z")).toBe("2026-06-11");
  });

  it("does not work on Sundays, national holidays or the branch's own holidays", () => {
    const calendar = { branchCode: "CEB", holidays: [independenceDay, { date: "2026-06-15", branchCode: "CEB" }] };
    expect(isWorkingDay("2026-06-13", calendar)).toBe(true);
    expect(isWorkingDay("2026-06-14", calendar)).toBe(false);
    expect(isWorkingDay("2026-06-12", calendar)).toBe(false);
    expect(isWorkingDay("2026-06-15", calendar)).toBe(false);
    // Another branch's holiday is a working day here.
    expect(isWorkingDay("2026-06-15", { ...calendar, branchCode: "DVO" })).toBe(true);
    // A branch working Monday to Friday rests on Saturday.
    expect(isWorkingDay("2026-06-13", { ...calendar, workSchedule: [1, 2, 3, 4, 5] })).toBe(false);
    // A special working day on the calendar leaves the branch open; the same row as a regular holiday closes it.
    const edsa = { date: "2026-02-25", branchCode: null };
    expect(isWorkingDay("2026-02-25", { holidays: [{ ...edsa, holidayType: "SPECIAL_WORKING" }] })).toBe(true);
    expect(isWorkingDay("2026-02-25", { holidays: [{ ...edsa, holidayType: "SPECIAL_NON_WORKING" }] })).toBe(false);
    expect(isWorkingDay("2026-02-25", { holidays: [edsa] })).toBe(false);
  });

  it("counts working days across a holiday and a Sunday", () => {
    // Thu 11 (1), Fri 12 holiday, Sat 13 (2), Sun 14, Mon 15 (3).
    expect(addWorkingDays("2026-06-10", 3, { holidays: [independenceDay] })).toBe("2026-06-15");
    expect(addWorkingDays("2026-06-10", 3)).toBe("2026-06-13");
    expect(addWorkingDays("2026-06-10", 0)).toBe("2026-06-10");
    // Across a month end and a year end.
    expect(addWorkingDays("2026-12-30", 3)).toBe("2027-01-02");
  });
});

describe("policy look-up by code", () => {
  it("ignores other codes and deactivated policies", () => {
    const policies: CompanyPolicy[] = [
      { id: 1, code: "C0001", defaultValueDecimal: 5, dateEffective: "2026-01-01" },
      { id: 2, code: "C0001", defaultValueDecimal: 7, dateEffective: "2026-02-01", isActive: false },
      { id: 3, code: "C0002", defaultValueDecimal: 3, dateEffective: "2026-03-01" },
    ];
    expect(policyInForce(policies, "C0001", "2026-06-01")?.defaultValueDecimal).toBe(5);
  });
});
