import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StatsOverview } from '../../../common/contracts/stats';
import {
  type AppealStatus,
  APPEAL_STATUSES,
  STATS_DAYS,
  STATS_LIST_SIZE,
  TASK_ISSUED_STATES,
  TIME_ZONE,
  WORK_CATEGORIES,
  type PhotoReportStatus,
  PHOTO_REPORT_STATUSES,
} from '../../../common/constants';
import type { DbOrTx } from '../../db/client';
import { appeals, areas, news, photoReports, roles, submissions, taskAreas, tasks, users } from '../../db/schema';
import type { AuthUser } from '../accounts/sessions';
import { appealOverdue } from '../people/peopleCommon';
import { targetsArea } from '../tasks/tasks';
import { localDate } from '../../lib/workingDays';
import { areaColumns, inOrder, listAreas } from '../system/areas';

// Every figure is counted by the database (aggregates over indexed columns); nothing loads rows
// to count them. ADR 0010 says what each figure means.

const DAY = 86400_000;
const zone = sql.raw(`'${TIME_ZONE}'`);
const dayOf = (column: PgColumn) => sql<string>`to_char(${column} at time zone ${zone}, 'YYYY-MM-DD')`;
const int = (expression: SQL) => sql<number>`(${expression})::int`;

/**
 * The area a caller's figures are limited to: none for scope `all`, else their own area. Someone
 * with a narrower scope but no area sees the township's aggregates (they hold no records).
 */
export function statsArea(caller: AuthUser | undefined): number | null {
  if (!caller || caller.dataScope === 'all') return null;
  return caller.area;
}

const inArea = (column: SQL | PgColumn, area: number | null) => (area === null ? undefined : sql`${column} = ${area}`);
const rate = (completed: number, targets: number) => (targets ? Math.round((completed / targets) * 1000) / 1000 : 0);

/** The current month on the township's clock: its first and last day, and the instants it spans. */
export function currentMonth(now: Date) {
  const [year, month] = localDate(now).split('-').map(Number);
  const pad = (n: number) => String(n).padStart(2, '0');
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const from = `${year}-${pad(month)}-01`;
  const to = `${year}-${pad(month)}-${pad(days)}`;
  const next = month === 12 ? `${year + 1}-01-01` : `${year}-${pad(month + 1)}-01`;
  return { from, to, start: new Date(`${from}T00:00:00+08:00`), end: new Date(`${next}T00:00:00+08:00`) };
}

async function userFigures(db: DbOrTx, area: number | null) {
  const where = and(eq(users.status, 'active'), inArea(users.area, area));
  const [byRole, byArea] = await Promise.all([
    db
      .select({ code: roles.code, name: roles.name, count: int(sql`count(*)`) })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .groupBy(roles.id, roles.code, roles.name)
      .orderBy(roles.id),
    db
      .select({ area: areas.id, name: areas.name, active: areaColumns.active, count: int(sql`count(${users.id})`) })
      .from(areas)
      .leftJoin(users, and(eq(users.area, areas.id), eq(users.status, 'active')))
      .where(inArea(areas.id, area))
      .groupBy(areas.id, areas.name)
      .orderBy(...inOrder),
  ]);
  // An archived village shows while it still has people (ADR 0050).
  const shown = byArea.filter((r) => r.active || r.count > 0).map(({ active: _active, ...r }) => r);
  return { total: byRole.reduce((sum, r) => sum + r.count, 0), byRole, byArea: shown };
}

async function taskFigures(db: DbOrTx, area: number | null) {
  const targeted = area === null ? undefined : targetsArea(area);
  const of = (status: string) => int(sql`count(*) filter (where ${tasks.status} = ${status})`);
  const [row] = await db
    .select({
      published: of('published'),
      overdue: int(sql`count(*) filter (where ${tasks.status} = 'published' and ${tasks.deadline} <= now())`),
      closed: of('closed'),
      draft: of('draft'),
    })
    .from(tasks)
    .where(targeted);
  return row;
}

async function submissionFigures(db: DbOrTx, area: number | null) {
  const of = (status: string) => int(sql`count(*) filter (where ${submissions.status} = ${status})`);
  const [row] = await db
    .select({ pending: of('pending'), approved: of('approved'), rejected: of('rejected') })
    .from(submissions)
    .where(inArea(submissions.area, area));
  return row;
}

/** The (task, area) pairs of published and closed tasks, and which of them an approval completed. */
function workUnits(db: DbOrTx, area: number | null) {
  return db
    .select({
      area: taskAreas.area,
      category: tasks.category,
      taskId: taskAreas.taskId,
      completed:
        sql<boolean>`exists (select 1 from ${submissions} s where s.task_id = ${taskAreas.taskId} and s.area = ${taskAreas.area} and s.status = 'approved')`.as(
          'completed',
        ),
    })
    .from(taskAreas)
    .innerJoin(tasks, eq(tasks.id, taskAreas.taskId))
    .where(and(inArray(tasks.status, [...TASK_ISSUED_STATES]), inArea(taskAreas.area, area)))
    .as('units');
}

