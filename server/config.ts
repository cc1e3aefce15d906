import path from 'node:path';

// Settings come from the environment only (README lists them).
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  adminPassword?: string;
  seedDemo: boolean;
  uploadMaxBytes: number;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  trustProxy: boolean | string;
  /** Failed sign-ins from one address within the window before 429. */
  loginAddressLimit: number;
  loginAddressWindowMinutes: number;
  /** Where the built client lives; absent in API-only tests. */
  clientDir?: string;
  logLevel: string;
  /** How long a count of the dashboard's figures is reused, in milliseconds (0: never). */
  statsCacheMs: number;
}

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`环境变量 ${name} 必须是正数，当前为 "${value}"`);
  return n;
}

function trustProxy(value: string | undefined): boolean | string {
  if (!value || value === '0' || value === 'false') return false;
  if (value === '1' || value === 'true') return true;
  return value; // a comma-separated list of addresses or CIDRs, as fastify accepts it
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  return {
    port: int(env.PORT, 8000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    seedDemo: env.SEED_DEMO !== '0' && env.SEED_DEMO !== 'false',
    uploadMaxBytes: int(env.UPLOAD_MAX_MB, 10, 'UPLOAD_MAX_MB') * 1024 * 1024,
    sessionIdleMinutes: int(env.SESSION_IDLE_MINUTES, 30, 'SESSION_IDLE_MINUTES'),
    sessionAbsoluteHours: 12,
    trustProxy: trustProxy(env.TRUST_PROXY),
    loginAddressLimit: 20,
    loginAddressWindowMinutes: 10,
    clientDir: path.resolve('dist'),
    logLevel: env.LOG_LEVEL || 'info',
    statsCacheMs: 5000,
  };
}
