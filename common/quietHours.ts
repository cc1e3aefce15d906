// Quiet hours (免打扰): a window of the township's day, in minutes after midnight Beijing time,
// that may run past midnight (22:00–07:00). A message that falls inside waits for the window's end
// (docs/product.md §16, ADR 0069).
import { TIME_ZONE_OFFSET_MS } from './constants';

export interface QuietHours {
  /** Minutes after midnight, 0–1439. */
  start: number;
  end: number;
}

export const MINUTES_PER_DAY = 1440;
/** What a person has until they choose: no text messages from 22:00 to 07:00. */
export const QUIET_HOURS_DEFAULT: QuietHours = { start: 22 * 60, end: 7 * 60 };

const DAY_MS = 86400_000;
const MINUTE_MS = 60_000;

/** 07:00 from 420. */
export const minutesText = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 22:00–07:00 (a window that runs past midnight says so: 次日). */
export const quietHoursText = ({ start, end }: QuietHours) => `${minutesText(start)}–${end <= start ? '次日' : ''}${minutesText(end)}`;

/**
 * When the quiet hours around `now` (ms) end, as ms; null when `now` is outside them (or there are
 * none). A window whose start equals its end is empty.
 */
export function quietUntil(now: number, quiet: QuietHours | null | undefined): number | null {
  if (!quiet || quiet.start === quiet.end) return null;
  const local = now + TIME_ZONE_OFFSET_MS;
  const midnight = local - (((local % DAY_MS) + DAY_MS) % DAY_MS);
  const minute = Math.floor((local - midnight) / MINUTE_MS);
  const wraps = quiet.end < quiet.start;
  const inside = wraps ? minute >= quiet.start || minute < quiet.end : minute >= quiet.start && minute < quiet.end;
  if (!inside) return null;
  // The end is today, or tomorrow when the window started today and runs past midnight.
  const endDay = wraps && minute >= quiet.start ? midnight + DAY_MS : midnight;
  return endDay + quiet.end * MINUTE_MS - TIME_ZONE_OFFSET_MS;
}