async function completionFigures(db: DbOrTx, area: number | null) {
  const units = workUnits(db, area);
  const [byArea, areaSubmissions, byCategory, areaNames] = await Promise.all([
    db
      .select({ area: units.area, targets: int(sql`count(*)`), completed: int(sql`count(*) filter (where ${units.completed})`) })
      .from(units)
      .groupBy(units.area),
    db
      .select({
        area: submissions.area,
        pending: int(sql`count(*) filter (where ${submissions.status} = 'pending')`),
        approved: int(sql`count(*) filter (where ${submissions.status} = 'approved')`),
      })
      .from(submissions)
      .where(inArea(submissions.area, area))
      .groupBy(submissions.area),
    db
      .select({
        category: units.category,
        tasks: int(sql`count(distinct ${units.taskId})`),
        targets: int(sql`count(*)`),
        completed: int(sql`count(*) filter (where ${units.completed})`),
      })
      .from(units)
      .groupBy(units.category),
    listAreas(db, area),
  ]);
  const completionByArea = areaNames.flatMap(({ id, name, active }) => {
    const units = byArea.find((r) => r.area === id);
    const subs = areaSubmissions.find((r) => r.area === id);
    const targets = units?.targets ?? 0;
    const completed = units?.completed ?? 0;
    // An archived village shows while it has figures, so the rows still add up (ADR 0050).
    if (!active && !targets && !subs) return [];
    return [
      {
        area: id,
        name,
        targets,
        completed,
        rate: rate(completed, targets),
        pending: subs?.pending ?? 0,
        approved: subs?.approved ?? 0,
      },
    ];
  });
  const completionByCategory = WORK_CATEGORIES.map(({ id, label }) => {
    const row = byCategory.find((r) => r.category === id);
    const targets = row?.targets ?? 0;
    const completed = row?.completed ?? 0;
    return { category: id, label, tasks: row?.tasks ?? 0, targets, completed, rate: rate(completed, targets) };
  });
  return { completionByArea, completionByCategory };
}

async function appealFigures(db: DbOrTx, area: number | null) {
  const of = (status: AppealStatus) => int(sql`count(*) filter (where ${appeals.status} = ${status})`);
  const [row] = await db
    .select({
      total: int(sql`count(*)`),
      ...(Object.fromEntries(APPEAL_STATUSES.map((s) => [s, of(s)])) as Record<AppealStatus, SQL<number>>),
      overdue: int(sql`count(*) filter (where ${appealOverdue})`),
      rated: int(sql`count(${appeals.satisfaction})`),
      satisfaction: sql<string | null>`round(avg(${appeals.satisfaction}), 1)`,
    })
    .from(appeals)
    .where(inArea(appeals.area, area));
  const byStatus = Object.fromEntries(APPEAL_STATUSES.map((s) => [s, row[s]])) as Record<AppealStatus, number>;
  return {
    total: row.total,
    byStatus,
    overdue: row.overdue,
    satisfaction: row.satisfaction === null ? null : Number(row.satisfaction),
    rated: row.rated,
  };
}

async function photoReportFigures(db: DbOrTx, area: number | null) {
  const of = (status: PhotoReportStatus) => int(sql`count(*) filter (where ${photoReports.status} = ${status})`);
  const [row] = await db
    .select({
      total: int(sql`count(*)`),
      ...(Object.fromEntries(PHOTO_REPORT_STATUSES.map((s) => [s, of(s)])) as Record<PhotoReportStatus, SQL<number>>),
    })
    .from(photoReports)
    .where(inArea(photoReports.area, area));
  return {
    total: row.total,
    byStatus: Object.fromEntries(PHOTO_REPORT_STATUSES.map((s) => [s, row[s]])) as Record<PhotoReportStatus, number>,
  };
}

/** Appeals and photo reports per day of the township's clock, the last STATS_DAYS days, today last. */
async function perDayFigures(db: DbOrTx, area: number | null, now: Date) {
  const dates = Array.from({ length: STATS_DAYS }, (_, i) => localDate(new Date(now.getTime() - (STATS_DAYS - 1 - i) * DAY)));
  const since = new Date(`${dates[0]}T00:00:00+08:00`);
  const appealDay = dayOf(appeals.createdAt);
  const reportDay = dayOf(photoReports.createdAt);
  const [appealRows, reportRows] = await Promise.all([
    db
      .select({ day: appealDay, count: int(sql`count(*)`) })
      .from(appeals)
      .where(and(gte(appeals.createdAt, since), inArea(appeals.area, area)))
      .groupBy(appealDay),
    db
      .select({ day: reportDay, count: int(sql`count(*)`) })
      .from(photoReports)
      .where(and(gte(photoReports.createdAt, since), inArea(photoReports.area, area)))
      .groupBy(reportDay),
  ]);
  return dates.map((date) => ({
    date,
    appeals: appealRows.find((r) => r.day === date)?.count ?? 0,
    photoReports: reportRows.find((r) => r.day === date)?.count ?? 0,
  }));
}

