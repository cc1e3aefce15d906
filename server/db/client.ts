import fs from 'node:fs';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { DataDirInUse, lockDataDir } from '../lib/dataDirLock';
import { type EmbeddedOptions, startEmbeddedPostgres, urlsOf } from './embedded';
import * as schema from './schema';

type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle: inside `db.transaction` only `tx` may be used (it holds the connection). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  /** `embedded`: the PostgreSQL in DATA_DIR/pg this process started or reused; `postgres`: DATABASE_URL. */
  kind: 'embedded' | 'postgres';
  /** The connection string (tools such as the backup open their own connections). */
  url: string;
  migrate(): Promise<void>;
  /** Closes the pool, and stops the embedded server when this process owns it. */
  close(): Promise<void>;
}

export const migrationsFolder = path.resolve(__dirname, 'migrations');

/** Default bound on a statement and on a wait for the database (config.dbTimeoutMs). */
const DEFAULT_DB_TIMEOUT_MS = 10_000;

interface PoolOptions {
  max?: number;
  /** statement_timeout; the client gives up on an answer 2 s later, connecting after at most 5 s. 0: no limit (bulk tools). */
  timeoutMs?: number;
  /** Open every connection of the pool at start (the server process; see poolConfig). */
  warm?: boolean;
}

/**
 * Bounded waits (ADR 0038): the server cancels a statement after `timeoutMs` and ends a session
 * idle in a transaction after a minute; the client gives up on a server that stops answering
 * (frozen, partitioned: no error ever comes) shortly after, and on connecting within 5 s. TCP
 * keepalive notices a silently dropped peer. Each failure answers 503 (server/plugins/errors.ts)
 * and the pool discards the connection it happened on.
 *
 * Idle connections are kept (ADR 0061): a new PostgreSQL session costs its fork, the password
 * exchange and a cold catalog cache, which put a 150–400 ms p99 on the first busy seconds after
 * every quiet spell when pg's default closed idle connections after 10 s. `allowExitOnIdle` keeps
 * an idle pool from holding a tool's process open.
 */
function poolConfig(url: string, opts: PoolOptions = {}): pg.PoolConfig {
  const timeoutMs = opts.timeoutMs ?? DEFAULT_DB_TIMEOUT_MS;
  return {
    connectionString: url,
    max: opts.max ?? 10,
    connectionTimeoutMillis: timeoutMs ? Math.min(5000, timeoutMs) : 5000,
    statement_timeout: timeoutMs,
    query_timeout: timeoutMs ? timeoutMs + 2000 : undefined,
    idle_in_transaction_session_timeout: 60_000,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    idleTimeoutMillis: 0,
    allowExitOnIdle: true,
  };
}

export async function openPostgres(url: string, opts: PoolOptions | number = {}, onClose?: () => Promise<void>): Promise<Database> {
  const pool = new pg.Pool(poolConfig(url, typeof opts === 'number' ? { max: opts } : opts));
  // A dropped connection must not crash the process: the pool reports idle clients' errors here,
  // and a client checked out (a transaction) emits 'error' itself, with no listener of the pool's
  // while it is out. Its query fails (503 to the caller) and the pool discards it on release.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  try {
    const o = typeof opts === 'number' ? {} : opts;
    const count = o.warm ? (pool.options.max ?? 1) : 1;
    const clients = await Promise.all(Array.from({ length: count }, () => pool.connect()));
    for (const client of clients) client.release();
  } catch (error) {
    await pool.end().catch(() => undefined);
    throw error;
  }
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    url,
    async migrate() {
      // A connection of its own, without the request timeouts: a migration of a large table may
      // take minutes. Several processes may start at once: one applies migrations, the others wait.
      const lock = new pg.Client({ connectionString: url });
      lock.on('error', () => undefined);
      await lock.connect();
      try {
        await lock.query('SELECT pg_advisory_lock(7426001)');
        await migrateNodePg(drizzleNodePg(lock, { schema }) as never, { migrationsFolder });
      } finally {
        await lock.query('SELECT pg_advisory_unlock(7426001)').catch(() => undefined);
        await lock.end().catch(() => undefined);
      }
    },
    async close() {
      await pool.end();
      await onClose?.();
    },
  };
}

/**
 * The embedded PostgreSQL of DATA_DIR, started (or reused after a kill -9) by this process, which
 * holds DATA_DIR/pg.lock while it runs it: a second server process on the same DATA_DIR is
 * refused instead of stopping the first one's database when it exits.
 */
export async function openEmbedded(dataDir: string, opts: PoolOptions & EmbeddedOptions = {}): Promise<Database> {
  fs.mkdirSync(dataDir, { recursive: true });
  const unlock = lockDataDir(path.join(dataDir, 'pg'));
  try {
    const server = await startEmbeddedPostgres(dataDir, opts);
    try {
      const database = await openPostgres(server.url, opts, async () => {
        await server.stop();
        unlock();
      });
      return { ...database, kind: 'embedded' };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    unlock();
    throw error;
  }
}

export { DataDirInUse };

/**
 * The embedded server of DATA_DIR for a tool (backup, restore): started for the tool and stopped
 * after it when no server process runs there; when one does, `whileServing` uses its server (a
 * backup reads one snapshot while it serves) and otherwise the tool is refused (DataDirInUse).
 */
export async function attachEmbedded(dataDir: string, opts: { whileServing: boolean }): Promise<{ url: string; release(): Promise<void> }> {
  fs.mkdirSync(dataDir, { recursive: true });
  let unlock: () => void;
  try {
    unlock = lockDataDir(path.join(dataDir, 'pg'));
  } catch (error) {
    if (!(error instanceof DataDirInUse) || !opts.whileServing) throw error;
    return { url: urlsOf(dataDir).url, release: async () => undefined };
  }
  try {
    const server = await startEmbeddedPostgres(dataDir);
    return {
      url: server.url,
      async release() {
        await server.stop();
        unlock();
      },
    };
  } catch (error) {
    unlock();
    throw error;
  }
}

export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; timeoutMs?: number }): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { timeoutMs: opts.timeoutMs, warm: true });
  return openEmbedded(opts.dataDir, { timeoutMs: opts.timeoutMs, warm: true, onMessage: (m) => console.log(m) });
}
