import { SCREEN_REFRESH_SECONDS } from '@common/constants';
import { refreshIntervalMs, shortTime, townshipClock } from './figures';

const interval = (query: string) => refreshIntervalMs(new URLSearchParams(query));

test('the refresh interval: the default, 1–30 s from ?interval, lower only for the soak test', () => {
  expect(interval('')).toBe(SCREEN_REFRESH_SECONDS * 1000);
  expect(interval('interval=1')).toBe(1000);
  expect(interval('interval=2.5')).toBe(2500);
  expect(interval('interval=0.2')).toBe(1000);
  expect(interval('interval=600')).toBe(30_000);
  expect(interval('interval=abc')).toBe(SCREEN_REFRESH_SECONDS * 1000);
  expect(interval('interval=0')).toBe(SCREEN_REFRESH_SECONDS * 1000);
  expect(interval('interval=-3')).toBe(SCREEN_REFRESH_SECONDS * 1000);
  expect(interval('interval=0.2&soak=1')).toBe(200);
  expect(interval('interval=0.05&soak=1')).toBe(50);
  expect(interval('interval=0.001&soak=1')).toBe(20);
});

test("the clock runs on the township's time (UTC+8), whatever the PC's zone", () => {
  // 2024-05-01 16:05:09 UTC is 00:05:09 on Thursday 2 May in the township.
  expect(townshipClock(new Date('2024-05-01T16:05:09Z'))).toEqual({ date: '2024年05月02日', weekday: '星期四', time: '00:05:09' });
  expect(townshipClock(new Date('2024-05-05T03:00:00Z'))).toEqual({ date: '2024年05月05日', weekday: '星期日', time: '11:00:00' });
  expect(shortTime('2024-05-01T16:05:09Z')).toBe('05-02 00:05');
  expect(shortTime('not a date')).toBe('');
});
