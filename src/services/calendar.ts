import type { CalendarDay, YearCalendar } from '@common/contracts/calendar';
import { type CallOptions, get, post, put } from './http';

/** GET /api/calendar/:year */
export const queryYearCalendar = (year: number, options?: CallOptions) => get<YearCalendar>(`/calendar/${year}`, undefined, options);

/** PUT /api/calendar/:year */
export const saveYearCalendar = (year: number, days: CalendarDay[], options?: CallOptions) =>
  put<YearCalendar>(`/calendar/${year}`, { days }, options);

/** POST /api/calendar/:year/restore */
export const restoreYearCalendar = (year: number, options?: CallOptions) =>
  post<YearCalendar>(`/calendar/${year}/restore`, undefined, options);
