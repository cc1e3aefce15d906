import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import { GroupBody, GroupDetail, GroupItem, GroupListQuery, GroupMembersBody } from '../../common/contracts/groups';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { createGroup, deleteGroup, groupDetail, listGroups, setGroupMembers, updateGroup } from '../services/accounts/groups';

const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'userManage' as const };
  const tags = ['groups'];

  app.get(
    '/groups',
    { config: access, schema: { tags, summary: '分组列表', querystring: GroupListQuery, response: replies(Page(GroupItem)) } },
    async (request) => ok(await listGroups(db, request.query)),
  );

  app.get(
    '/groups/:id',
    { config: access, schema: { tags, summary: '分组详情（含成员）', params: IdParams, response: replies(GroupDetail) } },
    async (request) => ok(await groupDetail(db, request.params.id, requireUser(request))),
  );

  app.post(
    '/groups',
    { config: access, schema: { tags, summary: '新建分组', body: GroupBody, response: replies(GroupDetail) } },
    async (request) => {
      const caller = requireUser(request);
      const id = await createGroup(db, caller, request.body);
      request.createdId = String(id);
      return ok(await groupDetail(db, id, caller));
    },
  );

  app.put(
    '/groups/:id',
    { config: access, schema: { tags, summary: '修改分组', params: IdParams, body: GroupBody, response: replies(GroupDetail) } },
    async (request) => {
      const caller = requireUser(request);
      await updateGroup(db, caller, request.params.id, request.body);
      return ok(await groupDetail(db, request.params.id, caller));
    },
  );

  app.delete(
    '/groups/:id',
    { config: access, schema: { tags, summary: '删除分组', params: IdParams, response: replies() } },
    async (request) => {
      await deleteGroup(db, requireUser(request), request.params.id);
      return { code: 200 as const, message: '分组已删除' };
    },
  );

  app.put(
    '/groups/:id/members',
    {
      config: access,
      schema: { tags, summary: '设置分组成员', params: IdParams, body: GroupMembersBody, response: replies(GroupDetail) },
    },
    async (request) => {
      const caller = requireUser(request);
      await setGroupMembers(db, caller, request.params.id, request.body.userIds);
      return ok(await groupDetail(db, request.params.id, caller));
    },
  );
};

export default groupRoutes;
