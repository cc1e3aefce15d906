import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { BatchBody, BatchResult, IdParams, Page } from '../../common/contracts/base';
import {
  ResetPasswordBody,
  UserCreateBody,
  UserImportPreview,
  UserImportResult,
  UserItem,
  UserBatchGroupsBody,
  UserListQuery,
  UserUpdateBody,
} from '../../common/contracts/users';
import { USER_IMPORT_MAX_BYTES, USER_MESSAGES, USER_STATUS_LABELS } from '../../common/constants';
import type { UserStatusChange } from '../../common/workflow';
import { AppError, badRequest } from '../errors';
import { ok, replies, sendXlsx } from '../http';
import { EXPORT_REPLIES, exportTime, sendListExport } from '../listExport';
import type { XlsxColumn } from '../lib/xlsx';
import { type ImportUpload, importTemplate, importUsers, previewImport } from '../services/accounts/userImport';
import { requireUser } from '../plugins/auth';
import { inBatch } from '../services/batch';
import {
  adjustUserGroups,
  assertBatchGroups,
  changeUserStatus,
  createUser,
  deleteUser,
  listUsers,
  manageableUserItem,
  resetUserPassword,
  unlockUser,
  updateUser,
  userItemOrFail,
} from '../services/accounts/users';

const FILE_LABEL = '文件';
const fileError = (message: string) => badRequest('file', FILE_LABEL, message);

/** The one .xlsx file and the text fields of a multipart request, whatever their order. */
async function readImportUpload(request: FastifyRequest): Promise<ImportUpload> {
  if (!request.isMultipart()) throw fileError('请以表单方式上传 .xlsx 文件');
  const fields: Record<string, string> = {};
  let file: { content: Buffer; filename: string } | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: USER_IMPORT_MAX_BYTES, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        file = { content: await part.toBuffer(), filename: part.filename ?? '' };
      } else {
        fields[part.fieldname] = String(part.value ?? '');
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, `${FILE_LABEL}：文件不能超过2MB`, [{ field: 'file', label: FILE_LABEL, message: '文件不能超过2MB' }]);
    }
    // The multipart parser's own errors (no boundary, truncated body) are the sender's fault.
    if (!(error as { statusCode?: number }).statusCode) throw fileError('上传内容不完整或格式不正确');
    throw error;
  }
  if (!file) throw fileError('请选择要导入的 .xlsx 文件');
  return { ...file, fields };
}

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
      return sendXlsx(reply, file, 'users-template.xlsx', '用户导入模板.xlsx');
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
      return ok(await previewImport(db, requireUser(request), await readImportUpload(request)));
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
      const { accounts, skippedRows } = await importUsers(db, requireUser(request), await readImportUpload(request));
      request.auditSummary = [
        {
          field: '导入用户',
          before: null,
          after: `${accounts.length}个（${accounts.join('、').slice(0, 200)}）`,
        },
        ...(skippedRows.length ? [{ field: '跳过有误的行', before: null, after: skippedRows.join('、').slice(0, 200) }] : []),
      ];
      return ok({ imported: accounts.length, skipped: skippedRows.length });
    },
  );

  app.get(
    '/users/:id',
    { config: access, schema: { tags, summary: '用户详情', params: IdParams, response: replies(UserItem) } },
    async (request) => ok(await manageableUserItem(db, requireUser(request), request.params.id)),
  );

  app.post(
    '/users',
    { config: access, schema: { tags, summary: '新建用户', body: UserCreateBody, response: replies(UserItem) } },
    async (request) => {
      const id = await createUser(db, requireUser(request), request.body);
      request.createdId = String(id);
      return ok(await userItemOrFail(db, id));
    },
  );

  app.put(
    '/users/:id',
    {
      config: access,
      schema: { tags, summary: '修改用户', params: IdParams, body: UserUpdateBody, response: replies(UserItem) },
    },
    async (request) => {
      const { id } = request.params;
      await updateUser(db, requireUser(request), id, request.body);
      return ok(await userItemOrFail(db, id));
    },
  );

  app.delete(
    '/users/:id',
    { config: access, schema: { tags, summary: '删除用户', params: IdParams, response: replies() } },
    async (request) => {
      await deleteUser(db, requireUser(request), request.params.id);
      return { code: 200 as const, message: USER_MESSAGES.deleted };
    },
  );

  const statusAction = (change: UserStatusChange, summary: string) =>
    app.post(
      `/users/:id/${change}`,
      { config: access, schema: { tags, summary, params: IdParams, response: replies(UserItem) } },
      async (request) => {
        const { id } = request.params;
        await changeUserStatus(db, requireUser(request), id, change);
        return ok(await userItemOrFail(db, id));
      },
    );
  statusAction('approve', '审核通过注册用户');
  statusAction('disable', '停用用户');
  statusAction('enable', '启用用户');

  // Bulk steps (ADR 0063): all or nothing, one operation-log entry per account.
  const batch = { ...access, auditEach: true };
  const batchStatus = (change: 'disable' | 'enable', summary: string, done: string) =>
    app.post(
      `/users/batch/${change}`,
      { config: batch, schema: { tags, summary, body: BatchBody, response: replies(BatchResult) } },
      async (request) => {
        const caller = requireUser(request);
        const result = await inBatch(db, request.body.ids, '用户', (tx, id) => changeUserStatus(tx, caller, id, change));
        return { ...ok(result), message: `已${done} ${result.count} 个用户` };
      },
    );
  batchStatus('disable', '批量停用用户', '停用');
  batchStatus('enable', '批量启用用户', '启用');
  app.post(
    '/users/batch/groups',
    { config: batch, schema: { tags, summary: '批量调整用户分组', body: UserBatchGroupsBody, response: replies(BatchResult) } },
    async (request) => {
      const caller = requireUser(request);
      const { ids, groupIds, mode } = request.body;
      await assertBatchGroups(db, groupIds);
      const result = await inBatch(db, ids, '用户', (tx, id) => adjustUserGroups(tx, caller, id, groupIds, mode));
      return { ...ok(result), message: `已将 ${result.count} 个用户${mode === 'add' ? '加入' : '移出'}所选分组` };
    },
  );

  app.post(
    '/users/:id/unlock',
    {
      config: access,
      schema: { tags, summary: '解除登录锁定（清除该账号各地址的密码错误计数与验证码要求）', params: IdParams, response: replies() },
    },
    async (request) => {
      await unlockUser(db, requireUser(request), request.params.id);
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
      await resetUserPassword(db, requireUser(request), request.params.id, request.body.password);
      return { code: 200 as const, message: USER_MESSAGES.passwordReset };
    },
  );
};

export default userRoutes;
