import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ApiError, Page, type PageResult } from '../../common/contracts/base';
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
import { XLSX_TYPE, type XlsxColumn, xlsxStream } from '../lib/xlsx';

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

  /**
   * A log's list and its .xlsx export: the same filters, the export in the list's order, read in
   * batches without counting again.
   */
  function logRoutes<Q extends TSchema, X extends TSchema, I extends TSchema>(log: {
    path: string;
    name: string;
    query: Q;
    exportQuery: X;
    item: I;
    list: (query: Static<Q>) => Promise<PageResult<Static<I>>>;
    batch: (query: Static<X>) => (limit: number, offset: number) => Promise<Array<Static<I>>>;
    columns: Array<XlsxColumn<Static<I>>>;
  }) {
    const access = { access: 'admin' as const };
    const tags = ['logs'];
    app.get(
      `/${log.path}`,
      { config: access, schema: { tags, summary: log.name, querystring: log.query, response: replies(Page(log.item)) } },
      async (request) => ok(await log.list(request.query)),
    );
    app.get(
      `/${log.path}/export`,
      {
        config: access,
        schema: {
          tags,
          summary: `导出${log.name}（Excel，筛选条件同列表）`,
          querystring: log.exportQuery,
          produces: [XLSX_TYPE],
          response: { '4xx': ApiError, '5xx': ApiError },
        },
      },
      async (request, reply) => {
        const stream = await xlsxStream({ sheet: log.name, columns: log.columns, batch: log.batch(request.query) });
        return sendXlsx(reply, stream, `${log.path}.xlsx`, `${log.name}.xlsx`);
      },
    );
  }

  logRoutes({
    path: 'operation-logs',
    name: '操作日志',
    query: OperationLogQuery,
    exportQuery: OperationLogExportQuery,
    item: OperationLogItem,
    list: (query) => listOperationLogs(db, query),
    batch: (query) => operationLogBatch(db, query),
    columns: OPERATION_LOG_COLUMNS,
  });
  logRoutes({
    path: 'login-logs',
    name: '登录日志',
    query: LoginLogQuery,
    exportQuery: LoginLogExportQuery,
    item: LoginLogItem,
    list: (query) => listLoginLogs(db, query),
    batch: (query) => loginLogBatch(db, query),
    columns: LOGIN_LOG_COLUMNS,
  });
};

export default systemRoutes;
