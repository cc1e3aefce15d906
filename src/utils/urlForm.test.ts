import { periodBounds } from './urlForm';

test("a period's days are the township's (UTC+8), as the dashboard counts them, whatever the browser's zone", () => {
  expect(periodBounds('2026-11-20', '2026-11-20')).toEqual({ from: '2026-11-19T16:00:00.000Z', to: '2026-11-20T15:59:59.999Z' });
  expect(periodBounds('2026-11-01', '2026-11-30')).toEqual({ from: '2026-10-31T16:00:00.000Z', to: '2026-11-30T15:59:59.999Z' });
  expect(periodBounds(undefined, undefined)).toEqual({ from: undefined, to: undefined });
});
