import { and, count, eq, ilike, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { AREAS_MAX, TOWN_AREA_ID } from '../../../common/constants';
import type { AreaItem, VillageBody, VillageItem, VillageListQuery } from '../../../common/contracts/system';
import { VILLAGE_MESSAGES } from '../../../common/contracts/system';
import type { Db, DbOrTx } from '../../db/client';
import { areas, villageIntroductions } from '../../db/schema';
import { AppError, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../errors';
import { villagePlaceholder } from '../content/introductions';
import { areaColumns, inOrder } from './areas';
import { assertTownWideWriter, containsPattern } from '../scope';
import type { AuthUser } from '../accounts/sessions';

// The town community and its villages (村/社区) as managed data, ADR 0050. Every list of areas
// (pickers, charts, the wall display, 通报 tables, exports, imports) reads this table in
// sort order; an archived village keeps its id and name for the records that carry it.

const TOWN_WIDE = '新增、修改、归档或删除村（社区）';

const toVillage = (row: AreaItem & { archivedAt: Date | null; updatedAt: Date }): VillageItem => ({
  ...row,
  archivedAt: row.archivedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});
const villageColumns = { ...areaColumns, archivedAt: areas.archivedAt, updatedAt: areas.updatedAt };

/** A page of areas in their order, filtered by name and status. */
export async function listVillages(db: Db, query: VillageListQuery) {
  const { current, pageSize, name, status } = query;
  const where = and(
    name ? ilike(areas.name, containsPattern(name)) : undefined,
    status === 'active' ? isNull(areas.archivedAt) : status === 'archived' ? isNotNull(areas.archivedAt) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(villageColumns)
      .from(areas)
      .where(where)
      .orderBy(...inOrder)
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ total: count() }).from(areas).where(where),
  ]);
  return { list: rows.map(toVillage), total, current, pageSize };
}

export async function villageOrFail(db: DbOrTx, id: number): Promise<VillageItem> {
  const [row] = await db.select(villageColumns).from(areas).where(eq(areas.id, id));
  if (!row) throw notFound('村（社区）');
  return toVillage(row);
}

/** 409 naming the field when another area has this name or code. */
async function assertFree(db: DbOrTx, id: number | null, name: string, code: string | null) {
  const other = id === null ? undefined : ne(areas.id, id);
  const [named] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.name, name), other));
  if (named) throw conflict(VILLAGE_MESSAGES.nameTaken(name), 'name', '名称');
  if (code === null) return;
  const [coded] = await db
    .select({ id: areas.id })
    .from(areas)
    .where(and(eq(areas.code, code), other));
  if (coded) throw conflict(VILLAGE_MESSAGES.codeTaken(code), 'code', '区划代码');
}

/** Two requests with one name between the check and the write: the unique index answers. */
function uniqueConflict(error: unknown, body: VillageBody): never {
  if (isUniqueViolation(error, 'areas_code_key') && body.code) throw conflict(VILLAGE_MESSAGES.codeTaken(body.code), 'code', '区划代码');
  if (isUniqueViolation(error)) throw conflict(VILLAGE_MESSAGES.nameTaken(body.name.trim()), 'name', '名称');
  throw error;
}

/** Adds a village with the next unused id (ids are never reused) and its introduction's placeholder row. */
export async function createVillage(db: Db, caller: AuthUser, body: VillageBody): Promise<number> {
  assertTownWideWriter(caller, TOWN_WIDE);
  const name = body.name.trim();
  try {
    return await db.transaction(async (tx) => {
      // One new id at a time: the next id is read from the table.
      await tx.execute(sql`lock table ${areas} in share row exclusive mode`);
      await assertFree(tx, null, name, body.code);
      const [{ total, last }] = await tx.select({ total: count(), last: sql<number>`coalesce(max(${areas.id}), 0)::int` }).from(areas);
      if (total >= AREAS_MAX) throw conflict(VILLAGE_MESSAGES.tooMany);
      const id = Number(last) + 1;
      await tx.insert(areas).values({ id, name, code: body.code, sortOrder: body.sortOrder });
      await tx
        .insert(villageIntroductions)
        .values({ area: id, content: villagePlaceholder(name) })
        .onConflictDoNothing();
      return id;
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    return uniqueConflict(error, body);
  }
}

export async function updateVillage(db: Db, caller: AuthUser, id: number, body: VillageBody): Promise<void> {
  assertTownWideWriter(caller, TOWN_WIDE);
  const name = body.name.trim();
  await assertFree(db, id, name, body.code);
  try {
    const updated = await db
      .update(areas)
      .set({ name, code: body.code, sortOrder: body.sortOrder, updatedAt: sql`now()` })
      .where(eq(areas.id, id))
      .returning({ id: areas.id });
    if (!updated.length) throw notFound('村（社区）');
  } catch (error) {
    if (error instanceof AppError) throw error;
    uniqueConflict(error, body);
  }
}

/** Archives (pickers drop it; records keep it) or restores a village. The town community stays. */
export async function setVillageArchived(db: Db, caller: AuthUser, id: number, archived: boolean): Promise<void> {
  assertTownWideWriter(caller, TOWN_WIDE);
  if (id === TOWN_AREA_ID) throw conflict(VILLAGE_MESSAGES.townFixed);
  const updated = await db
    .update(areas)
    .set({ archivedAt: archived ? sql`coalesce(${areas.archivedAt}, now())` : null, updatedAt: sql`now()` })
    .where(eq(areas.id, id))
    .returning({ id: areas.id });
  if (!updated.length) throw notFound('村（社区）');
}

/**
 * Deletes a village nothing refers to (one added by mistake); one with accounts or records is
 * archived instead, which the 409 says.
 */
export async function deleteVillage(db: Db, caller: AuthUser, id: number): Promise<void> {
  assertTownWideWriter(caller, TOWN_WIDE);
  if (id === TOWN_AREA_ID) throw conflict(VILLAGE_MESSAGES.townFixed);
  try {
    await db.transaction(async (tx) => {
      const [intro] = await tx
        .select({ updatedAt: villageIntroductions.updatedAt })
        .from(villageIntroductions)
        .where(eq(villageIntroductions.area, id));
      // An introduction someone has written is a record of the village too (the placeholder is not).
      if (intro?.updatedAt) throw conflict(VILLAGE_MESSAGES.inUse);
      await tx.delete(villageIntroductions).where(eq(villageIntroductions.area, id));
      const deleted = await tx.delete(areas).where(eq(areas.id, id)).returning({ id: areas.id });
      if (!deleted.length) throw notFound('村（社区）');
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict(VILLAGE_MESSAGES.inUse);
    throw error;
  }
}
