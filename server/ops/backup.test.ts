import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Db, migrationsFolder, openEmbedded, openPostgres } from '../db/client';
import { seed } from '../seed/seed';
import { localStorage } from '../lib/storage';
import { backup, restore, type Target } from './archive';
import { extractTarGz } from './tar';
import { cleanUpAfter, scratchDatabase } from '../../tests/helpers/serverProcess';

// A database filled with the demo content plus awkward text and extra uploads is backed up
// (through `npm run backup`'s script on the embedded database while it serves), restored into a
// fresh data dir or database, and compared table by table (row count and md5 of every row's text),
// sequence by sequence and upload by upload; also DATABASE_URL's PostgreSQL to PostgreSQL.
// Refusals (a running server, a non-empty target, a damaged archive) are checked too.

const { dir, defer } = cleanUpAfter();

type Query = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

const AWKWARD = '引号"单引号\'反斜杠\\ 换行\n制表\t表情😀 <b>标签</b> \u2028';

/** Seeds demo content and extras into a migrated database. */
async function fill(db: Db, query: Query, dataDir: string) {
  const storage = localStorage(path.join(dataDir, 'uploads'));
  await seed(db, { adminPassword: 'Admin12345', demoPassword: 'Demo12345', demo: true, storage });
  await query('INSERT INTO groups (name, description) VALUES ($1, $2)', ['特殊字符分组', AWKWARD]);
  await query('UPDATE users SET phone = NULL WHERE account = $1', ['villager03']).catch(() => undefined);
  await query('DELETE FROM groups WHERE name = $1', ['特殊字符分组']); // a gap in the sequence
  await query('INSERT INTO groups (name, description) VALUES ($1, $2)', ['特殊字符分组', AWKWARD]);
  // Extra files, one a few hundred KB of random bytes (compression cannot hide a truncation).
  fs.writeFileSync(path.join(dataDir, 'uploads', 'extra-random.bin'), randomBytes(300_000));
  fs.writeFileSync(path.join(dataDir, 'uploads', 'empty.txt'), '');
  fs.writeFileSync(path.join(dataDir, 'uploads', 'leftover.png.part'), 'a write in progress: not backed up');
}

