import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health, Unhealthy } from '../../common/contracts/health';
import { Ok } from '../../common/contracts/base';
import { ok } from '../http';
import { checkHealth } from '../services/system/health';

/** For monitoring: public (it names no data), 200 when all is well, 503 naming what failed. */
const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: '健康检查：数据库可连接、迁移版本一致、上传存储可写（供监控使用）',
        response: { 200: Ok(Health), 503: Unhealthy },
      },
    },
    async (_request, reply) => {
      const { health, failed } = await checkHealth(app.db, app.storage);
      if (failed.length) return reply.code(503).send({ code: 503 as const, message: failed.join('；'), data: health });
      return ok(health);
    },
  );
};

export default healthRoutes;
