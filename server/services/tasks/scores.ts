import { and, asc, count, desc, eq, gt, gte, ilike, inArray, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, unionAll } from 'drizzle-orm/pg-core';
import type { PageResult } from '../../../common/contracts/base';
import type { LedgerEntry, LedgerQuery, MyScore, RankingQuery, RankingRow } from '../../../common/contracts/scores';
import { type ScoreSource, TASK_ROLE_CODES } from '../../../common/constants';
import type { Db, DbOrTx } from '../../db/client';
import { areas, roles, scoreDaily, scoreLedger, scoreWeekly, submissions, tasks, userGroups, users } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { containsPattern, inScope, scopeCondition } from '../scope';
import type { AuthUser } from '../accounts/sessions';
import { EXPORT_BATCH, xlsxStream } from '../../lib/xlsx';

// ---- Ranking ----

type RankingFilters = Omit<RankingQuery, 'current' | 'pageSize' | 'sortOrder'>;

/**
 * Who appears in a ranking: those who can earn task points (task roles), and anyone else the
 * ledger has given or taken points (a manual award to a staff member).
 */
const taskRoleIds = (db: DbOrTx) =>
  db
    .select({ id: roles.id })
    .from(roles)
    .where(inArray(roles.code, [...TASK_ROLE_CODES]));

