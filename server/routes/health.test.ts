import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../tests/helpers/app';

describe('GET /api/health', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestContext({ demo: false });
  });
  after(() => t.close());

  test('answers 200 without a session when the database, the migrations and the storage are fine', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    assert.equal(res.statusCode, 200, res.body);
    const { data } = res.json();
    assert.equal(data.status, 'ok');
    assert.equal(data.database.ok, true);
    assert.equal(data.storage.ok, true);
    assert.equal(data.migrations.ok, true);
    assert.ok(data.migrations.expected > 0);
    assert.equal(data.migrations.applied, data.migrations.expected);
    assert.match(data.migrations.latest, /^\d{4}_/);
  });

  test('leaves no probe file behind in the uploads storage', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    await t.app.inject({ method: 'GET', url: '/api/health' });
    const files = fs.readdirSync(path.join(t.config.dataDir, 'uploads'));
    assert.deepEqual(
      files.filter((f) => f.startsWith('.health')),
      [],
    );
  });

  test('answers 503 naming the storage when it cannot be written', async () => {
    const storage = t.app.storage;
    const put = storage.put;
    storage.put = async () => {
      throw new Error('EROFS: read-only file system');
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(res.statusCode, 503);
      const body = res.json();
      assert.equal(body.code, 503);
      assert.match(body.message, /上传文件存储不可写/);
      assert.equal(body.data.storage.ok, false);
      assert.equal(body.data.database.ok, true);
    } finally {
      storage.put = put;
    }
  });

  test('answers 503 when the database lacks a migration this release ships', async () => {
    const result = await t.database.db.execute(
      sql`SELECT id, hash, created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
    );
    const [last] = (result as unknown as { rows: Array<{ id: number; hash: string; created_at: string }> }).rows;
    await t.database.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(res.statusCode, 503);
      assert.match(res.json().message, /数据库结构版本不符/);
      assert.equal(res.json().data.migrations.applied, res.json().data.migrations.expected - 1);
    } finally {
      await t.database.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at}::bigint)`,
      );
    }
  });

  test('answers 503 naming the database when it is gone', async () => {
    const execute = t.database.db.execute.bind(t.database.db);
    (t.database.db as { execute: unknown }).execute = async () => {
      throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      assert.equal(res.statusCode, 503);
      assert.match(res.json().message, /数据库无法连接/);
      assert.doesNotMatch(res.json().message, /结构版本/);
      assert.equal(res.json().data.database.ok, false);
    } finally {
      (t.database.db as { execute: unknown }).execute = execute;
    }
  });
});
