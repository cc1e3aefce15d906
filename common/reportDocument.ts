import { APPEAL_STATUS_LABELS, type AppealStatus, TIME_ZONE_OFFSET_MS } from './constants';
import type { Report } from './contracts/reports';
import { ratePercentText } from './figures';
import { periodRangeText } from './reportPeriod';

// The words and tables of a township report (通报), made once from the report's figures: the server
// writes them into the Word document and the page shows them as its preview, so the two agree.

export interface ReportColumn {
  title: string;
  align: 'left' | 'center' | 'right';
  /** Share of the table's width, in percent. */
  width: number;
}

export type ReportBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'note'; text: string }
  | { kind: 'table'; label: string; columns: ReportColumn[]; rows: string[][]; total?: string[] };

export interface ReportDocument {
  /** 示范镇综合治理中心工作通报 */
  title: string;
  /** （2026年第47周） */
  subtitle: string;
  issuer: string;
  /** 2026年11月23日 */
  issuedOn: string;
  blocks: ReportBlock[];
}

const CHINESE_NUMBERS = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/** 66.7% (one decimal, trailing .0 dropped); — when there is nothing to share out. */
export const percentText = (rate: number | null) => (rate === null ? '—' : ratePercentText(rate));

/** 2026年11月23日 from YYYY-MM-DD. */
const dayText = (day: string) => `${Number(day.slice(0, 4))}年${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日`;

/** 11月20日 17:30 on the township's clock (with the year when it differs from `year`). */
export function momentText(iso: string, year?: number): string {
  const local = new Date(Date.parse(iso) + TIME_ZONE_OFFSET_MS).toISOString();
  const sameYear = year === undefined || Number(local.slice(0, 4)) === year;
  return `${sameYear ? '' : `${Number(local.slice(0, 4))}年`}${Number(local.slice(5, 7))}月${Number(local.slice(8, 10))}日 ${local.slice(11, 16)}`;
}

/** 全镇, or the village the report is limited to. */
const who = (report: Report) => (report.area === null ? '全镇' : report.areaName);

const column = (title: string, width: number, align: ReportColumn['align'] = 'center'): ReportColumn => ({ title, width, align });

function taskBlocks(report: Report): ReportBlock[] {
  const { tasks } = report;
  const blocks: ReportBlock[] = [];
  if (tasks.issued === 0) {
    blocks.push({
      kind: 'paragraph',
      text: `本期未下发新任务。本期各村（社区）共提交任务报告${tasks.reportsReceived}份，审核通过${tasks.reportsApproved}份。`,
    });
    return blocks;
  }
  blocks.push({
    kind: 'paragraph',
    text:
      `本期共下发任务${tasks.published}项，涉及村（社区）${tasks.issued}个村次；截至期末，已提交${tasks.submitted}个村次，` +
      `审核通过${tasks.approved}个村次，完成率${percentText(tasks.rate)}。本期各村（社区）共提交任务报告${tasks.reportsReceived}份，` +
      `审核通过${tasks.reportsApproved}份。各村（社区）完成情况如下：`,
  });
  const ranked = [...tasks.byArea].filter((a) => a.issued > 0).sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0)); // ties keep the areas' order (a stable sort)
  blocks.push({
    kind: 'table',
    label: '各村（社区）任务完成情况',
    columns: [
      column('排名', 10),
      column('村（社区）', 26, 'left'),
      column('下发任务', 16),
      column('已提交', 16),
      column('已通过', 16),
      column('完成率', 16),
    ],
    rows: ranked.map((a) => [
      String(a.rank ?? '—'),
      a.name,
      String(a.issued),
      String(a.submitted),
      String(a.approved),
      percentText(a.rate),
    ]),
    total: ['', '合计', String(tasks.issued), String(tasks.submitted), String(tasks.approved), percentText(tasks.rate)],
  });
  const without = tasks.byArea.filter((a) => a.issued === 0);
  if (without.length && report.area === null) {
    blocks.push({ kind: 'note', text: `本期未向${without.map((a) => a.name).join('、')}下发任务。` });
  }
  blocks.push({
    kind: 'note',
    text: '注：下发任务按“任务×村（社区）”计数，一项任务下发到3个村计3个村次；已提交、已通过统计至期末；完成率=已通过÷下发任务；排名按完成率，相同时按已通过数。',
  });
  return blocks;
}

