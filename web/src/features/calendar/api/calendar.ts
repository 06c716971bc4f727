import type { HolidayType, Weekday } from "../../../../../api/shared/dates.ts";
import { api } from "../../../lib/api.ts";
import { loadPicker } from "../../../lib/data/pickers.ts";

/** An active branch as GET /Branches/getIsActive lists it (only what the calendar needs). */
export interface BranchOption {
  code: string;
  name: string;
}

/** One day of GET /Calendar/workingDays: working or not, and the server's reason when not. */
export interface WorkingDay {
  date: string;
  weekday: Weekday;
  isWorkingDay: boolean;
  reason: string | null;
}

export interface WorkingDays {
  branchCode: string;
  workSchedule: Weekday[];
  days: WorkingDay[];
}

/** A holiday of GET /Calendar/readLocalHolidaybyBranch: a national one (no branch) or the branch's own. */
export interface BranchHoliday {
  id: number;
  holidayDate: string;
  name: string;
  branchCode: string | null;
  /** REGULAR and SPECIAL_NON_WORKING close the branch; a SPECIAL_WORKING day is worked. */
  holidayType: HolidayType;
  isNational: boolean;
}

export interface Range {
  dateFrom: string;
  dateTo: string;
}

export async function activeBranches(): Promise<BranchOption[]> {
  const branches = await loadPicker("branches", true);
  return branches.map((b) => ({ code: b.code, name: b.name }));
}

export async function workingDays(branchCode: string, range: Range): Promise<WorkingDays> {
  const answer = await api.get<{ data: WorkingDays }>("/Calendar/workingDays", { BranchCode: branchCode, ...range });
  return answer.data;
}

export async function holidaysOfBranch(branchCode: string, range: Range): Promise<BranchHoliday[]> {
  const answer = await api.get<{ data: { holidays: BranchHoliday[] } }>("/Calendar/readLocalHolidaybyBranch", {
    BranchCode: branchCode,
    ...range,
  });
  return answer.data.holidays;
}

/**
 * The own holidays of each of these branches over a range. The holiday list that spans branches needs the master
 * data menu, and this page is open to every signed-in user, so each branch is asked through the call any user
 * may make; the answers repeat the national holidays, which the branch shown already has.
 */
export async function ownHolidaysOfBranches(branchCodes: readonly string[], range: Range): Promise<BranchHoliday[]> {
  const lists = await Promise.all(branchCodes.map((code) => holidaysOfBranch(code, range)));
  return lists.flat().filter((holiday) => !holiday.isNational);
}
