import { describe, expect, it } from "vitest";
import {
  clearingProblem,
  depositProblem,
  depositWarning,
  isBankingDay,
  nextBankingDay,
  staleDates,
  stalenessOf,
} from "../../api/modules/accounting/pdc/rules.ts";
import { HOLIDAY_DATES_2025 } from "../support/holidays-2025.ts";

/**
 * Post-dated cheques (domain notes §9) on the 2025 calendar of Proclamation 727: every vector of the notes
 * (early deposit, holiday week, weekend, Christmas, stale dates), and a manager's cheque, which never goes stale.
 */

const cheque = (chequeDate: string, isManagersCheque = false) => ({ chequeDate, isManagersCheque });

describe("banking days", () => {
  it("a deposit on Wednesday 16 April 2025 clears from Monday 21 April (17-18 regular holidays, 19 Saturday, 20 Sunday)", () => {
    expect(nextBankingDay("2025-04-16", HOLIDAY_DATES_2025)).toBe("2025-04-21");
  });

  it("a deposit on Friday 11 April clears from Monday 14 April", () => {
    expect(nextBankingDay("2025-04-11", HOLIDAY_DATES_2025)).toBe("2025-04-14");
  });

  it("a deposit on Tuesday 23 December clears from Friday 26 December (24 special, 25 regular)", () => {
    expect(nextBankingDay("2025-12-23", HOLIDAY_DATES_2025)).toBe("2025-12-26");
  });

  it("counts Monday to Friday that are not national holidays; 25 February 2025 is a special working day", () => {
    expect(["2025-02-25", "2025-04-16", "2025-04-17", "2025-04-19", "2025-04-20", "2025-04-21"].map((d) => isBankingDay(d, HOLIDAY_DATES_2025)))
      .toEqual([true, true, false, false, false, true]);
  });
});

describe("depositing", () => {
  it("refuses a cheque dated 2025-04-15 deposited on 2025-04-14, and takes it on its date", () => {
    expect(depositProblem(cheque("2025-04-15"), "2025-04-14", "2025-04-20")).toBe(
      "A cheque dated 2025-04-15 cannot be deposited before its date; deposit it on 2025-04-15 or later.",
    );
    expect(depositProblem(cheque("2025-04-15"), "2025-04-15", "2025-04-20")).toBeNull();
  });

  it("refuses a deposit dated after today", () => {
    expect(depositProblem(cheque("2025-04-15"), "2025-04-21", "2025-04-20")).toBe("The deposit date 2025-04-21 is after today; record a deposit once it is made.");
  });

  it("a cheque dated 2025-01-10 warns from 2025-06-09 (day 150), is last deposited 2025-07-08 (day 179), is blocked from 2025-07-09 (day 180)", () => {
    const dated = cheque("2025-01-10");
    expect(staleDates("2025-01-10")).toEqual({ warnFrom: "2025-06-09", lastDeposit: "2025-07-08", staleFrom: "2025-07-09" });
    expect(["2025-06-08", "2025-06-09", "2025-07-08", "2025-07-09"].map((d) => stalenessOf(dated, d))).toEqual(["FRESH", "WARN", "WARN", "STALE"]);
    expect(depositWarning(dated, "2025-06-08")).toBeNull();
    expect(depositWarning(dated, "2025-06-09")).toBe("The cheque dated 2025-01-10 goes stale soon: the last day to deposit it is 2025-07-08.");
    expect(depositProblem(dated, "2025-07-08", "2025-12-31")).toBeNull();
    expect(depositProblem(dated, "2025-07-09", "2025-12-31")).toBe(
      "The cheque dated 2025-01-10 is stale from 2025-07-09 (180 days after its date); the last day it could be deposited was 2025-07-08.",
    );
  });

  it("never holds a manager's or cashier's cheque stale", () => {
    expect(stalenessOf(cheque("2025-01-10", true), "2025-12-31")).toBe("FRESH");
    expect(depositProblem(cheque("2025-01-10", true), "2025-07-09", "2025-12-31")).toBeNull();
    expect(depositWarning(cheque("2025-01-10", true), "2025-06-09")).toBeNull();
  });
});

describe("clearing", () => {
  it("refuses a clearing before the next banking day after the deposit", () => {
    expect(clearingProblem("2025-04-16", "2025-04-18", "2025-04-30", HOLIDAY_DATES_2025)).toBe(
      "A cheque deposited on 2025-04-16 clears no earlier than the next banking day, 2025-04-21.",
    );
    expect(clearingProblem("2025-04-16", "2025-04-21", "2025-04-30", HOLIDAY_DATES_2025)).toBeNull();
    expect(clearingProblem("2025-12-23", "2025-12-24", "2025-12-31", HOLIDAY_DATES_2025)).toBe(
      "A cheque deposited on 2025-12-23 clears no earlier than the next banking day, 2025-12-26.",
    );
  });

  it("refuses a clearing dated after today", () => {
    expect(clearingProblem("2025-04-11", "2025-04-15", "2025-04-14", HOLIDAY_DATES_2025)).toBe(
      "The clearing date 2025-04-15 is after today; clear the cheque once the bank has.",
    );
  });
});
