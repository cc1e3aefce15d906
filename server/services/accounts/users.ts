import { and, asc, count, desc, eq, ilike, inArray, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { UserCreateBody, UserItem, UserListQuery, UserUpdateBody } from '../../../common/contracts/users';
import { ADMIN_ROLE_CODE, type DataScope, USER_MESSAGES } from '../../../common/constants';
import { USER_STATUS_CHANGES, type UserStatusChange } from '../../../common/workflow';
import type { Db, DbOrTx } from '../../db/client';
import { areas, groups, type RoleRow, roles, signInFailures, userGroups, users } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden, isForeignKeyViolation, isUniqueViolation, notFound } from '../../errors';
import { hashPassword } from '../../lib/passwords';
import { assertActiveAreas } from '../system/areas';
import { assertPasswordAllowedFor } from './passwordPolicy';
import { ROLE_NEEDS_AREA_MESSAGE, roleNeedsArea } from '../../../common/scope';
import { containsPattern, inScope, reachesTown, scopeCondition, scopeWithin } from '../scope';
import { userDocument } from '../../db/searchText';
import { keywordHolds } from '../search/textMatch';
import { type AuthUser, effectivePermissions, isAdmin, revokeUserSessions } from './sessions';
import { accountKeyOf, clearAccount } from './signInGuard';

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
      status: row.status,
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

/**
 * The town's own accounts: the admin and centre staff roles, and any role whose data scope is the
 * whole town. They are town-wide records (ADR 0022): a village-scoped caller neither lists, exports
 * nor changes them, though they may carry a village (the 镇社区) as their area.
 */
const TOWN_ROLE_CODES = [ADMIN_ROLE_CODE, 'staff'];
const isTownAccount = (role: { code: string; dataScope: DataScope }) => TOWN_ROLE_CODES.includes(role.code) || reachesTown(role);

/**
 * The users a caller may see and manage: their data scope, and for any scope narrower than the
 * whole town, none of the town's accounts. Used by the user list and export, user records and
 * group memberships alike.
 */
export function usersInScope(db: DbOrTx, caller: AuthUser): SQL | undefined {
  const scope = scopeCondition(caller, { area: users.area, owner: users.id });
  if (reachesTown(caller)) return scope;
  const townRoles = db
    .select({ id: roles.id })
    .from(roles)
    .where(or(inArray(roles.code, TOWN_ROLE_CODES), eq(roles.dataScope, 'all')));
  return and(scope, notInArray(users.roleId, townRoles));
}

