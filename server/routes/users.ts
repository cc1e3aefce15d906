import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { eq, sql } from 'drizzle-orm';
import { IdParams, Page } from '../../common/contracts/base';
import { Value } from '@sinclair/typebox/value';
import {
  ResetPasswordBody,
  UserCreateBody,
  UserImportFields,
  UserImportPreview,
  UserImportResult,
  UserItem,
  UserListQuery,
  UserUpdateBody,
} from '../../common/contracts/users';
import { RULE_MESSAGES, USER_STATUS_LABELS } from '../../common/constants';
import { roles, userGroups, users } from '../db/schema';
import { AppError, badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../errors';
import { ok, replies } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import { XLSX_TYPE, type XlsxColumn } from '../lib/xlsx';
import { importTemplate, parseUserSheet, readImportUpload, validateImportRows } from '../services/userImport';
import { requireUser } from '../plugins/auth';
import { assertPasswordAllowed } from '../services/passwordPolicy';
import { hashPassword } from '../lib/passwords';
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
    '/users/import-template',
    { config: access, schema: { tags, summary: '下载用户导入模板（Excel）', ...EXPORT_REPLIES } },
    async (request, reply) => {
      const file = await importTemplate(db, requireUser(request));
      return reply
        .type(XLSX_TYPE)
        .header(
          'content-disposition',
          `attachment; filename="users-template.xlsx"; filename*=UTF-8''${encodeURIComponent('用户导入模板.xlsx')}`,
        )
        .header('cache-control', 'no-store')
        .send(file as never);
    },
  );

  app.post(
    '/users/import/preview',
    {
      config: access,
      schema: {
        tags,
        summary: '预览用户导入（multipart，字段 file：.xlsx 模板），逐行列出错误，不写入',
        consumes: ['multipart/form-data'],
        response: replies(UserImportPreview),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const rows = await parseUserSheet(await readImportUpload(request));
      const { resolved: _resolved, ...preview } = await validateImportRows(db, caller, rows);
      return ok(preview);
    },
  );

  app.post(
    '/users/import',
    {
      config: access,
      schema: {
        tags,
        summary: '导入用户（multipart：file 为 .xlsx 模板，password 为初始密码，skipInvalid 为 true 时跳过有误的行）',
        consumes: ['multipart/form-data'],
        response: replies(UserImportResult),
      },
    },
    async (request) => {
      const caller = requireUser(request);
      const upload = await readImportUpload(request);
      const fields = { password: upload.fields.password ?? '', skipInvalid: upload.fields.skipInvalid === 'true' };
      if (!Value.Check(UserImportFields, fields)) throw badRequest('password', '初始密码', RULE_MESSAGES.password);
      assertPasswordAllowed(fields.password, 'password', '初始密码');
      const checked = await validateImportRows(db, caller, await parseUserSheet(upload));
      const bad = checked.rows.filter((r) => r.errors.length);
      if (bad.length && !fields.skipInvalid) {
        const listed = bad
          .slice(0, 10)
          .map((r) => `第${r.row}行`)
          .join('、');
        throw badRequest(
          'file',
          '文件',
          `${listed}${bad.length > 10 ? `等${bad.length}行` : ''}有误，请改正后重新上传，或选择跳过有误的行`,
        );
      }
      const toInsert = [...checked.resolved.values()];
      if (!toInsert.length) throw badRequest('file', '文件', '没有可导入的行');
      // One hash for every account: each costs about 0.3 s, and everyone must replace it at first sign-in.
      const passwordHash = await hashPassword(fields.password);
      try {
        await db.transaction(async (tx) => {
          const created = await tx
            .insert(users)
            .values(
              toInsert.map((u) => ({
                account: u.account,
                name: u.name.trim(),
                phone: u.phone,
                passwordHash,
                roleId: u.roleId,
                area: u.area,
                status: 'active' as const,
                mustChangePassword: true,
              })),
            )
            .returning({ id: users.id, account: users.account });
          const idOf = new Map(created.map((c) => [c.account, c.id]));
          const memberships = toInsert.flatMap((u) => u.groupIds.map((groupId) => ({ userId: idOf.get(u.account) as number, groupId })));
          if (memberships.length) await tx.insert(userGroups).values(memberships);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('导入期间有账号被他人占用，未导入任何用户，请重新预览后再导入', 'file', '文件');
        throw error;
      }
      const skipped = bad.length;
      request.auditSummary = [
        {
          field: '导入用户',
          before: null,
          after: `${toInsert.length}个（${toInsert
            .map((u) => u.account)
            .join('、')
            .slice(0, 200)}）`,
        },
        ...(skipped
          ? [
              {
                field: '跳过有误的行',
                before: null,
                after: bad
                  .map((r) => r.row)
                  .join('、')
                  .slice(0, 200),
              },
            ]
          : []),
      ];
      return ok({ imported: toInsert.length, skipped });
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
