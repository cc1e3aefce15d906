import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError, Page } from '../../common/contracts/base';
import { AdjustBody, LedgerEntry, LedgerPage, LedgerQuery, RankingQuery, RankingRow } from '../../common/contracts/scores';
import { ok, replies, sendXlsx } from '../http';
import { requireUser } from '../plugins/auth';
import { adjustPoints, exportRanking, ledgerEntry, ledgerPage, rankingPage } from '../services/tasks/scores';
import { XLSX_TYPE } from '../lib/xlsx';

const EXPORT_NAME = '积分排行.xlsx';

// There is deliberately no call that changes or removes a ledger entry: a correction is a new entry.
const scoreRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const access = { access: 'userManage' as const };
  const tags = ['scores'];

  app.get(
    '/scores/ranking',
    { config: access, schema: { tags, summary: '积分排行', querystring: RankingQuery, response: replies(Page(RankingRow)) } },
    async (request) => ok(await rankingPage(db, requireUser(request), request.query)),
  );

  app.get(
    '/scores/ledger',
    { config: access, schema: { tags, summary: '用户积分明细', querystring: LedgerQuery, response: replies(LedgerPage) } },
    async (request) => ok(await ledgerPage(db, requireUser(request), request.query)),
  );

  app.post(
    '/scores/adjust',
    {
      config: { access: 'admin' },
      schema: { tags, summary: '人工调整积分（追加一条记录）', body: AdjustBody, response: replies(LedgerEntry) },
    },
    async (request) => {
      const id = await adjustPoints(db, requireUser(request).id, request.body);
      request.createdId = String(id);
      return ok(await ledgerEntry(db, id));
    },
  );

  app.get(
    '/scores/export',
    {
      config: access,
      schema: {
        tags,
        summary: '导出积分排行（Excel，筛选条件同积分排行）',
        querystring: RankingQuery,
        produces: [XLSX_TYPE],
        response: { '4xx': ApiError, '5xx': ApiError },
      },
    },
    async (request, reply) => {
      const { current: _current, pageSize: _pageSize, ...filters } = request.query;
      return sendXlsx(reply, await exportRanking(db, requireUser(request), filters), 'ranking.xlsx', EXPORT_NAME);
    },
  );
};

export default scoreRoutes;
