import { dueState, relativeTime, spanText } from './timeText';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
// Local times: the labels are read in the browser's own time zone.
const now = new Date(2024, 5, 12, 10, 0).getTime();
const at = (offset: number) => new Date(now + offset).toISOString();

test('spanText counts days and hours, hours and minutes, or minutes', () => {
  expect(spanText(2 * DAY + 3 * HOUR + 59 * MIN)).toBe('2天3小时');
  expect(spanText(2 * DAY + 20 * MIN)).toBe('2天');
  expect(spanText(5 * HOUR + 20 * MIN)).toBe('5小时20分钟');
  expect(spanText(5 * HOUR)).toBe('5小时');
  expect(spanText(12 * MIN + 30_000)).toBe('12分钟');
  expect(spanText(10_000)).toBe('1分钟');
});

test('dueState: overdue by the server with how long, due soon within a day, done when closed', () => {
  expect(dueState({ dueAt: at(-(2 * DAY + 3 * HOUR + 5 * MIN)), overdue: true, open: true }, now)).toEqual({
    kind: 'overdue',
    text: '超期2天3小时',
  });
  expect(dueState({ dueAt: at(5 * HOUR), overdue: false, open: true }, now)).toEqual({ kind: 'soon', text: '剩余5小时' });
  expect(dueState({ dueAt: at(2 * DAY + HOUR), overdue: false, open: true }, now)).toEqual({ kind: 'open', text: '剩余2天1小时' });
  // The page stayed open past the due time: overdue without waiting for a reload.
  expect(dueState({ dueAt: at(-30 * MIN), overdue: false, open: true }, now)).toEqual({ kind: 'overdue', text: '超期30分钟' });
  expect(dueState({ dueAt: at(-DAY), overdue: false, open: false }, now)).toEqual({ kind: 'done' });
  // Clocks disagree: the server's word stands.
  expect(dueState({ dueAt: at(HOUR), overdue: true, open: true }, now)).toEqual({ kind: 'overdue', text: '已超期' });
});

test('relativeTime', () => {
  expect(relativeTime(at(-20_000), now)).toBe('刚刚');
  expect(relativeTime(at(-5 * MIN), now)).toBe('5分钟前');
  expect(relativeTime(at(-3 * HOUR - 5 * MIN), now)).toBe('3小时前');
  expect(relativeTime(at(-2 * DAY - HOUR), now)).toBe('2天前');
  expect(relativeTime(new Date(2024, 4, 1, 9, 30).toISOString(), now)).toBe('05-01 09:30');
  expect(relativeTime(new Date(2023, 4, 1, 9, 30).toISOString(), now)).toBe('2023-05-01');
});
