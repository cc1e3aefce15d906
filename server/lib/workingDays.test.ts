import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { builtinDays, calendarOf } from '../services/system/workCalendar';
import { addWorkingDays, localDate, localDateTime, workingDaysBefore } from './workingDays';

// Beijing time is UTC+8: '2026-11-20T10:00:00+08:00' is a Friday morning there.
const at = (beijing: string) => new Date(`${beijing}+08:00`);
const beijing = (moment: Date) => localDateTime(moment);

describe('addWorkingDays (Saturdays and Sundays skipped, on Beijing time)', () => {
  test('Monday to Wednesday stays in the week', () => {
    assert.equal(beijing(addWorkingDays(at('2026-11-16T09:30:00'), 3)), '2026-11-19 09:30');
  });

  test('Friday + 3 crosses the weekend to Wednesday, same time of day', () => {
    assert.equal(beijing(addWorkingDays(at('2026-11-20T10:00:00'), 3)), '2026-11-25 10:00');
    assert.equal(beijing(addWorkingDays(at('2026-11-20T10:00:00'), 1)), '2026-11-23 10:00');
  });

  test('time on a weekend does not count: Saturday or Sunday starts on Monday 00:00', () => {
    assert.equal(beijing(addWorkingDays(at('2026-11-21T15:00:00'), 3)), '2026-11-26 00:00');
    assert.equal(beijing(addWorkingDays(at('2026-11-22T23:59:00'), 3)), '2026-11-26 00:00');
  });

  test("the weekday is Beijing's, not UTC's: Saturday 01:00 in Beijing is Friday in UTC", () => {
    const saturdayEarly = at('2026-11-21T01:00:00');
    assert.equal(saturdayEarly.getUTCDay(), 5);
    assert.equal(beijing(addWorkingDays(saturdayEarly, 1)), '2026-11-24 00:00');
  });

  test('longer spans skip every weekend', () => {
    assert.equal(beijing(addWorkingDays(at('2026-11-16T08:00:00'), 10)), '2026-11-30 08:00');
    assert.equal(addWorkingDays(at('2026-11-16T08:00:00'), 0).toISOString(), at('2026-11-16T08:00:00').toISOString());
  });
});

describe('local dates', () => {
  test('midnight in Beijing is 16:00 UTC the day before', () => {
    assert.equal(localDate(new Date('2026-03-15T15:59:59Z')), '2026-03-15');
    assert.equal(localDate(new Date('2026-03-15T16:00:00Z')), '2026-03-16');
    assert.equal(localDateTime(null), '');
  });
});

describe('addWorkingDays on the shipped holiday calendar (国庆 and 春节 2026)', () => {
  const calendar2026 = calendarOf(builtinDays(2026));

  test('the package ships 2026: 国庆 1–7 October off, Sunday 20 September and Saturday 10 October worked', () => {
    const days = new Map(builtinDays(2026).map((d) => [d.date, d]));
    assert.equal(days.get('2026-10-01')?.kind, 'off');
    assert.equal(days.get('2026-10-01')?.name, '国庆节');
    assert.equal(days.get('2026-10-10')?.kind, 'work');
    assert.equal(days.get('2026-09-20')?.kind, 'work');
  });

  test('filed the day before 国庆: the holiday is skipped and the 调休 Saturday counts', () => {
    // Wed 30 Sep + 3: Thu 8 Oct, Fri 9 Oct, Sat 10 Oct (worked).
    assert.equal(beijing(addWorkingDays(at('2026-09-30T10:00:00'), 3, calendar2026)), '2026-10-10 10:00');
    // The weekday-only calendar would have said Monday 5 October, in the middle of the holiday.
    assert.equal(beijing(addWorkingDays(at('2026-09-30T10:00:00'), 3)), '2026-10-05 10:00');
  });

  test('filed during 国庆: counting starts on the first working day, at 00:00', () => {
    // Starts Thu 8 Oct 00:00; Fri 9, Sat 10 (worked), Sun 11 off, Mon 12.
    assert.equal(beijing(addWorkingDays(at('2026-10-03T15:00:00'), 3, calendar2026)), '2026-10-12 00:00');
  });

  test('filed on a Saturday before a worked Sunday: the Sunday is a working day', () => {
    assert.equal(beijing(addWorkingDays(at('2026-09-19T10:00:00'), 1, calendar2026)), '2026-09-21 00:00');
  });

  test('春节: the worked Saturday before counts, the nine days off do not', () => {
    // Fri 13 Feb + 3: Sat 14 (worked), [15–23 off], Tue 24, Wed 25.
    assert.equal(beijing(addWorkingDays(at('2026-02-13T16:00:00'), 3, calendar2026)), '2026-02-25 16:00');
  });

  test('a year without entered holidays falls back to Monday to Friday', () => {
    assert.deepEqual(builtinDays(2099), []);
    assert.equal(beijing(addWorkingDays(at('2099-10-01T09:00:00'), 1, calendarOf(builtinDays(2099)))), '2099-10-02 09:00');
  });
});

describe('workingDaysBefore: the bound of "at least N working days ago" (待回访, ADR 0062)', () => {
  const calendar2026 = calendarOf(builtinDays(2026));

  test('on a working day: N working days back at the same time of day, across weekends and 国庆', () => {
    assert.equal(beijing(workingDaysBefore(at('2026-11-25T10:00:00'), 3)), '2026-11-20 10:00');
    // Mon 12 Oct back 3: Sat 10 (worked), Fri 9, Thu 8.
    assert.equal(beijing(workingDaysBefore(at('2026-10-12T09:00:00'), 3, calendar2026)), '2026-10-08 09:00');
    assert.equal(beijing(workingDaysBefore(at('2026-10-12T09:00:00'), 4, calendar2026)), '2026-09-30 09:00');
  });

  test('on a day off: from the end of the last working day before it', () => {
    const bound = workingDaysBefore(at('2026-10-04T12:00:00'), 1, calendar2026);
    assert.equal(bound.toISOString(), new Date(at('2026-09-30T00:00:00').getTime() - 1).toISOString());
  });

  test('is the inverse of addWorkingDays: addWorkingDays(t, n) <= now exactly when t <= the bound', () => {
    // A seeded walk over 2026 (its holidays and 调休 days), to the minute and at day edges.
    let seed = 20261201;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    const start = at('2026-01-05T00:00:00').getTime();
    const span = 330 * 86400_000;
    for (let i = 0; i < 400; i++) {
      const now = new Date(start + 40 * 86400_000 + Math.floor(random() * span * 0.85));
      const days = 1 + Math.floor(random() * 10);
      const bound = workingDaysBefore(now, days, calendar2026);
      assert.ok(addWorkingDays(bound, days, calendar2026) <= now, `bound itself fits (${now.toISOString()}, ${days})`);
      for (const step of [1, 60_000, 3600_000, 86400_000]) {
        assert.ok(addWorkingDays(new Date(bound.getTime() + step), days, calendar2026) > now, `a moment later does not (${step})`);
      }
      const earlier = new Date(bound.getTime() - Math.floor(random() * 20 * 86400_000));
      assert.ok(addWorkingDays(earlier, days, calendar2026) <= now);
    }
  });
});
