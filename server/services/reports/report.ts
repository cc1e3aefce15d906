import { and, asc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  APPEAL_SOURCE_LABELS,
  APPEAL_SOURCES,
  PHOTO_REPORT_TYPES,
  SUBMISSION_STATUSES,
  TASK_ISSUED_STATES,
} from '../../../common/constants';
import { type Report, REPORT_LIST_SIZE, REPORT_POINTS_TOP, type ReportQuery } from '../../../common/contracts/reports';
import {
  addDays,
  isCalendarDay,
  lastCompletePeriod,
  periodOf,
  REPORT_FIRST_DAY,
  type ReportPeriod,
  townshipMidnight,
  townshipToday,
} from '../../../common/reportPeriod';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { appeals, areas, photoReports, submissions, taskAreas, tasks, users } from '../../db/schema';
import { badRequest } from '../../errors';
import { appealOpen } from '../people/peopleCommon';
import { dailyPoints, pointsPerUser, weeklyPoints } from '../tasks/scores';
import { readSettings } from '../system/settings';
import { targetsArea } from '../tasks/tasks';
import { listAreas } from '../system/areas';

// The township's report (通报) for a week or a month. Every figure is an aggregate the database
// counts over an indexed range of the period (created_at, published_at, reviewed_at, score days);
// ADR 0020 says what each one means, ADR 0010 what a unit of work is.

const int = (expression: SQL) => sql<number>`(${expression})::int`;
const inArea = (column: SQL | PgColumn, area: number | null) => (area === null ? undefined : sql`${column} = ${area}`);
const share = (part: number, whole: number) => (whole ? Math.round((part / whole) * 1000) / 1000 : null);
const stamp = (moment: Date) => sql`${moment.toISOString()}::timestamptz`;
/** Whole days, rounded up, from `due` to `asOf` (at least 1: it is overdue). */
const daysOverdue = (due: PgColumn, asOf: Date) =>
  sql<number>`greatest(1, ceil(extract(epoch from (${stamp(asOf)} - ${due})) / 86400))::int`.mapWith(Number);

/** The period and its bounds: [start, end), with the figures taken at `asOf` (the end, or now). */
interface ReportWindow {
  period: ReportPeriod;
  start: Date;
  end: Date;
  asOf: Date;
  partial: boolean;
}

/** The period a query asks for; a malformed, impossible or future day is a 400 naming the field. */
function reportWindow(query: ReportQuery, now = new Date()): ReportWindow {
  const kind = query.kind ?? 'week';
  const today = townshipToday(now.getTime());
  let period: ReportPeriod;
  if (query.date === undefined) {
    period = lastCompletePeriod(kind, today);
  } else {
    if (!isCalendarDay(query.date)) throw badRequest('date', '日期', '不是有效的日期');
    if (query.date > today) throw badRequest('date', '日期', '不能晚于今天，未来的通报还没有数据');
    if (query.date < REPORT_FIRST_DAY) throw badRequest('date', '日期', `不能早于${REPORT_FIRST_DAY}`);
    period = periodOf(kind, query.date);
  }
  const start = new Date(townshipMidnight(period.from));
  const end = new Date(townshipMidnight(period.next));
  const partial = end.getTime() > now.getTime();
  return { period, start, end, asOf: partial ? now : end, partial };
}

// ---- 一、任务完成情况 ----

