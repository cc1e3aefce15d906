import type { Static } from '@sinclair/typebox';
import { asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import type { RoleBody, RoleListQuery } from '../../../common/contracts/roles';
import { ADMIN_ROLE_CODE, type DataScope, PERMISSION_KEYS } from '../../../common/constants';
import type { Db } from '../../db/client';
import { roles, users } from '../../db/schema';
import { AppError, conflict, isUniqueViolation, notFound } from '../../errors';
import { containsPattern } from '../scope';
import { effectivePermissions } from './sessions';

// Roles (角色): a set of permission keys and a data scope that users hold.

const CODE_TAKEN = '角色编码已存在';
// The outer column is qualified by hand: in a single-table select drizzle writes ${roles.id} as a bare
// "id", which inside this subquery would mean users.id.
const userCount = sql<number>`(select count(*)::int from ${users} where ${users.roleId} = ${roles}.${sql.identifier(roles.id.name)})`;
const roleColumns = {
  id: roles.id,
  name: roles.name,
  code: roles.code,
  permissions: roles.permissions,
  dataScope: roles.dataScope,
  builtIn: roles.builtIn,
  userCount,
  createdAt: roles.createdAt,
};
type RoleRowWithCount = { code: string; permissions: string[]; dataScope: DataScope; createdAt: Date };
const toItem = <T extends RoleRowWithCount>(row: T) => ({
  ...row,
  permissions: effectivePermissions(row.code, row.permissions),
  createdAt: row.createdAt.toISOString(),
});

/** One role with its user count. */
export async function roleItem(db: Db, id: number) {
  const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
  if (!row) throw notFound('角色');
  return toItem(row);
}

/** A page of roles in creation order (or its reverse), filtered by name. */
export async function listRoles(db: Db, query: Static<typeof RoleListQuery>) {
  const { current, pageSize, name, sortOrder } = query;
  const where = name ? ilike(roles.name, containsPattern(name)) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(roleColumns)
      .from(roles)
      .where(where)
      .orderBy(sortOrder === 'descend' ? desc(roles.id) : asc(roles.id))
      .limit(pageSize)
      .offset((current - 1) * pageSize),
    db.select({ total: count() }).from(roles).where(where),
  ]);
  return { list: rows.map(toItem), total, current, pageSize };
}

/** Creates a role; answers its id. */
export async function createRole(db: Db, body: Static<typeof RoleBody>): Promise<number> {
  try {
    const [created] = await db
      .insert(roles)
      .values({ name: body.name.trim(), code: body.code, permissions: body.permissions, dataScope: body.dataScope })
      .returning({ id: roles.id });
    return created.id;
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, 'code', '角色编码');
    throw error;
  }
}

export async function updateRole(db: Db, id: number, body: Static<typeof RoleBody>) {
  const [existing] = await db.select().from(roles).where(eq(roles.id, id));
  if (!existing) throw notFound('角色');
  // Built-in codes are what the code relies on; the admin role always holds every key.
  if (existing.builtIn && body.code !== existing.code) {
    throw conflict('内置角色的编码不能修改', 'code', '角色编码');
  }
  const isAdminRole = existing.code === ADMIN_ROLE_CODE;
  try {
    await db
      .update(roles)
      .set({
        name: body.name.trim(),
        code: body.code,
        permissions: isAdminRole ? [...PERMISSION_KEYS] : body.permissions,
        dataScope: isAdminRole ? 'all' : body.dataScope,
        updatedAt: sql`now()`,
      })
      .where(eq(roles.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, 'code', '角色编码');
    throw error;
  }
}

/** Deletes a role nobody holds; built-in roles stay. */
export async function deleteRole(db: Db, id: number) {
  const existing = await roleItem(db, id);
  if (existing.builtIn) throw new AppError(409, '内置角色不能删除');
  if (existing.userCount > 0) throw new AppError(409, `该角色下还有${existing.userCount}个用户，请先为他们更换角色`);
  await db.delete(roles).where(eq(roles.id, existing.id));
}
