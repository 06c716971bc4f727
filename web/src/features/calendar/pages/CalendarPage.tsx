import "../calendar.css";
import { Button, ButtonGroup, Callout, FormGroup, H5, HTMLSelect, NonIdealState, Spinner, Switch } from "@blueprintjs/core";
import { Calendar as CalendarIcon, ChevronLeft, ChevronRight } from "@blueprintjs/icons";
import { useAtomValue } from "jotai";
import { useMemo, useState } from "react";
import { manilaDate } from "../../../../../api/shared/dates.ts";
import { CALENDAR_DAY_BRANCH } from "../../../../../api/modules/inbound/demurrage/rules.ts";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useRecord } from "../../../lib/data/load.ts";
import { errorText } from "../../../lib/notify.ts";
import { signedInUserAtom } from "../../../lib/session.ts";
import {
  activeBranches,
  type BranchHoliday,
  type BranchOption,
  holidaysOfBranch,
  ownHolidaysOfBranches,
  workingDays,
  type WorkingDays,
} from "../api/calendar.ts";
import { type DayFacts, MonthTable } from "../components/MonthTable.tsx";
import {
  type DayHoliday,
  firstOfMonth,
  gridRange,
  holidayText,
  holidayTypeNote,
  longDate,
  monthGrid,
  monthOf,
  monthTitle,
  sameMonth,
  shiftMonth,
  type YearMonth,
} from "../month-grid.ts";

interface Loaded<T> {
  loading: boolean;
  data: T | undefined;
  failure: string | undefined;
}

/**
 * Reads whatever `key` names, again whenever the key changes (null: nothing to read). An answer that arrives
 * after the key moved on is dropped, so a quick click through the months never shows one month's days under
 * another's title. A failure is shown as a notice and kept for the page to say in place.
 */
function useLoaded<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const record = useRecord(key, load, { keepStale: false });
  return { loading: record.loading, data: record.data ?? undefined, failure: record.error !== null ? errorText(record.error) : undefined };
}

const toDayHoliday = (h: BranchHoliday): DayHoliday => ({ name: h.name, branchCode: h.isNational ? null : h.branchCode, holidayType: h.holidayType });
const worked = (h: BranchHoliday) => h.holidayType === "SPECIAL_WORKING";

/** Status and holidays by date, from the branch's working days, its holidays and (optionally) everyone else's. */
function factsByDate(days: WorkingDays | undefined, closing: BranchHoliday[], elsewhere: BranchHoliday[]): Map<string, DayFacts> {
  const facts = new Map<string, DayFacts>();
  const at = (date: string) => {
    let fact = facts.get(date);
    if (!fact) facts.set(date, fact = { status: null, closing: [], observed: [], elsewhere: [] });
    return fact;
  };
  for (const day of days?.days ?? []) {
    // Closed on a day of its week schedule can only be a holiday; off the schedule it is the weekly rest day.
    at(day.date).status = day.isWorkingDay ? "working" : days!.workSchedule.includes(day.weekday) ? "holiday" : "rest";
  }
  for (const h of closing) (worked(h) ? at(h.holidayDate).observed : at(h.holidayDate).closing).push(toDayHoliday(h));
  for (const h of elsewhere.filter((o) => !worked(o))) at(h.holidayDate).elsewhere.push(toDayHoliday(h));
  return facts;
}

/**
 * /calendar: a month of the holidays and working days of the user's default branch (another branch on request),
 * with the other branches' own holidays when asked for. Open to every signed-in user.
 */
