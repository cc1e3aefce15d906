import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { ApiError, IdParams, Page, type PageResult } from '../../common/contracts/base';
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
  VILLAGE_MESSAGES,
  VillageBody,
  VillageItem,
  VillageListQuery,
} from '../../common/contracts/system';
import { AREA_ID_MAX, AREA_MIN } from '../../common/constants';
import { ok, replies, sendXlsx } from '../http';
import { requireUser } from '../plugins/auth';
import { clearDemo, demoSummary } from '../services/system/demoData';
import { renameArea } from '../services/content/introductions';
import { listAreas } from '../services/system/areas';
import { createVillage, deleteVillage, listVillages, setVillageArchived, updateVillage, villageOrFail } from '../services/system/villages';
import {
  LOGIN_LOG_COLUMNS,
  listLoginLogs,
  listOperationLogs,
  loginLogBatch,
  OPERATION_LOG_COLUMNS,
  operationLogBatch,
} from '../services/system/logs';
import { readSettings, saveSettings, unsetSettings } from '../services/system/settings';
import { isAdmin } from '../services/accounts/sessions';
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
    {
      config: { access: 'public' },
      schema: {
        tags: ['areas'],
        summary: '区域（镇社区与各村，按排序；已归档的也在，active为false）',
        response: replies(Type.Array(AreaItem)),
      },
    },
    async () => ok(await listAreas(db)),
  );

  app.put(
    '/areas/:id',
    {
      config: { access: 'introduction' },
      schema: {
        tags: ['areas'],
        summary: '修改区域名称',
        params: Type.Object({ id: Type.Integer({ minimum: AREA_MIN, maximum: AREA_ID_MAX, title: '区域' }) }),
        body: AreaBody,
        response: replies(AreaItem),
      },
    },
    async (request) => ok(await renameArea(db, requireUser(request), request.params.id, request.body.name)),
  );

  // 组织架构 › 村（社区）: the areas as managed data (ADR 0050). Reading needs the organisation key;
  // every change also a scope of the whole town (services/system/villages.ts).
  const villages = { access: 'organization' as const };
  const villageTags = ['areas'];
  app.get(
    '/villages',
    {
      config: villages,
      schema: {
        tags: villageTags,
        summary: '村（社区）列表（含已归档）',
        querystring: VillageListQuery,
        response: replies(Page(VillageItem)),
      },
    },
    async (request) => ok(await listVillages(db, request.query)),
  );
  app.post(
    '/villages',
    { config: villages, schema: { tags: villageTags, summary: '新增村（社区）', body: VillageBody, response: replies(VillageItem) } },
    async (request) => {
      const id = await createVillage(db, requireUser(request), request.body);
      request.createdId = String(id);
      return { ...ok(await villageOrFail(db, id)), message: VILLAGE_MESSAGES.created };
    },
  );
  app.put(
    '/villages/:id',
    {
      config: villages,
      schema: { tags: villageTags, summary: '修改村（社区）', params: IdParams, body: VillageBody, response: replies(VillageItem) },
    },
    async (request) => {
      await updateVillage(db, requireUser(request), request.params.id, request.body);
      return { ...ok(await villageOrFail(db, request.params.id)), message: VILLAGE_MESSAGES.updated };
    },
  );
  for (const [path, archived, summary, message] of [
    ['archive', true, '归档村（社区）：选择框中不再出现，历史记录保留', VILLAGE_MESSAGES.archived],
    ['restore', false, '恢复已归档的村（社区）', VILLAGE_MESSAGES.restored],
  ] as const) {
    app.post(
      `/villages/:id/${path}`,
      { config: villages, schema: { tags: villageTags, summary, params: IdParams, response: replies(VillageItem) } },
      async (request) => {
        await setVillageArchived(db, requireUser(request), request.params.id, archived);
        return { ...ok(await villageOrFail(db, request.params.id)), message };
      },
    );
  }
  app.delete(
    '/villages/:id',
    {
      config: villages,
      schema: { tags: villageTags, summary: '删除没有任何记录的村（社区）；有记录的请归档', params: IdParams, response: replies() },
    },
    async (request) => {
      await deleteVillage(db, requireUser(request), request.params.id);
      return { code: 200 as const, message: VILLAGE_MESSAGES.deleted };
    },
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
