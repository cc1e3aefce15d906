import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client';
import { operationLogs } from '../db/schema';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Id of the record a create call made, for the operation log. */
    createdId?: string;
  }
}

/** Every write by a signed-in user goes to operation_logs: who, what, when, from where, result. */
export default fp(async function auditPlugin(app: FastifyInstance, opts: { db: Db }) {
  app.addHook('onResponse', async (request, reply) => {
    const user = request.user;
    if (!user || !WRITE_METHODS.has(request.method)) return;
    const params = request.params as Record<string, unknown> | undefined;
    const paramId = params?.id ?? params?.area;
    try {
      await opts.db.insert(operationLogs).values({
        userId: user.id,
        account: user.account,
        method: request.method,
        route: request.routeOptions.url ?? request.url.split('?')[0],
        targetId: paramId !== undefined ? String(paramId) : (request.createdId ?? null),
        ip: request.ip,
        statusCode: reply.statusCode,
      });
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
  });
});
