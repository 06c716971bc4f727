import { describe, expect, it } from "vitest";
import { POLICY_CODES } from "../../api/shared/reference-lists.ts";
import {
  chargedUnits, computeFreeTime, countFreeDays, DEFAULT_STORAGE_RATE, FREE_TIME_POLICY_CODES, type FreeTimeChargeType, type FreeTimeHoliday, type FreeTimeInput,
  type FreeTimePolicy, FreeTimeRuleError, freeDaysLeft, freeTimeBilledSide, outboundDemurrageOn, policyInForce, storageDue, teuOfSize,
} from "../../api/modules/inbound/demurrage/rules.ts";

/**
 * The free-time rule set against the vectors of the domain notes §5.3 (the 2025 calendar of Proclamation 727, test
 * rates C0003 = 500 and C0013 = 1,000) and §5.4 (a policy changing inside the period), each with its last free day,
 * its chargeable days, its amount and the holidays the count passed over; then the edges the issue asks for.
 */

const R = "REGULAR" as const;
const S = "SPECIAL_NON_WORKING" as const;
/** Proclamation 727 as the domain notes list it, with 25 Feb a special working day, and the test-only CEB row of case D. */
const HOLIDAYS: FreeTimeHoliday[] = [
  ...([
    ["01-01", "New Year's Day", R], ["01-29", "Chinese New Year", S], ["02-25", "EDSA People Power Revolution Anniversary", "SPECIAL_WORKING"],
    ["04-09", "Araw ng Kagitingan", R], ["04-17", "Maundy Thursday", R], ["04-18", "Good Friday", R], ["04-19", "Black Saturday", S],
    ["05-01", "Labor Day", R], ["06-12", "Independence Day", R], ["08-21", "Ninoy Aquino Day", S], ["08-25", "National Heroes Day", R],
    ["10-31", "All Saints' Day Eve", S], ["11-01", "All Saints' Day", S], ["11-30", "Bonifacio Day", R], ["12-08", "Feast of the Immaculate Conception", S],
    ["12-24", "Christmas Eve", S], ["12-25", "Christmas Day", R], ["12-30", "Rizal Day", R], ["12-31", "Last Day of the Year", S],
  ] as const).map(([day, name, holidayType]) => ({ date: `2025-${day}`, name, holidayType, branchCode: null })),
  { date: "2025-08-15", name: "Cebu test holiday", holidayType: S, branchCode: "CEB" },
];

const TEST_POLICIES: FreeTimePolicy[] = [
  { id: 1, code: "C0001", defaultValueDecimal: "3.0000", dateEffective: "2025-01-01" },
  { id: 2, code: "C0002", defaultValueDecimal: "5.0000", dateEffective: "2025-01-01" },
  { id: 3, code: "C0003", defaultValueDecimal: "500.0000", dateEffective: "2025-01-01" },
  { id: 4, code: "C0013", defaultValueDecimal: "1000.0000", dateEffective: "2025-01-01" },
];

/** A Manila wall-clock time as the instant it is stored as. */
const manila = (date: string, time = "09:00") => `${date}T${time}:00+08:00`;

interface Case {
  chargeType?: FreeTimeChargeType;
  branch: string;
  size?: string;
  start: string;
  end: string | null;
  asOf?: string;
  policies?: FreeTimePolicy[];
  holidays?: FreeTimeHoliday[];
  billedThrough?: string | null;
}

function run(c: Case) {
  const chargeType = c.chargeType ?? "STO";
  const input: FreeTimeInput = {
    chargeType,
    branchCode: c.branch,
    start: { event: chargeType === "DET" ? "Inbound CTS Issued" : "Unloaded TallySheet Created", at: c.start },
    end: c.end === null ? null : { event: chargeType === "DET" ? "Van-In" : "Inbound CTS Issued", at: c.end },
    asOf: c.asOf ?? (c.end ?? "2025-12-31").slice(0, 10),
    vanSizes: [c.size ?? "20"],
    policies: c.policies ?? TEST_POLICIES,
    holidays: c.holidays ?? HOLIDAYS,
    billedThrough: c.billedThrough,
  };
  return computeFreeTime(input).snapshot;
}

