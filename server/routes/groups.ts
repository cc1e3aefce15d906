import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql } from 'drizzle-orm';
import { IdParams, Page } from '../../common/contracts/base';
import { GroupBody, GroupDetail, GroupItem, GroupListQuery, GroupMembersBody } from '../../common/contracts/groups';
import { areas, groups, taskGroups, userGroups, users } from '../db/schema';
import { badRequest, conflict, isForeignKeyViolation, isUniqueViolation, notFound } from '../errors';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { assertTownWideWriter, containsPattern, scopeCondition } from '../services/scope';

const NAME_TAKEN = '已有同名分组';
/** Groups are the town's: see assertTownWideWriter. */
const TOWN_WIDE = '新建、修改或删除分组（分组全镇共用）';

// The outer column is qualified by hand: drizzle writes ${groups.id} as a bare "id" here.
const memberCount = sql<number>`(select count(*)::int from ${userGroups} where ${userGroups.groupId} = ${groups}.${sql.identifier(groups.id.name)})`;
const groupColumns = {
  id: groups.id,
  name: groups.name,
  description: groups.description,
  memberCount,
  createdAt: groups.createdAt,
};
const toItem = <T extends { createdAt: Date }>(row: T) => ({ ...row, createdAt: row.createdAt.toISOString() });

const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'userManage' as const };
  const tags = ['groups'];

  async function detail(id: number, caller: ReturnType<typeof requireUser>) {
    const [row] = await db.select(groupColumns).from(groups).where(eq(groups.id, id));
    if (!row) throw notFound('分组');
    const members = await db
      .select({ id: users.id, account: users.account, name: users.name, area: users.area, areaName: areas.name })
      .from(userGroups)
      .innerJoin(users, eq(users.id, userGroups.userId))
      .leftJoin(areas, eq(areas.id, users.area))
      .where(and(eq(userGroups.groupId, id), scopeCondition(caller, { area: users.area, owner: users.id })))
      .orderBy(asc(users.area), asc(users.id))
      .limit(5000);
    return { ...toItem(row), members };
  }

  app.get(
    '/groups',
    { config: access, schema: { tags, summary: '分组列表', querystring: GroupListQuery, response: replies(Page(GroupItem)) } },
    async (request) => {
      const { current, pageSize, name, sortOrder } = request.query;
      const where = name ? ilike(groups.name, containsPattern(name)) : undefined;
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(groupColumns)
          .from(groups)
          .where(where)
          .orderBy(sortOrder === 'ascend' ? asc(groups.createdAt) : desc(groups.createdAt), desc(groups.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize),
        db.select({ total: count() }).from(groups).where(where),
      ]);
      return ok({ list: rows.map(toItem), total, current, pageSize });
    },
  );

  app.get(
    '/groups/:id',
    { config: access, schema: { tags, summary: '分组详情（含成员）', params: IdParams, response: replies(GroupDetail) } },
    async (request) => ok(await detail(request.params.id, requireUser(request))),
  );

  app.post(
    '/groups',
    { config: access, schema: { tags, summary: '新建分组', body: GroupBody, response: replies(GroupDetail) } },
    async (request) => {
      assertTownWideWriter(requireUser(request), TOWN_WIDE);
      try {
        const [created] = await db
          .insert(groups)
          .values({ name: request.body.name.trim(), description: request.body.description?.trim() ?? '' })
          .returning({ id: groups.id });
        request.createdId = String(created.id);
        return ok(await detail(created.id, requireUser(request)));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(NAME_TAKEN, 'name', '分组名称');
        throw error;
      }
    },
  );

  app.put(
    '/groups/:id',
    { config: access, schema: { tags, summary: '修改分组', params: IdParams, body: GroupBody, response: replies(GroupDetail) } },
    async (request) => {
      assertTownWideWriter(requireUser(request), TOWN_WIDE);
      const { id } = request.params;
      try {
        const updated = await db
          .update(groups)
          .set({
            name: request.body.name.trim(),
            ...(request.body.description !== undefined ? { description: request.body.description.trim() } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(groups.id, id))
          .returning({ id: groups.id });
        if (!updated.length) throw notFound('分组');
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(NAME_TAKEN, 'name', '分组名称');
        throw error;
      }
      return ok(await detail(id, requireUser(request)));
    },
  );

  app.delete(
    '/groups/:id',
    { config: access, schema: { tags, summary: '删除分组', params: IdParams, response: replies() } },
    async (request) => {
      assertTownWideWriter(requireUser(request), TOWN_WIDE);
      const { id } = request.params;
      // A task aimed at the group would silently change whom it targets: refuse while one is.
      const [{ usedBy }] = await db.select({ usedBy: count() }).from(taskGroups).where(eq(taskGroups.groupId, id));
      if (usedBy > 0) throw conflict(`该分组已被${usedBy}个任务设为派发对象，不能删除`);
      let deleted: Array<{ id: number }>;
      try {
        deleted = await db.delete(groups).where(eq(groups.id, id)).returning({ id: groups.id });
      } catch (error) {
        // A task made between the check and the delete.
        if (isForeignKeyViolation(error)) throw conflict('该分组已被任务设为派发对象，不能删除');
        throw error;
      }
      if (!deleted.length) throw notFound('分组');
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
      const { id } = request.params;
      const { userIds } = request.body;
      const [group] = await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id));
      if (!group) throw notFound('分组');
      const scope = scopeCondition(caller, { area: users.area, owner: users.id });
      if (userIds.length) {
        const reachable = await db
          .select({ id: users.id })
          .from(users)
          .where(and(inArray(users.id, userIds), scope));
        if (reachable.length !== userIds.length) throw badRequest('userIds', '成员', '所选用户不存在或不在管理范围内');
      }
      // Replace only the members the caller can see: members outside their scope stay.
      await db.transaction(async (tx) => {
        const inScopeUsers = tx.select({ id: users.id }).from(users).where(scope);
        await tx
          .delete(userGroups)
          .where(
            and(
              eq(userGroups.groupId, id),
              scope ? inArray(userGroups.userId, inScopeUsers) : undefined,
              userIds.length ? notInArray(userGroups.userId, userIds) : undefined,
            ),
          );
        if (userIds.length) {
          await tx
            .insert(userGroups)
            .values(userIds.map((userId) => ({ userId, groupId: id })))
            .onConflictDoNothing();
        }
      });
      return ok(await detail(id, caller));
    },
  );
};

export default groupRoutes;
