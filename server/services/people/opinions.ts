import { and, asc, count, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PageResult } from '../../../common/contracts/base';
import type {
  OpinionBody,
  OpinionItem,
  OpinionKeyword,
  OpinionKeywordQuery,
  OpinionListQuery,
  OpinionTrendDay,
} from '../../../common/contracts/people';
import {
  OPINION_KEYWORDS_MAX,
  OPINION_MANUAL_SOURCES,
  OPINION_TREND_DAYS,
  PEOPLE_MESSAGES,
  TIME_ZONE,
  type OpinionStatus,
} from '../../../common/constants';
import type { Db, DbOrTx } from '../../db/client';
import { areas, opinionKeywords, opinions, users } from '../../db/schema';
import { AppError, badRequest, conflict, isUniqueViolation, notFound } from '../../errors';
import { dbNow, iso } from './peopleCommon';
import { containsPattern, outsideBoundArea, periodCondition, scopeCondition } from '../scope';
import type { AuthUser } from '../accounts/sessions';
import { localDate } from '../../lib/workingDays';
import { assertActiveAreas } from '../system/areas';

// 舆情监测: items staff record by hand, and items the keyword watch makes from appeals and photo
// reports. Scope: all sees everything; area its own area's items; self what it recorded.

const opinionScope = (caller: AuthUser): SQL | undefined => scopeCondition(caller, { area: opinions.area, owner: opinions.createdById });

const selectOpinions = (db: DbOrTx) =>
  db
    .select({
      id: opinions.id,
      source: opinions.source,
      title: opinions.title,
      summary: opinions.summary,
      link: opinions.link,
      sentiment: opinions.sentiment,
      level: opinions.level,
      area: opinions.area,
      areaName: areas.name,
      status: opinions.status,
      appealId: opinions.appealId,
      photoReportId: opinions.photoReportId,
      keyword: opinions.keyword,
      createdById: opinions.createdById,
      createdByName: users.name,
      createdAt: opinions.createdAt,
      handledAt: opinions.handledAt,
    })
    .from(opinions)
    .leftJoin(areas, eq(areas.id, opinions.area))
    .leftJoin(users, eq(users.id, opinions.createdById));
type OpinionRowJoined = Awaited<ReturnType<typeof selectOpinions>>[number];

const toItem = ({ createdById, ...row }: OpinionRowJoined): OpinionItem => ({
  ...row,
  sentiment: row.sentiment,
  status: row.status,
  areaName: row.area === null ? '全镇' : (row.areaName ?? ''),
  createdByName: createdById === null ? (row.keyword ? '关键词监测' : '已删除用户') : (row.createdByName ?? '已删除用户'),
  createdAt: row.createdAt.toISOString(),
  handledAt: iso(row.handledAt),
});

export async function listOpinions(db: DbOrTx, caller: AuthUser, query: OpinionListQuery): Promise<PageResult<OpinionItem>> {
  const conditions: Array<SQL | undefined> = [opinionScope(caller)];
  if (query.status) conditions.push(eq(opinions.status, query.status));
  if (query.sentiment) conditions.push(eq(opinions.sentiment, query.sentiment));
  if (query.level) conditions.push(eq(opinions.level, query.level));
  if (query.source) conditions.push(eq(opinions.source, query.source));
  if (query.area) conditions.push(eq(opinions.area, query.area));
  conditions.push(periodCondition(opinions.createdAt, query.from, query.to));
  const keyword = query.keyword?.trim();
  if (keyword) {
    const pattern = containsPattern(keyword);
    conditions.push(or(ilike(opinions.title, pattern), ilike(opinions.summary, pattern), ilike(opinions.keyword, pattern)));
  }
  const where = and(...conditions);
  const order = query.sortOrder === 'ascend' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectOpinions(db)
      .where(where)
      .orderBy(order(opinions.createdAt), order(opinions.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(opinions).where(where),
  ]);
  return { list: rows.map(toItem), total, current: query.current, pageSize: query.pageSize };
}

export async function opinionOrFail(db: DbOrTx, id: number, caller?: AuthUser): Promise<OpinionItem> {
  const [row] = await selectOpinions(db).where(and(eq(opinions.id, id), caller ? opinionScope(caller) : undefined));
  if (!row) throw notFound('舆情');
  return toItem(row);
}