function pointBlocks(report: Report): ReportBlock[] {
  const { points } = report;
  if (!points.earners) return [{ kind: 'paragraph', text: '本期无积分变动。' }];
  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      text: `本期共产生积分${points.total}分，${points.earners}人积分有变动。${points.top.length ? `积分前${points.top.length}名如下：` : ''}`,
    },
  ];
  if (points.top.length) {
    blocks.push({
      kind: 'table',
      label: '本期积分前十名',
      columns: [column('名次', 14), column('姓名', 30), column('所属村（社区）', 34), column('本期积分', 22)],
      rows: points.top.map((p) => [String(p.rank), p.name, p.areaName ?? '—', String(p.points)]),
    });
  }
  return blocks;
}

/** （网上3件、窗口2件）: the sources that received any, or nothing when none did. */
function sourceText(bySource: Report['appeals']['bySource']): string {
  const parts = bySource.filter((s) => s.count).map((s) => `${s.label}${s.count}件`);
  return parts.length ? `（${parts.join('、')}）` : '';
}

function appealBlocks(report: Report): ReportBlock[] {
  const { appeals } = report;
  const callback = appeals.ratedByCallback ? `（其中回访评价${appeals.ratedByCallback}件）` : '';
  const rating = appeals.rated
    ? `本期群众评价${appeals.rated}件${callback}，平均满意度${appeals.satisfaction?.toFixed(1)}分（满分5分）。`
    : '本期暂无群众评价。';
  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      text:
        `本期共收到群众诉求${appeals.received}件${sourceText(appeals.bySource)}；截至期末，已答复${appeals.replied}件，不予受理${appeals.rejected}件，` +
        `仍在办理${appeals.open}件${appeals.overdue ? `，其中超期未答复${appeals.overdue}件` : ''}。${rating}` +
        (appeals.overdueAtEnd
          ? `截至期末，${who(report)}共有超期未办结诉求${appeals.overdueAtEnd}件（含以前各期收到的）。`
          : `截至期末，${who(report)}无超期未办结诉求。`),
    },
  ];
  const rows = appeals.byArea.filter((a) => a.received || a.replied || a.overdue);
  if (rows.length) {
    blocks.push({
      kind: 'table',
      label: '各村（社区）群众诉求办理情况',
      columns: [column('村（社区）', 34, 'left'), column('本期收到', 22), column('其中已答复', 22), column('期末超期未办结', 22)],
      rows: rows.map((a) => [a.name, String(a.received), String(a.replied), String(a.overdue)]),
      total: ['合计', String(appeals.received), String(appeals.replied), String(appeals.overdueAtEnd)],
    });
  }
  return blocks;
}

function photoBlocks(report: Report): ReportBlock[] {
  const { photoReports } = report;
  if (!photoReports.received) return [{ kind: 'paragraph', text: '本期未收到群众随手拍。' }];
  const types = photoReports.byType
    .filter((t) => t.count)
    .map((t) => `${t.label}${t.count}条`)
    .join('、');
  return [
    {
      kind: 'paragraph',
      text:
        `本期群众通过随手拍反映问题${photoReports.received}条（${types}）；截至期末，已处理${photoReports.handled}条，` +
        `${photoReports.invalid ? `核实无效${photoReports.invalid}条，` : ''}待处理${photoReports.pending}条。`,
    },
  ];
}