/** Row count and md5 of every row's text per table, sequence states: comparable across both databases. */
async function fingerprint(query: Query) {
  await query(`SET TimeZone = 'UTC'`);
  await query(`SET DateStyle = 'ISO, MDY'`);
  const tables = await query(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'r' ORDER BY relname`,
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await query(
      `SELECT count(*)::int AS n, md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text COLLATE "C"), '')) AS h FROM public."${name}" t`,
    );
    result[`table ${name}`] = `${row.n} ${row.h}`;
  }
  const seqs = await query(
    `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'S' ORDER BY relname`,
  );
  for (const { name } of seqs) {
    const [row] = await query(`SELECT last_value::text AS v, is_called AS c FROM public."${name}"`);
    result[`sequence ${name}`] = `${row.v} ${row.c}`;
  }
  return result;
}

function uploadHashes(dataDir: string) {
  const uploads = path.join(dataDir, 'uploads');
  const hashes: Record<string, string> = {};
  for (const name of fs.readdirSync(uploads).sort()) {
    if (name.endsWith('.part')) continue;
    hashes[name] = createHash('sha256')
      .update(fs.readFileSync(path.join(uploads, name)))
      .digest('hex');
  }
  return hashes;
}

/** The restored data works in the app: sign in, list tasks, create a record (sequences continue). */
async function usable(db: Db, dataDir: string) {
  const app = await buildApp({ config: { ...loadConfig({}), dataDir, clientDir: undefined, logLevel: 'silent' }, db, logger: false });
  try {
    const login = await app.inject({ method: 'POST', url: '/api/login/account', payload: { username: 'admin', password: 'Admin12345' } });
    assert.equal(login.statusCode, 200, login.body);
    const headers = { authorization: `Bearer ${login.json().data.token}` };
    const tasks = await app.inject({ method: 'GET', url: '/api/tasks?pageSize=5', headers });
    assert.equal(tasks.statusCode, 200);
    assert.ok(tasks.json().data.total > 0);
    const created = await app.inject({ method: 'POST', url: '/api/groups', headers, payload: { name: '恢复后新建', description: '' } });
    assert.equal(created.statusCode, 200, created.body);
    const group = await app.inject({ method: 'GET', url: '/api/groups?pageSize=100', headers });
    assert.ok(
      group.json().data.list.some((g: { description: string }) => g.description === AWKWARD),
      'awkward text intact',
    );
  } finally {
    await app.close();
  }
}

const poolQuery =
  (pool: pg.Pool): Query =>
  async (text, params) =>
    (await pool.query(text, params)).rows;

describe('backup and restore on the embedded PostgreSQL', () => {
  test('`npm run backup` while the server runs, restored into a fresh data dir, compares equal; refusals hold', async () => {
    const srcDir = dir('glp-bk-src-');
    // Open as a running server holds it (DATA_DIR/pg.lock taken): the backup reads it meanwhile.
    const source = await openEmbedded(srcDir);
    defer(() => source.close());
    const srcPool = new pg.Pool({ connectionString: source.url, max: 1 });
    await source.migrate();
    await fill(source.db, poolQuery(srcPool), srcDir);
    const expected = await fingerprint(poolQuery(srcPool));
    await srcPool.end();

    // The command an operator runs, on the server's settings from the environment.
    const archive = path.join(dir('glp-bk-out-'), 'township.tar.gz');
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/backup.ts', archive], {
      env: { ...process.env, DATA_DIR: srcDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.match(run.stdout, /备份完成.*\n.*张表.*个上传文件/);
    assert.ok(fs.statSync(archive).size > 100_000);
    // A restore replaces everything: refused while the server runs.
    const refused = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/restore.ts', archive, '--force'], {
      env: { ...process.env, DATA_DIR: srcDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    assert.equal(refused.status, 1, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /正被另一个进程（pid \d+）使用，请先停止/);

    const dstDir = dir('glp-bk-dst-');
    const result = await restore({ dataDir: dstDir }, archive);
    assert.equal(result.uploads, Object.keys(uploadHashes(srcDir)).length);
    assert.deepEqual(uploadHashes(dstDir), uploadHashes(srcDir));
    assert.ok(!fs.existsSync(path.join(dstDir, 'uploads', 'leftover.png.part')));
    // Now non-empty: refused without --force, replaced with it.
    await assert.rejects(restore({ dataDir: dstDir }, archive), /数据库已有数据.*--force/);
    await restore({ dataDir: dstDir }, archive, { force: true });
    assert.deepEqual(uploadHashes(dstDir), uploadHashes(srcDir));

    const target = await openEmbedded(dstDir);
    const dstPool = new pg.Pool({ connectionString: target.url, max: 1 });
    try {
      assert.deepEqual(await fingerprint(poolQuery(dstPool)), expected);
      await usable(target.db, dstDir);
    } finally {
      await dstPool.end();
      await target.close();
    }
  });
});

describe('damaged archives are refused before anything is touched', () => {
  test('a changed row, a missing upload, a truncated file', async () => {
    // Any archive will do: a small one from the upgrade fixture's folder is not needed, build one here.
    const work = dir('glp-bk-bad-');
    const good = path.join(work, 'good');
    fs.mkdirSync(path.join(good, 'data'), { recursive: true });
    fs.mkdirSync(path.join(good, 'uploads'));
    fs.writeFileSync(path.join(good, 'data', 'areas.jsonl'), '{"id":1,"name":"镇社区"}\n');
    fs.writeFileSync(path.join(good, 'uploads', 'a.png'), 'png bytes');
    const sha = (file: string) =>
      createHash('sha256')
        .update(fs.readFileSync(path.join(good, file)))
        .digest('hex');
    const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
    fs.writeFileSync(
      path.join(good, 'manifest.json'),
      JSON.stringify({
        format: 'glp-backup',
        version: 1,
        migrations: journal.entries.slice(0, 1).map((e: { tag: string }) => e.tag),
        tables: [{ name: 'areas', columns: ['id', 'name'], primaryKey: ['id'], rows: 1, sha256: sha('data/areas.jsonl') }],
        sequences: [],
        uploads: [{ name: 'a.png', size: 9, sha256: sha('uploads/a.png') }],
      }),
    );
    const target: Target = { dataDir: path.join(work, 'never-created') };
    const damaged = (name: string, change: (d: string) => void) => {
      const copy = path.join(work, name);
      fs.cpSync(good, copy, { recursive: true });
      change(copy);
      return copy;
    };
    await assert.rejects(
      restore(
        target,
        damaged('row', (d) => fs.writeFileSync(path.join(d, 'data', 'areas.jsonl'), '{"id":1,"name":"篡改"}\n')),
      ),
      /备份文件已损坏：data\/areas\.jsonl 校验和不符/,
    );
    await assert.rejects(
      restore(
        target,
        damaged('upload', (d) => fs.rmSync(path.join(d, 'uploads', 'a.png'))),
      ),
      /缺少 uploads\/a\.png/,
    );
    await assert.rejects(restore(target, path.join(work, 'nothing.tar.gz')), /找不到备份文件/);
    const truncated = path.join(work, 'truncated.tar.gz');
    fs.writeFileSync(truncated, Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 1, 2, 3]));
    await assert.rejects(restore(target, truncated), /备份文件无法读取/);
    const newer = damaged('newer', (d) => {
      const m = JSON.parse(fs.readFileSync(path.join(d, 'manifest.json'), 'utf8'));
      m.migrations.push('9999_from_the_future');
      m.migrations = [...journal.entries.map((e: { tag: string }) => e.tag), '9999_from_the_future'];
      fs.writeFileSync(path.join(d, 'manifest.json'), JSON.stringify(m));
    });
    await assert.rejects(restore(target, newer), /备份来自更新/);
    assert.ok(!fs.existsSync(target.dataDir), 'nothing was created');
  });

  test('the tar reader refuses names that leave the folder', async () => {
    const work = dir('glp-bk-tar-');
    const { TarGzWriter } = await import('./tar');
    const file = path.join(work, 'evil.tar.gz');
    const writer = new TarGzWriter(file);
    await writer.add('../escape.txt', Buffer.from('x'));
    await writer.finish();
    await assert.rejects(extractTarGz(file, path.join(work, 'out')), /unsafe name/);
    assert.ok(!fs.existsSync(path.join(work, 'escape.txt')));
  });
});

describe('backup and restore on PostgreSQL', { skip: !process.env.DATABASE_URL && 'DATABASE_URL is not set' }, () => {
  test('DATABASE_URL to a fresh PostgreSQL database compares equal', async () => {
    const base = process.env.DATABASE_URL as string;
    const src = await scratchDatabase(base, 'bksrc');
    defer(() => src.drop());
    const dst = await scratchDatabase(base, 'bkdst');
    defer(() => dst.drop());
    const srcDir = dir('glp-bk-pgsrc-');
    const source = await openPostgres(src.url, 2);
    const pool = new pg.Pool({ connectionString: src.url, max: 1 });
    try {
      await source.migrate();
      await fill(source.db, async (text, params) => (await pool.query(text, params)).rows, srcDir);
    } finally {
      await source.close();
    }
    const expected = await fingerprint(async (text, params) => (await pool.query(text, params)).rows);
    await pool.end();

    const archive = path.join(dir('glp-bk-pgout-'), 'township.tar.gz');
    const made = await backup({ dataDir: srcDir, databaseUrl: src.url }, archive);
    assert.ok(made.rows > 100 && made.uploads > 10);
    const manifest = JSON.parse(
      await (async () => {
        const out = dir('glp-bk-peek-');
        await extractTarGz(archive, out);
        return fs.readFileSync(path.join(out, 'manifest.json'), 'utf8');
      })(),
    );
    assert.equal(manifest.source, 'postgres');

    const dstDir = dir('glp-bk-pgdst-');
    await restore({ dataDir: dstDir, databaseUrl: dst.url }, archive);
    const client = new pg.Client({ connectionString: dst.url });
    await client.connect();
    try {
      assert.deepEqual(await fingerprint(async (text, params) => (await client.query(text, params)).rows), expected);
    } finally {
      await client.end();
    }
    assert.deepEqual(uploadHashes(dstDir), uploadHashes(srcDir));
    await assert.rejects(restore({ dataDir: dstDir, databaseUrl: dst.url }, archive), /数据库已有数据/);
    const restored = await openPostgres(dst.url, 2);
    try {
      await usable(restored.db, dstDir);
    } finally {
      await restored.close();
    }
  });
});