/** 群众诉求 and 随手拍 are the keyword watch's sources: a person picks them only by keeping them. */
function assertSource(body: OpinionBody, current?: number) {
  const manual = (OPINION_MANUAL_SOURCES as readonly number[]).includes(body.source);
  if (!manual && body.source !== current) throw badRequest('source', '来源', PEOPLE_MESSAGES.opinionAutoSource);
}

/** An area outside an area-scoped recorder's own is refused, like news (ADR 0007). */
function assertArea(caller: AuthUser, area: number | null) {
  if (outsideBoundArea(caller, area)) {
    throw badRequest('area', '相关区域', '只能登记本村（社区）的舆情');
  }
}

const bodyValues = (body: OpinionBody) => ({
  source: body.source,
  title: body.title.trim(),
  summary: body.summary.trim(),
  link: body.link.trim(),
  sentiment: body.sentiment,
  level: body.level,
  area: body.area,
});

export async function createOpinion(db: DbOrTx, caller: AuthUser, body: OpinionBody): Promise<number> {
  assertSource(body);
  assertArea(caller, body.area);
  await assertActiveAreas(db, [body.area], 'area', '相关区域');
  const [row] = await db
    .insert(opinions)
    .values({ ...bodyValues(body), createdById: caller.id })
    .returning({ id: opinions.id });
  return row.id;
}

export async function updateOpinion(db: DbOrTx, caller: AuthUser, id: number, body: OpinionBody): Promise<void> {
  const current = await opinionOrFail(db, id, caller);
  assertSource(body, current.source);
  assertArea(caller, body.area);
  await assertActiveAreas(db, [body.area], 'area', '相关区域', current.area === null ? [] : [current.area]);
  await db
    .update(opinions)
    .set({ ...bodyValues(body), updatedAt: dbNow })
    .where(eq(opinions.id, id));
}

export async function deleteOpinion(db: DbOrTx, caller: AuthUser, id: number): Promise<void> {
  const [row] = await db
    .delete(opinions)
    .where(and(eq(opinions.id, id), opinionScope(caller)))
    .returning({ id: opinions.id });
  if (!row) throw notFound('舆情');
}

/** monitoring → handled, or back; the WHERE on the state makes a repeated click a 409. */
export async function setOpinionStatus(db: DbOrTx, caller: AuthUser, id: number, to: OpinionStatus): Promise<void> {
  const from: OpinionStatus = to === 'handled' ? 'monitoring' : 'handled';
  const [row] = await db
    .update(opinions)
    .set({ status: to, handledAt: to === 'handled' ? dbNow : null, updatedAt: dbNow })
    .where(and(eq(opinions.id, id), eq(opinions.status, from), opinionScope(caller)))
    .returning({ id: opinions.id });
  if (row) return;
  await opinionOrFail(db, id, caller);
  throw new AppError(409, to === 'handled' ? PEOPLE_MESSAGES.opinionHandled : PEOPLE_MESSAGES.opinionMonitoring);
}