async function lists(db: DbOrTx, area: number | null) {
  const [pointsTop, latestAppeals, latestApprovals] = await Promise.all([
    db
      .select({ userId: users.id, name: users.name, areaName: areas.name, points: users.points })
      .from(users)
      .leftJoin(areas, eq(areas.id, users.area))
      .where(and(eq(users.status, 'active'), sql`${users.points} > 0`, inArea(users.area, area)))
      .orderBy(desc(users.points), users.id)
      .limit(STATS_LIST_SIZE),
    db
      .select({
        id: appeals.id,
        title: appeals.title,
        areaName: areas.name,
        status: appeals.status,
        overdue: appealOverdue,
        createdAt: appeals.createdAt,
      })
      .from(appeals)
      .innerJoin(areas, eq(areas.id, appeals.area))
      .where(inArea(appeals.area, area))
      .orderBy(desc(appeals.createdAt), desc(appeals.id))
      .limit(STATS_LIST_SIZE),
    db
      .select({
        id: submissions.id,
        taskId: submissions.taskId,
        taskTitle: tasks.title,
        userName: users.name,
        areaName: areas.name,
        points: tasks.points,
        reviewedAt: submissions.reviewedAt,
      })
      .from(submissions)
      .innerJoin(tasks, eq(tasks.id, submissions.taskId))
      .innerJoin(users, eq(users.id, submissions.userId))
      .innerJoin(areas, eq(areas.id, submissions.area))
      .where(and(eq(submissions.status, 'approved'), sql`${submissions.reviewedAt} is not null`, inArea(submissions.area, area)))
      .orderBy(desc(submissions.reviewedAt), desc(submissions.id))
      .limit(STATS_LIST_SIZE),
  ]);
  return {
    pointsTop,
    latestAppeals: latestAppeals.map((a) => ({ ...a, overdue: Boolean(a.overdue), createdAt: a.createdAt.toISOString() })),
    latestApprovals: latestApprovals.map((s) => ({ ...s, reviewedAt: (s.reviewedAt as Date).toISOString() })),
  };
}

async function newsFigures(db: DbOrTx, area: number | null, now: Date) {
  const month = currentMonth(now);
  const [row] = await db
    .select({ publishedThisMonth: int(sql`count(*)`) })
    .from(news)
    .where(and(eq(news.status, 'published'), gte(news.publishedAt, month.start), lt(news.publishedAt, month.end), inArea(news.area, area)));
  return { publishedThisMonth: row.publishedThisMonth, month: { from: month.from, to: month.to } };
}

/** Every figure of the dashboard and the wall display, for one area or (null) the township. */
async function countOverview(db: DbOrTx, area: number | null, now = new Date()): Promise<StatsOverview> {
  // One query at a time: PGlite has a single connection anyway, and a pool stays free for others.
  const usersFigures = await userFigures(db, area);
  const taskFig = await taskFigures(db, area);
  const submissionFig = await submissionFigures(db, area);
  const completion = await completionFigures(db, area);
  const appealFig = await appealFigures(db, area);
  const photoFig = await photoReportFigures(db, area);
  const perDay = await perDayFigures(db, area, now);
  const newsFig = await newsFigures(db, area, now);
  const listFig = await lists(db, area);
  const [named] = area === null ? [] : await db.select({ name: areas.name }).from(areas).where(eq(areas.id, area));
  return {
    generatedAt: now.toISOString(),
    area,
    areaName: area === null ? '全镇' : (named?.name ?? ''),
    users: usersFigures,
    tasks: taskFig,
    submissions: submissionFig,
    ...completion,
    appeals: appealFig,
    photoReports: photoFig,
    perDay,
    news: newsFig,
    ...listFig,
  };
}

/**
 * Answers are kept a few seconds per area: a wall display, a dozen dashboards and the screen's
 * refresh all share one count. A failed count is not kept.
 */
export function statsCache(ttlMs: number) {
  const kept = new Map<string, { at: number; answer: Promise<StatsOverview> }>();
  return (db: DbOrTx, area: number | null): Promise<StatsOverview> => {
    const key = String(area);
    const hit = kept.get(key);
    if (ttlMs > 0 && hit && Date.now() - hit.at < ttlMs) return hit.answer;
    const answer = countOverview(db, area);
    if (ttlMs > 0) {
      kept.set(key, { at: Date.now(), answer });
      answer.catch(() => kept.delete(key));
    }
    return answer;
  };
}
