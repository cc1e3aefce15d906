import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { ApiError, Page } from '../../common/contracts/base';
import {
  AreaBody,
  AreaItem,
  DemoCleared,
  DemoSummary,
  LoginLogExportQuery,
  LoginLogItem,
  LoginLogQuery,
  OperationLogExportQuery,
  OperationLogItem,
  OperationLogQuery,
  Settings,
  SettingsBody,
} from '../../common/contracts/system';
import { AREA_MAX, AREA_MIN } from '../../common/constants';
import { ok, replies, sendXlsx } from '../http';
import { requireUser } from '../plugins/auth';
import { clearDemo, demoSummary } from '../services/demoData';
import { listAreas, renameArea } from '../services/introductions';
import {
  LOGIN_LOG_COLUMNS,
  listLoginLogs,
  listOperationLogs,
  loginLogBatch,
  OPERATION_LOG_COLUMNS,
  operationLogBatch,
} from '../services/logs';
import { readSettings, saveSettings, unsetSettings } from '../services/settings';
import { isAdmin } from '../services/sessions';
import { XLSX_TYPE, xlsxStream } from '../lib/xlsx';

const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.get(
    '/demo-data',
    { config: { access: 'admin' }, schema: { tags: ['system'], summary: '演示数据概况', response: replies(DemoSummary) } },
    async () => ok(await demoSummary(db)),
  );

  app.delete(
    '/demo-data',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['system'],
        summary: '清除演示数据（全部演示账号与演示记录，一个事务内完成；正式数据不动）',
        response: replies(DemoCleared),
      },
    },
    async (request) => {
      const cleared = await clearDemo(db, app.storage, requireUser(request).id);
      return { ...ok(cleared), message: '演示数据已清除' };
    },
  );

  app.get(
    '/areas',
    { config: { access: 'public' }, schema: { tags: ['areas'], summary: '区域（镇社区与各村）', response: replies(Type.Array(AreaItem)) } },
    async () => ok(await listAreas(db)),
  );

  app.put(
    '/areas/:id',
    {
      config: { access: 'introduction' },
      schema: {
        tags: ['areas'],
        summary: '修改区域名称',
        params: Type.Object({ id: Type.Integer({ minimum: AREA_MIN, maximum: AREA_MAX, title: '区域' }) }),
        body: AreaBody,
        response: replies(AreaItem),
      },
    },
    async (request) => ok(await renameArea(db, requireUser(request), request.params.id, request.body.name)),
  );

  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['settings'],
        summary: '平台设置（标题、中心名称、备案号、诉求办理期限）；管理员另见尚待填写的项（unset）',
        response: replies(Settings),
      },
    },
    async (request) => {
      const current = await readSettings(db);
      if (!request.user || !isAdmin(request.user)) return ok(current);
      return ok({ ...current, unset: await unsetSettings(db, current) });
    },
  );

  app.put(
    '/settings',
    {
      config: { access: 'admin' },
      schema: { tags: ['settings'], summary: '修改平台设置', body: SettingsBody, response: replies(Settings) },
    },
    async (request) => {
      await saveSettings(db, request.body);
      return ok({ ...(await readSettings(db)), unset: [] });
    },
  );

  const logs = ['logs'];
  app.get(
    '/operation-logs',
    {
      config: { access: 'admin' },
      schema: { tags: logs, summary: '操作日志', querystring: OperationLogQuery, response: replies(Page(OperationLogItem)) },
    },
    async (request) => ok(await listOperationLogs(db, request.query)),
  );

  app.get(
    '/operation-logs/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: logs,
        summary: '导出操作日志（Excel，筛选条件同列表）',
        querystring: OperationLogExportQuery,
        produces: [XLSX_TYPE],
        response: { '4xx': ApiError, '5xx': ApiError },
      },
    },
    async (request, reply) => {
      const { sortOrder, ...filters } = request.query;
      const stream = await xlsxStream({
        sheet: '操作日志',
        columns: OPERATION_LOG_COLUMNS,
        batch: operationLogBatch(db, filters, sortOrder),
      });
      return sendXlsx(reply, stream, 'operation-logs.xlsx', '操作日志.xlsx');
    },
  );

  app.get(
    '/login-logs',
    {
      config: { access: 'admin' },
      schema: { tags: logs, summary: '登录日志', querystring: LoginLogQuery, response: replies(Page(LoginLogItem)) },
    },
    async (request) => ok(await listLoginLogs(db, request.query)),
  );

  app.get(
    '/login-logs/export',
    {
      config: { access: 'admin' },
      schema: {
        tags: logs,
        summary: '导出登录日志（Excel，筛选条件同列表）',
        querystring: LoginLogExportQuery,
        produces: [XLSX_TYPE],
        response: { '4xx': ApiError, '5xx': ApiError },
      },
    },
    async (request, reply) => {
      const { sortOrder, ...filters } = request.query;
      const stream = await xlsxStream({ sheet: '登录日志', columns: LOGIN_LOG_COLUMNS, batch: loginLogBatch(db, filters, sortOrder) });
      return sendXlsx(reply, stream, 'login-logs.xlsx', '登录日志.xlsx');
    },
  );
};

export default systemRoutes;
