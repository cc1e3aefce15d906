import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { addWorkingDays, localDate, localDateTime } from './workingDays';

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
