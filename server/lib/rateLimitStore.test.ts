import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import rateLimit from '@fastify/rate-limit';
import Fastify from 'fastify';
import { type Database, openPostgres } from '../db/client';
import { scratchDatabase, type ScratchDatabase, testServerUrl } from '../../tests/helpers/serverProcess';
import { sharedRateLimit } from './rateLimitStore';

// The shared rate-limit store (ADR 0015): two stores on one database stand for two processes.
// On a scratch database of the run's PostgreSQL.

let database: Database;
let scratch: ScratchDatabase | undefined;

before(async () => {
  scratch = await scratchDatabase(testServerUrl(), 'ratelimit');
  database = await openPostgres(scratch.url, 4);
  await database.migrate();
});
after(async () => {
  await database?.close();
  await scratch?.drop();
});

const count = (store: InstanceType<ReturnType<typeof sharedRateLimit>['Store']>, key: string, window = 60_000) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(key, (err, res) => (err || !res ? reject(err) : resolve(res)), window, 100),
  );

describe('shared rate-limit store', () => {
  test('hits counted by one process reach the other at the next sync; nothing waits for the database', async () => {
    const a = sharedRateLimit(database.db, { syncMs: 60_000 });
    const b = sharedRateLimit(database.db, { syncMs: 60_000 });
    const storeA = new a.Store({});
    const storeB = new b.Store({});
    try {
      for (let i = 1; i <= 50; i++) assert.equal((await count(storeA, '10.0.0.1')).current, i);
      assert.equal((await count(storeB, '10.0.0.1')).current, 1, 'before a sync B knows only its own');
      await a.sync();
      await b.sync();
      // B's hit went in after A's 50: the table answers 51 to B.
      assert.equal((await count(storeB, '10.0.0.1')).current, 52);
      // A has no new hits: its sync only reads the total back.
      await a.sync();
      const seen = await count(storeA, '10.0.0.1');
      assert.equal(seen.current, 52);
      assert.ok(seen.ttl > 0 && seen.ttl <= 60_000);
      // Another key counts apart.
      assert.equal((await count(storeA, '10.0.0.2')).current, 1);
      await a.sync();
      await b.sync();
      assert.equal((await count(storeB, '10.0.0.1')).current, 54);
    } finally {
      await a.close();
      await b.close();
    }
  });

  test("the window is the first process's: when it ends the count starts again everywhere", async () => {
    let clock = Date.now();
    const now = () => clock;
    const a = sharedRateLimit(database.db, { syncMs: 60_000, now });
    const b = sharedRateLimit(database.db, { syncMs: 60_000, now });
    try {
      const storeA = new a.Store({});
      const storeB = new b.Store({});
      for (let i = 0; i < 5; i++) await count(storeA, 'w', 1000);
      await a.sync();
      clock += 400;
      await count(storeB, 'w', 1000);
      await b.sync();
      const res = await count(storeB, 'w', 1000);
      assert.equal(res.current, 7);
      assert.ok(res.ttl <= 600, `B takes A's window end (ttl ${res.ttl})`);
      clock += 700; // A's window is over
      assert.equal((await count(storeA, 'w', 1000)).current, 1);
      await a.sync();
      await b.sync();
      assert.equal((await count(storeB, 'w', 1000)).current, 3, "the old window's hits are gone; B's last one and A's new one count");
    } finally {
      await a.close();
      await b.close();
    }
  });

  test('behind @fastify/rate-limit: a limit spent on one app is refused on the other; a route limit counts apart', async () => {
    const stores: Array<ReturnType<typeof sharedRateLimit>> = [];
    const build = async () => {
      const shared = sharedRateLimit(database.db, { syncMs: 20 });
      stores.push(shared);
      const app = Fastify();
      app.addHook('onClose', () => shared.close());
      await app.register(rateLimit, { global: true, max: 20, timeWindow: '1 minute', store: shared.Store });
      app.get('/x', async () => 'ok');
      app.get('/y', { config: { rateLimit: { max: 3, timeWindow: '1 minute' } } }, async () => 'ok');
      await app.ready();
      return app;
    };
    const one = await build();
    const two = await build();
    // What the timer does every 20 ms, done here in order (on a loaded machine a fixed wait for the
    // timer was not always enough): the first app's hits reach the database, the second reads them.
    const syncBoth = async () => {
      // Twice each: a sync the timer had already started may predate the last hit.
      for (const store of stores) for (let i = 0; i < 2; i++) await store.sync();
    };
    try {
      const hit = (app: typeof one, url = '/x') => app.inject({ url, remoteAddress: '10.9.9.9' }).then((r) => r.statusCode);
      const statuses: number[] = [];
      for (let i = 0; i < 25; i++) statuses.push(await hit(one));
      assert.equal(statuses.filter((s) => s === 200).length, 20);
      assert.equal(statuses.at(-1), 429);
      // A key new to the other process passes there once (its hit is not known yet): the overshoot
      // of one sync interval the ADR accepts. After the next sync it refuses.
      const first = await hit(two);
      await syncBoth();
      assert.equal(await hit(two), 429, 'the other process refuses too');
      assert.ok(first === 200 || first === 429);
      // The route's own limit is not spent by /x.
      assert.equal(await hit(two, '/y'), 200);
      assert.equal(await hit(one, '/y'), 200);
      assert.equal(await hit(one, '/y'), 200);
      await syncBoth();
      assert.equal(await hit(two, '/y'), 429);
    } finally {
      await one.close();
      await two.close();
    }
  });

  test('when the database is away requests are still counted here and nothing fails', async () => {
    const errors: unknown[] = [];
    const failing = {
      execute: async () => {
        throw new Error('connection refused');
      },
    } as unknown as Database['db'];
    const shared = sharedRateLimit(failing, { syncMs: 60_000, onError: (e) => errors.push(e) });
    const store = new shared.Store({});
    for (let i = 1; i <= 3; i++) assert.equal((await count(store, 'k')).current, i);
    await shared.sync();
    assert.equal(errors.length, 1);
    assert.equal((await count(store, 'k')).current, 4, 'unsent hits are kept for the next sync');
    await shared.close();
  });
});