async function taskFigures(db: DbOrTx, w: ReportWindow, area: number | null) {
  const asOf = stamp(w.asOf);
  const publishedInPeriod = and(
    inArray(tasks.status, [...TASK_ISSUED_STATES]),
    gte(tasks.publishedAt, w.start),
    lt(tasks.publishedAt, w.end),
  );
  const targeted = area === null ? undefined : targetsArea(area);
  const [published] = await db
    .select({ count: int(sql`count(*)`) })
    .from(tasks)
    .where(and(publishedInPeriod, targeted));
  // Per (task, area) of the period's tasks: whether a report had been made, and one approved, by the end.
  const reports = db
    .select({
      taskId: submissions.taskId,
      area: submissions.area,
      reported: sql<boolean>`bool_or(${submissions.createdAt} < ${asOf})`.as('reported'),
      approved: sql<boolean>`bool_or(${submissions.status} = 'approved' and ${submissions.reviewedAt} < ${asOf})`.as('approved_by_end'),
    })
    .from(submissions)
    .where(
      and(inArray(submissions.taskId, db.select({ id: tasks.id }).from(tasks).where(publishedInPeriod)), inArea(submissions.area, area)),
    )
    .groupBy(submissions.taskId, submissions.area)
    .as('reports');
  const byArea = await db
    .select({
      area: taskAreas.area,
      issued: int(sql`count(*)`),
      submitted: int(sql`count(*) filter (where ${reports.reported})`),
      approved: int(sql`count(*) filter (where ${reports.approved})`),
    })
    .from(taskAreas)
    .innerJoin(tasks, eq(tasks.id, taskAreas.taskId))
    .leftJoin(reports, and(eq(reports.taskId, taskAreas.taskId), eq(reports.area, taskAreas.area)))
    .where(and(publishedInPeriod, inArea(taskAreas.area, area)))
    .groupBy(taskAreas.area);
  // The status list lets the (status, created_at) index serve the range.
  const [received] = await db
    .select({ count: int(sql`count(*)`) })
    .from(submissions)
    .where(
      and(
        inArray(submissions.status, [...SUBMISSION_STATUSES]),
        gte(submissions.createdAt, w.start),
        lt(submissions.createdAt, w.end),
        inArea(submissions.area, area),
      ),
    );
  const [reviewed] = await db
    .select({ count: int(sql`count(*)`) })
    .from(submissions)
    .where(
      and(
        eq(submissions.status, 'approved'),
        gte(submissions.reviewedAt, w.start),
        lt(submissions.reviewedAt, w.end),
        inArea(submissions.area, area),
      ),
    );
  return { published: published.count, byArea, reportsReceived: received.count, reportsApproved: reviewed.count };
}

/** Dense ranks by completion rate, then approved units; areas without tasks get none. */
function rankAreas<T extends { issued: number; approved: number; rate: number | null }>(rows: T[]): Array<T & { rank: number | null }> {
  const ranked = rows.filter((r) => r.issued > 0).sort((a, b) => (b.rate ?? 0) - (a.rate ?? 0) || b.approved - a.approved);
  const ranks = new Map<T, number>();
  let rank = 0;
  ranked.forEach((row, i) => {
    const before = ranked[i - 1];
    if (!before || before.rate !== row.rate || before.approved !== row.approved) rank += 1;
    ranks.set(row, rank);
  });
  return rows.map((row) => ({ ...row, rank: ranks.get(row) ?? null }));
}

// ---- 二、积分情况 ----

/**
 * Points per user over the period's whole days: whole Beijing weeks from score_weekly, the other
 * days from score_daily (both kept from the ledger by triggers, ADR 0013), so a month reads a few
 * rows per person rather than every ledger entry.
 */
function periodPoints(db: DbOrTx, period: ReportPeriod) {
  const monday = (day: string, after: boolean) => {
    const k = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    return k === 0 ? day : addDays(day, after ? 7 - k : -k);
  };
  const weekFrom = monday(period.from, true);
  const weekTo = monday(period.next, false);
  const parts =
    weekFrom < weekTo
      ? [
          weeklyPoints(db, weekFrom, weekTo),
          ...(period.from < weekFrom ? [dailyPoints(db, period.from, weekFrom)] : []),
          ...(weekTo < period.next ? [dailyPoints(db, weekTo, period.next)] : []),
        ]
      : [dailyPoints(db, period.from, period.next)];
  return pointsPerUser(db, parts);
}

