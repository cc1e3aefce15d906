import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserItem, UserListQuery } from '../../common/contracts/users';
import type { DataScope, UserStatus } from '../../common/constants';
import type { DbOrTx } from '../db/client';
import { areas, groups, type RoleRow, roles, signInFailures, userGroups, users } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import { containsPattern, inScope, scopeCondition, scopeWithin } from './scope';
import { type AuthUser, effectivePermissions, isAdmin } from './sessions';

const userColumns = {
  id: users.id,
  account: users.account,
  name: users.name,
  phone: users.phone,
  roleId: users.roleId,
  roleName: roles.name,
  roleCode: roles.code,
  area: users.area,
  areaName: areas.name,
  status: users.status,
  lastLoginAt: users.lastLoginAt,
  createdAt: users.createdAt,
  // Some address is locked out of this account now (the sign-in counters are keyed by the lower-case name).
  locked: sql<boolean>`exists (select 1 from ${signInFailures} where ${signInFailures.accountKey} = lower(${users.account}) and ${signInFailures.lockedUntil} > now())`,
};

const selectUsers = (db: DbOrTx) =>
  db.select(userColumns).from(users).innerJoin(roles, eq(roles.id, users.roleId)).leftJoin(areas, eq(areas.id, users.area));
type UserRowJoined = Awaited<ReturnType<typeof selectUsers>>[number];

async function attachGroups(db: DbOrTx, rows: UserRowJoined[]): Promise<UserItem[]> {
  const ids = rows.map((r) => r.id);
  const memberships = ids.length
    ? await db
        .select({ userId: userGroups.userId, id: groups.id, name: groups.name })
        .from(userGroups)
        .innerJoin(groups, eq(groups.id, userGroups.groupId))
        .where(inArray(userGroups.userId, ids))
        .orderBy(asc(groups.id))
    : [];
  return rows.map((row) => {
    const mine = memberships.filter((m) => m.userId === row.id).map(({ id, name }) => ({ id, name }));
    return {
      ...row,
      status: row.status as UserStatus,
      groupIds: mine.map((g) => g.id),
      groups: mine,
      lastLoginAt: row.lastLoginAt ? row.lastLoginAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
    };
  });
}

const SORT_COLUMNS = {
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  account: users.account,
  name: users.name,
} as const;

