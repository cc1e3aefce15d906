import { TIME_ZONE_OFFSET_MS } from '../../common/constants';

const DAY = 86400_000;

/** The weekday (0 Sunday … 6 Saturday) of a moment on the township's clock. */
const localWeekday = (localMs: number) => new Date(localMs).getUTCDay();
const isWeekend = (localMs: number) => {
  const day = localWeekday(localMs);
  return day === 0 || day === 6;
};

/**
 * The moment `days` working days after `from`, Saturdays and Sundays skipped, on the township's
 * clock. Time on a weekend does not count: something submitted on Saturday starts on Monday at
 * 00:00, so it gets as many working hours as something submitted early on Monday.
 */
export function addWorkingDays(from: Date, days: number): Date {
  let local = from.getTime() + TIME_ZONE_OFFSET_MS;
  if (isWeekend(local)) {
    local = Math.floor(local / DAY) * DAY;
    while (isWeekend(local)) local += DAY;
  }
  let left = days;
  while (left > 0) {
    local += DAY;
    if (!isWeekend(local)) left -= 1;
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