export async function listUsers(db: DbOrTx, caller: AuthUser, query: UserListQuery) {
  const conditions: Array<SQL | undefined> = [usersInScope(db, caller)];
  conditions.push(keywordHolds(userDocument(users), query.keyword));
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

async function getUserItem(db: DbOrTx, id: number): Promise<UserItem | undefined> {
  const rows = await selectUsers(db).where(eq(users.id, id));
  const [item] = await attachGroups(db, rows);
  return item;
}

/**
 * Loads a user the caller may manage. Out-of-scope users, and the town's accounts for a
 * village-scoped caller, answer 404, as if absent, so ids cannot be probed; admin accounts are
 * touched by admins only.
 */
async function loadManageableUser(db: DbOrTx, caller: AuthUser, id: number) {
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
  if (!target || !inScope(caller, { area: target.area, owner: target.id })) throw notFound('用户');
  if (!reachesTown(caller) && isTownAccount({ code: target.roleCode, dataScope: target.roleDataScope })) {
    throw notFound('用户');
  }
  if (isAdmin(caller)) return target;
  if (target.roleCode === 'admin') throw forbidden('只有超级管理员可以管理超级管理员账号');
  // Resetting the password of someone who holds more would hand the caller their rights.
  const held = effectivePermissions(target.roleCode, target.rolePermissions);
  if (held.some((key) => !caller.permissions.includes(key)) || !scopeWithin(target.roleDataScope, caller.dataScope)) {
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
  if (!scopeWithin(role.dataScope, caller.dataScope)) return '不能分配数据范围超出自己的角色';
  return null;
}

async function assertAssignableRole(db: DbOrTx, caller: AuthUser, roleId: number) {
  const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
  if (!role) throw badRequest('roleId', '角色', '角色不存在');
  const refusal = roleRefusal(caller, role);
  if (refusal) throw badRequest('roleId', '角色', refusal);
  return role;
}

/** Why a role cannot go with this area (village cadres, villagers, any area-scoped role need one), or null. */
export function areaForRoleRefusal(role: { code: string; dataScope: DataScope }, area: number | null | undefined): string | null {
  return roleNeedsArea(role) && (area === null || area === undefined) ? ROLE_NEEDS_AREA_MESSAGE : null;
}

/** Why the caller may not put a user in this area (an area-scoped manager keeps users in their own), or null. */
export function areaRefusal(caller: AuthUser, area: number | null | undefined): string | null {
  if (area === undefined) return null;
  return inScope(caller, { area, owner: null }) ? null : '只能管理本村（社区）的用户';
}

function assertAreaForRole(role: { code: string; dataScope: DataScope }, area: number | null | undefined) {
  const refusal = areaForRoleRefusal(role, area);
  if (refusal) throw badRequest('area', '所属区域', refusal);
}

function assertAssignableArea(caller: AuthUser, area: number | null | undefined) {
  const refusal = areaRefusal(caller, area);
  if (refusal) throw badRequest('area', '所属区域', refusal);
}

async function assertGroupsExist(db: DbOrTx, groupIds: number[]) {
  if (!groupIds.length) return;
  const found = await db.select({ id: groups.id }).from(groups).where(inArray(groups.id, groupIds));
  if (found.length !== new Set(groupIds).size) throw badRequest('groupIds', '用户分组', '所选分组不存在');
}

async function setUserGroups(db: DbOrTx, userId: number, groupIds: number[]) {
  await db.delete(userGroups).where(eq(userGroups.userId, userId));
  const unique = [...new Set(groupIds)];
  if (unique.length) await db.insert(userGroups).values(unique.map((groupId) => ({ userId, groupId })));
}

// ---- Writing users ----

/** A unique violation on insert or update is the account name taken meanwhile. */
async function accountFree<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(USER_MESSAGES.accountTaken, 'account', '账号');
    throw error;
  }
}

export async function userItemOrFail(db: DbOrTx, id: number): Promise<UserItem> {
  const item = await getUserItem(db, id);
  if (!item) throw notFound('用户');
  return item;
}

/** A user as the list shows them, when the caller may manage them. */
export async function manageableUserItem(db: DbOrTx, caller: AuthUser, id: number): Promise<UserItem> {
  await loadManageableUser(db, caller, id);
  return userItemOrFail(db, id);
}

/** Creates an active account with the role, area and groups the caller may hand out; answers its id. */
export async function createUser(db: Db, caller: AuthUser, body: UserCreateBody): Promise<number> {
  const role = await assertAssignableRole(db, caller, body.roleId);
  assertAreaForRole(role, body.area);
  assertAssignableArea(caller, body.area);
  await assertActiveAreas(db, [body.area], 'area', '所属区域');
  await assertGroupsExist(db, body.groupIds);
  await assertPasswordAllowedFor(db, body.password, 'password', '密码', body);
  const passwordHash = await hashPassword(body.password);
  return accountFree(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          account: body.account,
          name: body.name.trim(),
          phone: body.phone,
          passwordHash,
          roleId: body.roleId,
          area: body.area,
          status: 'active',
          // A password the manager chose is known to the manager: the person sets their own at first sign-in (ADR 0045).
          mustChangePassword: true,
        })
        .returning({ id: users.id });
      await setUserGroups(tx, created.id, body.groupIds);
      return created.id;
    }),
  );
}

