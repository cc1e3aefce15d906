import type { CalendarDay, YearCalendar } from '@common/contracts/calendar';
import { type CallOptions, get, post, put } from './http';

/** GET /api/calendar/:year */
export async function queryYearCalendar(year: number, options?: CallOptions) {
  return get<YearCalendar>(`/calendar/${year}`, undefined, options);
}

/** PUT /api/calendar/:year */
export async function saveYearCalendar(year: number, days: CalendarDay[], options?: CallOptions) {
  return put<YearCalendar>(`/calendar/${year}`, { days }, options);
}

/** POST /api/calendar/:year/restore */
export async function restoreYearCalendar(year: number, options?: CallOptions) {
  return post<YearCalendar>(`/calendar/${year}/restore`, undefined, options);
}
