import { Tag } from "@blueprintjs/core";
import { useEffect, useRef } from "react";
import {
  dayLabel,
  type DayHoliday,
  type DayStatus,
  type GridDay,
  longDate,
  monthTitle,
  moveDate,
  WEEKDAY_NAMES,
  weekdayOrder,
  type YearMonth,
} from "../month-grid.ts";

/** What the page knows of one date: the branch's status (null until read) and the holidays on it. */
export interface DayFacts {
  status: DayStatus | null;
  /** Holidays that close the branch shown: the national ones and its own. */
  closing: DayHoliday[];
  /** Special working days of the branch shown (national or its own): on the calendar, and worked. */
  observed: DayHoliday[];
  /** Other branches' own holidays, when the page shows every branch. */
  elsewhere: DayHoliday[];
}

const NO_FACTS: DayFacts = { status: null, closing: [], observed: [], elsewhere: [] };

const STATUS_TEXT: Record<DayStatus, string> = { working: "Working", rest: "Rest day", holiday: "Holiday" };

function HolidayLine({ holiday, elsewhere, worked }: { holiday: DayHoliday; elsewhere?: boolean; worked?: boolean }) {
  return (
    <li className={elsewhere || worked ? "lading-cal-elsewhere" : undefined}>
      <Tag minimal intent={worked ? "success" : holiday.branchCode === null ? "danger" : elsewhere ? "none" : "warning"}>
        {holiday.branchCode ?? "National"}
      </Tag>
      {holiday.name}
      {worked ? " (worked)" : ""}
    </li>
  );
}

/**
 * The month as a table with the ARIA grid keys: one day cell takes Tab, the arrows, Home, End and Page Up/Down
 * move it (into the next or previous month when they leave this one), and each cell says its date, whether
 * the branch works and which holidays fall on it.
 */
export function MonthTable({
  month,
  weeks,
  facts,
  today,
  activeDate,
  onActiveDate,
  busy,
}: {
  month: YearMonth;
  weeks: GridDay[][];
  facts: ReadonlyMap<string, DayFacts>;
  today: string;
  /** The one cell in the tab order; the page keeps it inside the month shown. */
  activeDate: string;
  /** A click or a key chose another day; it may lie in another month, which the page then shows. */
  onActiveDate: (date: string) => void;
  busy: boolean;
}) {
  const table = useRef<HTMLTableElement>(null);
  // Focus follows the active day only after a key moved it, never when the page merely changed month.
  const focusPending = useRef(false);

  useEffect(() => {
    if (!focusPending.current) return;
    focusPending.current = false;
    table.current?.querySelector<HTMLElement>(`[data-date="${activeDate}"]`)?.focus();
  }, [activeDate, weeks]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    const next = moveDate(activeDate, event.key, event.shiftKey);
    if (next === null) return;
    event.preventDefault();
    focusPending.current = true;
    onActiveDate(next);
  };

  return (
    <table
      ref={table}
      role="grid"
      className="lading-cal-table"
      aria-label={monthTitle(month)}
      aria-busy={busy}
      onKeyDown={onKeyDown}
      data-testid="calendar-grid"
    >
      <thead>
        <tr>
          {weekdayOrder().map((weekday) => (
            <th key={weekday} scope="col" abbr={WEEKDAY_NAMES[weekday]}>
              {WEEKDAY_NAMES[weekday].slice(0, 3)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]!.date}>
            {week.map((day) => {
              const fact = facts.get(day.date) ?? NO_FACTS;
              const isToday = day.date === today;
              const classes = [
                fact.status === "rest" && "lading-cal-rest",
                fact.status === "holiday" && "lading-cal-holiday",
                !day.inMonth && "lading-cal-outside",
                isToday && "lading-cal-today",
              ].filter(Boolean).join(" ");
              return (
                <td
                  key={day.date}
                  role="gridcell"
                  className={classes || undefined}
                  tabIndex={day.date === activeDate ? 0 : -1}
                  aria-label={dayLabel({ date: day.date, status: fact.status, closing: fact.closing, observed: fact.observed, elsewhere: fact.elsewhere, isToday })}
                  aria-current={isToday ? "date" : undefined}
                  title={longDate(day.date)}
                  onClick={() => onActiveDate(day.date)}
                  data-date={day.date}
                  data-status={fact.status ?? "unknown"}
                  data-testid={`calendar-day-${day.date}`}
                >
                  <div className="lading-cal-day-head">
                    <span className="lading-cal-daynum">
                      {day.day}
                      {fact.closing.length + fact.observed.length + fact.elsewhere.length > 0 && <span className="lading-cal-dot" aria-hidden="true" />}
                    </span>
                    {fact.status && <span className="lading-cal-status">{STATUS_TEXT[fact.status]}</span>}
                  </div>
                  {fact.closing.length + fact.observed.length + fact.elsewhere.length > 0 && (
                    <ul className="lading-cal-holidays">
                      {fact.closing.map((h) => <HolidayLine key={`${h.branchCode}-${h.name}`} holiday={h} />)}
                      {fact.observed.map((h) => <HolidayLine key={`${h.branchCode}-${h.name}`} holiday={h} worked />)}
                      {fact.elsewhere.map((h) => <HolidayLine key={`${h.branchCode}-${h.name}`} holiday={h} elsewhere />)}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
