import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ApiError } from '../../common/contracts/base';
import { Report, ReportQuery } from '../../common/contracts/reports';
import { ok, replies } from '../http';
import { requireUser } from '../plugins/auth';
import { buildReport } from '../services/reports/report';
import { DOCX_TYPE, reportDocx, reportFileNames } from '../services/reports/reportDocx';
import { statsArea } from '../services/reports/stats';

/**
 * 数据概览 › 通报: the township's report for a week or a month (ADR 0020), as JSON for the page's
 * preview and as the Word document. Like the dashboard, a caller with a narrower data scope gets
 * their own area's report.
 */
const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;
  const tags = ['stats'];

  app.get(
    '/reports',
    {
      config: { access: 'dashboard' },
      schema: { tags, summary: '工作通报（周报或月报，按数据范围）', querystring: ReportQuery, response: replies(Report) },
    },
    async (request) => ok(await buildReport(db, statsArea(requireUser(request)), request.query)),
  );

  app.get(
    '/reports/docx',
    {
      config: { access: 'dashboard' },
      schema: {
        tags,
        summary: '下载工作通报（Word，参数同工作通报）',
        querystring: ReportQuery,
        produces: [DOCX_TYPE],
        response: { '4xx': ApiError, '5xx': ApiError },
      },
    },
    async (request, reply) => {
      const report = await buildReport(db, statsArea(requireUser(request)), request.query);
      const file = await reportDocx(report);
      const { name, ascii } = reportFileNames(report);
      // The same two names as the Excel exports (lib/xlsx.ts): ASCII for old clients, RFC 5987 for the rest.
      return reply
        .type(DOCX_TYPE)
        .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`)
        .header('cache-control', 'no-store')
        .send(file as never);
    },
  );
};

export default reportRoutes;
