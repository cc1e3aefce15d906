import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Page } from '../../common/contracts/base';
import {
  ChannelBody,
  ChannelFilters,
  ChannelItem,
  ChannelQuery,
  ChannelTestBody,
  ChannelTestResult,
  OutboxFilters,
  OutboxItem,
  OutboxQuery,
} from '../../common/contracts/channels';
import { CHANNEL_MESSAGES } from '../../common/constants';
import { ok, okEmpty, replies, sendXlsx } from '../http';
import { EXPORT_REPLIES } from '../listExport';
import { xlsxStream } from '../lib/xlsx';
import { requireUser } from '../plugins/auth';
import {
  CHANNEL_COLUMNS,
  channelBatch,
  channelOrFail,
  createChannel,
  deleteChannel,
  listChannels,
  setChannelEnabled,
  testChannel,
  updateChannel,
} from '../services/channels/channels';
import { listOutbox, OUTBOX_COLUMNS, outboxBatch, retryDead } from '../services/channels/outbox';

// 系统设置 › 消息通道 and 发送记录 (docs/product.md §16): admins only, like every 系统设置 page.

const channelRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'admin' as const };
  const tags = ['channels'];

  app.get(
    '/notice-channels',
    { config: access, schema: { tags, summary: '消息通道', querystring: ChannelQuery, response: replies(Page(ChannelItem)) } },
    async (request) => ok(await listChannels(db, request.query)),
  );
  app.get(
    '/notice-channels/export',
    { config: access, schema: { tags, summary: '导出消息通道（Excel，筛选条件同列表）', querystring: ChannelFilters, ...EXPORT_REPLIES } },
    async (request, reply) => {
      const stream = await xlsxStream({ sheet: '消息通道', columns: CHANNEL_COLUMNS, batch: channelBatch(db, request.query) });
      return sendXlsx(reply, stream, 'notice-channels.xlsx', '消息通道.xlsx');
    },
  );
  app.post(
    '/notice-channels',
    { config: access, schema: { tags, summary: '添加消息通道（默认停用）', body: ChannelBody, response: replies(ChannelItem) } },
    async (request) => {
      const id = await createChannel(db, requireUser(request).id, request.body);
      request.createdId = String(id);
      return { ...ok(await channelOrFail(db, id)), message: CHANNEL_MESSAGES.created };
    },
  );
  app.put(
    '/notice-channels/:id',
    { config: access, schema: { tags, summary: '修改消息通道', params: IdParams, body: ChannelBody, response: replies(ChannelItem) } },
    async (request) => {
      await updateChannel(db, request.params.id, request.body);
      return { ...ok(await channelOrFail(db, request.params.id)), message: CHANNEL_MESSAGES.updated };
    },
  );
  for (const [verb, enabled, summary, message] of [
    ['enable', true, '启用消息通道', CHANNEL_MESSAGES.enabled],
    ['disable', false, '停用消息通道（尚未发出的消息取消）', CHANNEL_MESSAGES.disabled],
  ] as const) {
    app.post(
      `/notice-channels/:id/${verb}`,
      { config: access, schema: { tags, summary, params: IdParams, response: replies(ChannelItem) } },
      async (request) => {
        await setChannelEnabled(db, request.params.id, enabled);
        return { ...ok(await channelOrFail(db, request.params.id)), message };
      },
    );
  }
  app.post(
    '/notice-channels/:id/test',
    {
      config: access,
      schema: {
        tags,
        summary: '发送测试消息',
        params: IdParams,
        body: ChannelTestBody,
        response: replies(ChannelTestResult),
      },
    },
    async (request) => {
      const result = await testChannel(db, request.params.id);
      return { ...ok(result), message: result.ok ? CHANNEL_MESSAGES.testSent : `测试未成功：${result.error ?? ''}` };
    },
  );
  app.delete(
    '/notice-channels/:id',
    { config: access, schema: { tags, summary: '删除消息通道（连同它的发送记录）', params: IdParams, response: replies() } },
    async (request) => {
      await deleteChannel(db, request.params.id);
      return okEmpty(CHANNEL_MESSAGES.deleted);
    },
  );

  app.get(
    '/notice-outbox',
    { config: access, schema: { tags, summary: '发送记录', querystring: OutboxQuery, response: replies(Page(OutboxItem)) } },
    async (request) => ok(await listOutbox(db, request.query)),
  );
  app.get(
    '/notice-outbox/export',
    { config: access, schema: { tags, summary: '导出发送记录（Excel，筛选条件同列表）', querystring: OutboxFilters, ...EXPORT_REPLIES } },
    async (request, reply) => {
      const stream = await xlsxStream({ sheet: '发送记录', columns: OUTBOX_COLUMNS, batch: outboxBatch(db, request.query) });
      return sendXlsx(reply, stream, 'notice-outbox.xlsx', '发送记录.xlsx');
    },
  );
  app.post(
    '/notice-outbox/:id/retry',
    { config: access, schema: { tags, summary: '重试发送失败的消息', params: IdParams, response: replies() } },
    async (request) => {
      await retryDead(db, request.params.id);
      app.noticeSender.kick();
      return okEmpty(CHANNEL_MESSAGES.retried);
    },
  );
};

export default channelRoutes;