export default function CalendarPage() {
  const user = useAtomValue(signedInUserAtom);
  const today = manilaDate(new Date());
  const userBranches = useMemo(() => user?.branches ?? [], [user]);
  const homeBranch = userBranches.find((b) => b.defaultBranch) ?? userBranches[0] ?? null;

  const [month, setMonth] = useState<YearMonth>(() => monthOf(today));
  const [activeDate, setActiveDate] = useState(today);
  const [chosenBranch, setChosenBranch] = useState<string | null>(null);
  const [everyBranch, setEveryBranch] = useState(false);
  const [attempt, setAttempt] = useState(0);

  const branchList = useLoaded<BranchOption[]>("branches", activeBranches);
  // Without a branch of their own (a yard user) the first active branch is shown, once the list is in.
  const branchCode = chosenBranch ?? homeBranch?.branchCode ?? branchList.data?.[0]?.code ?? null;

  const weeks = useMemo(() => monthGrid(month), [month]);
  const range = gridRange(weeks);
  const rangeKey = `${range.dateFrom}|${range.dateTo}|${attempt}`;

  const branchMonth = useLoaded(
    branchCode === null ? null : `${branchCode}|${rangeKey}`,
    () => Promise.all([workingDays(branchCode!, range), holidaysOfBranch(branchCode!, range)]),
  );
  // Every active branch, the one shown included: switching branches then needs no new reads.
  const allBranchCodes = (branchList.data ?? []).map((b) => b.code);
  const others = useLoaded(
    everyBranch && allBranchCodes.length > 0 ? `${allBranchCodes.join(",")}|${rangeKey}` : null,
    () => ownHolidaysOfBranches(allBranchCodes, range),
  );

  const [days, closing] = branchMonth.data ?? [undefined, []];
  const elsewhere = everyBranch ? (others.data ?? []).filter((h) => h.branchCode !== branchCode) : [];
  const facts = factsByDate(days, closing, elsewhere);

  // The select offers the active branches and, should one be inactive or the list fail, the user's own.
  const options = useMemo(() => {
    const list: BranchOption[] = [...(branchList.data ?? [])];
    for (const b of userBranches) {
      if (!list.some((o) => o.code === b.branchCode)) list.push({ code: b.branchCode, name: b.branchName });
    }
    if (branchCode !== null && !list.some((o) => o.code === branchCode)) list.push({ code: branchCode, name: branchCode });
    return list;
  }, [branchList.data, userBranches, branchCode]);

  const showMonth = (next: YearMonth, focus?: string) => {
    setMonth(next);
    setActiveDate(focus ?? (sameMonth(next, monthOf(today)) ? today : firstOfMonth(next)));
  };
  const chooseDate = (date: string) => {
    if (!sameMonth(monthOf(date), month)) setMonth(monthOf(date));
    setActiveDate(date);
  };

  if (!user) return null;

  const monthHolidays = [
    ...closing.map((h) => ({ holiday: h, elsewhere: false })),
    ...elsewhere.map((h) => ({ holiday: h, elsewhere: true })),
  ]
    .filter(({ holiday }) => sameMonth(monthOf(holiday.holidayDate), month))
    .sort((a, b) => a.holiday.holidayDate.localeCompare(b.holiday.holidayDate) || Number(a.elsewhere) - Number(b.elsewhere));

  const noBranchAtAll = branchCode === null && !branchList.loading;

  return (
    <div className="lading-page" data-testid="calendar-page">
      <PageHeader title="Calendar" />

      <div className="lading-cal-controls">
        <FormGroup label="Branch" labelFor="calendar-branch">
          <HTMLSelect
            id="calendar-branch"
            value={branchCode ?? ""}
            onChange={(e) => setChosenBranch(e.currentTarget.value)}
            disabled={options.length === 0}
            data-testid="calendar-branch"
          >
            {options.length === 0 && <option value="">No branch</option>}
            {options.map((b) => (
              <option key={b.code} value={b.code}>
                {`${b.code} · ${b.name}${b.code === homeBranch?.branchCode ? " (your branch)" : ""}`}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {/* Blueprint draws a checkbox; the role lets screen readers announce it as the on/off switch it looks like. */}
        <Switch
          role="switch"
          label="Show holidays of every branch"
          checked={everyBranch}
          onChange={(e) => setEveryBranch(e.currentTarget.checked)}
          disabled={!branchList.data || branchList.data.length === 0}
          data-testid="calendar-every-branch"
        />
        {everyBranch && others.loading && <Spinner size={16} aria-label="Loading the other branches' holidays" />}
      </div>

      {branchList.failure !== undefined && (
        <Callout intent="warning" compact data-testid="calendar-branches-failed">
          The branch list could not be loaded ({branchList.failure}); only your own branches can be chosen.
        </Callout>
      )}
      {homeBranch === null && branchCode !== null && (
        <Callout intent="primary" compact data-testid="calendar-no-default-branch">
          You have no branch of your own; showing {branchCode}. Pick another branch above.
        </Callout>
      )}
      {everyBranch && others.failure !== undefined && (
        <Callout intent="warning" compact data-testid="calendar-others-failed">
          The holidays of the other branches could not be loaded: {others.failure}
        </Callout>
      )}

      {noBranchAtAll
        ? (
          <NonIdealState
            className="lading-page-state"
            icon={<CalendarIcon size={32} />}
            title="No branch to show"
            description="There is no active branch yet. Branches are set up under Master Data."
            data-testid="calendar-empty"
          />
        )
        : (
          <>
            <div className="lading-cal-nav">
              <ButtonGroup>
                <Button icon={<ChevronLeft />} aria-label="Previous month" title="Previous month"
                  onClick={() => showMonth(shiftMonth(month, -1))} data-testid="calendar-previous" />
                <Button text="Today" onClick={() => showMonth(monthOf(today), today)} data-testid="calendar-today" />
                <Button icon={<ChevronRight />} aria-label="Next month" title="Next month"
                  onClick={() => showMonth(shiftMonth(month, 1))} data-testid="calendar-next" />
              </ButtonGroup>
              <H5 className="lading-cal-title" aria-live="polite" data-testid="calendar-month">
                {monthTitle(month)}
                {branchCode && <span className="bp6-text-muted"> · {branchCode}</span>}
              </H5>
              {(branchMonth.loading || (branchList.loading && branchCode === null)) && (
                <Spinner size={16} aria-label="Loading the month" data-testid="calendar-loading" />
              )}
            </div>

            {branchMonth.failure !== undefined
              ? (
                <Callout intent="danger" title="The calendar could not be loaded" data-testid="calendar-failed">
                  <p>{branchMonth.failure}</p>
                  <Button text="Try again" onClick={() => setAttempt((n) => n + 1)} data-testid="calendar-retry" />
                </Callout>
              )
              : (
                <MonthTable
                  month={month}
                  weeks={weeks}
                  facts={facts}
                  today={today}
                  activeDate={activeDate}
                  onActiveDate={chooseDate}
                  busy={branchMonth.loading}
                />
              )}

            <div className="lading-cal-legend" aria-hidden="true">
              <span><span className="lading-cal-swatch" />Working day</span>
              <span><span className="lading-cal-swatch" style={{ background: "rgba(143, 153, 168, 0.3)" }} />Rest day</span>
              <span><span className="lading-cal-swatch" style={{ background: "rgba(205, 66, 70, 0.25)" }} />Holiday</span>
              <span><span className="lading-cal-swatch" style={{ boxShadow: "inset 0 0 0 2px var(--lading-accent)" }} />Today</span>
            </div>

            {branchMonth.data && (
              <section aria-labelledby="calendar-month-holidays" data-testid="calendar-holiday-list">
                <H5 id="calendar-month-holidays">Holidays in {monthTitle(month)}</H5>
                {monthHolidays.length === 0
                  ? (
                    <p className="bp6-text-muted" data-testid="calendar-no-holidays">
                      No holidays for {branchCode}{everyBranch ? " or any other branch" : ""} this month.
                    </p>
                  )
                  : (
                    <ul className="lading-cal-month-list">
                      {monthHolidays.map(({ holiday, elsewhere }) => (
                        <li key={`${holiday.holidayDate}-${holiday.branchCode}-${holiday.name}`} className={elsewhere ? "lading-cal-elsewhere" : undefined}>
                          {longDate(holiday.holidayDate)}: {holidayText(toDayHoliday(holiday))}
                          {elsewhere && !worked(holiday) ? ` · ${branchCode} stays open` : ""}
                          {holidayTypeNote(toDayHoliday(holiday))}
                        </li>
                      ))}
                    </ul>
                  )}
                <p className="bp6-text-muted" data-testid="calendar-storage-note">
                  {/* 001 §9: the storage due date of cargo arriving here is where these days matter most. */}
                  {branchCode === CALENDAR_DAY_BRANCH
                    ? `Free storage days of cargo arriving at ${branchCode} run on every calendar day, Sundays and holidays included.`
                    : `Free storage days of cargo arriving at ${branchCode} skip Sundays and the holidays that close ${branchCode}; a special working day counts.`}
                </p>
              </section>
            )}
          </>
        )}
    </div>
  );
}
