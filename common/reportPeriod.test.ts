import { isCalendarDay, lastCompletePeriod, periodOf, periodRangeText, shiftPeriod, townshipMidnight, townshipToday } from './reportPeriod';

describe('report periods', () => {
  test('a week runs Monday to Sunday and carries its ISO week number', () => {
    expect(periodOf('week', '2026-11-18')).toEqual({
      kind: 'week',
      from: '2026-11-16',
      to: '2026-11-22',
      next: '2026-11-23',
      year: 2026,
      number: 47,
      label: '2026年第47周',
    });
    // Sunday belongs to the week that began on the Monday before it.
    expect(periodOf('week', '2026-11-22').from).toBe('2026-11-16');
    expect(periodOf('week', '2026-11-23').from).toBe('2026-11-23');
  });

  test('weeks at the turn of the year belong to the year of their Thursday', () => {
    expect(periodOf('week', '2024-12-31').label).toBe('2025年第1周');
    expect(periodOf('week', '2026-01-01').label).toBe('2026年第1周');
    expect(periodOf('week', '2027-01-01').label).toBe('2026年第53周');
    expect(periodOf('week', '2027-01-04').label).toBe('2027年第1周');
  });

  test('a month runs from the 1st to its last day', () => {
    expect(periodOf('month', '2024-02-10')).toMatchObject({ from: '2024-02-01', to: '2024-02-29', next: '2024-03-01', label: '2024年2月' });
    expect(periodOf('month', '2026-12-31')).toMatchObject({ from: '2026-12-01', to: '2026-12-31', next: '2027-01-01', number: 12 });
  });

  test('stepping back and forth crosses years', () => {
    expect(shiftPeriod(periodOf('week', '2026-01-01'), -1).label).toBe('2025年第52周');
    expect(shiftPeriod(periodOf('month', '2026-01-15'), -1).label).toBe('2025年12月');
    expect(shiftPeriod(periodOf('month', '2026-12-15'), 1).label).toBe('2027年1月');
  });

  test('the default is the last period that has ended: on Monday morning, last week', () => {
    expect(lastCompletePeriod('week', '2026-11-23').from).toBe('2026-11-16');
    expect(lastCompletePeriod('week', '2026-11-22').from).toBe('2026-11-09');
    expect(lastCompletePeriod('month', '2026-11-01').label).toBe('2026年10月');
  });

  test('days are township (Beijing) days', () => {
    // 16:30 UTC on the 22nd is half past midnight on the 23rd in Beijing.
    expect(townshipToday(Date.parse('2026-11-22T16:30:00Z'))).toBe('2026-11-23');
    expect(new Date(townshipMidnight('2026-11-23')).toISOString()).toBe('2026-11-22T16:00:00.000Z');
  });

  test('only real days pass', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-2-1')).toBe(false);
    expect(isCalendarDay('yesterday')).toBe(false);
  });

  test('the range reads as a Chinese date span', () => {
    expect(periodRangeText(periodOf('week', '2026-11-18'))).toBe('2026年11月16日至11月22日');
    expect(periodRangeText(periodOf('week', '2026-12-31'))).toBe('2026年12月28日至2027年1月3日');
  });
});
