/**
 * The wall display's arithmetic, apart from React: the headline counters out of the figures, the
 * refresh interval out of the URL, and the township's date and time for the clock.
 */
import { SCREEN_REFRESH_SECONDS, TIME_ZONE_OFFSET_MS } from '@common/constants';
import type { StatsOverview } from '@common/contracts/stats';

/** The design size; the stage is scaled to fit the screen it runs on. */
export const STAGE_WIDTH = 1920;
export const STAGE_HEIGHT = 1080;

/** `?interval=N` may set 1–30 s (tests use 1). With `soak=1` (the memory soak test) it may go down to this. */
const INTERVAL_MIN_SECONDS = 1;
const INTERVAL_MAX_SECONDS = 30;
const SOAK_INTERVAL_MIN_SECONDS = 0.02;

/** How long to wait between two refreshes, in ms, from the page's query. */
export function refreshIntervalMs(query: URLSearchParams): number {
  const asked = Number(query.get('interval'));
  if (!query.get('interval') || !Number.isFinite(asked) || asked <= 0) return SCREEN_REFRESH_SECONDS * 1000;
  const floor = query.get('soak') === '1' ? SOAK_INTERVAL_MIN_SECONDS : INTERVAL_MIN_SECONDS;
  return Math.round(Math.min(INTERVAL_MAX_SECONDS, Math.max(floor, asked)) * 1000);
}

type CounterTone = 'normal' | 'warn' | 'alert' | 'good';

export interface Counter {
  key: string;
  label: string;
  value: string;
  unit: string;
  note: string;
  tone: CounterTone;
}

const sum = (values: number[]) => values.reduce((total, v) => total + v, 0);

/** The headline counters across the top of the screen, in reading order. */
export function countersOf(stats: StatsOverview): Counter[] {
  const { tasks, submissions, appeals, photoReports, perDay, news } = stats;
  const today = perDay[perDay.length - 1];
  const open = appeals.byStatus.pending + appeals.byStatus.processing;
  // A report a village is working on or the centre is reviewing still waits (ADR 0064).
  const shotsWaiting = photoReports.byStatus.pending + photoReports.byStatus.processing + photoReports.byStatus.reviewing;
  const last30 = sum(perDay.map((d) => d.appeals));
  return [
    {
      key: 'activeTasks',
      label: '进行中任务',
      value: String(tasks.published),
      unit: '项',
      note: `其中已过截止 ${tasks.overdue} · 已关闭 ${tasks.closed}`,
      tone: 'normal',
    },
    {
      key: 'pendingSubmissions',
      label: '待审核提交',
      value: String(submissions.pending),
      unit: '份',
      note: `已通过 ${submissions.approved} 份`,
      tone: submissions.pending ? 'warn' : 'normal',
    },
    {
      key: 'todayAppeals',
      label: '今日诉求',
      value: String(today?.appeals ?? 0),
      unit: '件',
      note: `近${perDay.length}天 ${last30} 件`,
      tone: 'normal',
    },
    {
      key: 'openAppeals',
      label: '在办诉求',
      value: String(open),
      unit: '件',
      note: `待受理 ${appeals.byStatus.pending} · 处理中 ${appeals.byStatus.processing}`,
      tone: 'normal',
    },
    {
      key: 'overdueAppeals',
      label: '超期诉求',
      value: String(appeals.overdue),
      unit: '件',
      note: appeals.overdue ? '已超过办理时限' : '均在办理时限内',
      tone: appeals.overdue ? 'alert' : 'good',
    },
    {
      key: 'pendingPhotoReports',
      label: '随手拍待处理',
      value: String(shotsWaiting),
      unit: '条',
      note: `累计 ${photoReports.total} 条 · 已处理 ${photoReports.byStatus.handled}`,
      tone: shotsWaiting ? 'warn' : 'normal',
    },
    {
      key: 'satisfaction',
      label: '群众满意度',
      value: appeals.satisfaction === null ? '—' : appeals.satisfaction.toFixed(1),
      unit: appeals.satisfaction === null ? '' : '分',
      note: appeals.rated ? `${appeals.rated} 人评价 · 满分 5 分` : '暂无评价',
      tone: 'good',
    },
    { key: 'monthNews', label: '本月发布新闻', value: String(news.publishedThisMonth), unit: '篇', note: '按发布时间统计', tone: 'normal' },
  ];
}

/** A 0–1 rate as a whole percentage. */
export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The township's date and time (UTC+8 all year), whatever zone the screen's PC is set to:
 * { date: '2024年05月01日', weekday: '星期三', time: '08:05:09' }.
 */
export function townshipClock(now: Date) {
  const local = new Date(now.getTime() + TIME_ZONE_OFFSET_MS);
  return {
    date: `${local.getUTCFullYear()}年${pad(local.getUTCMonth() + 1)}月${pad(local.getUTCDate())}日`,
    weekday: `星期${WEEKDAYS[local.getUTCDay()]}`,
    time: `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}:${pad(local.getUTCSeconds())}`,
  };
}

/** A moment as the township's 'MM-DD HH:mm' (the rolling lists). */
export function shortTime(iso: string) {
  const local = new Date(new Date(iso).getTime() + TIME_ZONE_OFFSET_MS);
  if (Number.isNaN(local.getTime())) return '';
  return `${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())} ${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}
