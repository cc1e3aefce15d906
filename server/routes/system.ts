import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { and, asc, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import { Page } from '../../common/contracts/base';
import {
  AreaBody,
  AreaItem,
  LoginLogItem,
  LoginLogQuery,
  OperationLogItem,
  OperationLogQuery,
  Settings,
  SettingsBody,
} from '../../common/contracts/system';
import { AREA_MAX, AREA_MIN } from '../../common/constants';
import { areas, loginLogs, operationLogs, settings } from '../db/schema';
import { notFound } from '../errors';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { assertAreaNameFree, assertVillageWritable } from '../services/introductions';
import { containsPattern } from '../services/scope';
import { readSettings, settingRows } from '../services/settings';

const iso = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

const systemRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.get(
    '/areas',
    { config: { access: 'public' }, schema: { tags: ['areas'], summary: '区域（镇社区与各村）', response: replies(Type.Array(AreaItem)) } },
    async () => ok(await db.select({ id: areas.id, name: areas.name }).from(areas).orderBy(asc(areas.id))),
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
    async (request) => {
      // The same rules as the village introduction form, which also renames the area.
      assertVillageWritable(requireUser(request), request.params.id);
      const name = request.body.name.trim();
      await assertAreaNameFree(db, request.params.id, name);
      const [row] = await db
        .update(areas)
        .set({ name, updatedAt: sql`now()` })
        .where(eq(areas.id, request.params.id))
        .returning({ id: areas.id, name: areas.name });
      if (!row) throw notFound('区域');
      return ok(row);
    },
  );

  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: { tags: ['settings'], summary: '平台设置（标题、中心名称、备案号、诉求办理期限）', response: replies(Settings) },
    },
    async () => ok(await readSettings(db)),
  );

  app.put(
    '/settings',
    {
      config: { access: 'admin' },
      schema: { tags: ['settings'], summary: '修改平台设置', body: SettingsBody, response: replies(Settings) },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        for (const { key, value } of settingRows(request.body)) {
          await tx
            .insert(settings)
            .values({ key, value })
            .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
        }
      });
      return ok(await readSettings(db));
    },
  );

  app.get(
    '/operation-logs',
    {
      config: { access: 'admin' },
      schema: { tags: ['logs'], summary: '操作日志', querystring: OperationLogQuery, response: replies(Page(OperationLogItem)) },
    },
    async (request) => {
      const { current, pageSize, account, method, from, to, sortOrder } = request.query;
      const where = and(
        account ? ilike(operationLogs.account, containsPattern(account)) : undefined,
        method ? eq(operationLogs.method, method) : undefined,
        from ? gte(operationLogs.createdAt, new Date(from)) : undefined,
        to ? lte(operationLogs.createdAt, new Date(to)) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(operationLogs)
          .where(where)
          .orderBy(sortOrder === 'ascend' ? asc(operationLogs.createdAt) : desc(operationLogs.createdAt), desc(operationLogs.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize),
        db.select({ total: count() }).from(operationLogs).where(where),
      ]);
      return ok({ list: rows.map(iso), total, current, pageSize });
    },
  );

  app.get(
    '/login-logs',
    {
      config: { access: 'admin' },
      schema: { tags: ['logs'], summary: '登录日志', querystring: LoginLogQuery, response: replies(Page(LoginLogItem)) },
    },
    async (request) => {
      const { current, pageSize, account, ip, success, from, to, sortOrder } = request.query;
      const where = and(
        account ? ilike(loginLogs.account, containsPattern(account)) : undefined,
        ip ? eq(loginLogs.ip, ip) : undefined,
        success !== undefined ? eq(loginLogs.success, success) : undefined,
        from ? gte(loginLogs.createdAt, new Date(from)) : undefined,
        to ? lte(loginLogs.createdAt, new Date(to)) : undefined,
      );
      const [rows, [{ total }]] = await Promise.all([
        db
          .select()
          .from(loginLogs)
          .where(where)
          .orderBy(sortOrder === 'ascend' ? asc(loginLogs.createdAt) : desc(loginLogs.createdAt), desc(loginLogs.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize),
        db.select({ total: count() }).from(loginLogs).where(where),
      ]);
      return ok({ list: rows.map(iso), total, current, pageSize });
    },
  );
};

export default systemRoutes;
