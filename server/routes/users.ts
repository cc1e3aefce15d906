import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { IdParams, Page } from '../../common/contracts/base';
import { ResetPasswordBody, UserCreateBody, UserItem, UserListQuery, UserUpdateBody } from '../../common/contracts/users';
import { USER_STATUS_LABELS } from '../../common/constants';
import { roles, users } from '../db/schema';
import { AppError, badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../errors';
import { ok, replies } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../services/xlsx';
import { requireUser } from '../plugins/auth';
import { assertPasswordAllowed } from '../services/passwordPolicy';
import { hashPassword } from '../services/passwords';
import { accountKeyOf, clearAccount } from '../services/signInGuard';
import { revokeUserSessions } from '../services/sessions';
import {
  assertAreaForRole,
  assertAssignableArea,
  assertAssignableRole,
  assertGroupsExist,
  getUserItem,
  listUsers,
  loadManageableUser,
  setUserGroups,
} from '../services/users';

const ACCOUNT_TAKEN = '该账号已存在，请换一个账号';

// No password or its hash, ever: the columns are what the list shows.
const USER_COLUMNS: Array<XlsxColumn<UserItem>> = [
  { header: '账号', width: 14, value: (u) => u.account },
  { header: '姓名', width: 10, value: (u) => u.name },
  { header: '手机号', width: 14, value: (u) => u.phone },
  { header: '角色', width: 14, value: (u) => u.roleName },
  { header: '所属区域', width: 14, value: (u) => u.areaName ?? '全镇' },
  { header: '分组', width: 20, value: (u) => u.groups.map((g) => g.name).join('、') },
  { header: '状态', width: 8, value: (u) => USER_STATUS_LABELS[u.status] },
  { header: '最近登录', width: 18, value: (u) => exportTime(u.lastLoginAt) },
  { header: '创建时间', width: 18, value: (u) => exportTime(u.createdAt) },
];

const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'userManage' as const };
  const tags = ['users'];

  async function itemOrFail(id: number) {
    const item = await getUserItem(db, id);
    if (!item) throw notFound('用户');
    return item;
  }

  app.get(
    '/users',
    { config: access, schema: { tags, summary: '用户列表', querystring: UserListQuery, response: replies(Page(UserItem)) } },
    async (request) => ok(await listUsers(db, requireUser(request), request.query)),
  );

  app.get(
    '/users/export',
    { config: access, schema: { tags, summary: '导出用户列表（Excel，筛选条件同列表）', querystring: UserListQuery, ...EXPORT_REPLIES } },
    async (request, reply) => {
      const caller = requireUser(request);
      return sendListExport(reply, {
        sheet: '用户列表',
        fileName: '用户列表.xlsx',
        asciiName: 'users.xlsx',
        columns: USER_COLUMNS,
        page: (current, pageSize) => listUsers(db, caller, { ...request.query, current, pageSize }),
      });
    },
  );

  app.get(
    '/users/:id',
    { config: access, schema: { tags, summary: '用户详情', params: IdParams, response: replies(UserItem) } },
    async (request) => {
      await loadManageableUser(db, requireUser(request), request.params.id);
      return ok(await itemOrFail(request.params.id));
    },
  );

  app.post(
    '/users',
    { config: access, schema: { tags, summary: '新建用户', body: UserCreateBody, response: replies(UserItem) } },
    async (request) => {
      const caller = requireUser(request);
      const body = request.body;
      const role = await assertAssignableRole(db, caller, body.roleId);
      assertAreaForRole(role, body.area);
      assertAssignableArea(caller, body.area);
      await assertGroupsExist(db, body.groupIds);
      assertPasswordAllowed(body.password, 'password', '密码');
      const passwordHash = await hashPassword(body.password);
      try {
        const id = await db.transaction(async (tx) => {
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
            })
            .returning({ id: users.id });
          await setUserGroups(tx, created.id, body.groupIds);
          return created.id;
        });
        request.createdId = String(id);
        return ok(await itemOrFail(id));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ACCOUNT_TAKEN, 'account', '账号');
        throw error;
      }
    },
  );

  app.put(
    '/users/:id',
    {
      config: access,
      schema: { tags, summary: '修改用户', params: IdParams, body: UserUpdateBody, response: replies(UserItem) },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id } = request.params;
      const body = request.body;
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
      if (body.groupIds) await assertGroupsExist(db, body.groupIds);
      try {
        await db.transaction(async (tx) => {
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
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ACCOUNT_TAKEN, 'account', '账号');
        throw error;
      }
      return ok(await itemOrFail(id));
    },
  );

  app.delete(
    '/users/:id',
    { config: access, schema: { tags, summary: '删除用户', params: IdParams, response: replies() } },
    async (request) => {
      const caller = requireUser(request);
      const { id } = request.params;
      if (id === caller.id) throw new AppError(409, '不能删除自己的账号');
      await loadManageableUser(db, caller, id);
      try {
        await db.delete(users).where(eq(users.id, id));
      } catch (error) {
        if (isForeignKeyViolation(error)) throw conflict('该用户已有业务记录，不能删除，请改为停用');
        throw error;
      }
      return { code: 200 as const, message: '用户已删除' };
    },
  );

  const statusAction = (
    verb: 'approve' | 'disable' | 'enable',
    summary: string,
    from: ReadonlyArray<string>,
    to: 'active' | 'disabled',
    refusal: string,
  ) =>
    app.post(
      `/users/:id/${verb}`,
      { config: access, schema: { tags, summary, params: IdParams, response: replies(UserItem) } },
      async (request) => {
        const caller = requireUser(request);
        const { id } = request.params;
        if (id === caller.id) throw new AppError(409, '不能修改自己账号的状态');
        const target = await loadManageableUser(db, caller, id);
        if (!from.includes(target.status)) throw new AppError(409, refusal);
        await db.transaction(async (tx) => {
          await tx
            .update(users)
            .set({ status: to, updatedAt: sql`now()` })
            .where(eq(users.id, id));
          if (to === 'disabled') await revokeUserSessions(tx, id);
        });
        return ok(await itemOrFail(id));
      },
    );
  statusAction('approve', '审核通过注册用户', ['pending'], 'active', '该用户不是待审核状态');
  statusAction('disable', '停用用户', ['active', 'pending'], 'disabled', '该用户已是停用状态');
  statusAction('enable', '启用用户', ['disabled'], 'active', '该用户不是停用状态');

  app.post(
    '/users/:id/unlock',
    {
      config: access,
      schema: { tags, summary: '解除登录锁定（清除该账号各地址的密码错误计数与验证码要求）', params: IdParams, response: replies() },
    },
    async (request) => {
      const { id } = request.params;
      await loadManageableUser(db, requireUser(request), id);
      const [target] = await db.select({ account: users.account }).from(users).where(eq(users.id, id));
      await clearAccount(db, accountKeyOf(target.account));
      return { code: 200 as const, message: '已解锁' };
    },
  );

  app.post(
    '/users/:id/reset-password',
    {
      config: access,
      schema: { tags, summary: '重置密码', params: IdParams, body: ResetPasswordBody, response: replies() },
    },
    async (request) => {
      const caller = requireUser(request);
      const { id } = request.params;
      await loadManageableUser(db, caller, id);
      assertPasswordAllowed(request.body.password, 'password', '新密码');
      const passwordHash = await hashPassword(request.body.password);
      await db.transaction(async (tx) => {
        const [target] = await tx
          .update(users)
          .set({ passwordHash, updatedAt: sql`now()` })
          .where(eq(users.id, id))
          .returning({ account: users.account });
        await revokeUserSessions(tx, id);
        // A new password lifts every lock on the account, as the unlock action does.
        await clearAccount(tx, accountKeyOf(target.account));
      });
      return { code: 200 as const, message: '密码已重置' };
    },
  );
};

export default userRoutes;
