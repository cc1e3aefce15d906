import os from 'node:os';
import path from 'node:path';

// Settings come from the environment only (README lists them).
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** Longest a statement may run and a request may wait on the database, in ms (DB_TIMEOUT_MS; ADR 0038). */
  dbTimeoutMs: number;
  adminPassword?: string;
  seedDemo: boolean;
  uploadMaxBytes: number;
  /** Bytes of images one account may store within 24 hours (UPLOAD_DAILY_MB). */
  uploadDailyBytes: number;
  /**
   * Per process: decode worker threads (IMAGE_DECODE_WORKERS, the machine's cores by default) and
   * uploads that may wait in line for one; the rest wait in the database (ADR 0058).
   */
  imageDecodeSlots: { running: number; waiting: number };
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  trustProxy: boolean | string;
  /** Failed sign-ins from one address within the window before 429 (a flood guard; ADR 0023). */
  loginAddressLimit: number;
  /** Failed sign-ins from one address within the window before every sign-in from it needs a captcha. */
  loginAddressCaptchaAfter: number;
  loginAddressWindowMinutes: number;
  /** Wrong passwords for one account name (any address) within the window before a captcha is asked. */
  loginCaptchaAfter: number;
  /** Wrong passwords for one account name from one address before that pair is locked. */
  loginLockAfter: number;
  /** How long failures count and a lock lasts. */
  loginWindowMinutes: number;
  /** Extra wait before answering a wrong password once the account asks for a captcha. */
  loginSlowdownMs: number;
  /** Password of the demo accounts; generated per install when unset. */
  demoPassword?: string;
  /** Where the built client lives; absent in API-only tests. */
  clientDir?: string;
  logLevel: string;
  /**
   * Share of ordinary requests (answered below 400, faster than `logSlowMs`) written to the request
   * log: 1 logs every request, 0 none. Refusals, errors and slow requests are always logged.
   */
  logRequestSample: number;
  /** A request taking at least this long is always logged. */
  logSlowMs: number;
  /** How long a count of the dashboard's figures is reused, in milliseconds (0: never). */
  statsCacheMs: number;
  /** Requests per minute from one address to the API, across every process on PostgreSQL. */
  rateLimitPerMinute: number;
  /** Operation and sign-in logs are kept this many days (at least 180), then purged. */
  logRetentionDays: number;
  /** Where uploads live: the local folder DATA_DIR/uploads, or an S3-compatible bucket. */
  storage: StorageConfig;
  /** Whether /api/docs (the OpenAPI pages, open to anyone) is served: API_DOCS=1; `npm run dev` sets it. */
  apiDocs: boolean;
  /**
   * Whether this process sends the outbox's messages (robots, SMS; ADR 0068). NOTICE_SENDER=0 holds
   * them in the database, e.g. on a copy of a production database that must reach nobody.
   */
  noticeSender: boolean;
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      endpoint: string;
      bucket: string;
      region: string;
      accessKeyId: string;
      secretAccessKey: string;
      forcePathStyle: boolean;
      /** Folder inside the bucket, e.g. "uploads/"; empty for the bucket's root. */
      prefix: string;
    };

/** Logs of operations and sign-ins are evidence: kept at least this long (docs/product.md §12). */
const MIN_LOG_RETENTION_DAYS = 180;

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`环境变量 ${name} 必须是正数，当前为 "${value}"`);
  return n;
}

/** A share between 0 and 1 inclusive. */
function share(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new Error(`环境变量 ${name} 必须是 0 到 1 之间的数，当前为 "${value}"`);
  return n;
}

/** Most decode worker threads a process starts: each holds a decoded 40-megapixel picture at worst. */
const MAX_DECODE_WORKERS = 64;

/** Decode worker threads: IMAGE_DECODE_WORKERS, a whole number from 1 to 64; the machine's cores by default. */
export function decodeWorkers(value: string | undefined, cores = os.availableParallelism()): number {
  if (value === undefined || value === '') return Math.min(cores, MAX_DECODE_WORKERS);
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > MAX_DECODE_WORKERS) {
    throw new Error(`环境变量 IMAGE_DECODE_WORKERS 必须是 1 到 ${MAX_DECODE_WORKERS} 之间的整数，当前为 "${value}"`);
  }
  return n;
}

function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value; // a comma-separated list of addresses or CIDRs, as fastify accepts it
}

const isLoopback = (host: string) => /^127\./.test(host) || host === '::1' || host === 'localhost';

/**
 * What to say at start about TRUST_PROXY (docs/deploy.md §5): the app believes X-Forwarded-For from
 * the trusted addresses, so anyone who reaches the port directly while it listens beyond this
 * machine, or anyone at all with `1`, can claim any address and slip past the per-address limits.
 */
