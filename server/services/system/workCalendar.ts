import shipped from 'chinese-days/dist/chinese-days.json';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { CalendarDay, CalendarKind, YearCalendar } from '../../../common/contracts/calendar';
import type { Db, DbOrTx } from '../../db/client';
import { calendarDays, calendarYears } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { localDate, type WorkCalendar, WEEKDAYS } from '../../lib/workingDays';

/**
 * The State Council's holiday arrangements as the chinese-days package ships them: per year, the
 * days off (holidays, weekends inside them included) and the 调休 weekends worked. Names are
 * "English,中文,n": the Chinese one is kept.
 */
const BUILTIN = (() => {
  const byYear = new Map<number, CalendarDay[]>();
  const add = (entries: Record<string, string>, kind: CalendarKind) => {
    for (const [date, label] of Object.entries(entries)) {
      const year = Number(date.slice(0, 4));
      const list = byYear.get(year) ?? [];
      list.push({ date, kind, name: label.split(',')[1] || label });
      byYear.set(year, list);
    }
  };
  add(shipped.holidays, 'off');
  add(shipped.workdays, 'work');
  for (const list of byYear.values()) list.sort((a, b) => a.date.localeCompare(b.date));
  return byYear;
})();

/** The shipped days of a year (empty when the package does not have it). */
export const builtinDays = (year: number): CalendarDay[] => BUILTIN.get(year) ?? [];

/** A calendar of Monday to Friday with these exceptions. */
export function calendarOf(days: Array<Pick<CalendarDay, 'date' | 'kind'>>): WorkCalendar {
  const exceptions = new Map(days.map((d) => [d.date, d.kind === 'work']));
  return { isWorkday: (day) => exceptions.get(day) ?? WEEKDAYS.isWorkday(day) };
}

const yearRange = (year: number) => and(gte(calendarDays.day, `${year}-01-01`), lt(calendarDays.day, `${year + 1}-01-01`));

async function writeYear(tx: DbOrTx, year: number, days: CalendarDay[], source: 'builtin' | 'admin') {
  await tx.delete(calendarDays).where(yearRange(year));
  if (days.length) await tx.insert(calendarDays).values(days.map((d) => ({ day: d.date, kind: d.kind, name: d.name.trim() })));
  await tx
    .insert(calendarYears)
    .values({ year, source })
    .onConflictDoUpdate({ target: calendarYears.year, set: { source, updatedAt: sql`now()` } });
}

/**
 * Writes the shipped calendar of last, this and next year where the database has none yet: a year
 * an admin has edited (or restored) is never overwritten, so a start never undoes their work.
 */
export async function seedWorkCalendar(db: Db, now = new Date()): Promise<void> {
  const thisYear = Number(localDate(now).slice(0, 4));
  for (const year of [thisYear - 1, thisYear, thisYear + 1]) {
    const days = BUILTIN.get(year);
    if (!days) continue;
    // Processes starting together: the year's row is claimed first, the others' inserts do nothing.
    await db.transaction(async (tx) => {
      const claimed = await tx.insert(calendarYears).values({ year, source: 'builtin' }).onConflictDoNothing().returning();
      if (!claimed.length) return;
      await tx
        .insert(calendarDays)
        .values(days.map((d) => ({ day: d.date, kind: d.kind, name: d.name })))
        .onConflictDoNothing();
    });
  }
}

/** Re-read after this long, so that every process sees an admin's edit within a minute. */
const CACHE_MS = 60_000;
const cache = new WeakMap<Db, { at: number; calendar: WorkCalendar }>();

/**
 * The calendar due times are counted on: the exceptions from a hundred days ago (待回访 counts up to
 * 30 working days back, a 春节 included; the demo dates its appeals back) to well past the longest
 * due period (30 working days, extensions included), a few dozen rows.
 */
export async function loadWorkCalendar(db: Db): Promise<WorkCalendar> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < CACHE_MS) return hit.calendar;
  const today = Date.now();
  const rows = await db
    .select({ day: calendarDays.day, kind: calendarDays.kind })
    .from(calendarDays)
    .where(
      and(
        gte(calendarDays.day, localDate(new Date(today - 100 * 86400_000))),
        lt(calendarDays.day, localDate(new Date(today + 400 * 86400_000))),
      ),
    );
  const calendar = calendarOf(rows.map((r) => ({ date: r.day, kind: r.kind })));
  cache.set(db, { at: Date.now(), calendar });
  return calendar;
}

export async function readYearCalendar(db: Db, year: number): Promise<YearCalendar> {
  const [known] = await db.select({ source: calendarYears.source }).from(calendarYears).where(eq(calendarYears.year, year));
  const rows = await db
    .select({ date: calendarDays.day, kind: calendarDays.kind, name: calendarDays.name })
    .from(calendarDays)
    .where(yearRange(year))
    .orderBy(asc(calendarDays.day));
  return { year, source: known?.source ?? null, builtinAvailable: BUILTIN.has(year), days: rows };
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** Replaces a year's days with an admin's list; every date must be a real day of that year. */
export async function saveYearCalendar(db: Db, year: number, days: CalendarDay[]): Promise<YearCalendar> {
  const seen = new Set<string>();
  for (const day of days) {
    const parsed = new Date(`${day.date}T00:00:00Z`);
    if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== day.date) {
      throw badRequest('days', '日期', `${day.date}不是有效的日期`);
    }
    if (Number(day.date.slice(0, 4)) !== year) throw badRequest('days', '日期', `${day.date}不在${year}年内`);
    if (seen.has(day.date)) throw badRequest('days', '日期', `${day.date}重复`);
    seen.add(day.date);
    const weekday = weekdayOf(day.date);
    if (day.kind === 'work' && weekday !== 0 && weekday !== 6) {
      throw badRequest('days', '类型', `${day.date}是工作日，调休上班日应为周六或周日`);
    }
  }
  await db.transaction((tx) => writeYear(tx, year, days, 'admin'));
  cache.delete(db);
  return readYearCalendar(db, year);
}

/** Puts back the shipped arrangement of a year, undoing an admin's edits. */
export async function restoreBuiltinYear(db: Db, year: number): Promise<YearCalendar> {
  const days = BUILTIN.get(year);
  if (!days) throw notFound(`${year}年的内置节假日安排`);
  await db.transaction((tx) => writeYear(tx, year, days, 'builtin'));
  cache.delete(db);
  return readYearCalendar(db, year);
}