async function pointFigures(db: DbOrTx, w: ReportWindow, area: number | null) {
  const period = periodPoints(db, w.period);
  const rows = await db
    .select({
      rank: sql<number>`(dense_rank() over (order by ${period.points} desc))::int`.mapWith(Number),
      userId: users.id,
      name: users.name,
      areaName: areas.name,
      points: sql<number>`${period.points}`.mapWith(Number),
      earners: sql<number>`(count(*) over ())::int`.mapWith(Number),
      total: sql<number>`(sum(${period.points}) over ())::int`.mapWith(Number),
    })
    .from(period)
    .innerJoin(users, eq(users.id, period.userId))
    .leftJoin(areas, eq(areas.id, users.area))
    .where(and(sql`${period.points} <> 0`, inArea(users.area, area)))
    .orderBy(sql`${period.points} desc`, asc(users.name), asc(users.id))
    .limit(REPORT_POINTS_TOP);
  return {
    total: rows[0]?.total ?? 0,
    earners: rows[0]?.earners ?? 0,
    top: rows.filter((r) => r.points > 0).map(({ earners: _e, total: _t, ...row }) => row),
  };
}

// ---- 三、群众诉求 ----

/**
 * Open at the period's end: neither replied nor rejected by then. While the period runs that is the
 * status itself, which the partial (status, due_at) index serves, as the dashboard counts it.
 */
function openAt(w: ReportWindow): SQL {
  if (w.partial) return appealOpen;
  const asOf = stamp(w.asOf);
  return sql`${appeals.createdAt} < ${asOf} and (${appeals.repliedAt} is null or ${appeals.repliedAt} >= ${asOf})
    and (${appeals.rejectedAt} is null or ${appeals.rejectedAt} >= ${asOf})`;
}

async function appealFigures(db: DbOrTx, w: ReportWindow, area: number | null) {
  const asOf = stamp(w.asOf);
  const open = sql`(${appeals.repliedAt} is null or ${appeals.repliedAt} >= ${asOf}) and (${appeals.rejectedAt} is null or ${appeals.rejectedAt} >= ${asOf})`;
  const received = await db
    .select({
      area: appeals.area,
      received: int(sql`count(*)`),
      replied: int(sql`count(*) filter (where ${appeals.repliedAt} < ${asOf})`),
      rejected: int(sql`count(*) filter (where ${appeals.rejectedAt} < ${asOf})`),
      open: int(sql`count(*) filter (where ${open})`),
      overdue: int(sql`count(*) filter (where ${open} and ${appeals.dueAt} < ${asOf})`),
    })
    .from(appeals)
    .where(and(gte(appeals.createdAt, w.start), lt(appeals.createdAt, w.end), inArea(appeals.area, area)))
    .groupBy(appeals.area);
  // Overdue at the end (received in any period) and ratings given in the period, in one pass.
  const overdueAtEnd = and(openAt(w), sql`${appeals.dueAt} < ${asOf}`) as SQL;
  const ratedInPeriod = sql`${appeals.ratedAt} >= ${stamp(w.start)} and ${appeals.ratedAt} < ${stamp(w.end)}`;
  const atEnd = await db
    .select({
      area: appeals.area,
      overdue: int(sql`count(*) filter (where ${overdueAtEnd})`),
      rated: int(sql`count(*) filter (where ${ratedInPeriod})`),
      ratedByCallback: int(sql`count(*) filter (where ${ratedInPeriod} and ${appeals.satisfactionSource} = 'callback')`),
      ratingSum: int(sql`coalesce(sum(${appeals.satisfaction}) filter (where ${ratedInPeriod}), 0)`),
    })
    .from(appeals)
    .where(and(lt(appeals.createdAt, w.end), or(overdueAtEnd, ratedInPeriod), inArea(appeals.area, area)))
    .groupBy(appeals.area);
  const overdueTotal = atEnd.reduce((n, r) => n + r.overdue, 0);
  const overdueList = overdueTotal
    ? await db
        .select({
          id: appeals.id,
          title: appeals.title,
          areaName: areas.name,
          createdAt: appeals.createdAt,
          dueAt: appeals.dueAt,
          daysOverdue: daysOverdue(appeals.dueAt, w.asOf),
          status: appeals.status,
        })
        .from(appeals)
        .innerJoin(areas, eq(areas.id, appeals.area))
        .where(and(overdueAtEnd, inArea(appeals.area, area)))
        .orderBy(asc(appeals.dueAt), asc(appeals.id))
        .limit(REPORT_LIST_SIZE)
    : [];
  const sources = await db
    .select({ source: appeals.source, count: int(sql`count(*)`) })
    .from(appeals)
    .where(and(gte(appeals.createdAt, w.start), lt(appeals.createdAt, w.end), inArea(appeals.area, area)))
    .groupBy(appeals.source);
  const sum = (key: 'received' | 'replied' | 'rejected' | 'open' | 'overdue') => received.reduce((n, r) => n + r[key], 0);
  const rated = atEnd.reduce((n, r) => n + r.rated, 0);
  const ratingSum = atEnd.reduce((n, r) => n + r.ratingSum, 0);
  return {
    figures: {
      received: sum('received'),
      replied: sum('replied'),
      rejected: sum('rejected'),
      open: sum('open'),
      overdue: sum('overdue'),
      rated,
      // One decimal, halves up, as the dashboard's round(avg, 1): exact in integers.
      satisfaction: rated ? Math.round((ratingSum * 10) / rated) / 10 : null,
      ratedByCallback: atEnd.reduce((n, r) => n + r.ratedByCallback, 0),
      bySource: APPEAL_SOURCES.map((source) => ({
        source,
        label: APPEAL_SOURCE_LABELS[source],
        count: sources.find((r) => r.source === source)?.count ?? 0,
      })),
      overdueAtEnd: overdueTotal,
    },
    received,
    overdue: atEnd,
    overdueList: overdueList.map((a) => ({ ...a, createdAt: a.createdAt.toISOString(), dueAt: a.dueAt.toISOString() })),
  };
}