export function trustProxyWarnings(config: Pick<AppConfig, 'trustProxy' | 'host'>): string[] {
  if (!config.trustProxy) return [];
  const warnings: string[] = [];
  if (config.trustProxy === true) {
    warnings.push(
      '警告：TRUST_PROXY=1 会相信任何来源的 X-Forwarded-For，任何人都能伪造地址绕过登录限制。请改为 nginx 的地址，如 TRUST_PROXY=127.0.0.1。',
    );
  }
  if (!isLoopback(config.host)) {
    warnings.push(
      `警告：设置了 TRUST_PROXY，但服务监听在 ${config.host}（不只本机）。能直接访问本端口的人可以伪造 X-Forwarded-For。请设 HOST=127.0.0.1，或用防火墙只允许 nginx 访问本端口。`,
    );
  }
  return warnings;
}

function logRetentionDays(value: string | undefined): number {
  const days = int(value, MIN_LOG_RETENTION_DAYS, 'LOG_RETENTION_DAYS');
  if (!Number.isInteger(days) || days < MIN_LOG_RETENTION_DAYS) {
    throw new Error(
      `环境变量 LOG_RETENTION_DAYS 不能小于 ${MIN_LOG_RETENTION_DAYS}（操作日志和登录日志至少保留 ${MIN_LOG_RETENTION_DAYS} 天），当前为 "${value}"`,
    );
  }
  return days;
}

function storage(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = (env.STORAGE || 'local').toLowerCase();
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`环境变量 STORAGE 只能是 local 或 s3，当前为 "${env.STORAGE}"`);
  const missing = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((name) => !env[name]);
  if (missing.length) throw new Error(`STORAGE=s3 时必须设置环境变量：${missing.join('、')}`);
  let endpoint: URL;
  try {
    endpoint = new URL(env.S3_ENDPOINT as string);
  } catch {
    throw new Error(`环境变量 S3_ENDPOINT 不是有效的网址，当前为 "${env.S3_ENDPOINT}"`);
  }
  if (endpoint.protocol !== 'http:' && endpoint.protocol !== 'https:') {
    throw new Error(`环境变量 S3_ENDPOINT 必须以 http:// 或 https:// 开头，当前为 "${env.S3_ENDPOINT}"`);
  }
  const prefix = (env.S3_PREFIX || '').replace(/^\/+/, '');
  return {
    kind: 's3',
    endpoint: endpoint.toString().replace(/\/+$/, ''),
    bucket: env.S3_BUCKET as string,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    // MinIO, Ceph and most self-hosted servers want http://host/bucket/key; AWS and OSS take either.
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== '0' && env.S3_FORCE_PATH_STYLE !== 'false',
    prefix: prefix && !prefix.endsWith('/') ? `${prefix}/` : prefix,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const workers = decodeWorkers(env.IMAGE_DECODE_WORKERS);
  return {
    port: int(env.PORT, 8000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    dbTimeoutMs: int(env.DB_TIMEOUT_MS, 10_000, 'DB_TIMEOUT_MS'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false',
    uploadMaxBytes: int(env.UPLOAD_MAX_MB, 10, 'UPLOAD_MAX_MB') * 1024 * 1024,
    uploadDailyBytes: int(env.UPLOAD_DAILY_MB, 200, 'UPLOAD_DAILY_MB') * 1024 * 1024,
    // Two waiting per worker: a short wait is answered at once; a longer one waits in the database.
    imageDecodeSlots: { running: workers, waiting: 2 * workers },
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: 12,
    trustProxy: trustProxy(env.TRUST_PROXY),
    loginAddressLimit: 100,
    loginAddressCaptchaAfter: 10,
    loginAddressWindowMinutes: 10,
    loginCaptchaAfter: 3,
    loginLockAfter: 5,
    loginWindowMinutes: 15,
    loginSlowdownMs: 1000,
    demoPassword: env.DEMO_PASSWORD || undefined,
    clientDir: path.resolve('dist'),
    logLevel: env.LOG_LEVEL || 'info',
    logRequestSample: share(env.LOG_REQUEST_SAMPLE, 0.01, 'LOG_REQUEST_SAMPLE'),
    logSlowMs: int(env.LOG_SLOW_MS, 1000, 'LOG_SLOW_MS'),
    statsCacheMs: 5000,
    rateLimitPerMinute: int(env.RATE_LIMIT_PER_MINUTE, 1200, 'RATE_LIMIT_PER_MINUTE'),
    logRetentionDays: logRetentionDays(env.LOG_RETENTION_DAYS),
    storage: storage(env),
    apiDocs: env.API_DOCS === '1' || env.API_DOCS === 'true',
    noticeSender: env.NOTICE_SENDER !== '0' && env.NOTICE_SENDER !== 'false',
  };
}