/** Items per day of the township's clock and sentiment, the last OPINION_TREND_DAYS days, zeros included. */
export async function opinionTrend(db: DbOrTx, caller: AuthUser, now = new Date()): Promise<OpinionTrendDay[]> {
  const DAY = 86400_000;
  const dates = Array.from({ length: OPINION_TREND_DAYS }, (_, i) =>
    localDate(new Date(now.getTime() - (OPINION_TREND_DAYS - 1 - i) * DAY)),
  );
  // The first day's midnight on the township's clock, as an instant.
  const since = new Date(`${dates[0]}T00:00:00+08:00`);
  const until = new Date(new Date(`${dates[dates.length - 1]}T00:00:00+08:00`).getTime() + DAY);
  // The zone is written into the SQL (a constant): as a parameter, the grouped expression and the
  // selected one would differ ($1 vs $2) and PostgreSQL would refuse the GROUP BY.
  const day = sql<string>`to_char(${opinions.createdAt} at time zone ${sql.raw(`'${TIME_ZONE}'`)}, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, sentiment: opinions.sentiment, total: sql<number>`count(*)::int` })
    .from(opinions)
    .where(and(gte(opinions.createdAt, since), lt(opinions.createdAt, until), opinionScope(caller)))
    .groupBy(day, opinions.sentiment);
  const byDay = new Map(dates.map((date) => [date, { date, positive: 0, neutral: 0, negative: 0 }]));
  for (const row of rows) {
    const entry = byDay.get(row.day);
    if (entry && (row.sentiment === 'positive' || row.sentiment === 'neutral' || row.sentiment === 'negative')) {
      entry[row.sentiment] += row.total;
    }
  }
  return [...byDay.values()];
}

// ---- The keyword watch ----

/**
 * Makes one opinion item for a new appeal or photo report whose text holds watch keywords, in the
 * caller's transaction, and counts the match on each keyword. Keywords are few (at most
 * OPINION_KEYWORDS_MAX), so the database checks them all against the text.
 */
export async function raiseWatchedOpinion(
  tx: DbOrTx,
  text: string,
  item: { source: number; title: string; summary: string; area: number; appealId?: number; photoReportId?: number; level?: number },
): Promise<number | undefined> {
  const matched = await tx
    .update(opinionKeywords)
    .set({ matches: sql`${opinionKeywords.matches} + 1` })
    .where(sql`strpos(lower(${text}::text), lower(${opinionKeywords.keyword})) > 0`)
    .returning({ id: opinionKeywords.id, keyword: opinionKeywords.keyword });
  if (!matched.length) return undefined;
  const keywords = matched.sort((a, b) => a.id - b.id).map((k) => k.keyword);
  const [row] = await tx
    .insert(opinions)
    .values({
      source: item.source,
      title: item.title.slice(0, 100),
      summary: item.summary.slice(0, 1000),
      link: '',
      // A villager raising a problem is a complaint until someone judges otherwise.
      sentiment: 'negative',
      level: item.level ?? 1,
      area: item.area,
      appealId: item.appealId ?? null,
      photoReportId: item.photoReportId ?? null,
      keyword: keywords.join('、'),
      createdById: null,
    })
    .returning({ id: opinions.id });
  return row.id;
}

const selectKeywords = (db: DbOrTx) =>
  db
    .select({
      id: opinionKeywords.id,
      keyword: opinionKeywords.keyword,
      matches: opinionKeywords.matches,
      createdById: opinionKeywords.createdById,
      createdByName: users.name,
      createdAt: opinionKeywords.createdAt,
    })
    .from(opinionKeywords)
    .leftJoin(users, eq(users.id, opinionKeywords.createdById));
type KeywordRow = Awaited<ReturnType<typeof selectKeywords>>[number];
const toKeyword = ({ createdById: _id, ...row }: KeywordRow): OpinionKeyword => ({
  ...row,
  createdByName: row.createdByName ?? '已删除用户',
  createdAt: row.createdAt.toISOString(),
});

export async function listKeywords(db: DbOrTx, query: OpinionKeywordQuery): Promise<PageResult<OpinionKeyword>> {
  const keyword = query.keyword?.trim();
  const where = keyword ? ilike(opinionKeywords.keyword, containsPattern(keyword)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    selectKeywords(db)
      .where(where)
      .orderBy(desc(opinionKeywords.createdAt), desc(opinionKeywords.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(opinionKeywords).where(where),
  ]);
  return { list: rows.map(toKeyword), total, current: query.current, pageSize: query.pageSize };
}

export async function createKeyword(db: Db, caller: AuthUser, keyword: string): Promise<OpinionKeyword> {
  const text = keyword.trim();
  try {
    const id = await db.transaction(async (tx) => {
      // Serialises additions so two at once cannot both pass the limit.
      await tx.execute(sql`lock table ${opinionKeywords} in share row exclusive mode`);
      const [{ total }] = await tx.select({ total: count() }).from(opinionKeywords);
      if (total >= OPINION_KEYWORDS_MAX) throw new AppError(409, PEOPLE_MESSAGES.keywordsFull);
      const [row] = await tx
        .insert(opinionKeywords)
        .values({ keyword: text, createdById: caller.id })
        .returning({ id: opinionKeywords.id });
      return row.id;
    });
    const [row] = await selectKeywords(db).where(eq(opinionKeywords.id, id));
    return toKeyword(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(PEOPLE_MESSAGES.keywordTaken, 'keyword', '关键词');
    throw error;
  }
}

export async function deleteKeyword(db: DbOrTx, id: number): Promise<void> {
  const [row] = await db.delete(opinionKeywords).where(eq(opinionKeywords.id, id)).returning({ id: opinionKeywords.id });
  if (!row) throw new AppError(404, PEOPLE_MESSAGES.keywordNotFound);
}
