/**
 * The 2025 national holidays of Proclamation 727 (domain notes §5.3), the calendar the PDC vectors of §9 and the
 * free-time vectors of §5 were worked out on: the regular holidays and the special non-working days, each with its
 * type. 25 February is a special working day, an ordinary day, and is not listed.
 */
export const HOLIDAYS_2025: readonly { date: string; name: string; holidayType: "REGULAR" | "SPECIAL_NON_WORKING" }[] = [
  { date: "2025-01-01", name: "New Year's Day", holidayType: "REGULAR" },
  { date: "2025-01-29", name: "Chinese New Year", holidayType: "SPECIAL_NON_WORKING" },
  { date: "2025-04-09", name: "Araw ng Kagitingan", holidayType: "REGULAR" },
  { date: "2025-04-17", name: "Maundy Thursday", holidayType: "REGULAR" },
  { date: "2025-04-18", name: "Good Friday", holidayType: "REGULAR" },
  { date: "2025-04-19", name: "Black Saturday", holidayType: "SPECIAL_NON_WORKING" },
  { date: "2025-05-01", name: "Labor Day", holidayType: "REGULAR" },
  { date: "2025-06-12", name: "Independence Day", holidayType: "REGULAR" },
  { date: "2025-08-21", name: "Ninoy Aquino Day", holidayType: "SPECIAL_NON_WORKING" },
  { date: "2025-08-25", name: "National Heroes Day", holidayType: "REGULAR" },
  { date: "2025-10-31", name: "All Saints' Day Eve", holidayType: "SPECIAL_NON_WORKING" },
  { date: "2025-11-01", name: "All Saints' Day", holidayType: "SPECIAL_NON_WORKING" },
  { date: "2025-11-30", name: "Bonifacio Day", holidayType: "REGULAR" },
  { date: "2025-12-08", name: "Feast of the Immaculate Conception", holidayType: "SPECIAL_NON_WORKING" },
  { date: "2025-12-24", name: "Christmas Eve", holidayType: "SPECIAL_NON_WORKING" },
  { date: "2025-12-25", name: "Christmas Day", holidayType: "REGULAR" },
  { date: "2025-12-30", name: "Rizal Day", holidayType: "REGULAR" },
  { date: "2025-12-31", name: "Last Day of the Year", holidayType: "SPECIAL_NON_WORKING" },
];

export const HOLIDAY_DATES_2025 = HOLIDAYS_2025.map((h) => h.date);
