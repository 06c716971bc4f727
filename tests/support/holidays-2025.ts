/**
 * The 2025 national holidays of Proclamation 727 (domain notes §5.3), the calendar the PDC vectors of §9 were
 * worked out on: the regular holidays and the special non-working days. 25 February is a special working day,
 * an ordinary day, and is not listed.
 */
export const HOLIDAYS_2025: readonly { date: string; name: string }[] = [
  { date: "2025-01-01", name: "New Year's Day" },
  { date: "2025-01-29", name: "Chinese New Year" },
  { date: "2025-04-09", name: "Araw ng Kagitingan" },
  { date: "2025-04-17", name: "Maundy Thursday" },
  { date: "2025-04-18", name: "Good Friday" },
  { date: "2025-04-19", name: "Black Saturday" },
  { date: "2025-05-01", name: "Labor Day" },
  { date: "2025-06-12", name: "Independence Day" },
  { date: "2025-08-21", name: "Ninoy Aquino Day" },
  { date: "2025-08-25", name: "National Heroes Day" },
  { date: "2025-10-31", name: "All Saints' Day Eve" },
  { date: "2025-11-01", name: "All Saints' Day" },
  { date: "2025-11-30", name: "Bonifacio Day" },
  { date: "2025-12-08", name: "Feast of the Immaculate Conception" },
  { date: "2025-12-24", name: "Christmas Eve" },
  { date: "2025-12-25", name: "Christmas Day" },
  { date: "2025-12-30", name: "Rizal Day" },
  { date: "2025-12-31", name: "Last Day of the Year" },
];

export const HOLIDAY_DATES_2025 = HOLIDAYS_2025.map((h) => h.date);
