import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { redactUrl } from './http';
import { isDateText, isDateTimeText } from '../common/dateText';
import { hasHiddenCharacters, stripHiddenFormatting } from '../common/textRules';
import auditPlugin from './plugins/audit';
import authPlugin from './plugins/auth';
import errorsPlugin from './plugins/errors';
import appealRoutes from './routes/appeals';
import authRoutes from './routes/auth';
import calendarRoutes from './routes/calendar';
import channelRoutes from './routes/channels';
import groupRoutes from './routes/groups';
import healthRoutes from './routes/health';
import introductionRoutes from './routes/introductions';
import myRoutes from './routes/my';
import newsRoutes from './routes/news';
import searchRoutes from './routes/search';
import opinionRoutes from './routes/opinions';
import orgUnitRoutes from './routes/orgUnits';
import photoReportRoutes from './routes/photoReports';
import publicContentRoutes from './routes/publicContent';
import publicTaskRoutes from './routes/publicTasks';
import reportRoutes from './routes/reports';
import roleRoutes from './routes/roles';
import scoreRoutes from './routes/scores';
import statsRoutes from './routes/stats';
import submissionRoutes from './routes/submissions';
import systemRoutes from './routes/system';
import taskRoutes from './routes/tasks';
import uploadRoutes from './routes/uploads';
import userRoutes from './routes/users';
import { DecodeQueue } from './jobs/decodeQueue';
import { DecodeWorkers } from './jobs/decodeWorkers';
import { PendingDecodes } from './jobs/pendingDecodes';
import { NoticeSender } from './jobs/noticeSender';
import { sharedRateLimit } from './lib/rateLimitStore';
import { type FileStorage, storageFromConfig } from './lib/storage';
import { loadUploadUrlKey } from './services/uploads/uploadAccess';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    storage: FileStorage;
    /** Every decode of an upload takes its turn here (ADR 0019, 0041). */
    imageDecodes: DecodeQueue;
    /** The threads that decode (ADR 0058). */
    decodeWorkers: DecodeWorkers;
    /** Uploads accepted in a burst, decoded from the database (ADR 0058). */
    pendingDecodes: PendingDecodes;
    /** Sends the outbox's messages to robots and the SMS gateway (ADR 0068); started unless NOTICE_SENDER=0. */
    noticeSender: NoticeSender;
  }
}

interface BuildOptions {
  config: AppConfig;
  db: Db;
  storage?: FileStorage;
  logger?: boolean | object;
  /**
   * Count the API rate limit in the database so that it holds across processes (ADR 0015).
   * Default: on DATABASE_URL (several processes may share it); the embedded server has one process.
   */
  sharedRateLimit?: boolean;
}

function addErrorMessageKeyword<T extends { addKeyword(keyword: string): unknown }>(ajv: T): T {
  ajv.addKeyword('errorMessage');
  return ajv;
}

/** The validator's ajv, as fastify hands it to `onCreate`. */
type FastifyAjv = Parameters<NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>>[0];

/** The text rules of common/textRules.ts as schema keywords (ADR 0039). */
function addTextKeywords(ajv: FastifyAjv): void {
  // `refuseHidden` (common/contracts/base.ts Name): a short text with hidden or direction characters
  // fails; server/plugins/errors.ts words it.
  ajv.addKeyword({
    keyword: 'refuseHidden',
    type: 'string',
    schemaType: 'boolean',
    validate: (refuse: boolean, data: string) => !refuse || !hasHiddenCharacters(data),
  });
  // `stripHidden` (LongText, rich text): takes bidirectional controls and tag characters out of a
  // long text before the handler sees it.
  ajv.addKeyword({
    keyword: 'stripHidden',
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    validate: (strip: boolean, data: string, _parent?: unknown, context?: { parentData: object; parentDataProperty: string | number }) => {
      if (strip && context)
        (context.parentData as Record<string | number, unknown>)[context.parentDataProperty] = stripHiddenFormatting(data);
      return true;
    },
  });
}

