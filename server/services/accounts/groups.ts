import type { Static } from '@sinclair/typebox';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import type { GroupBody, GroupListQuery } from '../../../common/contracts/groups';
import type { Db } from '../../db/client';
import { areas, groups, taskGroups, userGroups, users } from '../../db/schema';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../../errors';
import { assertTownWideWriter, containsPattern } from '../scope';
import type { AuthUser } from './sessions';
import { usersInScope } from './users';

// User groups (用户分组): the town's named sets of users that tasks can be aimed at.

const NAME_TAKEN = '已有同名分组';
/** Groups are the town's: see assertTownWideWriter. */
const TOWN_WIDE = '新建、修改或删除分组（分组全镇共用）';

// The outer column is qualified by hand: drizzle writes ${groups.id} as a bare "id" here.
const memberCount = sql<number>`(select count(*)::int from ${userGroups} where ${userGroups.groupId} = ${groups}.${sql.identifier(groups.id.name)})`;
const groupColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  memberCount,
  createdAt: groups.createdAt,
};
const toItem = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

/** A page of groups, newest first unless asked otherwise, filtered by name. */
export async function listGroups(db: Db, query: Static<typeof GroupListQuery>) {
  const { current, pageSize, name, sortOrder } = query;
  const where = name ? ilike(groups.name, containsPattern(name)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(groupColumns)
      .from(groups)
      .where(where)
      .orderBy(sortOrder === 'ascend' ? asc(groups.createdAt) : desc(groups.createdAt), desc(groups.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ total: count() }).from(groups).where(where),
  ]);
  return { list: rows.map(toItem), total, current, pageSize };
}

/** A group with the members the caller may see. */
export async function groupDetail(db: Db, id: number, caller: AuthUser) {
  const [row] = await db.select(groupColumns).from(groups).where(eq(groups.id, id));
  if (!row) throw notFound('分组');
  const members = await db
    .select({ id: users.id, account: users.account, name: users.name, area: users.area, areaName: areas.name })
    .from(userGroups)
    .innerJoin(users, eq(users.id, userGroups.userId))
    .leftJoin(areas, eq(areas.id, users.area))
    .where(and(eq(userGroups.groupId, id), usersInScope(db, caller)))
    .orderBy(asc(users.area), asc(users.id))
    .limit(5000);
  return { ...toItem(row), members };
}

/** Creates a group; answers its id. */
export async function createGroup(db: Db, caller: AuthUser, body: Static<typeof GroupBody>): Promise<number> {
  assertTownWideWriter(caller, TOWN_WIDE);
  try {
    const [created] = await db
      .insert(groups)
      .values({ name: body.name.trim(), description: body.description?.trim() ?? '' })
      .returning({ id: groups.id });
    return created.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NAME_TAKEN, 'name', '分组名称');
    throw error;
  }
}

export async function updateGroup(db: Db, caller: AuthUser, id: number, body: Static<typeof GroupBody>) {
  assertTownWideWriter(caller, TOWN_WIDE);
  try {
    const updated = await db
      .update(groups)
      .set({
        name: body.name.trim(),
        ...(body.description !== undefined ? { description: body.description.trim() } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(groups.id, id))
      .returning({ id: groups.id });
    if (!updated.length) throw notFound('分组');
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(NAME_TAKEN, 'name', '分组名称');
    throw error;
  }
}

export async function deleteGroup(db: Db, caller: AuthUser, id: number) {
  assertTownWideWriter(caller, TOWN_WIDE);
  // A task aimed at the group would silently change whom it targets: refuse while one is.
  const [{ usedBy }] = await db.select({ usedBy: count() }).from(taskGroups).where(eq(taskGroups.groupId, id));
  if (usedBy > 0) throw conflict(`该分组已被${usedBy}个任务设为派发对象，不能删除`);
  let deleted: Array<{ id: number }>;
  try {
    deleted = await db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
  } catch (error) {
    // A task made between the check and the delete.
    if (isForeignKeyViolation(error)) throw conflict('该分组已被任务设为派发对象，不能删除');
    throw error;
  }
  if (!deleted.length) throw notFound('分组');
}

/**
 * Sets the members among those the caller can see: members outside their scope stay, and so do
 * the town's accounts for a village-scoped caller (usersInScope).
 */
export async function setGroupMembers(db: Db, caller: AuthUser, id: number, userIds: number[]) {
  const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
  if (!group) throw notFound('分组');
  const scope = usersInScope(db, caller);
  if (userIds.length) {
    const reachable = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds), scope));
    if (reachable.length !== userIds.length) throw badRequest('userIds', '成员', '所选用户不存在或不在管理范围内');
  }
  await db.transaction(async (tx) => {
    const inScopeUsers = tx.select({ id: users.id }).from(users).where(scope);
    await tx
      .delete(userGroups)
      .where(
        and(
          eq(userGroups.groupId, id),
          scope ? inArray(userGroups.userId, inScopeUsers) : undefined,
          userIds.length ? notInArray(userGroups.userId, userIds) : undefined,
        ),
      );
    if (userIds.length) {
      await tx
        .insert(userGroups)
        .values(userIds.map((userId) => ({ userId, groupId: id })))
        .onConflictDoNothing();
    }
  });
}