// ---- 四、随手拍 ----

async function photoReportFigures(db: DbOrTx, w: ReportWindow, area: number | null) {
  const asOf = stamp(w.asOf);
  const rows = await db
    .select({
      type: photoReports.type,
      received: int(sql`count(*)`),
      handled: int(sql`count(*) filter (where ${photoReports.status} = 'handled' and ${photoReports.handledAt} < ${asOf})`),
      invalid: int(sql`count(*) filter (where ${photoReports.status} = 'invalid' and ${photoReports.handledAt} < ${asOf})`),
    })
    .from(photoReports)
    .where(and(gte(photoReports.createdAt, w.start), lt(photoReports.createdAt, w.end), inArea(photoReports.area, area)))
    .groupBy(photoReports.type);
  const sum = (key: 'received' | 'handled' | 'invalid') => rows.reduce((n, r) => n + r[key], 0);
  return {
    received: sum('received'),
    handled: sum('handled'),
    invalid: sum('invalid'),
    pending: sum('received') - sum('handled') - sum('invalid'),
    byType: PHOTO_REPORT_TYPES.map((label, i) => ({ type: i + 1, label, count: rows.find((r) => r.type === i + 1)?.received ?? 0 })),
  };
}

// ---- 五、逾期事项 ----

/**
 * (task, area) units overdue at the period's end: the task was running then (published, not yet
 * closed), its deadline had passed, and the area had no live report (pending or approved; a report
 * rejected before then does not count).
 */
async function overdueTasks(db: DbOrTx, w: ReportWindow, area: number | null) {
  const asOf = stamp(w.asOf);
  const rows = await db
    .select({
      taskId: tasks.id,
      title: tasks.title,
      area: taskAreas.area,
      areaName: areas.name,
      deadline: tasks.deadline,
      daysOverdue: daysOverdue(tasks.deadline, w.asOf),
      total: sql<number>`(count(*) over ())::int`.mapWith(Number),
    })
    .from(taskAreas)
    .innerJoin(tasks, eq(tasks.id, taskAreas.taskId))
    .innerJoin(areas, eq(areas.id, taskAreas.area))
    .where(
      and(
        inArray(tasks.status, [...TASK_ISSUED_STATES]),
        sql`${tasks.publishedAt} < ${asOf}`,
        sql`(${tasks.closedAt} is null or ${tasks.closedAt} >= ${asOf})`,
        sql`${tasks.deadline} < ${asOf}`,
        inArea(taskAreas.area, area),
        sql`not exists (select 1 from ${submissions} s where s.task_id = ${taskAreas.taskId} and s.area = ${taskAreas.area}
          and s.created_at < ${asOf} and not (s.status = 'rejected' and s.reviewed_at < ${asOf}))`,
      ),
    )
    .orderBy(asc(tasks.deadline), asc(tasks.id), asc(taskAreas.area))
    .limit(REPORT_LIST_SIZE);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map(({ total: _total, deadline, ...row }) => ({ ...row, deadline: deadline.toISOString() })),
  };
}

