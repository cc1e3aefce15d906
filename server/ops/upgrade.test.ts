import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { sql } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, migrationsFolder, openEmbedded, openPostgres } from '../db/client';
import { restore } from './archive';
import { extractTarGz } from './tar';
import { cleanUpAfter, scratchDatabase, testServerUrl } from '../../tests/helpers/serverProcess';
import { summaryAndTruth } from '../../tests/helpers/summaries';

// A database made by the previous release (migrations 0000–0004 and its demo content, kept as a
// backup in tests/fixtures) is brought up to this release by the app's own migrate(), as a
// start of the new version does, and is then used through the app. Whatever migrations are added
// later, it must reach the last one with its data intact.

const FIXTURE = path.resolve(__dirname, '../../tests/fixtures/release-0004.tar.gz');
const { dir, defer } = cleanUpAfter();

const allTags = () =>
  JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries as Array<{ tag: string; when: number }>;

async function fixtureManifest() {
  const out = dir('glp-up-peek-');
  await extractTarGz(FIXTURE, out);
  return JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8')) as {
    migrations: string[];
    tables: Array<{ name: string; rows: number }>;
  };
}

async function appliedWhens(database: Database): Promise<number[]> {
  const rows = await database.db.execute(sql`SELECT created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY created_at`);
  return (rows as unknown as { rows: Array<{ at: string }> }).rows.map((r) => Number(r.at));
}

async function upgradeAndUse(database: Database, dataDir: string) {
  const manifest = await fixtureManifest();
  assert.deepEqual(
    manifest.migrations,
    allTags()
      .slice(0, 5)
      .map((e) => e.tag),
    'the fixture stands at 0004',
  );
  assert.deepEqual(
    await appliedWhens(database),
    allTags()
      .slice(0, 5)
      .map((e) => e.when),
    'restored at its own level',
  );

  await database.migrate(); // what a start of this release runs
  assert.deepEqual(
    await appliedWhens(database),
    allTags().map((e) => e.when),
    'every migration of this release applied',
  );

  // Every row of the old release is still there.
  for (const table of manifest.tables) {
    const rows = await database.db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${table.name}"`));
    assert.equal((rows as unknown as { rows: Array<{ n: number }> }).rows[0].n, table.rows, table.name);
  }
  // Summaries later migrations introduced were built from the old rows.
  const { kept, truth } = await summaryAndTruth(database.db);
  assert.ok(truth.length > 5, 'the old release has rows to count');
  assert.deepEqual(kept, truth, 'the summaries match the restored rows');

  const app = await buildApp({
    config: { ...loadConfig({}), dataDir, clientDir: undefined, logLevel: 'silent' },
    db: database.db,
    logger: false,
  });
  try {
    const signIn = async (username: string, password: string) => {
      const res = await app.inject({ method: 'POST', url: '/api/login/account', payload: { username, password } });
      assert.equal(res.statusCode, 200, `${username}: ${res.body}`);
      return { authorization: `Bearer ${res.json().data.token}` };
    };
    const admin = await signIn('admin', 'Admin12345');
    const staff = await signIn('staff01', 'Demo12345');
    const tasks = await app.inject({ method: 'GET', url: '/api/tasks?pageSize=100', headers: staff });
    assert.equal(tasks.statusCode, 200, tasks.body);
    const taskRows = manifest.tables.find((t) => t.name === 'tasks')?.rows;
    assert.equal(tasks.json().data.total, taskRows);
    const first = tasks.json().data.list[0];
    const detail = await app.inject({ method: 'GET', url: `/api/tasks/${first.id}`, headers: staff });
    assert.equal(detail.statusCode, 200);
    assert.equal(detail.json().data.title, first.title);
    for (const url of ['/api/appeals?pageSize=5', '/api/news?pageSize=5', '/api/users?pageSize=5']) {
      const res = await app.inject({ method: 'GET', url, headers: admin });
      assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
      assert.ok(res.json().data.total > 0, url);
    }
    // The old release's photos are served: public ones by their address, those of appeals (now
    // private, ADR 0019) by the signed address the appeal's answer gives; new records get new ids.
    const news = await app.inject({ method: 'GET', url: '/api/public/news?pageSize=50' });
    const cover = news.json().data.list.find((item: { cover: { url: string } | null }) => item.cover)?.cover.url;
    assert.ok(cover, 'an old news item with a cover');
    const coverServed = await app.inject({ method: 'GET', url: cover });
    assert.equal(coverServed.statusCode, 200);
    assert.match(String(coverServed.headers['cache-control']), /^public/);
    const appeals = await app.inject({ method: 'GET', url: '/api/appeals?pageSize=50', headers: admin });
    let photo: string | undefined;
    for (const { id } of appeals.json().data.list as Array<{ id: number }>) {
      const detail = await app.inject({ method: 'GET', url: `/api/appeals/${id}`, headers: admin });
      photo = detail.json().data.images[0]?.url;
      if (photo) break;
    }
    assert.ok(photo, 'an old appeal with a photo');
    assert.equal((await app.inject({ method: 'GET', url: photo })).statusCode, 200);
    assert.equal((await app.inject({ method: 'GET', url: photo.split('?')[0] })).statusCode, 403);
    assert.ok(fs.readdirSync(path.join(dataDir, 'uploads')).length > 0);
    const created = await app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: admin,
      payload: { name: '升级后新建', description: '' },
    });
    assert.equal(created.statusCode, 200, created.body);
    // The fixed areas became managed villages (ADR 0050) with their ids, names and order kept, and
    // the old records still name them.
    const areas = (await app.inject({ method: 'GET', url: '/api/areas' })).json().data as Array<{
      id: number;
      name: string;
      sortOrder: number;
      active: boolean;
    }>;
    assert.deepEqual(
      areas.map((a) => [a.id, a.sortOrder, a.active]),
      Array.from({ length: 12 }, (_, i) => [i + 1, i + 1, true]),
    );
    const oldUsers = (await app.inject({ method: 'GET', url: '/api/users?pageSize=100', headers: admin })).json().data.list as Array<{
      area: number | null;
      areaName: string | null;
    }>;
    const inVillage = oldUsers.filter((u) => u.area !== null && u.area > 1);
    assert.ok(inVillage.length > 0);
    for (const u of inVillage) assert.equal(u.areaName, areas.find((a) => a.id === u.area)?.name);
    const added = await app.inject({
      method: 'POST',
      url: '/api/villages',
      headers: admin,
      payload: { name: '升级后新村', code: null, sortOrder: 13 },
    });
    assert.equal(added.statusCode, 200, added.body);
    assert.equal(added.json().data.id, 13);
  } finally {
    await app.close();
  }
}

describe('a database of the previous release, upgraded', () => {
  test('embedded PostgreSQL: reaches the last migration, data intact and usable', async () => {
    const dataDir = dir('glp-up-');
    await restore({ dataDir }, FIXTURE, { upgrade: false });
    const database = await openEmbedded(dataDir);
    try {
      await upgradeAndUse(database, dataDir);
    } finally {
      await database.close();
    }
  });

  test('DATABASE_URL: reaches the last migration, data intact and usable', async () => {
    const scratch = await scratchDatabase(testServerUrl(), 'upgrade');
    defer(() => scratch.drop());
    const dataDir = dir('glp-up-pg-');
    await restore({ dataDir, databaseUrl: scratch.url }, FIXTURE, { upgrade: false });
    const database = await openPostgres(scratch.url, 2);
    try {
      await upgradeAndUse(database, dataDir);
    } finally {
      await database.close();
    }
  });
});
