/**
 * msw handlers for 数据概览 › 通报 (GET /api/reports and /api/reports/docx), in the shapes of
 * common/contracts/reports.ts. Like the server, the period comes from kind and any day of it
 * (default: the last week that has ended), a day after today is refused naming the field, and the
 * figures are the same for every period except those set with `setReportFigures`.
 */
import { APPEAL_SOURCE_LABELS, APPEAL_SOURCES, PHOTO_REPORT_TYPES, WHOLE_TOWNSHIP } from '@common/constants';
import type { Report } from '@common/contracts/reports';
import {
  isCalendarDay,
  lastCompletePeriod,
  periodOf,
  REPORT_KINDS,
  type ReportKind,
  townshipMidnight,
  townshipToday,
} from '@common/reportPeriod';
import { areas } from './fixtures';
import { admin, docxFile, invalid, ok } from './http';

type Figures = Pick<Report, 'tasks' | 'points' | 'appeals' | 'photoReports' | 'overdue'>;

/** Three villages at work: 第一村 ahead, 第三村 behind, one appeal and one task overdue. */
export function reportFigures(): Figures {
  const village = (area: number, issued: number, submitted: number, approved: number, rank: number | null) => ({
    area,
    name: areas.find((a) => a.id === area)?.name ?? '',
    issued,
    submitted,
    approved,
    rate: issued ? Math.round((approved / issued) * 1000) / 1000 : null,
    rank,
  });
  return {
    tasks: {
      published: 4,
      issued: 9,
      submitted: 7,
      approved: 5,
      rate: 0.556,
      reportsReceived: 8,
      reportsApproved: 6,
      byArea: areas.map((a) =>
        a.id === 2
          ? village(2, 4, 4, 3, 1)
          : a.id === 3
            ? village(3, 3, 2, 1, 3)
            : a.id === 4
              ? village(4, 2, 1, 1, 2)
              : village(a.id, 0, 0, 0, null),
      ),
    },
    points: {
      total: 41,
      earners: 3,
      top: [
        { rank: 1, userId: 4, name: '张红梅', areaName: '第一村', points: 18 },
        { rank: 2, userId: 5, name: '刘志强', areaName: '第一村', points: 13 },
        { rank: 3, userId: 7, name: '赵丽娟', areaName: '第三村', points: 10 },
      ],
    },
    appeals: {
      received: 6,
      replied: 3,
      rejected: 1,
      open: 2,
      overdue: 1,
      rated: 2,
      satisfaction: 4.5,
      ratedByCallback: 1,
      bySource: APPEAL_SOURCES.map((source, i) => ({ source, label: APPEAL_SOURCE_LABELS[source], count: [4, 1, 1, 0, 0][i] })),
      overdueAtEnd: 1,
      byArea: areas.map((a) => ({
        area: a.id,
        name: a.name,
        received: a.id === 2 ? 4 : a.id === 3 ? 2 : 0,
        replied: a.id === 2 ? 2 : a.id === 3 ? 1 : 0,
        overdue: a.id === 2 ? 1 : 0,
      })),
    },
    photoReports: {
      received: 3,
      handled: 2,
      invalid: 0,
      pending: 1,
      byType: PHOTO_REPORT_TYPES.map((label, i) => ({ type: i + 1, label, count: [2, 1, 0, 0][i] })),
    },
    overdue: {
      appeals: [
        {
          id: 31,
          title: '自来水管漏水一直没人修',
          areaName: '第一村',
          createdAt: '2026-01-05T02:00:00.000Z',
          dueAt: '2026-01-08T02:00:00.000Z',
          daysOverdue: 3,
          status: 'pending',
        },
      ],
      appealsTotal: 1,
      tasks: [{ taskId: 12, title: '汛期安全隐患排查', area: 4, areaName: '第三村', deadline: '2026-01-09T10:00:00.000Z', daysOverdue: 2 }],
      tasksTotal: 1,
    },
  };
}

let figures: Figures | undefined;
/** The figures every report answers with from now on (until `resetReportsDb`). */
export function setReportFigures(next: Figures) {
  figures = next;
}
export function resetReportsDb() {
  figures = undefined;
}

/** The report for a query, or the 400 the server would give. */
function reportFor(url: URL): Report | Response {
  const kindParam = url.searchParams.get('kind');
  if (kindParam !== null && !REPORT_KINDS.includes(kindParam as ReportKind)) {
    return invalid([{ field: 'kind', label: '统计周期', message: '应为以下值之一：week、month' }]);
  }
  const kind = (kindParam ?? 'week') as ReportKind;
  const date = url.searchParams.get('date');
  const today = townshipToday();
  if (date !== null && !isCalendarDay(date)) {
    return invalid([{ field: 'date', label: '日期', message: '不是有效的日期' }]);
  }
  if (date !== null && date > today) {
    return invalid([{ field: 'date', label: '日期', message: '不能晚于今天，未来的通报还没有数据' }]);
  }
  const period = date === null ? lastCompletePeriod(kind, today) : periodOf(kind, date);
  const end = townshipMidnight(period.next);
  const partial = end > Date.now();
  return {
    title: `示范镇综合治理中心工作通报（${period.label}）`,
    issuer: '示范镇综合治理中心',
    issuedOn: today,
    generatedAt: new Date().toISOString(),
    area: null,
    areaName: WHOLE_TOWNSHIP,
    period: {
      kind,
      from: period.from,
      to: period.to,
      year: period.year,
      number: period.number,
      label: period.label,
      partial,
      asOf: new Date(partial ? Date.now() : end).toISOString(),
    },
    ...(figures ?? reportFigures()),
  };
}

export const reportHandlers = [
  admin.get('/reports', ({ request }) => {
    const report = reportFor(new URL(request.url));
    return report instanceof Response ? report : ok(report);
  }),

  admin.get('/reports/docx', ({ request }) => {
    const report = reportFor(new URL(request.url));
    return report instanceof Response ? report : docxFile(`${report.title}.docx`, 'report.docx');
  }),
];
