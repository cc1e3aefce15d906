import dayjs from 'dayjs';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A span of time as people say it about deadlines: 2天3小时, 5小时20分钟, 12分钟. */
export function spanText(ms: number): string {
  const total = Math.max(0, ms);
  const days = Math.floor(total / DAY);
  const hours = Math.floor((total % DAY) / HOUR);
  const minutes = Math.floor((total % HOUR) / MINUTE);
  if (days > 0) return hours > 0 ? `${days}天${hours}小时` : `${days}天`;
  if (hours > 0) return minutes > 0 ? `${hours}小时${minutes}分钟` : `${hours}小时`;
  return `${Math.max(1, minutes)}分钟`;
}

/** Within this much of its due time an open item is flagged as due soon. */
const DUE_SOON_MS = DAY;

type DueState = { kind: 'overdue'; text: string } | { kind: 'soon'; text: string } | { kind: 'open'; text: string } | { kind: 'done' };

/**
 * Where an item stands against its due time. `overdue` is the server's verdict (it knows the
 * states that stop the clock); the span is counted here so it keeps up while the page is open.
 */
export function dueState(item: { dueAt: string; overdue: boolean; open: boolean }, now = Date.now()): DueState {
  const left = dayjs(item.dueAt).valueOf() - now;
  if (item.overdue) return { kind: 'overdue', text: left < 0 ? `超期${spanText(-left)}` : '已超期' };
  if (!item.open) return { kind: 'done' };
  if (left <= 0) return { kind: 'overdue', text: `超期${spanText(-left)}` };
  return { kind: left <= DUE_SOON_MS ? 'soon' : 'open', text: `剩余${spanText(left)}` };
}

/** A past moment relative to now: 刚刚, 5分钟前, 3小时前, 2天前, then the date. */
export function relativeTime(value: string, now = Date.now()): string {
  const time = dayjs(value);
  const ago = now - time.valueOf();
  if (ago < MINUTE) return '刚刚';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}分钟前`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}小时前`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}天前`;
  return time.year() === dayjs(now).year() ? time.format('MM-DD HH:mm') : time.format('YYYY-MM-DD');
}
