import fs from 'node:fs';
import path from 'node:path';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FieldError } from '../../common/contracts/base';
import { defaultShowType, type ErrorShowType, HTTP_STATUS_MESSAGES, MESSAGES } from '../../common/constants';
import { HIDDEN_CHARACTERS_MESSAGE } from '../../common/textRules';
import { AppError, isForeignKeyViolation, isInvalidText, isOutOfRange, isUniqueViolation } from '../errors';
import { redactUrl } from '../http';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * How the client shows every error answer of this route, over the status's default: SILENT for
     * calls a page makes by itself on a timer, which show their own staleness (ADR 0025).
     */
    errorShowType?: ErrorShowType;
  }
}

/** ajv's error, with `parentSchema` present because the validator runs with `verbose`. */
interface ErrorObject {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  parentSchema?: unknown;
  /** The keyword's own value (verbose): for `not`, the schema that must not match. */
  schema?: unknown;
  /** The value that failed (verbose). */
  data?: unknown;
}

interface SchemaWithTitle {
  title?: string;
  errorMessage?: string;
  properties?: Record<string, SchemaWithTitle>;
  type?: string;
}

/** The wording of a required text left blank (common/contracts/base.ts Text and Name). */
const BLANK_MESSAGE = '不能为空';

function describe(error: ErrorObject): string {
  const params = error.params;
  const parent = error.parentSchema as SchemaWithTitle | undefined;
  switch (error.keyword) {
    case 'required':
      return '不能为空';
    case 'minLength':
      return params.limit === 1 ? '不能为空' : `至少${params.limit}个字符`;
    case 'maxLength':
      return `不能超过${params.limit}个字符`;
    case 'pattern':
      return parent?.errorMessage ?? '格式不正确';
    case 'format':
      if (params.format === 'date-time') return '时间格式不正确';
      // A well-formed day that does not exist (2026-02-30) is named, as the calendar's own check does.
      if (params.format === 'date')
        return typeof error.data === 'string' && error.data.length <= 10 ? `${error.data}不是有效的日期` : '不是有效的日期';
      return '格式不正确';
    case 'minimum':
      return `不能小于${params.limit}`;
    case 'maximum':
      return `不能大于${params.limit}`;
    case 'type':
      // A nullable number declares ['integer', 'null']: still "a number" to the person typing.
      return /\b(integer|number)\b/.test(String(params.type))
        ? '必须是数字'
        : params.type === 'array'
          ? '必须是列表'
          : params.type === 'boolean'
            ? '必须是是或否'
            : params.type === 'object'
              ? '格式不正确'
              : '必须是文本';
    case 'maxItems':
      return `最多${params.limit}项`;
    case 'minItems':
      return `至少${params.limit}项`;
    case 'refuseHidden':
      return HIDDEN_CHARACTERS_MESSAGE;
    case 'uniqueItems':
      return '不能有重复项';
    case 'const':
    case 'enum':
    case 'anyOf':
      return '取值不在允许范围内';
    default:
      return '格式不正确';
  }
}

/** Turns ajv's errors into one entry per bad field, named by the schema's Chinese title. */
function fieldErrors(errors: ErrorObject[]): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const error of errors) {
    if (error.keyword === 'additionalProperties') continue;
    const segments = error.instancePath.split('/').filter(Boolean);
    const parent = error.parentSchema as SchemaWithTitle | undefined;
    let title = parent?.title;
    if (error.keyword === 'required') {
      const missing = String(error.params.missingProperty);
      segments.push(missing);
      title = parent?.properties?.[missing]?.title;
    }
    // Array items are reported against their list: "userIds.3" → "userIds".
    while (segments.length > 1 && /^\d+$/.test(segments[segments.length - 1])) segments.pop();
    const field = segments.join('.') || 'body';
    const existing = byField.get(field);
    // A rule with its own wording (password, phone...) says it for every string check it fails.
    // A `not` may word itself (names refusing invisible characters, see common/contracts/base.ts).
    const ownMessage = error.keyword === 'not' ? (error.schema as SchemaWithTitle | undefined)?.errorMessage : undefined;
    // Texts word only their blankness ('不能为空'): a text too long says its limit.
    const blankOnly = parent?.errorMessage === BLANK_MESSAGE && error.keyword === 'maxLength';
    const ruleMessage =
      ownMessage ?? (['minLength', 'maxLength', 'pattern', 'not'].includes(error.keyword) && !blankOnly ? parent?.errorMessage : undefined);
    const message = ruleMessage ?? describe(error);
    if (existing) {
      // A union reports each branch: keep the first message, take a title when one appears.
      if (existing.label === field && title) existing.label = title;
      if (error.keyword === 'anyOf') existing.message = message;
      continue;
    }
    // A body that is not an object at all (none, a list, plain text) has no field of its own.
    byField.set(field, { field, label: title ?? (field === 'body' ? '请求内容' : field), message });
  }
  return [...byField.values()];
}

const DATABASE_UNAVAILABLE = '数据库暂时无法连接，请稍后再试';