// ---- The report ----

/**
 * The whole report for one area or (null) the township. Its queries share one snapshot, so the
 * figures agree with each other (a total with its rows) even while people keep working. PostgreSQL's
 * JIT is off for them: compiling took longer than running these one-off aggregates (ADR 0020).
 */
export async function buildReport(db: Db, area: number | null, query: ReportQuery, now = new Date()): Promise<Report> {
  const w = reportWindow(query, now);
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return countReport(tx, w, area, now);
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

async function countReport(db: Tx, w: ReportWindow, area: number | null, now: Date): Promise<Report> {
  // One query at a time: one pooled connection serves the whole count, and the pool stays free for
  // the requests of others.
  const settings = await readSettings(db);
  const areaRows = await listAreas(db, area);
  const taskFig = await taskFigures(db, w, area);
  const points = await pointFigures(db, w, area);
  const appealFig = await appealFigures(db, w, area);
  const photoFig = await photoReportFigures(db, w, area);
  const overdueTaskFig = await overdueTasks(db, w, area);

  // The areas in their order; an archived village only while it has figures (ADR 0050).
  const byArea = rankAreas(
    areaRows.flatMap(({ id, name, active }) => {
      const row = taskFig.byArea.find((r) => r.area === id);
      const issued = row?.issued ?? 0;
      const approved = row?.approved ?? 0;
      if (!active && !issued && !row?.submitted) return [];
      return [{ area: id, name, issued, submitted: row?.submitted ?? 0, approved, rate: share(approved, issued) }];
    }),
  );
  const issued = byArea.reduce((n, r) => n + r.issued, 0);
  const approvedUnits = byArea.reduce((n, r) => n + r.approved, 0);
  const areaName = area === null ? '全镇' : (areaRows[0]?.name ?? '');
  const { period } = w;
  return {
    title: `${settings.centreName}工作通报（${area === null ? '' : `${areaName} · `}${period.label}）`,
    issuer: settings.centreName,
    issuedOn: townshipToday(now.getTime()),
    generatedAt: now.toISOString(),
    area,
    areaName,
    period: {
      kind: period.kind,
      from: period.from,
      to: period.to,
      year: period.year,
      number: period.number,
      label: period.label,
      partial: w.partial,
      asOf: w.asOf.toISOString(),
    },
    tasks: {
      published: taskFig.published,
      issued,
      submitted: byArea.reduce((n, r) => n + r.submitted, 0),
      approved: approvedUnits,
      rate: share(approvedUnits, issued),
      reportsReceived: taskFig.reportsReceived,
      reportsApproved: taskFig.reportsApproved,
      byArea,
    },
    points,
    appeals: {
      ...appealFig.figures,
      byArea: areaRows.flatMap(({ id, name, active }) => {
        const row = appealFig.received.find((r) => r.area === id);
        const overdue = appealFig.overdue.find((r) => r.area === id)?.overdue ?? 0;
        if (!active && !row?.received && !row?.replied && !overdue) return [];
        return [{ area: id, name, received: row?.received ?? 0, replied: row?.replied ?? 0, overdue }];
      }),
    },
    photoReports: photoFig,
    overdue: {
      appeals: appealFig.overdueList,
      appealsTotal: appealFig.figures.overdueAtEnd,
      tasks: overdueTaskFig.list,
      tasksTotal: overdueTaskFig.total,
    },
  };
}
