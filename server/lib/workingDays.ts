import { TIME_ZONE_OFFSET_MS } from '../../common/constants';

const DAY = 86400_000;

/** Which days are worked, by their 'YYYY-MM-DD' on the township's clock. */
export interface WorkCalendar {
  isWorkday(day: string): boolean;
}

/** Monday to Friday: the calendar of a year whose holidays are not entered (and of the tests). */
export const WEEKDAYS: WorkCalendar = {
  isWorkday(day) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    return weekday !== 0 && weekday !== 6;
  },
};

const dayOf = (localMs: number) => new Date(localMs).toISOString().slice(0, 10);

/**
 * The moment `days` working days after `from`, on the township's clock, skipping the days the
 * calendar says are not worked (weekends, statutory holidays) and counting 调休 weekends worked.
 * Time on a day off does not count: something submitted on Saturday or during 国庆 starts at 00:00
 * of the next working day, so it gets as many working hours as something submitted early that day.
 */
export function addWorkingDays(from: Date, days: number, calendar: WorkCalendar = WEEKDAYS): Date {
  let local = from.getTime() + TIME_ZONE_OFFSET_MS;
  const worked = (ms: number) => calendar.isWorkday(dayOf(ms));
  if (!worked(local)) {
    local = Math.floor(local / DAY) * DAY;
    while (!worked(local)) local += DAY;
  }
  let left = days;
  while (left > 0) {
    local += DAY;
    if (worked(local)) left -= 1;
  }
  return new Date(local - TIME_ZONE_OFFSET_MS);
}

/**
 * The latest moment `days` working days before `now`: `addWorkingDays(t, days) <= now` holds exactly
 * when `t <= workingDaysBefore(now, days)` (both count on the same calendar). So "answered at least N
 * working days ago" is one comparison of a column with a bound, which an index on the column serves.
 * On a day off the count starts from the end of the last working day before it.
 */
export function workingDaysBefore(now: Date, days: number, calendar: WorkCalendar = WEEKDAYS): Date {
  let local = now.getTime() + TIME_ZONE_OFFSET_MS;
  const worked = (ms: number) => calendar.isWorkday(dayOf(ms));
  if (!worked(local)) {
    local = Math.floor(local / DAY) * DAY - 1;
    while (!worked(local)) local -= DAY;
  }
  let left = days;
  while (left > 0) {
    local -= DAY;
    if (worked(local)) left -= 1;
  }
  return new Date(local - TIME_ZONE_OFFSET_MS);
}

/** 'YYYY-MM-DD HH:mm' on the township's clock (for exports, where no browser formats it). */
export function localDateTime(moment: Date | null): string {
  if (!moment) return '';
  return new Date(moment.getTime() + TIME_ZONE_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** 'YYYY-MM-DD' of a moment on the township's clock. */
export function localDate(moment: Date): string {
  return new Date(moment.getTime() + TIME_ZONE_OFFSET_MS).toISOString().slice(0, 10);
}
