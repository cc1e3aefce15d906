import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { IdParams, Page } from '../../common/contracts/base';
import { PermissionItem, RoleBody, RoleItem, RoleListQuery } from '../../common/contracts/roles';
import { PERMISSION_KEYS, PERMISSION_LABELS } from '../../common/constants';
import { ok, replies } from '../http';
import { createRole, deleteRole, listRoles, roleItem, updateRole } from '../services/accounts/roles';

const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ['roles'];

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
    async (request) => ok(await listRoles(db, request.query)),
  );

  app.get(
    '/roles/:id',
    { config: { access: 'userManage' }, schema: { tags, summary: '角色详情', params: IdParams, response: replies(RoleItem) } },
    async (request) => ok(await roleItem(db, request.params.id)),
  );

  app.post(
    '/roles',
    { config: { access: 'admin' }, schema: { tags, summary: '新建角色', body: RoleBody, response: replies(RoleItem) } },
    async (request) => {
      const id = await createRole(db, request.body);
      request.createdId = String(id);
      return ok(await roleItem(db, id));
    },
  );

  app.put(
    '/roles/:id',
    {
      config: { access: 'admin' },
      schema: { tags, summary: '修改角色', params: IdParams, body: RoleBody, response: replies(RoleItem) },
    },
    async (request) => {
      await updateRole(db, request.params.id, request.body);
      return ok(await roleItem(db, request.params.id));
    },
  );

  app.delete(
    '/roles/:id',
    { config: { access: 'admin' }, schema: { tags, summary: '删除角色', params: IdParams, response: replies() } },
    async (request) => {
      await deleteRole(db, request.params.id);
      return { code: 200 as const, message: '角色已删除' };
    },
  );
};

export default roleRoutes;
