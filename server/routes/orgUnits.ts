import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams } from '../../common/contracts/base';
import { OrgUnit, OrgUnitBody, OrgUnitNode } from '../../common/contracts/content';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { assertTownWideWriter } from '../services/scope';
import { createOrgUnit, deleteOrgUnit, orgTree, orgUnitOrFail, updateOrgUnit } from '../services/content/orgUnits';

/** The chart is the town's: a village-scoped holder of the key reads it, changes none of it (ADR 0022). */
const TOWN_WIDE = '新增、修改、移动或删除单位（组织架构全镇共用）';

/** 组织架构: the centre's organisation chart, a tree of units. */
const orgUnitRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'organization' as const };
  const tags = ['org-units'];

  app.get(
    '/org-units',
    {
      config: access,
      schema: { tags, summary: '组织架构（整棵树，同级按排序号再按编号）', response: replies(Type.Array(OrgUnitNode)) },
    },
    async () => ok(await orgTree(db)),
  );

  app.post(
    '/org-units',
    { config: access, schema: { tags, summary: '新增单位', body: OrgUnitBody, response: replies(OrgUnit) } },
    async (request) => {
      assertTownWideWriter(requireUser(request), TOWN_WIDE);
      const id = await createOrgUnit(db, request.body);
      request.createdId = String(id);
      return ok(await orgUnitOrFail(db, id));
    },
  );

  app.put(
    '/org-units/:id',
    {
      config: access,
      schema: { tags, summary: '修改单位（含移动到其他上级单位）', params: IdParams, body: OrgUnitBody, response: replies(OrgUnit) },
    },
    async (request) => {
      assertTownWideWriter(requireUser(request), TOWN_WIDE);
      await updateOrgUnit(db, request.params.id, request.body);
      return ok(await orgUnitOrFail(db, request.params.id));
    },
  );

  app.delete(
    '/org-units/:id',
    { config: access, schema: { tags, summary: '删除单位（须先删除或移走下级单位）', params: IdParams, response: replies() } },
    async (request) => {
      assertTownWideWriter(requireUser(request), TOWN_WIDE);
      await deleteOrgUnit(db, request.params.id);
      return { code: 200 as const, message: '单位已删除' };
    },
  );
};

export default orgUnitRoutes;
