import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorShowType, MESSAGES, PERMISSION_KEYS } from '../../common/constants';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../errors';
import { hasAccess, holdsBackOffice, type RouteAccess } from '../services/accounts/access';
import { type AuthUser, parseAuthorization, resolveSession, type SessionPolicy } from '../services/accounts/sessions';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
  interface FastifyInstance {
    routeAccessTable: Array<{ method: string; url: string; access: RouteAccess }>;
  }
}

const ACCESS_VALUES = new Set<string>(['public', 'signedIn', 'admin', ...PERMISSION_KEYS]);

/** What a user still on a password someone else chose (ADR 0045) may call: read who they are, change it, leave. */
const BEFORE_PASSWORD_CHANGE = new Set([
  'GET /api/currentUser',
  'PUT /api/currentUser/password',
  'GET /api/admin/logout',
  'POST /api/login/outLogin',
]);

/** The signed-in user of a route that declared it needs one. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

export default fp(async function authPlugin(app: FastifyInstance, opts: { db: Db; policy: SessionPolicy }) {
  app.decorateRequest('user', null);
  app.decorate('routeAccessTable', []);

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api')) return;
    const access = route.config?.access;
    if (!access || !ACCESS_VALUES.has(access)) {
      throw new Error(`Route ${route.method} ${route.url} declares no valid access`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      app.routeAccessTable.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // static files and the not-found handler
    const token = parseAuthorization(request.headers.authorization);
    if (token) request.user = await resolveSession(opts.db, token, opts.policy);
    const beforeChange = request.user?.mustChangePassword && !BEFORE_PASSWORD_CHANGE.has(`${request.method} ${request.routeOptions.url}`);
    if (access === 'public') {
      // A public route that reads more for a signed-in user (the wall display's figures, the full
      // settings) sees a session that must change its password as no session at all.
      if (beforeChange) request.user = null;
      return;
    }
    if (!request.user) throw unauthorized();
    if (beforeChange) {
      // Silent: the forced change dialog in front of the page says what to do (ADR 0025).
      throw forbidden(MESSAGES.passwordChangeRequired, ErrorShowType.SILENT);
    }
    if (hasAccess(request.user, access)) return;
    // An account with nothing of the back office (its role changed under an open admin page) cannot
    // go on there at all: its client shows the exception page rather than a toast per call (ADR 0025).
    throw holdsBackOffice(request.user) ? forbidden() : forbidden(MESSAGES.noBackOffice, ErrorShowType.REDIRECT);
  });
});
