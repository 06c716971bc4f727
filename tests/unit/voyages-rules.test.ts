import { describe, expect, it } from "vitest";
import { PAGES, pathTo } from "../../api/shared/page-paths.ts";
import { addCalendarDays as addDays, manilaToday } from "../../api/shared/dates.ts";
import {
  destinationsOfRoute,
  detailInputOf,
  EMPTY_DETAIL,
  EMPTY_SCHEDULE,
  errorsByLine,
  manilaFields,
  manilaInstant,
  missingCalls,
  scheduleFormOf,
  scheduleInputOf,
  withDestination,
} from "../../web/src/features/voyages/rules.ts";
import type { ScheduleRow } from "../../web/src/features/voyages/api/contracts.ts";

describe("Manila date and time fields", () => {
  it("reads a date and a time as Manila time, and only when both are complete", () => {
    expect(manilaInstant("2026-12-01", "08:00")).toBe("2026-12-01T08:00:00+08:00");
    expect(manilaInstant("2026-12-01", "")).toBeNull();
    expect(manilaInstant("", "08:00")).toBeNull();
    expect(manilaInstant("2026-12-01", "24:00")).toBeNull();
    expect(manilaInstant("01/12/2026", "08:00")).toBeNull();
  });

  it("shows an instant in Manila whatever zone it is written in", () => {
    expect(manilaFields("2026-12-01T00:00:00.000Z")).toEqual({ date: "2026-12-01", time: "08:00" });
    expect(manilaFields("2026-11-30T20:30:00.000Z")).toEqual({ date: "2026-12-01", time: "04:30" });
    expect(manilaFields(null)).toEqual({ date: "", time: "" });
    expect(manilaFields("not a date")).toEqual({ date: "", time: "" });
    expect(manilaToday(new Date("2026-12-31T17:00:00Z"))).toBe("2027-01-01");
  });

  it("moves a date by calendar days across month and year ends", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });
});

describe("a voyage's destinations among its route's calls", () => {
  const calls = ["ILO", "BCD", "CEB"];

  it("proposes every call of a route and puts a dropped call back in its place", () => {
    const all = destinationsOfRoute(calls);
    expect(all.map((d) => d.branchCode)).toEqual(calls);
    const withoutBcd = all.filter((d) => d.branchCode !== "BCD");
    expect(missingCalls(calls, withoutBcd)).toEqual(["BCD"]);
    expect(withDestination(calls, withoutBcd, "BCD").map((d) => d.branchCode)).toEqual(calls);
    // A code that is not a call of the route, or is there already, changes nothing.
    expect(withDestination(calls, withoutBcd, "DVO").map((d) => d.branchCode)).toEqual(["ILO", "CEB"]);
    expect(withDestination(calls, all, "ILO")).toHaveLength(3);
  });

  it("turns a complete form into the API's input, Manila times with their offset", () => {
    const { input, errors } = scheduleInputOf({
      ...EMPTY_SCHEDULE,
      voyageRef: " V-12 ",
      vesselCode: "MV-VISAYAS",
      routeCode: "MNL-ILO-BCD",
      etdDate: "2026-12-01",
      etdTime: "08:00",
      destinations: [{ branchCode: "ILO", etaDate: "2026-12-02", etaTime: "06:00" }],
    });
    expect(errors).toEqual({});
    expect(input).toEqual({
      voyageRef: "V-12",
      vesselCode: "MV-VISAYAS",
      routeCode: "MNL-ILO-BCD",
      estimatedTimeDeparture: "2026-12-01T08:00:00+08:00",
      remarks: "",
      destinations: [{ destinationBranchCode: "ILO", estimatedTimeArrival: "2026-12-02T06:00:00+08:00" }],
    });
  });

  it("keys the problems of a form as the server keys its field errors", () => {
    const { errors } = scheduleInputOf({ ...EMPTY_SCHEDULE, destinations: [{ branchCode: "ILO", etaDate: "2026-12-02", etaTime: "" }] });
    expect(Object.keys(errors).sort()).toEqual([
      "destinations.0.estimatedTimeArrival",
      "estimatedTimeDeparture",
      "routeCode",
      "vesselCode",
      "voyageRef",
    ]);
    expect(scheduleInputOf(EMPTY_SCHEDULE).errors.destinations).toBe("Add at least one destination");
  });

  it("fills the form from a voyage in Manila time", () => {
    const row = {
      voyageRef: "V-1", vesselCode: "MV-1", routeCode: "R-1", estimatedTimeDeparture: "2026-12-01T00:00:00.000Z", remarks: "x",
      destinations: [{ seq: 1, destinationBranchCode: "ILO", destinationBranchName: "Iloilo", estimatedTimeArrival: "2026-12-01T22:00:00.000Z" }],
    } as ScheduleRow;
    expect(scheduleFormOf(row)).toEqual({
      voyageRef: "V-1", vesselCode: "MV-1", routeCode: "R-1", etdDate: "2026-12-01", etdTime: "08:00", remarks: "x",
      destinations: [{ branchCode: "ILO", etaDate: "2026-12-02", etaTime: "06:00" }],
    });
  });
});

describe("vessel update details", () => {
  it("sends a detail with its optional moments left out as null", () => {
    const { input, errors } = detailInputOf({ ...EMPTY_DETAIL, vesselStatus: "Docking", activity: "Loading", date: "2026-12-01", time: "05:30" });
    expect(errors).toEqual({});
    expect(input).toMatchObject({ activityAt: "2026-12-01T05:30:00+08:00", branchCode: null, actualTimeArrival: null, actualTimeDeparture: null });
  });

  it("points at half a moment rather than dropping it", () => {
    const { errors } = detailInputOf({ ...EMPTY_DETAIL, vesselStatus: "Docking", activity: "Loading", date: "2026-12-01", time: "05:30", atdDate: "2026-12-01" });
    expect(Object.keys(errors)).toEqual(["actualTimeDeparture"]);
  });

  it("gives the server's field errors to the lines they name", () => {
    expect(errorsByLine({ "details.1.activity": "bad", "details.0.activityAt": "late", "details.5.x": "gone" }, 2))
      .toEqual([{ activityAt: "late" }, { activity: "bad" }]);
    expect(errorsByLine({ activity: "bad" }, 1)).toEqual([{ activity: "bad" }]);
    expect(errorsByLine({ activity: "bad" }, 2)).toEqual([{}, {}]);
  });

  it("addresses a vessel update by its VUID", () => {
    expect(pathTo(PAGES.vesselUpdateRead, { vuid: "VU-MNL/1" })).toBe("/voyage/vessel_updates/read/VU-MNL%2F1");
  });
});
