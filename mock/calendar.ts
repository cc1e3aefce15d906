/**
 * msw handlers for 系统设置 › 节假日安排 (/api/calendar/:year), in the shape of
 * common/contracts/calendar.ts: this year starts with a few shipped days, next year is not entered.
 * Like the server, a save replaces the year and a `work` day must fall on a weekend.
 */
import type { CalendarDay, YearCalendar } from '@common/contracts/calendar';
import { admin, apiError, invalid, ok } from './http';

const thisYear = new Date().getFullYear();
const shipped = (): CalendarDay[] => [
  { date: `${thisYear}-10-01`, kind: 'off', name: '国庆节' },
  { date: `${thisYear}-10-02`, kind: 'off', name: '国庆节' },
];

let years = new Map<number, YearCalendar>();
export function resetCalendarDb() {
  years = new Map([[thisYear, { year: thisYear, source: 'builtin', builtinAvailable: true, days: shipped() }]]);
}
resetCalendarDb();

const yearOf = (year: number): YearCalendar => years.get(year) ?? { year, source: null, builtinAvailable: false, days: [] };

export const calendarHandlers = [
  admin.get('/calendar/:year', ({ params }) => ok(yearOf(Number(params.year)))),

  admin.put('/calendar/:year', async ({ request, params }) => {
    const year = Number(params.year);
    const { days } = (await request.json()) as { days: CalendarDay[] };
    for (const day of days) {
      const weekday = new Date(`${day.date}T00:00:00Z`).getUTCDay();
      if (day.kind === 'work' && weekday !== 0 && weekday !== 6) {
        return invalid([{ field: 'days', label: '类型', message: `${day.date}是工作日，调休上班日应为周六或周日` }]);
      }
    }
    const saved: YearCalendar = { ...yearOf(year), source: 'admin', days: [...days].sort((a, b) => a.date.localeCompare(b.date)) };
    years.set(year, saved);
    return ok(saved);
  }),

  admin.post('/calendar/:year/restore', ({ params }) => {
    const year = Number(params.year);
    if (year !== thisYear) return apiError(404, `${year}年的内置节假日安排不存在`);
    const restored: YearCalendar = { year, source: 'builtin', builtinAvailable: true, days: shipped() };
    years.set(year, restored);
    return ok(restored);
  }),
];
