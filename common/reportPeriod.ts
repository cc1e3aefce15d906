import { TIME_ZONE_OFFSET_MS } from './constants';

// The periods a township report (通报) covers: a week, Monday to Sunday, or a calendar month, both in
// days of the township's clock (Beijing time). Days are 'YYYY-MM-DD' strings; the server and the
// page compute the same bounds, labels and defaults from these functions (ADR 0020).

export const REPORT_KINDS = ['week', 'month'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_KIND_LABELS: Record<ReportKind, string> = { week: '周报', month: '月报' };
/** The earliest day a report may ask for: nothing in the platform is older. */
export const REPORT_FIRST_DAY = '2020-01-01';

export interface ReportPeriod {
  kind: ReportKind;
  /** First day of the period. */
  from: string;
  /** Last day of the period (inclusive). */
  to: string;
  /** The day after the period: its end is this day's 00:00. */
  next: string;
  /** ISO week-numbering year, or the calendar year. */
  year: number;
  /** ISO week number (1–53), or the month (1–12). */
  number: number;
  /** 2026年第47周, 2026年11月 */
  label: string;
}

const DAY = 86400_000;
const ms = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (utcMs: number) => new Date(utcMs).toISOString().slice(0, 10);

/** Whether `day` is a real calendar day written YYYY-MM-DD (not 2026-02-30). */
export function isCalendarDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(ms(day)) && dayOf(ms(day)) === day;
}

/** Today on the township's clock. */
export const townshipToday = (now = Date.now()) => dayOf(now + TIME_ZONE_OFFSET_MS);

/** The moment a township day begins (its 00:00 in Beijing), as epoch milliseconds. */
export const townshipMidnight = (day: string) => ms(day) - TIME_ZONE_OFFSET_MS;

export const addDays = (day: string, days: number) => dayOf(ms(day) + days * DAY);

/** Monday 0 … Sunday 6. */
const weekday = (day: string) => (new Date(ms(day)).getUTCDay() + 6) % 7;

function monthStart(day: string, monthsLater = 0): string {
  const d = new Date(ms(day));
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + monthsLater, 1));
}

/** The period of `kind` that contains `day`. */
export function periodOf(kind: ReportKind, day: string): ReportPeriod {
  if (kind === 'month') {
    const from = monthStart(day);
    const next = monthStart(day, 1);
    const year = Number(from.slice(0, 4));
    const month = Number(from.slice(5, 7));
    return { kind, from, to: addDays(next, -1), next, year, number: month, label: `${year}年${month}月` };
  }
  const from = addDays(day, -weekday(day));
  // ISO 8601: a week belongs to the year of its Thursday, and week 1 holds the year's first Thursday.
  const thursday = addDays(from, 3);
  const year = Number(thursday.slice(0, 4));
  const number = Math.floor((ms(thursday) - Date.UTC(year, 0, 1)) / DAY / 7) + 1;
  return { kind, from, to: addDays(from, 6), next: addDays(from, 7), year, number, label: `${year}年第${number}周` };
}

/** The period `steps` periods before (negative) or after (positive) the given one. */
export function shiftPeriod(period: ReportPeriod, steps: number): ReportPeriod {
  return period.kind === 'month' ? periodOf('month', monthStart(period.from, steps)) : periodOf('week', addDays(period.from, 7 * steps));
}

/** The default period: the last one that has ended (on Monday morning, last week). */
export function lastCompletePeriod(kind: ReportKind, today: string): ReportPeriod {
  return shiftPeriod(periodOf(kind, today), -1);
}

/** 11月16日—11月22日 (with the year when the period spans two). */
export function periodRangeText(period: Pick<ReportPeriod, 'from' | 'to'>): string {
  const text = (day: string, withYear: boolean) =>
    `${withYear ? `${Number(day.slice(0, 4))}年` : ''}${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;
  const twoYears = period.from.slice(0, 4) !== period.to.slice(0, 4);
  return `${text(period.from, true)}至${text(period.to, twoYears)}`;
}