/** Changes the fields sent; one's own role stays. */
export async function updateUser(db: Db, caller: AuthUser, id: number, body: UserUpdateBody): Promise<void> {
  const target = await loadManageableUser(db, caller, id);
  if (body.roleId !== undefined && body.roleId !== target.roleId) {
    if (id === caller.id) throw badRequest('roleId', '角色', '不能修改自己的角色');
    await assertAssignableRole(db, caller, body.roleId);
  }
  const [finalRole] = await db
    .select()
    .from(roles)
    .where(eq(roles.id, body.roleId ?? target.roleId));
  assertAreaForRole(finalRole, body.area !== undefined ? body.area : target.area);
  assertAssignableArea(caller, body.area);
  // An account of a village archived since keeps it while something else is edited.
  await assertActiveAreas(db, [body.area], 'area', '所属区域', target.area === null ? [] : [target.area]);
  if (body.groupIds) await assertGroupsExist(db, body.groupIds);
  await accountFree(() =>
    db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...(body.account !== undefined ? { account: body.account } : {}),
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.phone !== undefined ? { phone: body.phone } : {}),
          ...(body.roleId !== undefined ? { roleId: body.roleId } : {}),
          ...(body.area !== undefined ? { area: body.area } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.id, id));
      if (body.groupIds) await setUserGroups(tx, id, body.groupIds);
    }),
  );
}

/** Deletes an account without business records (one with them is disabled instead); never one's own. */
export async function deleteUser(db: DbOrTx, caller: AuthUser, id: number): Promise<void> {
  if (id === caller.id) throw new AppError(409, USER_MESSAGES.ownDelete);
  await loadManageableUser(db, caller, id);
  try {
    await db.delete(users).where(eq(users.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw conflict('该用户已有业务记录，不能删除，请改为停用');
    throw error;
  }
}

/** Approves, disables or enables an account (never one's own); disabling ends its sessions. */
export async function changeUserStatus(db: Db, caller: AuthUser, id: number, change: UserStatusChange): Promise<void> {
  const { from, to, refusal } = USER_STATUS_CHANGES[change];
  if (id === caller.id) throw new AppError(409, USER_MESSAGES.ownStatus);
  const target = await loadManageableUser(db, caller, id);
  if (!from.includes(target.status)) throw new AppError(409, refusal);
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ status: to, updatedAt: sql`now()` })
      .where(eq(users.id, id));
    if (to === 'disabled') await revokeUserSessions(tx, id);
  });
}

/** Clears the account's wrong-password counts and locks from every address. */
export async function unlockUser(db: DbOrTx, caller: AuthUser, id: number): Promise<void> {
  await loadManageableUser(db, caller, id);
  const [target] = await db.select({ account: users.account }).from(users).where(eq(users.id, id));
  await clearAccount(db, accountKeyOf(target.account));
}

/**
 * Sets a new password chosen by a manager: the user's sessions end, the account's locks go, and
 * they must change it at the next sign-in unless the manager reset their own (ADR 0045).
 */
export async function resetUserPassword(db: Db, caller: AuthUser, id: number, password: string): Promise<void> {
  await loadManageableUser(db, caller, id);
  const [person] = await db.select({ account: users.account, phone: users.phone }).from(users).where(eq(users.id, id));
  await assertPasswordAllowedFor(db, password, 'password', '新密码', person);
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [target] = await tx
      .update(users)
      // Known to the manager who set it: to be changed at the next sign-in, unless it is theirs.
      .set({ passwordHash, mustChangePassword: id !== caller.id, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ account: users.account });
    await revokeUserSessions(tx, id);
    // A new password lifts every lock on the account, as the unlock action does.
    await clearAccount(tx, accountKeyOf(target.account));
  });
}

/** 批量调整分组, one account: joins the groups (those it is in already stay) or leaves them. */
export async function adjustUserGroups(db: Db, caller: AuthUser, id: number, groupIds: number[], mode: 'add' | 'remove'): Promise<void> {
  await loadManageableUser(db, caller, id);
  if (mode === 'add') {
    await db
      .insert(userGroups)
      .values(groupIds.map((groupId) => ({ userId: id, groupId })))
      .onConflictDoNothing();
  } else await db.delete(userGroups).where(and(eq(userGroups.userId, id), inArray(userGroups.groupId, groupIds)));
}

/** The groups a bulk change names, checked once for the whole batch. */
export const assertBatchGroups = (db: DbOrTx, groupIds: number[]) => assertGroupsExist(db, groupIds);