const DAY_MS = 86400_000;
/** China keeps UTC+8 all year; score_daily's days are Beijing days (migration 0005). */
const BEIJING_OFFSET_MS = 8 * 3600_000;
const beijingDayStart = (t: number) => Math.floor((t + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
const beijingDay = (dayStart: number) => new Date(dayStart + BEIJING_OFFSET_MS).toISOString().slice(0, 10);

/** Days since the Monday of a Beijing day (Monday 0 … Sunday 6). */
const daysSinceMonday = (dayStart: number) => (new Date(dayStart + BEIJING_OFFSET_MS).getUTCDay() + 6) % 7;
const mondayOnOrAfter = (dayStart: number) => {
  const k = daysSinceMonday(dayStart);
  return k === 0 ? dayStart : dayStart + (7 - k) * DAY_MS;
};
const mondayOnOrBefore = (dayStart: number) => dayStart - daysSinceMonday(dayStart) * DAY_MS;

/** A points source as (user_id, points) rows. */
const pointRows = (userId: AnyPgColumn, points: AnyPgColumn) => ({
  userId: sql<number>`${userId}`.as('user_id'),
  points: sql<number>`${points}`.as('points'),
});

/** Points per user and day of the Beijing days in [lo, hi) (either end open), from score_daily. */
export const dailyPoints = (db: DbOrTx, lo: string | undefined, hi: string | undefined) =>
  db
    .select(pointRows(scoreDaily.userId, scoreDaily.points))
    .from(scoreDaily)
    .where(and(lo !== undefined ? gte(scoreDaily.day, lo) : undefined, hi !== undefined ? lt(scoreDaily.day, hi) : undefined));

/** Points per user and week of the weeks whose Mondays are in [lo, hi) (either end open), from score_weekly. */
export const weeklyPoints = (db: DbOrTx, lo: string | undefined, hi: string | undefined) =>
  db
    .select(pointRows(scoreWeekly.userId, scoreWeekly.points))
    .from(scoreWeekly)
    .where(and(lo !== undefined ? gte(scoreWeekly.week, lo) : undefined, hi !== undefined ? lt(scoreWeekly.week, hi) : undefined));

/** Points per user and ledger entry made within [lo, hi) or [lo, hi] (either end open). */
const ledgerPoints = (db: DbOrTx, lo: number | undefined, hi: number | undefined, hiInclusive: boolean) =>
  db
    .select(pointRows(scoreLedger.userId, scoreLedger.delta))
    .from(scoreLedger)
    .where(
      and(
        lo !== undefined ? gte(scoreLedger.createdAt, new Date(lo)) : undefined,
        hi !== undefined ? (hiInclusive ? lte : lt)(scoreLedger.createdAt, new Date(hi)) : undefined,
      ),
    );

type PointsPart = ReturnType<typeof dailyPoints> | ReturnType<typeof weeklyPoints> | ReturnType<typeof ledgerPoints>;

/** The per-user sum of points sources, as the subquery "period" (user_id, period_points). */
export function pointsPerUser(db: DbOrTx, parts: PointsPart[]) {
  const [first, ...rest] = parts;
  // The parts differ only in the table they read: to unionAll they are selects of one type.
  type Same = ReturnType<typeof dailyPoints>;
  const sub = (rest.length ? unionAll(first as Same, ...(rest as [Same])) : first).as('parts');
  return db
    .select({ userId: sub.userId, points: sql<number>`sum(${sub.points})::int`.as('period_points') })
    .from(sub)
    .groupBy(sub.userId)
    .as('period');
}

/**
 * Points per user earned within [from, to] (either end open), from the coarsest rows that fit:
 * whole Beijing weeks from score_weekly, the whole days around them from score_daily, the partial
 * first and last days from the ledger's entries. The same sums as over the ledger alone, from a few
 * rows per person instead of every entry.
 */
export function periodPoints(db: DbOrTx, from: number | undefined, to: number | undefined) {
  // Whole days are [fullFrom, fullTo): the first midnight at or after `from`, the last at or before `to`.
  const fullFrom = from === undefined ? undefined : beijingDayStart(from) === from ? from : beijingDayStart(from) + DAY_MS;
  const fullTo = to === undefined ? undefined : beijingDayStart(to);
  const day = (t: number | undefined) => (t === undefined ? undefined : beijingDay(t));
  const days = (lo: number | undefined, hi: number | undefined) => dailyPoints(db, day(lo), day(hi));
  const weeks = (lo: number | undefined, hi: number | undefined) => weeklyPoints(db, day(lo), day(hi));

  const parts: PointsPart[] = [];
  if (fullFrom !== undefined && fullTo !== undefined && fullFrom >= fullTo) {
    parts.push(ledgerPoints(db, from, to, true)); // shorter than a day, or within one
  } else {
    // Whole weeks are [weekFrom, weekTo): Mondays inside the whole days.
    const weekFrom = fullFrom === undefined ? undefined : mondayOnOrAfter(fullFrom);
    const weekTo = fullTo === undefined ? undefined : mondayOnOrBefore(fullTo);
    if (weekFrom === undefined || weekTo === undefined || weekFrom < weekTo) {
      parts.push(weeks(weekFrom, weekTo));
      if (fullFrom !== undefined && weekFrom !== undefined && fullFrom < weekFrom) parts.push(days(fullFrom, weekFrom));
      if (fullTo !== undefined && weekTo !== undefined && weekTo < fullTo) parts.push(days(weekTo, fullTo));
    } else {
      parts.push(days(fullFrom, fullTo));
    }
    if (from !== undefined && fullFrom !== undefined && from < fullFrom) parts.push(ledgerPoints(db, from, fullFrom, false));
    if (to !== undefined && fullTo !== undefined) parts.push(ledgerPoints(db, fullTo, to, true));
  }
  return pointsPerUser(db, parts);
}

function rankingSource(db: DbOrTx, caller: AuthUser, filters: RankingFilters) {
  const conditions: Array<SQL | undefined> = [ne(users.status, 'pending'), scopeCondition(caller, { area: users.area, owner: users.id })];
  if (filters.area) conditions.push(eq(users.area, filters.area));
  if (filters.groupId) {
    conditions.push(
      sql`exists (select 1 from ${userGroups} where ${userGroups.userId} = ${users.id} and ${userGroups.groupId} = ${filters.groupId})`,
    );
  }
  if (filters.name?.trim()) conditions.push(ilike(users.name, containsPattern(filters.name.trim())));

  if (!filters.from && !filters.to) {
    // All time: users.points is kept equal to the sum of the ledger, and indexed.
    return {
      points: sql`${users.points}`,
      join: undefined,
      where: and(...conditions, or(inArray(users.roleId, taskRoleIds(db)), ne(users.points, 0))),
    };
  }
  // A period: whole weeks and days from the summaries, the partial days at its ends from the ledger.
  const period = periodPoints(db, filters.from ? Date.parse(filters.from) : undefined, filters.to ? Date.parse(filters.to) : undefined);
  return {
    points: sql`coalesce(${period.points}, 0)`,
    join: period,
    where: and(...conditions, or(inArray(users.roleId, taskRoleIds(db)), sql`${period.userId} is not null`)),
  };
}

/** One page of the ranking: dense ranks by points, ties ordered by name, then id. */
async function rankingRows(
  db: DbOrTx,
  caller: AuthUser,
  filters: RankingFilters,
  limit: number,
  offset: number,
): Promise<Array<RankingRow & { total: number }>> {
  const source = rankingSource(db, caller, filters);
  const columns = {
    rank: sql<number>`(dense_rank() over (order by ${source.points} desc))::int`.mapWith(Number),
    userId: users.id,
    name: users.name,
    account: users.account,
    area: users.area,
    areaName: areas.name,
    points: sql<number>`(${source.points})::int`.mapWith(Number),
    // Every ranked row is computed for the ranks anyway: counting them here saves a second pass.
    total: sql<number>`(count(*) over ())::int`.mapWith(Number),
  };
  const base = db.select(columns).from(users).leftJoin(areas, eq(areas.id, users.area));
  const joined = source.join ? base.leftJoin(source.join, eq(source.join.userId, users.id)) : base;
  return joined
    .where(source.where)
    .orderBy(sql`${source.points} desc`, asc(users.name), asc(users.id))
    .limit(limit)
    .offset(offset);
}

async function rankingTotal(db: DbOrTx, caller: AuthUser, filters: RankingFilters): Promise<number> {
  const source = rankingSource(db, caller, filters);
  const base = db.select({ total: count() }).from(users);
  const joined = source.join ? base.leftJoin(source.join, eq(source.join.userId, users.id)) : base;
  const [{ total }] = await joined.where(source.where);
  return total;
}

export async function rankingPage(db: DbOrTx, caller: AuthUser, query: RankingQuery): Promise<PageResult<RankingRow>> {
  const offset = (query.current - 1) * query.pageSize;
  const rows = await rankingRows(db, caller, query, query.pageSize, offset);
  // A page past the end has no row to carry the total.
  const total = rows.length ? rows[0].total : offset > 0 ? await rankingTotal(db, caller, query) : 0;
  const list = rows.map(({ total: _total, ...row }) => row);
  return { list, total, current: query.current, pageSize: query.pageSize };
}

// ---- Export ----

export const EXPORT_HEADER = ['排名', '姓名', '账号', '所属区域', '积分'];
type RankingExportRow = Awaited<ReturnType<typeof rankingRows>>[number];

/** The ranking as an .xlsx stream, batch by batch (see xlsxStream). */
export function exportRanking(db: DbOrTx, caller: AuthUser, filters: RankingFilters, batchSize = EXPORT_BATCH) {
  const widths = [8, 16, 18, 14, 10];
  const values: Array<(row: RankingExportRow) => string | number> = [
    (row) => row.rank,
    (row) => row.name,
    (row) => row.account,
    (row) => row.areaName ?? '',
    (row) => row.points,
  ];
  return xlsxStream({
    sheet: '积分排行',
    columns: EXPORT_HEADER.map((header, i) => ({ header, width: widths[i], value: values[i] })),
    batch: (limit, offset) => rankingRows(db, caller, filters, limit, offset),
    batchSize,
  });
}

// ---- Ledger ----

const operator = alias(users, 'operator');
const ledgerColumns = {
  id: scoreLedger.id,
  userId: scoreLedger.userId,
  delta: scoreLedger.delta,
  reason: scoreLedger.reason,
  source: scoreLedger.source,
  submissionId: scoreLedger.submissionId,
  taskId: submissions.taskId,
  taskTitle: tasks.title,
  operatorId: scoreLedger.operatorId,
  operatorName: operator.name,
  createdAt: scoreLedger.createdAt,
};
const selectLedger = (db: DbOrTx) =>
  db
    .select(ledgerColumns)
    .from(scoreLedger)
    .leftJoin(submissions, eq(submissions.id, scoreLedger.submissionId))
    .leftJoin(tasks, eq(tasks.id, submissions.taskId))
    .leftJoin(operator, eq(operator.id, scoreLedger.operatorId));
type LedgerRow = Awaited<ReturnType<typeof selectLedger>>[number];
const toEntry = (row: LedgerRow): LedgerEntry => ({
  ...row,
  source: row.source as ScoreSource,
  createdAt: row.createdAt.toISOString(),
});

/** The user's entries, newest first, with their all-time points; 404 outside the caller's scope. */
export async function ledgerPage(db: DbOrTx, caller: AuthUser, query: LedgerQuery) {
  const [user] = await db.select({ id: users.id, area: users.area, points: users.points }).from(users).where(eq(users.id, query.userId));
  if (!user || !inScope(caller, { area: user.area, owner: user.id })) throw notFound('用户');
  const where = and(
    eq(scoreLedger.userId, query.userId),
    query.from ? gte(scoreLedger.createdAt, new Date(query.from)) : undefined,
    query.to ? lte(scoreLedger.createdAt, new Date(query.to)) : undefined,
  );
  const order = query.sortOrder === 'ascend' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectLedger(db)
      .where(where)
      .orderBy(order(scoreLedger.createdAt), order(scoreLedger.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(scoreLedger).where(where),
  ]);
  return { list: rows.map(toEntry), total, current: query.current, pageSize: query.pageSize, points: user.points };
}

export async function ledgerEntry(db: DbOrTx, id: number): Promise<LedgerEntry> {
  const [row] = await selectLedger(db).where(eq(scoreLedger.id, id));
  if (!row) throw notFound('积分记录');
  return toEntry(row);
}

/** A manual correction: a new entry with its operator, and the user's total moved by the same delta. */
export async function adjustPoints(db: Db, operatorId: number, body: { userId: number; delta: number; reason: string }): Promise<number> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, body.userId));
  if (!user) throw badRequest('userId', '用户', '用户不存在');
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(scoreLedger)
      .values({ userId: body.userId, delta: body.delta, reason: body.reason.trim(), source: 'manual', operatorId })
      .returning({ id: scoreLedger.id });
    await tx
      .update(users)
      .set({ points: sql`${users.points} + ${body.delta}` })
      .where(eq(users.id, body.userId));
    return entry.id;
  });
}

// ---- The caller's own ----

const RECENT_ENTRIES = 10;

export async function myScore(db: DbOrTx, caller: AuthUser): Promise<MyScore> {
  const [me] = await db.select({ points: users.points }).from(users).where(eq(users.id, caller.id));
  const points = me?.points ?? 0;
  let areaRank: number | null = null;
  if (caller.area !== null) {
    // Dense, as in the ranking: one more than the number of distinct higher totals in the area.
    const [{ higher }] = await db
      .select({ higher: sql<number>`count(distinct ${users.points})::int`.mapWith(Number) })
      .from(users)
      .where(and(eq(users.area, caller.area), ne(users.status, 'pending'), gt(users.points, points)));
    areaRank = higher + 1;
  }
  const recent = (
    await selectLedger(db)
      .where(eq(scoreLedger.userId, caller.id))
      .orderBy(desc(scoreLedger.createdAt), desc(scoreLedger.id))
      .limit(RECENT_ENTRIES)
  ).map(toEntry);
  return { points, areaRank, recent, lastEntryAt: recent[0]?.createdAt ?? null };
}
