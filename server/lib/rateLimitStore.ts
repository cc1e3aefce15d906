import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

// A @fastify/rate-limit store shared by every server process on one PostgreSQL (ADR 0015).
// Each request is counted in memory, as the built-in store does; every `syncMs` the increments of
// all keys go to the UNLOGGED table rate_limit_counters in one statement, which answers with the
// cluster-wide totals. So a request never waits for the database, and a burst can overshoot the
// limit by what the other processes counted during one sync interval.

interface Entry {
  /** End of the window in epoch ms; the first process to count a key sets it for all. */
  windowEnd: number;
  timeWindow: number;
  /** Counted here, not yet sent. */
  pending: number;
  /** Sent in the sync under way. */
  inflight: number;
  /** The cluster-wide total at the last sync (this process's synced hits included). */
  shared: number;
  touchedAt: number;
}

interface CounterRow {
  key: string;
  expires_at: string | number;
  hits: number;
}
/** drizzle's node-postgres driver answers the driver's result, `{ rows }`. */
const rowsOf = (result: unknown) => (result as { rows: CounterRow[] }).rows;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

interface SharedRateLimit {
  /** The constructor to give @fastify/rate-limit as `store`. */
  Store: FastifyRateLimitStoreCtor;
  /** Sends the pending increments and reads back the totals now (tests, shutdown). */
  sync(): Promise<void>;
  /** Stops the timer after a last sync. */
  close(): Promise<void>;
}

type ChildOptions = Parameters<FastifyRateLimitStore['child']>[0] & {
  routeInfo?: { method?: string | string[]; url?: string };
};

/** Live keys without new hits are re-read at most this many per sync (the busiest recent ones). */
const MAX_REFRESH = 2000;
/** Rows of windows that ended longer ago than this are deleted. */
const CLEANUP_EVERY_MS = 60_000;

export function sharedRateLimit(
  db: Db,
  opts: { syncMs?: number; onError?: (error: unknown) => void; now?: () => number } = {},
): SharedRateLimit {
  const syncMs = opts.syncMs ?? 300;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  let running: Promise<void> | undefined;
  let lastCleanup = now();
  let closed = false;
  let routeStores = 0;

  function entryFor(key: string, timeWindow: number, at: number): Entry {
    let entry = entries.get(key);
    if (!entry || at >= entry.windowEnd) {
      entry = { windowEnd: at + timeWindow, timeWindow, pending: 0, inflight: 0, shared: 0, touchedAt: at };
      entries.set(key, entry);
    }
    return entry;
  }

  async function syncOnce(): Promise<void> {
    const at = now();
    const send: Array<[string, Entry]> = [];
    const refresh: Array<[string, Entry]> = [];
    for (const [key, entry] of entries) {
      if (at >= entry.windowEnd && entry.pending === 0) {
        entries.delete(key);
      } else if (entry.pending > 0) {
        entry.inflight = entry.pending;
        entry.pending = 0;
        send.push([key, entry]);
      } else if (at < entry.windowEnd) {
        refresh.push([key, entry]);
      }
    }
    // The same order in every process, so two upserts of the same keys never deadlock.
    send.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    try {
      if (send.length) {
        const rows = send.map(([key, e]) => ({ k: key, s: at, e: at + e.timeWindow, h: e.inflight }));
        // A row whose window has ended starts a new one with these hits; otherwise they are added.
        const result = await db.execute(sql`
          insert into rate_limit_counters (key, window_start, expires_at, hits)
          select k, s, e, h from json_to_recordset(${JSON.stringify(rows)}::json) as t(k text, s bigint, e bigint, h int)
          order by k
          on conflict (key) do update set
            hits = case when rate_limit_counters.expires_at <= excluded.window_start
                        then excluded.hits else rate_limit_counters.hits + excluded.hits end,
            window_start = case when rate_limit_counters.expires_at <= excluded.window_start
                        then excluded.window_start else rate_limit_counters.window_start end,
            expires_at = case when rate_limit_counters.expires_at <= excluded.window_start
                        then excluded.expires_at else rate_limit_counters.expires_at end
          returning key, expires_at, hits`);
        const byKey = new Map(send);
        for (const row of rowsOf(result)) {
          const entry = byKey.get(row.key);
          if (!entry) continue;
          entry.shared = Number(row.hits);
          entry.windowEnd = Number(row.expires_at);
          entry.inflight = 0;
        }
      }
      if (refresh.length) {
        // Keys other processes may be counting: read their totals without writing.
        refresh.sort(([, a], [, b]) => b.touchedAt - a.touchedAt);
        const keys = refresh.slice(0, MAX_REFRESH).map(([key]) => key);
        const result = await db.execute(sql`
          select key, expires_at, hits from rate_limit_counters
          where key in (select json_array_elements_text(${JSON.stringify(keys)}::json)) and expires_at > ${at}`);
        for (const row of rowsOf(result)) {
          const entry = entries.get(row.key);
          if (!entry || entry.pending || entry.inflight) continue;
          entry.shared = Math.max(entry.shared, Number(row.hits));
          entry.windowEnd = Number(row.expires_at);
        }
      }
      if (at - lastCleanup >= CLEANUP_EVERY_MS) {
        lastCleanup = at;
        await db.execute(sql`delete from rate_limit_counters where expires_at < ${at - CLEANUP_EVERY_MS}`);
      }
    } catch (error) {
      // The database is away: keep counting here and send the hits with the next sync.
      for (const [, entry] of send) {
        entry.pending += entry.inflight;
        entry.inflight = 0;
      }
      opts.onError?.(error);
    }
  }

  const sync = () => {
    running ??= syncOnce().finally(() => {
      running = undefined;
    });
    return running;
  };
  const timer = setInterval(() => void sync(), syncMs);
  timer.unref();

  class Store implements FastifyRateLimitStore {
    private readonly prefix: string;

    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    incr(key: string, cb: Callback, timeWindow: number) {
      const at = now();
      const entry = entryFor(this.prefix + key, timeWindow, at);
      entry.pending += 1;
      entry.touchedAt = at;
      cb(null, { current: entry.shared + entry.inflight + entry.pending, ttl: Math.max(0, entry.windowEnd - at) });
    }

    read(key: string, cb: Callback): void {
      const at = now();
      const entry = entries.get(this.prefix + key);
      if (!entry || at >= entry.windowEnd) return cb(null, { current: 0, ttl: 0 });
      cb(null, { current: entry.shared + entry.inflight + entry.pending, ttl: entry.windowEnd - at });
    }

    /** A route with its own limit counts apart from the global one, as the built-in store does. */
    child(routeOptions: ChildOptions): FastifyRateLimitStore {
      const info = routeOptions.routeInfo;
      const name = info?.url ? `${[info.method].flat().join(',')} ${info.url}` : `limiter-${++routeStores}`;
      return new Store(undefined, `${this.prefix}${name}|`);
    }
  }

  return {
    Store,
    sync,
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await sync();
    },
  };
}
