import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OperationChange } from '../../common/contracts/system';
import type { Db } from '../db/client';
import { type AuditTarget, changesBetween, snapshot, writeOperationLog } from '../services/system/auditTrail';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A bulk write (body `ids`): one log entry per record, each with its own changes (ADR 0063). */
    auditEach?: boolean;
  }
  interface FastifyRequest {
    /** Id of the record a create call made, for the operation log. */
    createdId?: string;
    /** The record as it was before this write (null: none; undefined: not audited). */
    auditBefore?: Record<string, unknown> | null;
    /** What a write of many records did, for the log line when it names no single record (a user import). */
    auditSummary?: OperationChange[];
    /** A bulk write's records as they were before it, by id. */
    auditEachBefore?: Map<string, Record<string, unknown> | null | undefined>;
  }
}

/** The records a bulk write names, when its route logs each (auditEach). */
function eachIds(request: FastifyRequest): string[] | undefined {
  if (!request.routeOptions.config.auditEach) return undefined;
  const ids = (request.body as { ids?: unknown } | undefined)?.ids;
  return Array.isArray(ids) ? ids.map(String) : [];
}

function target(request: FastifyRequest): AuditTarget {
  const route = request.routeOptions.url ?? request.url.split('?')[0];
  const params = request.params as Record<string, unknown> | undefined;
  const key = params?.id ?? params?.area ?? params?.year;
  // Changing one's own password names no record in the path: the record is the caller.
  const own = route === '/api/currentUser/password' ? request.user?.id : undefined;
  const id = key ?? own ?? request.createdId;
  return { route, id: id === undefined ? undefined : String(id) };
}

/**
 * Every write by a signed-in user goes to operation_logs: who, what (the route's Chinese name), when,
 * from where, the result, and for records the fields it changed (read before and after; ADR 0018).
 */
export default fp(async function auditPlugin(app: FastifyInstance, opts: { db: Db }) {
  app.addHook('preHandler', async (request) => {
    if (!request.user || !WRITE_METHODS.has(request.method)) return;
    try {
      const ids = eachIds(request);
      const where = target(request);
      if (ids) {
        request.auditEachBefore = new Map();
        for (const id of ids) request.auditEachBefore.set(id, await snapshot(opts.db, { route: where.route, id }));
      } else request.auditBefore = await snapshot(opts.db, where);
    } catch (err) {
      request.log.warn({ err }, 'operation log snapshot failed');
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    const user = request.user;
    if (!user || !WRITE_METHODS.has(request.method)) return;
    const where = target(request);
    const entry = {
      userId: user.id,
      account: user.account,
      method: request.method,
      route: where.route,
      action: request.routeOptions.schema?.summary ?? '',
      ip: request.ip,
      statusCode: reply.statusCode,
    };
    const ids = eachIds(request);
    if (ids) {
      // A refused batch changed nothing: one entry says so; a done one, one entry per record.
      try {
        if (reply.statusCode >= 400 || !ids.length) {
          await writeOperationLog(opts.db, { ...entry, targetId: null, changes: null });
          return;
        }
        for (const id of ids) {
          const before = request.auditEachBefore?.get(id) ?? null;
          const after = await snapshot(opts.db, { route: where.route, id });
          const changes = await changesBetween(opts.db, where.route, before, after ?? null);
          await writeOperationLog(opts.db, { ...entry, targetId: id, changes });
        }
      } catch (err) {
        request.log.error({ err }, 'operation log write failed');
      }
      return;
    }
    try {
      let changes = null;
      if (reply.statusCode < 400 && request.auditSummary) changes = request.auditSummary;
      else if (reply.statusCode < 400) {
        const before = request.auditBefore;
        const after = await snapshot(opts.db, where);
        if (after !== undefined || before !== undefined)
          changes = await changesBetween(opts.db, where.route, before ?? null, after ?? null);
      }
      await writeOperationLog(opts.db, {
        ...entry,
        targetId: where.route === '/api/currentUser/password' ? null : (where.id ?? null),
        changes,
      });
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
  });
});