function overdueBlocks(report: Report): ReportBlock[] {
  const { overdue, period } = report;
  if (!overdue.appealsTotal && !overdue.tasksTotal) return [{ kind: 'paragraph', text: '截至期末，无超期未办结的诉求和逾期未报的任务。' }];
  const blocks: ReportBlock[] = [];
  const more = (shown: number, total: number, what: string) =>
    total > shown ? [{ kind: 'note' as const, text: `另有${total - shown}${what}未列出，请在平台中查看。` }] : [];
  let n = 0;
  if (overdue.appealsTotal) {
    blocks.push({ kind: 'subheading', text: `（${CHINESE_NUMBERS[n++]}）超期未办结的群众诉求（${overdue.appealsTotal}件）` });
    blocks.push({
      kind: 'table',
      label: '超期未办结的群众诉求',
      columns: [
        column('序号', 7),
        column('诉求事项', 33, 'left'),
        column('村（社区）', 14),
        column('办理时限', 19),
        column('超期天数', 13),
        column('目前状态', 14),
      ],
      rows: overdue.appeals.map((a, i) => [
        String(i + 1),
        a.title,
        a.areaName,
        momentText(a.dueAt, period.year),
        `${a.daysOverdue}天`,
        APPEAL_STATUS_LABELS[a.status as AppealStatus] ?? a.status,
      ]),
    });
    blocks.push(...more(overdue.appeals.length, overdue.appealsTotal, '件'));
  }
  if (overdue.tasksTotal) {
    blocks.push({ kind: 'subheading', text: `（${CHINESE_NUMBERS[n++]}）逾期未报的任务（${overdue.tasksTotal}个村次）` });
    blocks.push({
      kind: 'table',
      label: '逾期未报的任务',
      columns: [
        column('序号', 7),
        column('任务名称', 43, 'left'),
        column('村（社区）', 16),
        column('截止时间', 20),
        column('逾期天数', 14),
      ],
      rows: overdue.tasks.map((t, i) => [String(i + 1), t.title, t.areaName, momentText(t.deadline, period.year), `${t.daysOverdue}天`]),
    });
    blocks.push(...more(overdue.tasks.length, overdue.tasksTotal, '个村次'));
  }
  blocks.push({
    kind: 'note',
    text: '超期、逾期天数计至期末；“目前状态”为生成通报时的状态。请相关村（社区）和责任人抓紧办理，办结后在平台中及时反馈。',
  });
  return blocks;
}

/** The report as title, headings, paragraphs and tables, in the order of the document. */
export function reportDocument(report: Report): ReportDocument {
  const { period } = report;
  const range = period.partial ? `${dayText(period.from)}至${momentText(period.asOf, period.year)}` : periodRangeText(period);
  const sections: Array<[string, ReportBlock[]]> = [
    ['任务完成情况', taskBlocks(report)],
    ['积分情况', pointBlocks(report)],
    ['群众诉求办理情况', appealBlocks(report)],
    ['随手拍', photoBlocks(report)],
    ['需要关注的逾期事项', overdueBlocks(report)],
  ];
  const blocks: ReportBlock[] = [
    {
      kind: 'paragraph',
      text: `现将${range}${who(report)}综合治理工作情况通报如下${period.partial ? '（本期尚未结束，数据统计至生成时）' : ''}：`,
    },
  ];
  sections.forEach(([title, body], i) => {
    blocks.push({ kind: 'heading', text: `${CHINESE_NUMBERS[i]}、${title}` });
    blocks.push(...body);
  });
  blocks.push({ kind: 'paragraph', text: `请${report.area === null ? '各村（社区）' : report.areaName}对照本通报，查找差距，抓好落实。` });
  return {
    title: `${report.issuer}工作通报`,
    subtitle: `（${report.area === null ? '' : `${report.areaName} · `}${period.label}）`,
    issuer: report.issuer,
    issuedOn: dayText(report.issuedOn),
    blocks,
  };
}