/** What each vector states: the last free day, the chargeable days, the amount and the holidays skipped. */
const figures = (s: ReturnType<typeof run>) => ({
  lastFreeDay: s.lastFreeDay,
  days: s.days,
  amount: s.amount,
  holidaysSkipped: s.holidaysSkipped.map((h) => `${h.date} ${h.holidayType}${h.branchCode ? ` ${h.branchCode}` : ""}`),
});

describe("domain notes §5.3: storage and demurrage", () => {
  it("A: MNL, 20', counts calendar days (the holiday week included); leaves Mon 21 Apr 10:00: 3 days, 2,700.00", () => {
    const s = run({ branch: "MNL", start: manila("2025-04-15"), end: manila("2025-04-21", "10:00") });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-04-18", days: 3, amount: "2700.00", holidaysSkipped: [] });
    expect([s.calendarBasis, s.freeDaysCounted, s.sundaysSkipped]).toEqual(["CALENDAR", ["2025-04-16", "2025-04-17", "2025-04-18"], []]);
    expect([s.chargeableFrom, s.chargeableTo, s.teu, s.rate, s.rateSource.kind]).toEqual(["2025-04-19", "2025-04-21", "1", "900.00", "DEFAULT"]);
  });

  it("B: DVO, 40', skips the holiday week and the Sunday; storage 3,600.00 and demurrage 2,000.00", () => {
    const storage = run({ branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-24", "10:00") });
    expect(figures(storage)).toEqual({
      lastFreeDay: "2025-04-22", days: 2, amount: "3600.00",
      holidaysSkipped: ["2025-04-17 REGULAR", "2025-04-18 REGULAR", "2025-04-19 SPECIAL_NON_WORKING"],
    });
    expect([storage.freeDaysCounted, storage.sundaysSkipped, storage.calendarBasis]).toEqual([["2025-04-16", "2025-04-21", "2025-04-22"], ["2025-04-20"], "SKIP_SUN_HOL"]);
    const demurrage = run({ chargeType: "DEM", branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-24", "10:00") });
    expect(figures(demurrage)).toEqual({ ...figures(storage), amount: "2000.00" });
    expect([demurrage.rate, demurrage.rateSource]).toEqual(["500.00", { kind: "POLICY", code: "C0003", id: 3, dateEffective: "2025-01-01" }]);
  });

  it("B2: as B, leaving on the last free day: nothing to charge", () => {
    const s = run({ branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-22", "16:00") });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-04-22", days: 0, amount: "0.00", holidaysSkipped: ["2025-04-17 REGULAR", "2025-04-18 REGULAR", "2025-04-19 SPECIAL_NON_WORKING"] });
    expect([s.chargeableFrom, s.chargeableTo]).toEqual([null, null]);
  });

  it("C: DVO, 20', skips the Sunday only: 2 days, 1,800.00", () => {
    const s = run({ branch: "DVO", start: manila("2025-08-14"), end: manila("2025-08-20") });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-08-18", days: 2, amount: "1800.00", holidaysSkipped: [] });
    expect(s.sundaysSkipped).toEqual(["2025-08-17"]);
  });

  it("C′: MNL on the same dates counts the Sunday: 3 days, 2,700.00", () => {
    const s = run({ branch: "MNL", start: manila("2025-08-14"), end: manila("2025-08-20") });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-08-17", days: 3, amount: "2700.00", holidaysSkipped: [] });
  });

  it("C″: DVO leaving Fri 22 Aug: the special holiday of 21 Aug after the free days is charged; 4 days, 3,600.00", () => {
    const s = run({ branch: "DVO", start: manila("2025-08-14"), end: manila("2025-08-22") });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-08-18", days: 4, amount: "3600.00", holidaysSkipped: [] });
    expect([s.chargeableFrom, s.chargeableTo]).toEqual(["2025-08-19", "2025-08-22"]);
  });

  it("D: CEB skips its own holiday of Fri 15 Aug: 1 day, 900.00; DVO, on the same calendar, stays as in C", () => {
    const cebu = run({ branch: "CEB", start: manila("2025-08-14"), end: manila("2025-08-20") });
    expect(figures(cebu)).toEqual({ lastFreeDay: "2025-08-19", days: 1, amount: "900.00", holidaysSkipped: ["2025-08-15 SPECIAL_NON_WORKING CEB"] });
    expect(cebu.freeDaysCounted).toEqual(["2025-08-16", "2025-08-18", "2025-08-19"]);
    const davao = run({ branch: "DVO", start: manila("2025-08-14"), end: manila("2025-08-20") });
    expect(figures(davao)).toEqual({ lastFreeDay: "2025-08-18", days: 2, amount: "1800.00", holidaysSkipped: [] });
  });

  it("E: MNL, leaving Sat 19 Apr 00:30 Manila (18 Apr 16:30 UTC): a part day is a whole day; 1 day, 900.00", () => {
    const s = run({ branch: "MNL", start: manila("2025-04-15"), end: "2025-04-18T16:30:00Z" });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-04-18", days: 1, amount: "900.00", holidaysSkipped: [] });
    expect(s.endEvent).toEqual({ event: "Inbound CTS Issued", at: "2025-04-18T16:30:00.000Z", date: "2025-04-19" });
  });

  it("F: a 45' van is 2.25 TEU; as B: storage 4,050.00", () => {
    const s = run({ branch: "DVO", size: "45", start: manila("2025-04-15"), end: manila("2025-04-24") });
    expect(figures(s)).toEqual({
      lastFreeDay: "2025-04-22", days: 2, amount: "4050.00",
      holidaysSkipped: ["2025-04-17 REGULAR", "2025-04-18 REGULAR", "2025-04-19 SPECIAL_NON_WORKING"],
    });
    expect([s.teu, s.units, s.perDay]).toEqual(["2.25", "2.25", "2025.00"]);
  });
});

describe("domain notes §5.3: detention, van-out to van-in", () => {
  it("G: DVO, 20', 5 free days skip Labor Day and the Sunday: 3 days, 3,000.00; a 40' van 6,000.00", () => {
    const s = run({ chargeType: "DET", branch: "DVO", start: manila("2025-04-28"), end: manila("2025-05-08", "11:00") });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-05-05", days: 3, amount: "3000.00", holidaysSkipped: ["2025-05-01 REGULAR"] });
    expect([s.freeDays, s.freeDaysPolicy.code, s.sundaysSkipped, s.rate]).toEqual([5, "C0002", ["2025-05-04"], "1000.00"]);
    const forty = run({ chargeType: "DET", branch: "DVO", size: "40", start: manila("2025-04-28"), end: manila("2025-05-08", "11:00") });
    expect(figures(forty)).toEqual({ lastFreeDay: "2025-05-05", days: 3, amount: "6000.00", holidaysSkipped: ["2025-05-01 REGULAR"] });
  });

  it("G′: MNL on the same dates: calendar days, 5 days, 5,000.00", () => {
    const s = run({ chargeType: "DET", branch: "MNL", start: manila("2025-04-28"), end: manila("2025-05-08", "11:00") });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-05-03", days: 5, amount: "5000.00", holidaysSkipped: [] });
  });

  it("H: a van-in stored 2025-05-05T17:30Z is 6 May in Manila: 1 day, 1,000.00 (the UTC date would give none)", () => {
    const s = run({ chargeType: "DET", branch: "DVO", start: manila("2025-04-28"), end: "2025-05-05T17:30:00Z" });
    expect(figures(s)).toEqual({ lastFreeDay: "2025-05-05", days: 1, amount: "1000.00", holidaysSkipped: ["2025-05-01 REGULAR"] });
    expect(s.endEvent?.date).toBe("2025-05-06");
  });
});

describe("domain notes §5.4: the policies in force on the first day stay for the whole period", () => {
  const CHANGING: FreeTimePolicy[] = [
    ...TEST_POLICIES,
    { id: 11, code: "C0001", defaultValueDecimal: "5.0000", dateEffective: "2025-04-17" },
    { id: 12, code: "C0003", defaultValueDecimal: "700.0000", dateEffective: "2025-04-20" },
  ];

  it("P1: final tally Tue 15 Apr at DVO: 3 free days and 500 (both later rows ignored); 40' storage 3,600.00, demurrage 2,000.00", () => {
    const at = { branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-24"), policies: CHANGING };
    const storage = run(at);
    const demurrage = run({ ...at, chargeType: "DEM" });
    const skipped = ["2025-04-17 REGULAR", "2025-04-18 REGULAR", "2025-04-19 SPECIAL_NON_WORKING"];
    expect([figures(storage), figures(demurrage)]).toEqual([
      { lastFreeDay: "2025-04-22", days: 2, amount: "3600.00", holidaysSkipped: skipped },
      { lastFreeDay: "2025-04-22", days: 2, amount: "2000.00", holidaysSkipped: skipped },
    ]);
    expect([storage.startDay, storage.freeDaysPolicy, demurrage.rateSource.id]).toEqual(["2025-04-16", { code: "C0001", id: 1, dateEffective: "2025-01-01", value: "3" }, 3]);
  });

  it("P2: final tally Wed 16 Apr: the first day, Thu 17, takes the new C0001 (5) but still C0003 500; 3 days, 5,400.00 / 3,000.00", () => {
    const at = { branch: "DVO", size: "40", start: manila("2025-04-16"), end: manila("2025-04-28", "08:00"), policies: CHANGING };
    const storage = run(at);
    const demurrage = run({ ...at, chargeType: "DEM" });
    const skipped = ["2025-04-17 REGULAR", "2025-04-18 REGULAR", "2025-04-19 SPECIAL_NON_WORKING"];
    expect([figures(storage), figures(demurrage)]).toEqual([
      { lastFreeDay: "2025-04-25", days: 3, amount: "5400.00", holidaysSkipped: skipped },
      { lastFreeDay: "2025-04-25", days: 3, amount: "3000.00", holidaysSkipped: skipped },
    ]);
    expect(storage.freeDaysCounted).toEqual(["2025-04-21", "2025-04-22", "2025-04-23", "2025-04-24", "2025-04-25"]);
    expect([storage.freeDaysPolicy.id, demurrage.rate]).toEqual([11, "500.00"]);
  });
});

describe("the edges", () => {
  it("a Sunday inside the free days is skipped at DVO and counted at MNL", () => {
    const dvo = countFreeDays({ branchCode: "DVO", startDate: "2025-08-14", freeDays: 3, holidays: [] });
    const mnl = countFreeDays({ branchCode: "MNL", startDate: "2025-08-14", freeDays: 3, holidays: [] });
    expect([dvo.lastFreeDay, dvo.sundaysSkipped, mnl.lastFreeDay, mnl.sundaysSkipped]).toEqual(["2025-08-18", ["2025-08-17"], "2025-08-17", []]);
  });

  it("a branch holiday closes only its branch; a special working day is an ordinary day; a deactivated row is no holiday", () => {
    const local: FreeTimeHoliday[] = [{ date: "2025-03-17", name: "Araw ng Dabaw", holidayType: S, branchCode: "DVO" }];
    expect(countFreeDays({ branchCode: "DVO", startDate: "2025-03-16", freeDays: 1, holidays: local }).lastFreeDay).toBe("2025-03-18");
    expect(countFreeDays({ branchCode: "CEB", startDate: "2025-03-16", freeDays: 1, holidays: local }).lastFreeDay).toBe("2025-03-17");
    // 25 Feb 2025, the special working day, counts as a free day.
    const feb = countFreeDays({ branchCode: "DVO", startDate: "2025-02-24", freeDays: 1, holidays: HOLIDAYS });
    expect([feb.lastFreeDay, feb.holidaysSkipped]).toEqual(["2025-02-25", []]);
    const off = countFreeDays({ branchCode: "DVO", startDate: "2025-03-16", freeDays: 1, holidays: [{ ...local[0], isActive: false }] });
    expect(off.lastFreeDay).toBe("2025-03-17");
  });

  it("a release on the last free day costs nothing, the day after costs one day", () => {
    const onLfd = run({ chargeType: "DEM", branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-22", "23:59") });
    const dayAfter = run({ chargeType: "DEM", branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-23", "00:01") });
    expect([onLfd.days, onLfd.amount, dayAfter.days, dayAfter.amount]).toEqual([0, "0.00", 1, "1000.00"]);
    expect([dayAfter.chargeableFrom, dayAfter.chargeableTo]).toEqual(["2025-04-23", "2025-04-23"]);
  });

  it("a final tally late in the evening starts the count the next day in Manila, whatever the UTC date", () => {
    // 15 Apr 23:30 Manila is 15 Apr 15:30 UTC; 16 Apr 00:30 Manila is still 15 Apr in UTC.
    expect(run({ branch: "MNL", start: "2025-04-15T15:30:00Z", end: null, asOf: "2025-04-20" }).startDay).toBe("2025-04-16");
    expect(run({ branch: "MNL", start: "2025-04-15T16:30:00Z", end: null, asOf: "2025-04-20" }).startDay).toBe("2025-04-17");
  });

  it("while the end event has not happened the clock runs to the day of the computation, and says it is not final", () => {
    const s = run({ branch: "DVO", size: "40", start: manila("2025-04-15"), end: null, asOf: "2025-04-25" });
    expect([s.days, s.amount, s.countedThrough, s.final, s.endEvent]).toEqual([3, "5400.00", "2025-04-25", false, null]);
  });

  it("after a billed period only the days past it are charged", () => {
    const s = run({ branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-28"), billedThrough: "2025-04-24" });
    expect([s.chargeableFrom, s.chargeableTo, s.days, s.amount, s.billedThrough]).toEqual(["2025-04-25", "2025-04-28", 4, "7200.00", "2025-04-24"]);
  });

  it("a storage-rate policy in force replaces the 900 of 001 §9", () => {
    const policies = [...TEST_POLICIES, { id: 20, code: "STORAGE FEE PER TEU", defaultValueDecimal: "1100.0000", dateEffective: "2025-04-01" }];
    const s = run({ branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-24"), policies });
    expect([s.rate, s.rateSource, s.amount]).toEqual(["1100.00", { kind: "POLICY", code: "STORAGE FEE PER TEU", id: 20, dateEffective: "2025-04-01" }, "4400.00"]);
    expect(DEFAULT_STORAGE_RATE).toBe("900.00");
  });

  it("with the rate basis set to VAN, demurrage and detention count vans, storage stays per TEU (§12.1)", () => {
    const policies = [...TEST_POLICIES, { id: 30, code: "FREE TIME RATE BASIS", defaultValueDecimal: null, dateEffective: "2025-01-01", inputtedString: "VAN" }];
    const at = { branch: "DVO", size: "40", start: manila("2025-04-15"), end: manila("2025-04-24"), policies };
    const [storage, demurrage] = [run(at), run({ ...at, chargeType: "DEM" })];
    expect([storage.units, storage.amount, storage.rateBasis]).toEqual(["2", "3600.00", "TEU"]);
    expect([demurrage.units, demurrage.amount, demurrage.rateBasis, demurrage.rateBasisPolicy?.id]).toEqual(["1", "1000.00", "VAN", 30]);
  });

  it("refuses to charge without the policies it needs, naming the policy and the day", () => {
    const noDetention = TEST_POLICIES.filter((p) => p.code !== "C0013");
    expect(() => run({ chargeType: "DET", branch: "DVO", start: manila("2025-04-28"), end: null, policies: noDetention }))
      .toThrow(new FreeTimeRuleError("No detention fee policy (C0013) is in force on 2025-04-29.", "C0013"));
    expect(() => run({ branch: "DVO", start: manila("2024-12-20"), end: null }))
      .toThrow("No free storage days policy (C0001) is in force on 2024-12-21.");
    const fractional = [{ id: 9, code: "C0001", defaultValueDecimal: "2.5000", dateEffective: "2025-01-01" }];
    expect(() => run({ branch: "DVO", start: manila("2025-04-15"), end: null, policies: fractional }))
      .toThrow("Policy C0001 of 2025-01-01 must hold a whole number of days from 0 to 366, not 2.5.");
  });

  it("reads only policy codes the company policies screen offers", () => {
    const offered = POLICY_CODES.map((p) => p.code as string);
    expect(FREE_TIME_POLICY_CODES.filter((code) => !offered.includes(code))).toEqual([]);
  });

  it("takes the active row with the latest date on or before the day", () => {
    const rows: FreeTimePolicy[] = [
      { id: 1, code: "C0001", defaultValueDecimal: 3, dateEffective: "2025-01-01" },
      { id: 2, code: "C0001", defaultValueDecimal: 4, dateEffective: "2025-04-17", isActive: false },
      { id: 3, code: "C0001", defaultValueDecimal: 5, dateEffective: "2025-04-18" },
    ];
    expect([policyInForce(rows, "C0001", "2025-04-17")?.id, policyInForce(rows, "C0001", "2025-04-18")?.id, policyInForce(rows, "C0001", "2024-12-31")]).toEqual([1, 3, null]);
  });
});

describe("TEU, the storage due date, the countdown and the billing side", () => {
  it("reads a van's TEU from its length or its ISO size-type code", () => {
    expect(["20", "40", "45", "22G1", "42G1", "45G1", "45R1", "L5G1", "40HC", "40' HC", "20 ft", "", "30"].map(teuOfSize)).toEqual(["1", "2", "2.25", "1", "2", "2", "2", "2.25", "2", "2", "1", null, null]);
    expect(chargedUnits(["20", "20"], "TEU")).toEqual({ basis: "TEU", vans: 2, teu: "2", units: "2" });
    expect(chargedUnits(["45"], "VAN")).toEqual({ basis: "VAN", vans: 1, teu: "2.25", units: "1" });
    expect(chargedUnits([], "TEU", 2)).toEqual({ basis: "TEU", vans: 2, teu: "2", units: "2" });
  });

  it("dates the storage due on the last free day and prices each further day (B: 1,800.00 storage and 1,000.00 demurrage)", () => {
    const at: FreeTimeInput = {
      chargeType: "STO", branchCode: "DVO", start: { event: "Unloaded TallySheet Created", at: manila("2025-04-15") }, end: null, asOf: "2025-04-15",
      vanSizes: ["40"], policies: TEST_POLICIES, holidays: HOLIDAYS,
    };
    expect(storageDue(computeFreeTime(at), computeFreeTime({ ...at, chargeType: "DEM" })))
      .toEqual({ dueDate: "2025-04-22", perDay: { storage: "1800.00", demurrage: "1000.00", total: "2800.00" } });
  });

  it("counts the free days left down to the last free day, then the days overdue (case B)", () => {
    const s = run({ branch: "DVO", start: manila("2025-04-15"), end: null, asOf: "2025-04-15" });
    const left = (on: string) => {
      const l = freeDaysLeft(s, on);
      return [l.freeDaysLeft, l.daysOverdue, l.isLastFreeDay];
    };
    expect(["2025-04-15", "2025-04-16", "2025-04-17", "2025-04-21", "2025-04-22", "2025-04-23", "2025-04-25"].map(left)).toEqual([
      [3, 0, false], [3, 0, false], [2, 0, false], [2, 0, false], [1, 0, true], [0, 1, false], [0, 3, false],
    ]);
  });

  it("bills at the destination C, or AD on account; at the origin P, or AO", () => {
    expect(["P", "C", "AO", "AD"].map((m) => freeTimeBilledSide(m, "destination"))).toEqual(["C", "C", "AD", "AD"]);
    expect(["P", "C", "AO", "AD"].map((m) => freeTimeBilledSide(m, "origin"))).toEqual(["P", "P", "AO", "AO"]);
  });
});

describe("outbound demurrage (§12.2)", () => {
  it("is off unless a row in force says ON, and then runs at the origin from CY-in to loading", () => {
    expect(outboundDemurrageOn(TEST_POLICIES, "2025-04-16")).toBe(false);
    const on = [...TEST_POLICIES, { id: 40, code: "OUTBOUND DEMURRAGE", defaultValueDecimal: null, dateEffective: "2025-04-01", inputtedString: "on" }];
    expect([outboundDemurrageOn(on, "2025-03-31"), outboundDemurrageOn(on, "2025-04-16")]).toEqual([false, true]);
    const s = computeFreeTime({
      chargeType: "DEM", side: "origin", branchCode: "CEB", start: { event: "CY In", at: manila("2025-04-15") },
      end: { event: "At Vessel Loaded", at: manila("2025-04-24") }, asOf: "2025-04-30", vanSizes: ["20"], policies: on, holidays: HOLIDAYS,
    }).snapshot;
    expect([s.side, s.lastFreeDay, s.days, s.amount, s.startEvent.event, s.endEvent?.event]).toEqual(["origin", "2025-04-22", 2, "1000.00", "CY In", "At Vessel Loaded"]);
  });
});
