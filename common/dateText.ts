// The dates and times a caller may send, checked the same way wherever they are read: RFC 3339 as
// far as JavaScript's Date and PostgreSQL's timestamptz both hold the value. RFC 3339 alone lets
// through a leap second (23:59:60), which `new Date` turns into an Invalid Date and a handler into
// a 500. The server registers these as its `date-time` and `date` formats (server/app.ts). ADR 0039.

/** The years a caller may name: 1970 up to 2999 (common/contracts/base.ts DateTime words it). */
const YEAR_MIN = 1970;
const YEAR_MAX = 2999;
/** The longest a time may be: `2026-01-01T00:00:00.123456789+08:00` with room to spare. */
export const DATE_TIME_MAX_LENGTH = 40;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
// A time zone is required: a time without one means a different instant on every machine.
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:Z|[+-](\d{2}):(\d{2}))$/;

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A calendar day `YYYY-MM-DD` that exists (no 2026-02-30) within the years allowed. */
export function isDateText(value: string): boolean {
  const match = DATE.exec(value);
  return Boolean(match && isCalendarDay(Number(match[1]), Number(match[2]), Number(match[3])));
}

/**
 * An instant `YYYY-MM-DDTHH:mm:ss[.fraction](Z|±hh:mm)`: a real day, hours 00–23, minutes and
 * seconds 00–59 (no leap second, no 24:00), an offset under a day, and one `new Date` can read.
 */
export function isDateTimeText(value: string): boolean {
  if (value.length > DATE_TIME_MAX_LENGTH) return false;
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number);
  if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59 || second > 59) return false;
  if (match[7] !== undefined && (Number(match[7]) > 23 || Number(match[8]) > 59)) return false;
  return !Number.isNaN(new Date(value).getTime());
}
