import { and, count, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { PageResult } from '../../../common/contracts/base';
import type {
  NewsBody,
  NewsDetail,
  NewsItem,
  NewsListQuery,
  PublicNewsDetail,
  PublicNewsItem,
  PublicNewsQuery,
} from '../../../common/contracts/content';
import { CONTENT_MESSAGES, NEWS_PIN_REFUSALS, NEWS_REFUSALS, type NewsStatus } from '../../../common/constants';
import { NEWS_STEP_FROM } from '../../../common/workflow';
import type { DbOrTx } from '../../db/client';
import { areas, news, uploads, users } from '../../db/schema';
import { AppError, badRequest, notFound } from '../../errors';
import { isBlankRichText, plainField, plainText, sanitizeRichText } from '../../lib/sanitize';
import { outsideBoundArea, periodCondition, scopeCondition } from '../scope';
import { newsDocument } from '../../db/searchText';
import { keywordHolds } from '../search/textMatch';
import type { AuthUser } from '../accounts/sessions';
import { assertAttachableImages, imageRef, markUploadsUsed } from '../uploads/uploadRefs';
import { assertActiveAreas } from '../system/areas';

// News (新闻). Data scope (docs/decisions/0007-content-data-scope.md): 'all' manages every item,
// 'area' the items of its own area only (town-wide news stay the centre's), 'self' its own items.

export const TOWN_WIDE = '全镇';
export const SUMMARY_LENGTH = 120;

// ---- Reading ----

const itemColumns = {
  id: news.id,
  title: news.title,
  summary: news.summary,
  column: news.column,
  area: news.area,
  areaName: areas.name,
  coverId: uploads.id,
  coverName: uploads.storedName,
  coverWidth: uploads.width,
  coverHeight: uploads.height,
  status: news.status,
  pinned: news.pinned,
  views: news.views,
  authorId: news.authorId,
  authorName: users.name,
  publishedAt: news.publishedAt,
  createdAt: news.createdAt,
  updatedAt: news.updatedAt,
};

const selectItems = (db: DbOrTx) =>
  db
    .select(itemColumns)
    .from(news)
    .innerJoin(users, eq(users.id, news.authorId))
    .leftJoin(areas, eq(areas.id, news.area))
    .leftJoin(uploads, eq(uploads.id, news.coverId));
const selectDetails = (db: DbOrTx) =>
  db
    .select({ ...itemColumns, content: news.content })
    .from(news)
    .innerJoin(users, eq(users.id, news.authorId))
    .leftJoin(areas, eq(areas.id, news.area))
    .leftJoin(uploads, eq(uploads.id, news.coverId));
type ItemRow = Awaited<ReturnType<typeof selectItems>>[number];

function toItem(row: ItemRow): NewsItem {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    column: row.column,
    area: row.area,
    areaName: row.area === null ? TOWN_WIDE : (row.areaName ?? ''),
    cover: imageRef({ id: row.coverId, storedName: row.coverName, width: row.coverWidth, height: row.coverHeight }),
    status: row.status,
    pinned: row.pinned,
    views: row.views,
    authorId: row.authorId,
    authorName: row.authorName,
    publishedAt: row.publishedAt ? row.publishedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toPublicItem(row: ItemRow): PublicNewsItem {
  const { status: _status, authorId: _authorId, createdAt: _createdAt, updatedAt: _updatedAt, publishedAt, ...rest } = toItem(row);
  // Only published items are public, and publishing sets publishedAt.
  return { ...rest, publishedAt: publishedAt ?? row.createdAt.toISOString() };
}

/** Which news a manager sees and changes. */
export const newsScope = (caller: AuthUser): SQL | undefined => scopeCondition(caller, { area: news.area, owner: news.authorId });

const SORT_COLUMNS: Record<NonNullable<NewsListQuery['sortField']>, PgColumn> = {
  createdAt: news.createdAt,
  publishedAt: news.publishedAt,
  views: news.views,
};

const page = (query: { current: number; pageSize: number }) => ({
  limit: query.pageSize,
  offset: (query.current - 1) * query.pageSize,
});

/**
 * The admin list's rows: by default pinned items first, then the newest written (as the form's
 * 置顶 hint says), served by news_pinned_created_idx; a column the manager sorts by orders alone.
 */
export function adminNewsRows(db: DbOrTx, where: SQL | undefined, query: NewsListQuery) {
  const { limit, offset } = page(query);
  const rows = selectItems(db).where(where);
  if (!query.sortField) return rows.orderBy(desc(news.pinned), desc(news.createdAt), desc(news.id)).limit(limit).offset(offset);
  const column = SORT_COLUMNS[query.sortField];
  // Never-published items have no publishedAt: they go last whichever way the list is sorted.
  const nulls = query.sortField === 'publishedAt' ? sql` nulls last` : sql``;
  const order = query.sortOrder === 'ascend' ? sql`${column} asc${nulls}` : sql`${column} desc${nulls}`;
  return rows.orderBy(order, desc(news.id)).limit(limit).offset(offset);
}

export async function listNews(db: DbOrTx, caller: AuthUser, query: NewsListQuery): Promise<PageResult<NewsItem>> {
  const conditions: Array<SQL | undefined> = [newsScope(caller)];
  conditions.push(keywordHolds(newsDocument(news), query.title, sql`${news.title}`));
  if (query.column) conditions.push(eq(news.column, query.column));
  if (query.status) conditions.push(eq(news.status, query.status));
  if (query.area) conditions.push(eq(news.area, query.area));
  if (query.pinned !== undefined) conditions.push(eq(news.pinned, query.pinned));
  conditions.push(periodCondition(news.publishedAt, query.from, query.to));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([adminNewsRows(db, where, query), db.select({ total: count() }).from(news).where(where)]);
  return { list: rows.map(toItem), total, current: query.current, pageSize: query.pageSize };
}

/** One item with its content, or 404 when absent or outside the caller's scope. */
export async function newsDetailOrFail(db: DbOrTx, id: number, caller?: AuthUser): Promise<NewsDetail> {
  const [row] = await selectDetails(db).where(and(eq(news.id, id), caller ? newsScope(caller) : undefined));
  if (!row) throw notFound('新闻');
  return { ...toItem(row), content: row.content };
}

/** The item as the admin list shows it (the answer of the state actions). */
export async function newsItemOrFail(db: DbOrTx, id: number): Promise<NewsItem> {
  const [row] = await selectItems(db).where(eq(news.id, id));
  if (!row) throw notFound('新闻');
  return toItem(row);
}

// ---- Public reading ----

const published = eq(news.status, 'published');

export async function listPublicNews(db: DbOrTx, query: PublicNewsQuery): Promise<PageResult<PublicNewsItem>> {
  const conditions: Array<SQL | undefined> = [published];
  if (query.column) conditions.push(eq(news.column, query.column));
  // A village's readers see its own news and the town-wide ones.
  if (query.area) conditions.push(or(eq(news.area, query.area), isNull(news.area)));
  if (query.pinned !== undefined) conditions.push(eq(news.pinned, query.pinned));
  conditions.push(keywordHolds(newsDocument(news), query.title, sql`${news.title}`));
  const where = and(...conditions);
  const { limit, offset } = page(query);
  const [rows, [{ total }]] = await Promise.all([
    selectItems(db).where(where).orderBy(desc(news.pinned), desc(news.publishedAt), desc(news.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(news).where(where),
  ]);
  return { list: rows.map(toPublicItem), total, current: query.current, pageSize: query.pageSize };
}

/**
 * A published item, counting the view: one atomic `views = views + 1` (no read-modify-write, so
 * concurrent readers on PostgreSQL lose no count). Anything but a published item is a 404.
 */
export async function readPublicNews(db: DbOrTx, id: number): Promise<PublicNewsDetail> {
  const [counted] = await db
    .update(news)
    .set({ views: sql`${news.views} + 1` })
    .where(and(eq(news.id, id), published))
    .returning({ views: news.views });
  if (!counted) throw notFound('新闻');
  const [row] = await selectDetails(db).where(eq(news.id, id));
  if (!row) throw notFound('新闻');
  // The count this request made, even if another reader's landed in between.
  return { ...toPublicItem({ ...row, views: counted.views }), content: row.content };
}

// ---- Writing ----

/** The item's current state, for a manager allowed to change it (404 outside their scope). */
async function loadWritableNews(db: DbOrTx, caller: AuthUser, id: number) {
  const [row] = await db
    .select({ id: news.id, status: news.status, pinned: news.pinned, coverId: news.coverId, area: news.area })
    .from(news)
    .where(and(eq(news.id, id), newsScope(caller)));
  if (!row) throw notFound('新闻');
  return { ...row, status: row.status };
}

/** An area-scoped manager writes news of their own area only; 'self' and 'all' may choose any. */
function assertAreaAllowed(caller: AuthUser, area: number | null) {
  if (outsideBoundArea(caller, area)) {
    throw badRequest('area', '所属区域', '只能发布本村（社区）的新闻');
  }
}

/** Checked, sanitised values of a news form; `current` is the item being edited. */
async function newsValues(db: DbOrTx, caller: AuthUser, body: NewsBody, current?: { coverId: number | null; area: number | null }) {
  assertAreaAllowed(caller, body.area);
  await assertActiveAreas(db, [body.area], 'area', '所属区域', current?.area ? [current.area] : []);
  const content = sanitizeRichText(body.content);
  if (isBlankRichText(content)) throw badRequest('content', '正文', '不能为空');
  if (body.coverId !== null) {
    await assertAttachableImages(db, caller, [body.coverId], [current?.coverId ?? null], 'coverId', '封面图');
  }
  await markUploadsUsed(db, { ids: [body.coverId], html: content }, 'public');
  const summary = plainField(body.summary ?? '');
  return {
    title: plainField(body.title),
    summary: summary || plainText(content, SUMMARY_LENGTH),
    content,
    column: body.column,
    area: body.area,
    coverId: body.coverId,
    pinned: body.pinned ?? false,
  };
}

// ---- State changes ----

const newsRefusal = (action: keyof typeof NEWS_REFUSALS, status: NewsStatus) =>
  new AppError(409, NEWS_REFUSALS[action][status] ?? CONTENT_MESSAGES.newsMoved);

/** Conditional update or delete found nothing: re-read to say why (gone, or moved by someone else). */
async function currentNewsState(db: DbOrTx, id: number) {
  const [row] = await db.select({ status: news.status, pinned: news.pinned }).from(news).where(eq(news.id, id));
  return row ? { status: row.status, pinned: row.pinned } : undefined;
}

const inStates = (states: readonly NewsStatus[]) => inArray(news.status, [...states]);

/** Creates a draft; answers its id. */
export async function createNews(db: DbOrTx, caller: AuthUser, body: NewsBody): Promise<number> {
  const values = await newsValues(db, caller, body);
  const [created] = await db
    .insert(news)
    .values({ ...values, status: 'draft', authorId: caller.id })
    .returning({ id: news.id });
  return created.id;
}

/** Changes an item (a published one changes at once). */
export async function updateNews(db: DbOrTx, caller: AuthUser, id: number, body: NewsBody) {
  const current = await loadWritableNews(db, caller, id);
  const values = await newsValues(db, caller, body, current);
  const [updated] = await db
    .update(news)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(news.id, id))
    .returning({ id: news.id });
  if (!updated) throw new AppError(404, CONTENT_MESSAGES.newsNotFound);
}

/** The refusal for a step that lost a race: the item is gone, or its state moved meanwhile. */
async function lostRace(db: DbOrTx, id: number, refusal: (status: NewsStatus) => AppError): Promise<never> {
  const state = await currentNewsState(db, id);
  if (!state) throw new AppError(404, CONTENT_MESSAGES.newsNotFound);
  throw refusal(state.status);
}

/** Deletes an item that is not published. */
export async function deleteNews(db: DbOrTx, caller: AuthUser, id: number) {
  const current = await loadWritableNews(db, caller, id);
  if (!NEWS_STEP_FROM.delete.includes(current.status)) throw newsRefusal('delete', current.status);
  // Only while not published: a publish that slipped in between wins.
  const deleted = await db
    .delete(news)
    .where(and(eq(news.id, id), inStates(NEWS_STEP_FROM.delete)))
    .returning({ id: news.id });
  if (!deleted.length) await lostRace(db, id, (status) => newsRefusal('delete', status));
}

/** 发布 (a draft or an offline item) or 下线 (a published one). */
export async function changeNewsStatus(db: DbOrTx, caller: AuthUser, id: number, action: 'publish' | 'offline') {
  const current = await loadWritableNews(db, caller, id);
  if (!NEWS_STEP_FROM[action].includes(current.status)) throw newsRefusal(action, current.status);
  const changes =
    action === 'publish'
      ? // The first publication dates the item; going back online keeps that date.
        { status: 'published' as const, publishedAt: sql`coalesce(${news.publishedAt}, now())`, updatedAt: sql`now()` }
      : { status: 'offline' as const, updatedAt: sql`now()` };
  const changed = await db
    .update(news)
    .set(changes)
    .where(and(eq(news.id, id), inStates(NEWS_STEP_FROM[action])))
    .returning({ id: news.id });
  if (!changed.length) await lostRace(db, id, (status) => newsRefusal(action, status));
}

/** 置顶 or 取消置顶. */
export async function setNewsPinned(db: DbOrTx, caller: AuthUser, id: number, pinned: boolean) {
  const action = pinned ? 'pin' : 'unpin';
  const current = await loadWritableNews(db, caller, id);
  if (current.pinned === pinned) throw new AppError(409, NEWS_PIN_REFUSALS[action]);
  const changed = await db
    .update(news)
    .set({ pinned, updatedAt: sql`now()` })
    .where(and(eq(news.id, id), eq(news.pinned, !pinned)))
    .returning({ id: news.id });
  if (!changed.length) await lostRace(db, id, () => new AppError(409, NEWS_PIN_REFUSALS[action]));
}
