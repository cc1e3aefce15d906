import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { asc, count, desc, eq, ilike, sql } from 'drizzle-orm';
import { IdParams, Page } from '../../common/contracts/base';
import { PermissionItem, RoleBody, RoleItem, RoleListQuery } from '../../common/contracts/roles';
import { ADMIN_ROLE_CODE, type DataScope, PERMISSION_KEYS, PERMISSION_LABELS } from '../../common/constants';
import { roles, users } from '../db/schema';
import { AppError, conflict, isUniqueViolation, notFound } from '../errors';
import { ok, replies } from '../http';
import { containsPattern } from '../services/scope';
import { effectivePermissions } from '../services/sessions';

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
type RoleRowWithCount = { code: string; permissions: string[]; dataScope: string; createdAt: Date };
const toItem = <T extends RoleRowWithCount>(row: T) => ({
  ...row,
  permissions: effectivePermissions(row.code, row.permissions),
  dataScope: row.dataScope as DataScope,
  createdAt: row.createdAt.toISOString(),
});

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ['roles'];

  async function item(id: number) {
    const [row] = await db.select(roleColumns).from(roles).where(eq(roles.id, id));
    if (!row) throw notFound('角色');
    return toItem(row);
  }

  app.get(
    '/permissions',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: '权限键及中文名称', response: replies(Type.Array(PermissionItem)) },
    },
    async () => ok(PERMISSION_KEYS.map((key) => ({ key, label: PERMISSION_LABELS[key] }))),
  );

  // Reading roles belongs to user management (the user form picks one); changing them is for admins.
  app.get(
    '/roles',
    {
      config: { access: 'userManage' },
      schema: { tags, summary: '角色列表', querystring: RoleListQuery, response: replies(Page(RoleItem)) },
    },
    async (request) => {
      const { current, pageSize, name, sortOrder } = request.query;
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
      return ok({ list: rows.map(toItem), total, current, pageSize });
    },
  );

  app.get(
    '/roles/:id',
    { config: { access: 'userManage' }, schema: { tags, summary: '角色详情', params: IdParams, response: replies(RoleItem) } },
    async (request) => ok(await item(request.params.id)),
  );

  app.post(
    '/roles',
    { config: { access: 'admin' }, schema: { tags, summary: '新建角色', body: RoleBody, response: replies(RoleItem) } },
    async (request) => {
      const body = request.body;
      try {
        const [created] = await db
          .insert(roles)
          .values({ name: body.name.trim(), code: body.code, permissions: body.permissions, dataScope: body.dataScope })
          .returning({ id: roles.id });
        request.createdId = String(created.id);
        return ok(await item(created.id));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(CODE_TAKEN, 'code', '角色编码');
        throw error;
      }
    },
  );

  app.put(
    '/roles/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: '修改角色', params: IdParams, body: RoleBody, response: replies(RoleItem) },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
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
      return ok(await item(id));
    },
  );

  app.delete(
    '/roles/:id',
    { config: { access: 'admin' }, schema: { tags, summary: '删除角色', params: IdParams, response: replies() } },
    async (request) => {
      const existing = await item(request.params.id);
      if (existing.builtIn) throw new AppError(409, '内置角色不能删除');
      if (existing.userCount > 0) throw new AppError(409, `该角色下还有${existing.userCount}个用户，请先为他们更换角色`);
      await db.delete(roles).where(eq(roles.id, existing.id));
      return { code: 200 as const, message: '角色已删除' };
    },
  );
};

export default roleRoutes;