/** Builds the whole app; main.ts starts it and the tests inject into it. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const logger = opts.logger ?? { level: config.logLevel };
  const app = Fastify({
    logger:
      typeof logger === 'object'
        ? {
            ...logger,
            // Nothing logs headers today; should anything start to, the session token and cookies stay out.
            redact: {
              paths: ['req.headers.authorization', 'req.headers.cookie', 'headers.authorization', 'headers.cookie'],
              censor: '[REDACTED]',
            },
            serializers: {
              // Fastify's own request line, with secrets in the query (keys, signatures, tokens) replaced.
              req: (req: FastifyRequest) => ({
                method: req.method,
                url: redactUrl(req.url),
                host: req.host,
                remoteAddress: req.ip,
                remotePort: req.socket?.remotePort,
              }),
            },
          }
        : logger,
    trustProxy: config.trustProxy,
    // One line per request, and only those worth reading (below): fastify's own two lines per
    // request cost about 6 % of throughput and 25 MB of log in 36 s of a busy hour (ADR 0052).
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 2 * 1024 * 1024,
    ajv: {
      customOptions: { allErrors: true, verbose: true, coerceTypes: 'array', removeAdditional: true },
      // `errorMessage` is our annotation: the Chinese text for a failed pattern.
      plugins: [addErrorMessageKeyword],
      // Over ajv-formats' RFC 3339 checks (added after the plugins): only dates and times that
      // JavaScript and the database can hold pass, so none becomes an Invalid Date and a 500.
      onCreate: (ajv) => {
        ajv.addFormat('date-time', isDateTimeText);
        ajv.addFormat('date', isDateText);
        addTextKeywords(ajv);
      },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    const ms = reply.elapsedTime;
    if (status < 400 && ms < config.logSlowMs && !(Math.random() < config.logRequestSample)) return;
    request.log.info({ req: request, res: { statusCode: status }, responseTime: Math.round(ms) }, 'request completed');
  });

  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('storage', opts.storage ?? storageFromConfig(config));
  // Private photos' addresses are signed with a key every process on the database shares (ADR 0019).
  await loadUploadUrlKey(db);
  const decodes = new DecodeQueue(config.imageDecodeSlots.running, config.imageDecodeSlots.waiting);
  const workers = new DecodeWorkers(config.imageDecodeSlots.running);
  const pending = new PendingDecodes(db, app.storage, decodes, workers, app.log);
  app.decorate('imageDecodes', decodes);
  app.decorate('decodeWorkers', workers);
  app.decorate('pendingDecodes', pending);
  // Pending decodes left by a stop or another process are taken up once the app is ready.
  app.addHook('onReady', async () => pending.start());
  app.addHook('onClose', async () => {
    await pending.close();
    await workers.close();
  });
  const sender = new NoticeSender(db, { log: app.log });
  app.decorate('noticeSender', sender);
  if (config.noticeSender) app.addHook('onReady', async () => sender.start());
  app.addHook('onClose', async () => sender.close());

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> tags.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: false, // TLS is terminated by nginx in deployments; it sets HSTS there.
  });
  // API answers hold people's data and one-time secrets (a new display key, a captcha): no browser
  // or proxy may keep them. A route that means to be cached (stored pictures) says so itself.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api') && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
  const shared =
    (opts.sharedRateLimit ?? Boolean(config.databaseUrl))
      ? sharedRateLimit(db, { onError: (err) => app.log.warn({ err }, 'rate-limit sync failed') })
      : undefined;
  if (shared) app.addHook('onClose', () => shared.close());
  await app.register(rateLimit, {
    global: true,
    max: config.rateLimitPerMinute,
    ...(shared ? { store: shared.Store } : {}),
    timeWindow: '1 minute',
    // The limit guards the API. The built client's files are cheap and cached for a year, and one
    // office behind a single address loads dozens of them per person on first visit: a page that
    // lost a script to a 429 would stay blank.
    allowList: (request) => !request.url.startsWith('/api'),
    errorResponseBuilder: () => ({ statusCode: 429, code: 429, message: '请求过于频繁，请稍后再试' }),
  });
  // preservePath: the upload route sees the name as sent and refuses one that is a path, rather
  // than the parser quietly cutting it down to a base name.
  await app.register(multipart, { preservePath: true, limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 5 } });
  await app.register(errorsPlugin, { clientDir: config.clientDir });
  // The documentation pages, when served (API_DOCS), are public reading, registered by a plugin
  // without our access option; this hook runs before the auth plugin's check.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/docs')) route.config = { ...route.config, access: 'public' };
  });
  await app.register(authPlugin, {
    db,
    policy: { idleMinutes: config.sessionIdleMinutes, absoluteHours: config.sessionAbsoluteHours },
  });
  await app.register(auditPlugin, { db });

  // The OpenAPI pages list every route and field: nobody outside needs them, so production
  // serves them only when API_DOCS says so (README).
  if (config.apiDocs) {
    await app.register(swagger, {
      openapi: {
        info: { title: '乡村两级治理中心联动平台 API', version: '1.0.0' },
        components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'authorization' } } },
      },
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  await app.register(
    async (api) => {
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(groupRoutes);
      await api.register(roleRoutes);
      await api.register(systemRoutes);
      await api.register(channelRoutes);
      await api.register(uploadRoutes);
      await api.register(taskRoutes);
      await api.register(submissionRoutes);
      await api.register(scoreRoutes);
      await api.register(myRoutes);
      await api.register(publicTaskRoutes);
      await api.register(newsRoutes);
      await api.register(introductionRoutes);
      await api.register(orgUnitRoutes);
      await api.register(publicContentRoutes);
      await api.register(appealRoutes);
      await api.register(photoReportRoutes);
      await api.register(opinionRoutes);
      await api.register(statsRoutes);
      await api.register(reportRoutes);
      await api.register(healthRoutes);
      await api.register(calendarRoutes);
      await api.register(searchRoutes);
    },
    { prefix: '/api' },
  );

  if (config.clientDir && fs.existsSync(path.join(config.clientDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: config.clientDir,
      index: 'index.html',
      wildcard: true,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Built assets carry a content hash in their name; index.html must always be fresh.
        if (/\.[0-9a-f]{8}(\.async)?\.(js|css)$/.test(filePath)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  }

  return app;
}
