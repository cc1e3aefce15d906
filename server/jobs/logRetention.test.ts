import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../tests/helpers/app';
import { loadConfig } from '../config';
import { loginLogs, operationLogs } from '../db/schema';
import { runServerToExit, tempDir } from '../../tests/helpers/serverProcess';
import { purgeOldLogs } from './logRetention';

// Logs are kept at least 180 days (LOG_RETENTION_DAYS); the periodic purge removes older rows only.
let t: TestContext;
before(async () => {
  t = await createTestContext({ demo: false });
});
after(() => t.close());

const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;

describe('log retention', () => {
  test('LOG_RETENTION_DAYS defaults to 180 and refuses less', () => {
    assert.equal(loadConfig({}).logRetentionDays, 180);
    assert.equal(loadConfig({ LOG_RETENTION_DAYS: '365' }).logRetentionDays, 365);
    assert.throws(() => loadConfig({ LOG_RETENTION_DAYS: '90' }), /LOG_RETENTION_DAYS 不能小于 180/);
    assert.throws(() => loadConfig({ LOG_RETENTION_DAYS: 'abc' }), /LOG_RETENTION_DAYS/);
  });

  test('the server refuses to start with LOG_RETENTION_DAYS below 180, saying why', async () => {
    const dataDir = tempDir('glp-retention-');
    try {
      const { code, output } = await runServerToExit(dataDir, { LOG_RETENTION_DAYS: '30' });
      assert.equal(code, 1);
      assert.match(output, /配置错误：环境变量 LOG_RETENTION_DAYS 不能小于 180/);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test('rows older than the limit go, in batches; newer rows stay', async () => {
    const { db } = t.database;
    await db.delete(operationLogs);
    await db.delete(loginLogs);
    const ages = [400, 200, 181, 179, 30, 0]; // days
    for (const age of ages) {
      for (let i = 0; i < 4; i++) {
        await db.insert(operationLogs).values({
          account: `a${age}`,
          method: 'POST',
          route: '/api/x',
          statusCode: 200,
          createdAt: daysAgo(age) as never,
        });
        await db.insert(loginLogs).values({ account: `a${age}`, success: true, createdAt: daysAgo(age) as never });
      }
    }
    const result = await purgeOldLogs(db, 180, { batch: 5 });
    assert.deepEqual(result, { operationLogs: 12, loginLogs: 12 });
    for (const table of [operationLogs, loginLogs]) {
      const left = await db.select({ account: table.account }).from(table);
      const accounts = [...new Set(left.map((r) => r.account))].sort();
      assert.deepEqual(accounts, ['a0', 'a179', 'a30']);
      assert.equal(left.length, 12);
    }
    // A longer retention keeps more.
    assert.deepEqual(await purgeOldLogs(db, 365), { operationLogs: 0, loginLogs: 0 });
  });

  test('the purge finds old rows through the created_at index', async () => {
    for (const table of ['operation_logs', 'login_logs']) {
      const plan = await t.database.db.transaction(async (tx) => {
        // On a small table the planner would rightly scan; forbid that to see the index is usable.
        await tx.execute(sql`set local enable_seqscan = off`);
        return rows<Record<string, string>>(
          await tx.execute(
            sql.raw(
              `explain delete from ${table} where id in (select id from ${table} where created_at < now() - interval '180 days' order by created_at limit 5000)`,
            ),
          ),
        );
      });
      const text = plan.map((r) => Object.values(r)[0]).join('\n');
      assert.match(text, new RegExp(`Index.*${table}_created_idx`), text);
    }
  });
});