export async function listUsers(db: DbOrTx, caller: AuthUser, query: UserListQuery) {
  const conditions: Array<SQL | undefined> = [scopeCondition(caller, { area: users.area, owner: users.id })];
  if (query.keyword) {
    const pattern = containsPattern(query.keyword);
    conditions.push(or(ilike(users.name, pattern), ilike(users.account, pattern), ilike(users.phone, pattern)));
  }
  if (query.account) conditions.push(ilike(users.account, containsPattern(query.account)));
  if (query.name) conditions.push(ilike(users.name, containsPattern(query.name)));
  if (query.phone) conditions.push(ilike(users.phone, containsPattern(query.phone)));
  if (query.roleId) conditions.push(eq(users.roleId, query.roleId));
  if (query.area) conditions.push(eq(users.area, query.area));
  if (query.status) conditions.push(eq(users.status, query.status));
  if (query.groupId) {
    conditions.push(
      sql`exists (select 1 from ${userGroups} where ${userGroups.userId} = ${users.id} and ${userGroups.groupId} = ${query.groupId})`,
    );
  }
  const where = and(...conditions);
  const sortColumn = SORT_COLUMNS[query.sortField ?? 'createdAt'];
  const direction = query.sortOrder === 'ascend' ? asc : desc;
  const [rows, [{ total }]] = await Promise.all([
    selectUsers(db)
      .where(where)
      .orderBy(direction(sortColumn), desc(users.id))
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return {
    list: await attachGroups(db, rows),
    total,
    current: query.current,
    pageSize: query.pageSize,
  };
}

export async function getUserItem(db: DbOrTx, id: number): Promise<UserItem | undefined> {
  const rows = await selectUsers(db).where(eq(users.id, id));
  const [item] = await attachGroups(db, rows);
  return item;
}

/**
 * Loads a user the caller may manage. Out-of-scope users answer 404, as if absent, so ids cannot
 * be probed; admin accounts are touched by admins only.
 */
export async function loadManageableUser(db: DbOrTx, caller: AuthUser, id: number) {
  const [target] = await db
    .select({
      id: users.id,
      area: users.area,
      status: users.status,
      roleId: users.roleId,
      roleCode: roles.code,
      rolePermissions: roles.permissions,
      roleDataScope: roles.dataScope,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, id));
  if (!target || !inScope(caller, { area: target.area, ownerId: target.id })) throw notFound('用户');
  if (isAdmin(caller)) return target;
  if (target.roleCode === 'admin') throw forbidden('只有超级管理员可以管理超级管理员账号');
  // Resetting the password of someone who holds more would hand the caller their rights.
  const held = effectivePermissions(target.roleCode, target.rolePermissions);
  if (held.some((key) => !caller.permissions.includes(key)) || !scopeWithin(target.roleDataScope as DataScope, caller.dataScope)) {
    throw forbidden('不能管理权限高于自己的用户');
  }
  return target;
}

/**
 * A caller may only hand out what they hold: no role with permissions or a data scope beyond their
 * own, and the admin role only by an admin. The reason a role is refused, or null.
 */
export function roleRefusal(caller: AuthUser, role: RoleRow): string | null {
  if (isAdmin(caller)) return null;
  const granted = effectivePermissions(role.code, role.permissions);
  if (role.code === 'admin' || granted.some((key) => !caller.permissions.includes(key))) return '不能分配超出自己权限的角色';
  if (!scopeWithin(role.dataScope as DataScope, caller.dataScope)) return '不能分配数据范围超出自己的角色';
  return null;
}

export async function assertAssignableRole(db: DbOrTx, caller: AuthUser, roleId: number) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw badRequest('roleId', '角色', '角色不存在');
  const refusal = roleRefusal(caller, role);
  if (refusal) throw badRequest('roleId', '角色', refusal);
  return role;
}

/** Why a role cannot go with this area (village cadres, villagers, any area-scoped role need one), or null. */
export function areaForRoleRefusal(role: { code: string; dataScope: string }, area: number | null | undefined): string | null {
  const placeBound = role.dataScope === 'area' || role.code === 'village' || role.code === 'villager';
  return placeBound && (area === null || area === undefined) ? '该角色必须选择所属村（社区）' : null;
}

/** Why the caller may not put a user in this area (an area-scoped manager keeps users in their own), or null. */
export function areaRefusal(caller: AuthUser, area: number | null | undefined): string | null {
  if (caller.dataScope === 'all' || area === undefined) return null;
  if (caller.dataScope === 'area' && area === caller.area) return null;
  return '只能管理本村（社区）的用户';
}

export function assertAreaForRole(role: { code: string; dataScope: string }, area: number | null | undefined) {
  const refusal = areaForRoleRefusal(role, area);
  if (refusal) throw badRequest('area', '所属区域', refusal);
}

export function assertAssignableArea(caller: AuthUser, area: number | null | undefined) {
  const refusal = areaRefusal(caller, area);
  if (refusal) throw badRequest('area', '所属区域', refusal);
}

export async function assertGroupsExist(db: DbOrTx, groupIds: number[]) {
  if (!groupIds.length) return;
  const found = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, groupIds));
  if (found.length !== new Set(groupIds).size) throw badRequest('groupIds', '用户分组', '所选分组不存在');
}

export async function setUserGroups(db: DbOrTx, userId: number, groupIds: number[]) {
  await db.delete(userGroups).where(eq(userGroups.userId, userId));
  const unique = [...new Set(groupIds)];
  if (unique.length) await db.insert(userGroups).values(unique.map((groupId) => ({ userId, groupId })));
}
