import { Type, type Static } from '@sinclair/typebox';
import { DateOnly, literals, Name } from './base';
import { LIMITS } from '../limits';

// The working-day calendar (系统设置 › 节假日安排): the days that break "Monday to Friday".

const CALENDAR_YEAR_MIN = 2020;
const CALENDAR_YEAR_MAX = 2100;
/** A year has about 30 such days; room for a township's own additions. */
const CALENDAR_DAYS_MAX = 80;

const CALENDAR_KINDS = ['off', 'work'] as const;
export type CalendarKind = (typeof CALENDAR_KINDS)[number];
export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = { off: '放假', work: '调休上班' };

export const CalendarDay = Type.Object({
  date: DateOnly('日期'),
  kind: literals(CALENDAR_KINDS, '类型'),
  name: Name('名称', LIMITS.calendarName),
});
export type CalendarDay = Static<typeof CalendarDay>;

export const CalendarYearParams = Type.Object({
  year: Type.Integer({ minimum: CALENDAR_YEAR_MIN, maximum: CALENDAR_YEAR_MAX, title: '年份' }),
});

export const YearCalendar = Type.Object({
  year: Type.Integer(),
  /** Where the year's days come from; null: not entered yet (only weekends are skipped). */
  source: Type.Union([Type.Literal('builtin'), Type.Literal('admin'), Type.Null()]),
  /** Whether the shipped data has this year (it can be restored). */
  builtinAvailable: Type.Boolean(),
  days: Type.Array(CalendarDay),
});
export type YearCalendar = Static<typeof YearCalendar>;

export const SaveYearCalendarBody = Type.Object({
  days: Type.Array(CalendarDay, { title: '节假日安排', maxItems: CALENDAR_DAYS_MAX }),
});
export type SaveYearCalendarBody = Static<typeof SaveYearCalendarBody>;