// Socket-level failures reaching the database server.
const CONNECTION_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
// SQLSTATEs of a server that is shutting down, starting, or in recovery (class 08 is checked by
// prefix), and of the bounded waits (ADR 0038): a statement over statement_timeout (57014), a
// session cut for idling in a transaction (25P03).
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '25P03']);
// node-postgres says these in words only, without a code.
// "Query read timeout": the pool's query_timeout, a server that stopped answering (frozen, partitioned).
const CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Connection is closed|terminating connection due to administrator command/i;

/** True when an error (or any error it wraps, e.g. drizzle's DrizzleQueryError) says the database cannot be reached. */
function isDatabaseUnavailable(error: unknown): boolean {
  let current = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const code = typeof current.code === 'string' ? current.code : '';
    if (CONNECTION_ERRNOS.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // The embedded server's Unix socket is gone (the server is stopped).
    if (code === 'ENOENT' && (current as { syscall?: unknown }).syscall === 'connect') return true;
    if (typeof current.message === 'string' && CONNECTION_MESSAGES.test(current.message)) return true;
    if (/ECONNREFUSED|ECONNRESET/.test(String(current.message ?? ''))) return true;
    current = current.cause as typeof current;
  }
  return false;
}

function joinFieldMessages(errors: FieldError[]): string {
  return errors.map((e) => `${e.label}：${e.message}`).join('；');
}

/** What an error answer says before its display type is settled. */
interface ErrorAnswer {
  status: number;
  message: string;
  errors?: FieldError[];
  showType?: ErrorShowType;
  /** More fields an AppError carries for its body (ApiError declares them). */
  extra?: AppError['extra'];
}

function answerFor(error: FastifyError & { validation?: ErrorObject[] }, request: FastifyRequest): ErrorAnswer {
  if (error.validation) {
    const errors = fieldErrors(error.validation);
    return { status: 400, message: joinFieldMessages(errors), errors };
  }
  if (error instanceof AppError) {
    return { status: error.status, message: error.message, errors: error.errors, showType: error.showType, extra: error.extra };
  }
  if (isUniqueViolation(error)) return { status: 409, message: '数据已存在，请勿重复提交' };
  // An area id that is not (or no longer) in the areas table, past a service's own check (ADR 0050).
  if (isForeignKeyViolation(error, '_areas_id_fk')) return { status: 400, message: '所选村（社区）不存在，请刷新后重新选择' };
  // A number past the column's range (an id like 99999999999): the request's fault, not ours.
  if (isOutOfRange(error)) return { status: 400, message: '请求参数超出允许范围' };
  // A NUL character in some text: PostgreSQL cannot store it.
  if (isInvalidText(error)) return { status: 400, message: '请求内容包含无法保存的字符' };
  const status = error.statusCode ?? 500;
  if (status === 413 || error.code === 'FST_REQ_FILE_TOO_LARGE' || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return { status: 413, message: '上传内容过大' };
  }
  if (status === 429) return { status: 429, message: '请求过于频繁，请稍后再试' };
  if (status === 415) return { status: 415, message: '不支持的内容类型' };
  if (status >= 400 && status < 500) {
    // fastify's own client errors (bad JSON, empty body...): answer in Chinese, never a 500.
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? '请求内容不是有效的JSON'
        : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? '请求内容不能为空'
          : (HTTP_STATUS_MESSAGES[status] ?? MESSAGES.requestError);
    return { status, message };
  }
  if (isDatabaseUnavailable(error)) {
    // The database went away (stopped, restarting, network cut): the pool reconnects by itself,
    // so the caller is told to retry rather than shown a server fault.
    request.log.warn({ err: error, url: redactUrl(request.url), method: request.method }, 'database unavailable');
    return { status: 503, message: DATABASE_UNAVAILABLE };
  }
  request.log.error({ err: error, url: redactUrl(request.url), method: request.method }, 'request failed');
  return { status: 500, message: MESSAGES.serverError };
}

export default fp(async function errorsPlugin(app: FastifyInstance, opts: { clientDir?: string }) {
  // Keep ajv's raw errors: the handler below words them.
  app.setSchemaErrorFormatter((errors) => {
    const error = new Error('validation') as Error & { validation: ErrorObject[] };
    error.validation = errors as ErrorObject[];
    return error;
  });

  app.setErrorHandler((error: FastifyError & { validation?: ErrorObject[] }, request, reply) => {
    const { status, message, errors, showType, extra } = answerFor(error, request);
    // Body code 401 has its own rule on the client (sign out, docs/product.md §14): no display type to pick.
    const shown = status === 401 ? undefined : (request.routeOptions?.config?.errorShowType ?? showType ?? defaultShowType(status));
    if (status === 503) reply.header('retry-after', '5');
    return reply.code(status).send({
      code: status,
      message,
      ...(errors ? { errors } : {}),
      ...extra,
      ...(shown === undefined ? {} : { showType: shown }),
    });
  });

  const indexHtml = opts.clientDir ? path.join(opts.clientDir, 'index.html') : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0];
    if (request.method === 'GET' && !pathname.startsWith('/api/') && pathname !== '/api' && indexHtml) {
      // History routing: every other page path is the SPA.
      if (fs.existsSync(indexHtml)) {
        return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(fs.createReadStream(indexHtml));
      }
    }
    return reply.code(404).send({ code: 404, message: HTTP_STATUS_MESSAGES[404] });
  });
});
