import { and, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { StatsOverview } from '../../../common/contracts/stats';
import {
  type AppealStatus,
  APPEAL_SOURCE_LABELS,
  APPEAL_REGISTERED_SOURCES,
  APPEAL_SOURCES,
  APPEAL_STATUSES,
  STATS_DAYS,
  STATS_LIST_SIZE,
  TASK_ISSUED_STATES,
  WORK_CATEGORIES,
  type PhotoReportStatus,
  PHOTO_REPORT_STATUSES,
} from '../../../common/constants';
import type { DbOrTx } from '../../db/client';
import { appeals, areas, dayCounts, news, roles, rowCounts, submissions, taskAreaCounts, tasks, users } from '../../db/schema';
import type { AuthUser } from '../accounts/sessions';
import { forbidden } from '../../errors';
import { figureArea } from '../scope';
import { appealOverdue } from '../people/peopleCommon';
import { targetsArea } from '../tasks/tasks';
import { localDate } from '../../lib/workingDays';
import { areaColumns, inOrder, listAreas } from '../system/areas';

// The figures come from summaries the database keeps by trigger in the writing transaction
// (row_counts, task_area_counts, day_counts; ADR 0013, ADR 0057): a few hundred rows whatever the
// history. Only what depends on the clock (overdue tasks and appeals) and the short lists are read
// from the tables, on indexes. ADR 0010 says what each figure means.

const DAY = 86400_000;
const int = (expression: SQL) => sql<number>`(${expression})::int`;

const NO_FIGURES = '统计数字按村（社区）汇总，数据范围为“仅本人数据”的账号不能查看';

/**
 * The area a caller's figures (this overview and the 通报) are limited to: null for the township,
 * or their own area. A reach of own rows gets none (docs/product.md §10): 403.
 */
export function statsArea(caller: AuthUser): number | null {
  const area = figureArea(caller);
  if (area === undefined) throw forbidden(NO_FIGURES);
  return area;
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

/** A sum of summary rows as an int (0 for none). */
const total = (column: PgColumn) => int(sql`coalesce(sum(${column}), 0)`);

/** Tasks per status from the summaries: the township's from row_counts, a village's from its work units. */
async function taskFigures(db: DbOrTx, area: number | null) {
  const byStatus =
    area === null
      ? await db
          .select({ status: rowCounts.status, n: total(rowCounts.n) })
          .from(rowCounts)
          .where(eq(rowCounts.entity, 'tasks'))
          .groupBy(rowCounts.status)
      : await db
          .select({ status: taskAreaCounts.status, n: total(taskAreaCounts.targets) })
          .from(taskAreaCounts)
          .where(eq(taskAreaCounts.area, area))
          .groupBy(taskAreaCounts.status);
  // Overdue depends on the clock, so it is counted: published tasks past their deadline, on a partial index.
  const [{ overdue }] = await db
    .select({ overdue: int(sql`count(*)`) })
    .from(tasks)
    .where(and(eq(tasks.status, 'published'), sql`${tasks.deadline} <= now()`, area === null ? undefined : targetsArea(area)));
  const of = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  return { published: of('published'), overdue, closed: of('closed'), draft: of('draft') };
}

/** A table's rows per status and village from row_counts (ADR 0013), for one village or all. */
function countedByStatus(db: DbOrTx, entity: 'submissions' | 'appeals' | 'photo_reports', area: number | null) {
  return db
    .select({
      status: rowCounts.status,
      area: rowCounts.area,
      n: total(rowCounts.n),
      rated: total(rowCounts.rated),
      ratingSum: total(rowCounts.ratingSum),
    })
    .from(rowCounts)
    .where(and(eq(rowCounts.entity, entity), inArea(rowCounts.area, area)))
    .groupBy(rowCounts.status, rowCounts.area);
}

type Counted = Awaited<ReturnType<typeof countedByStatus>>;
const sumOf = (rows: Counted, pick: (row: Counted[number]) => boolean, field: 'n' | 'rated' | 'ratingSum' = 'n') =>
  rows.filter(pick).reduce((sum, r) => sum + r[field], 0);

async function submissionFigures(db: DbOrTx, area: number | null) {
  const rows = await countedByStatus(db, 'submissions', area);
  const of = (status: string) => sumOf(rows, (r) => r.status === status);
  return { figures: { pending: of('pending'), approved: of('approved'), rejected: of('rejected') }, rows };
}

/**
 * Completion per village and work category from task_area_counts: (task, village) units of
 * published and closed tasks, and those an approval completed (ADR 0057).
 */
async function completionFigures(db: DbOrTx, area: number | null, submissionRows: Counted) {
  const issued = and(inArray(taskAreaCounts.status, [...TASK_ISSUED_STATES]), inArea(taskAreaCounts.area, area));
  const [byArea, byCategory, issuedTasks, areaNames] = await Promise.all([
    db
      .select({ area: taskAreaCounts.area, targets: total(taskAreaCounts.targets), completed: total(taskAreaCounts.completed) })
      .from(taskAreaCounts)
      .where(issued)
      .groupBy(taskAreaCounts.area),
    db
      .select({ category: taskAreaCounts.category, targets: total(taskAreaCounts.targets), completed: total(taskAreaCounts.completed) })
      .from(taskAreaCounts)
      .where(issued)
      .groupBy(taskAreaCounts.category),
    // The township counts each task once; a village's tasks are its units (one per task).
    area === null
      ? db
          .select({ category: rowCounts.category, n: total(rowCounts.n) })
          .from(rowCounts)
          .where(and(eq(rowCounts.entity, 'tasks'), inArray(rowCounts.status, [...TASK_ISSUED_STATES])))
          .groupBy(rowCounts.category)
      : undefined,
    listAreas(db, area),
  ]);
  const completionByArea = areaNames.flatMap(({ id, name, active }) => {
    const units = byArea.find((r) => r.area === id);
    const subs = submissionRows.filter((r) => r.area === id);
    const targets = units?.targets ?? 0;
    const completed = units?.completed ?? 0;
    const pending = sumOf(subs, (r) => r.status === 'pending');
    const approved = sumOf(subs, (r) => r.status === 'approved');
    // An archived village shows while it has figures, so the rows still add up (ADR 0050).
    if (!active && !targets && !subs.some((r) => r.n)) return [];
    return [{ area: id, name, targets, completed, rate: rate(completed, targets), pending, approved }];
  });
  const completionByCategory = WORK_CATEGORIES.map(({ id, label }) => {
    const row = byCategory.find((r) => r.category === id);
    const targets = row?.targets ?? 0;
    const completed = row?.completed ?? 0;
    const tasksOf = issuedTasks ? (issuedTasks.find((r) => r.category === id)?.n ?? 0) : targets;
    return { category: id, label, tasks: tasksOf, targets, completed, rate: rate(completed, targets) };
  });
  return { completionByArea, completionByCategory };
}

async function appealFigures(db: DbOrTx, area: number | null) {
  const rows = await countedByStatus(db, 'appeals', area);
  // Overdue depends on the clock: open appeals past their due time, on a partial index of open ones.
  const [{ overdue }] = await db
    .select({ overdue: int(sql`count(*)`) })
    .from(appeals)
    .where(and(appealOverdue, inArea(appeals.area, area)));
  const all = () => true;
  const rated = sumOf(rows, all, 'rated');
  const ratingSum = sumOf(rows, all, 'ratingSum');
  const byStatus = Object.fromEntries(APPEAL_STATUSES.map((s) => [s, sumOf(rows, (r) => r.status === s)])) as Record<AppealStatus, number>;
  // Sources other than the phone pages' and call-back ratings are a small part of the table, read
  // on their indexes; the phone pages' count is the rest (ADR 0054).
  const registered = await db
    .select({ source: appeals.source, count: int(sql`count(*)`) })
    .from(appeals)
    .where(and(inArray(appeals.source, [...APPEAL_REGISTERED_SOURCES]), inArea(appeals.area, area)))
    .groupBy(appeals.source);
  const [{ ratedByCallback }] = await db
    .select({ ratedByCallback: int(sql`count(*)`) })
    .from(appeals)
    .where(and(eq(appeals.satisfactionSource, 'callback'), inArea(appeals.area, area)));
  const total = sumOf(rows, all);
  const registeredTotal = registered.reduce((n, r) => n + r.count, 0);
  return {
    total,
    byStatus,
    overdue,
    // The average to one decimal, halves rounded up, in whole numbers (no binary fraction to round wrong).
    satisfaction: rated ? Math.floor((ratingSum * 20 + rated) / (rated * 2)) / 10 : null,
    rated,
    ratedByCallback,
    bySource: APPEAL_SOURCES.map((source) => ({
      source,
      label: APPEAL_SOURCE_LABELS[source],
      count: source === 'online' ? total - registeredTotal : (registered.find((r) => r.source === source)?.count ?? 0),
    })),
  };
}

async function photoReportFigures(db: DbOrTx, area: number | null) {
  const rows = await countedByStatus(db, 'photo_reports', area);
  return {
    total: sumOf(rows, () => true),
    byStatus: Object.fromEntries(PHOTO_REPORT_STATUSES.map((s) => [s, sumOf(rows, (r) => r.status === s)])) as Record<
      PhotoReportStatus,
      number
    >,
  };
}

/** Appeals and photo reports per day of the township's clock, the last STATS_DAYS days, today last, from day_counts. */
async function perDayFigures(db: DbOrTx, area: number | null, now: Date) {
  const dates = Array.from({ length: STATS_DAYS }, (_, i) => localDate(new Date(now.getTime() - (STATS_DAYS - 1 - i) * DAY)));
  const rows = await db
    .select({ entity: dayCounts.entity, day: dayCounts.day, n: total(dayCounts.n) })
    .from(dayCounts)
    .where(and(inArray(dayCounts.entity, ['appeals', 'photo_reports']), gte(dayCounts.day, dates[0]), inArea(dayCounts.area, area)))
    .groupBy(dayCounts.entity, dayCounts.day);
  const of = (entity: string, date: string) => rows.find((r) => r.entity === entity && r.day === date)?.n ?? 0;
  return dates.map((date) => ({ date, appeals: of('appeals', date), photoReports: of('photo_reports', date) }));
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
  // One query at a time: one pooled connection serves the whole count, and the pool stays free for
  // the requests of others.
  const usersFigures = await userFigures(db, area);
  const taskFig = await taskFigures(db, area);
  const submissionFig = await submissionFigures(db, area);
  const completion = await completionFigures(db, area, submissionFig.rows);
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
    submissions: submissionFig.figures,
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
