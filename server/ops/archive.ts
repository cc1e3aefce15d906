import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { attachEmbedded, migrationsFolder } from '../db/client';
import { extractTarGz, TarGzWriter } from './tar';

// Logical backups of the embedded PostgreSQL or DATABASE_URL's, either restoring into the other
// (and, once, of a PGlite directory of an earlier release into PostgreSQL): one JSON line per row
// and table (row_to_json, ordered by primary key), the uploads folder, and a manifest with row
// counts, sha256 of every file and the migration level. The schema is not dumped: a restore
// rebuilds it by running the migrations up to the archive's level, loads the rows, then runs the
// newer migrations (so an old backup restores into a newer release).

const ARCHIVE_FORMAT = 'glp-backup';
const ARCHIVE_VERSION = 1;

interface TableEntry {
  name: string;
  columns: string[];
  primaryKey: string[];
  rows: number;
  sha256: string;
}

interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  source: 'pglite' | 'postgres';
  serverVersion: string;
  /** Applied migrations, by tag, in order: the archive's schema. */
  migrations: string[];
  tables: TableEntry[];
  sequences: Array<{ name: string; lastValue: string; isCalled: boolean }>;
  uploads: Array<{ name: string; size: number; sha256: string }>;
}

/** Where the data lives, as the server's settings name it. */
export interface Target {
  dataDir: string;
  databaseUrl?: string;
  /** A PGlite data directory of an earlier release, read instead (the source of the one-time move). */
  pgliteDir?: string;
}

/** One connection to either database, with the few calls a dump and a load need. */
interface Conn {
  kind: 'pglite' | 'postgres';
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** A failure to show as it is (Chinese, for the operator), without a stack. */
export class OpsError extends Error {}

function postgresConn(client: pg.Client): Conn {
  client.on('error', () => undefined); // a dropped connection fails the running query instead
  return {
    kind: 'postgres',
    query: async (text, params) => (await client.query(text, params)).rows,
    migrate: (folder) => migrateNodePg(drizzleNodePg(client), { migrationsFolder: folder }),
    close: () => client.end(),
  };
}

/**
 * PGlite, only to read a data directory of a release before ADR 0038 (the one-time move to
 * PostgreSQL, server/ops/pgliteMigration.ts): loaded here and nowhere else, when needed.
 */
async function pgliteConn(dir: string): Promise<Conn> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = new PGlite(dir);
  await db.waitReady;
  return {
    kind: 'pglite',
    query: async <T>(text: string, params?: unknown[]) => (await db.query<T>(text, params)).rows,
    migrate: async () => {
      throw new OpsError('旧的内置数据库只读取，不做迁移。');
    },
    close: () => db.close(),
  };
}

async function connect(target: Target, use: 'read' | 'replace'): Promise<Conn> {
  if (target.pgliteDir) return pgliteConn(target.pgliteDir);
  if (target.databaseUrl) {
    const client = new pg.Client({ connectionString: target.databaseUrl, connectionTimeoutMillis: 10_000 });
    try {
      await client.connect();
    } catch (error) {
      throw new OpsError(`无法连接数据库（DATABASE_URL）：${(error as Error).message}`);
    }
    return postgresConn(client);
  }
  // The embedded PostgreSQL of DATA_DIR: a backup reads it while the server runs; a restore
  // replaces everything and so wants the server stopped.
  const embedded = await attachEmbedded(target.dataDir, { whileServing: use === 'read' });
  const client = new pg.Client({ connectionString: embedded.url, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (error) {
    await embedded.release();
    throw new OpsError(`无法连接内置数据库：${(error as Error).message}`);
  }
  const conn = postgresConn(client);
  return {
    ...conn,
    close: async () => {
      await conn.close();
      await embedded.release();
    },
  };
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(folder = migrationsFolder): JournalEntry[] {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')).entries;
}

/** Tags of the migrations applied to the database, in order ([] for a database never migrated). */
async function appliedMigrations(conn: Conn): Promise<string[]> {
  const [exists] = await conn.query<{ t: string | null }>(`SELECT to_regclass('drizzle.__drizzle_migrations')::text AS t`);
  if (!exists.t) return [];
  const rows = await conn.query<{ at: string }>('SELECT created_at::text AS at FROM drizzle.__drizzle_migrations ORDER BY created_at');
  const byWhen = new Map(journal().map((e) => [String(e.when), e.tag]));
  return rows.map((r) => {
    const tag = byWhen.get(r.at);
    if (!tag) throw new OpsError('数据库的结构版本比当前程序新（有程序不认识的迁移），请用对应版本的程序操作。');
    return tag;
  });
}

/** Applies the first `count` migrations only: a copy of the folder with a shortened journal. */
async function migrateTo(conn: Conn, count: number) {
  const full = JSON.parse(fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'));
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-migrations-'));
  try {
    fs.mkdirSync(path.join(dir, 'meta'));
    const entries = full.entries.slice(0, count) as JournalEntry[];
    for (const entry of entries) fs.copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
    fs.writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...full, entries }));
    await conn.migrate(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface TableShape {
  name: string;
  columns: string[];
  primaryKey: string[];
}

async function tableShapes(conn: Conn): Promise<TableShape[]> {
  const rows = await conn.query<{ name: string; columns: string; pk: string | null }>(`
    SELECT c.relname AS name,
      (SELECT string_agg(a.attname, ',' ORDER BY a.attnum) FROM pg_attribute a
        WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = '') AS columns,
      (SELECT string_agg(a.attname, ',' ORDER BY array_position(i.indkey::int2[], a.attnum)) FROM pg_index i
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY(i.indkey::int2[])
        WHERE i.indrelid = c.oid AND i.indisprimary) AS pk
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
    ORDER BY c.relname`);
  return rows.map((r) => ({ name: r.name, columns: r.columns.split(','), primaryKey: r.pk ? r.pk.split(',') : [] }));
}

/** Every row of a table as one JSON line, in a stable order, read through a cursor (inside a transaction). */
async function* tableLines(conn: Conn, table: TableShape, cursor: string): AsyncGenerator<string> {
  const cols = table.columns.map(ident).join(', ');
  // No primary key: the whole row's text orders it.
  const order = table.primaryKey.length ? table.primaryKey.map(ident).join(', ') : `${ident(table.name)}::text`;
  await conn.query(
    `DECLARE ${cursor} NO SCROLL CURSOR FOR SELECT row_to_json(r)::text AS j FROM (SELECT ${cols} FROM public.${ident(table.name)} ORDER BY ${order}) r`,
  );
  try {
    for (;;) {
      const rows = await conn.query<{ j: string }>(`FETCH 2000 FROM ${cursor}`);
      for (const row of rows) yield row.j;
      if (rows.length < 2000) break;
    }
  } finally {
    await conn.query(`CLOSE ${cursor}`);
  }
}

const sha256File = async (file: string) => {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
};

/** Upload files (not the `.part` files of writes in progress). */
function uploadNames(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && !e.name.endsWith('.part'))
    .map((e) => e.name)
    .sort();
}

interface BackupResult {
  file: string;
  bytes: number;
  tables: number;
  rows: number;
  uploads: number;
  ms: number;
}

/** Writes a backup of the database and uploads in `target` to `file` (a .tar.gz). */
export async function backup(
  target: Target,
  file: string,
  /** `uploads: false`: the database only (the move from PGlite leaves the uploads where they are). */
  opts: { uploads?: boolean } = {},
): Promise<BackupResult> {
  const started = Date.now();
  const partial = `${file}.part`;
  const conn = await connect(target, 'read');
  // Made once the database is open: a refused open (data dir in use) leaves nothing behind.
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-backup-'));
  try {
    // One snapshot for every table (PostgreSQL serves the other sessions meanwhile).
    await conn.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await conn.query(`SET LOCAL TimeZone = 'UTC'`);
    const migrations = await appliedMigrations(conn);
    if (!migrations.length) throw new OpsError('数据库是空的（尚未初始化），没有可备份的内容。');
    const [{ version }] = await conn.query<{ version: string }>(`SELECT current_setting('server_version') AS version`);
    const tables: TableEntry[] = [];
    fs.mkdirSync(path.join(staging, 'data'));
    for (const shape of await tableShapes(conn)) {
      const out = fs.openSync(path.join(staging, 'data', `${shape.name}.jsonl`), 'w');
      const hash = createHash('sha256');
      let rows = 0;
      let buffered: string[] = [];
      const flush = () => {
        const text = buffered.join('');
        hash.update(text);
        fs.writeSync(out, text);
        buffered = [];
      };
      try {
        for await (const line of tableLines(conn, shape, 'dump_rows')) {
          buffered.push(`${line}\n`);
          rows++;
          if (buffered.length >= 2000) flush();
        }
        flush();
      } finally {
        fs.closeSync(out);
      }
      tables.push({ ...shape, rows, sha256: hash.digest('hex') });
    }
    const sequences = [];
    const seqs = await conn.query<{ name: string }>(
      `SELECT relname AS name FROM pg_class WHERE relnamespace = 'public'::regnamespace AND relkind = 'S' ORDER BY relname`,
    );
    for (const { name } of seqs) {
      const [state] = await conn.query<{ v: string; c: boolean }>(
        `SELECT last_value::text AS v, is_called AS c FROM public.${ident(name)}`,
      );
      sequences.push({ name, lastValue: state.v, isCalled: state.c });
    }
    await conn.query('COMMIT');

    const uploadsDir = path.join(target.dataDir, 'uploads');
    const uploads = [];
    for (const name of opts.uploads === false ? [] : uploadNames(uploadsDir)) {
      const full = path.join(uploadsDir, name);
      uploads.push({ name, size: fs.statSync(full).size, sha256: await sha256File(full) });
    }
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      source: conn.kind,
      serverVersion: version,
      migrations,
      tables,
      sequences,
      uploads,
    };
    const writer = new TarGzWriter(partial);
    await writer.add('manifest.json', Buffer.from(JSON.stringify(manifest, null, 1)));
    for (const table of tables) {
      const full = path.join(staging, 'data', `${table.name}.jsonl`);
      await writer.add(`data/${table.name}.jsonl`, { size: fs.statSync(full).size, stream: fs.createReadStream(full) });
    }
    for (const upload of uploads) {
      const full = path.join(uploadsDir, upload.name);
      await writer.add(`uploads/${upload.name}`, { size: upload.size, stream: fs.createReadStream(full) });
    }
    await writer.finish();
    fs.renameSync(partial, file); // never a half-written archive under the final name
    return {
      file,
      bytes: fs.statSync(file).size,
      tables: tables.length,
      rows: tables.reduce((n, t) => n + t.rows, 0),
      uploads: uploads.length,
      ms: Date.now() - started,
    };
  } catch (error) {
    await conn.query('ROLLBACK').catch(() => undefined);
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    await conn.close();
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Reads and checks an archive's manifest and every file's size and sha256 against it. */
async function verifiedManifest(dir: string): Promise<Manifest> {
  const manifestFile = path.join(dir, 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new OpsError('备份文件中没有 manifest.json，不是本系统的备份。');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  if (manifest.format !== ARCHIVE_FORMAT) throw new OpsError('不是本系统的备份文件。');
  if (manifest.version > ARCHIVE_VERSION) throw new OpsError('备份文件格式比当前程序新，请升级程序后再恢复。');
  const check = async (relative: string, sha256: string, size?: number) => {
    const full = path.join(dir, relative);
    if (!fs.existsSync(full)) throw new OpsError(`备份文件已损坏：缺少 ${relative}`);
    if (size !== undefined && fs.statSync(full).size !== size) throw new OpsError(`备份文件已损坏：${relative} 大小不符`);
    if ((await sha256File(full)) !== sha256) throw new OpsError(`备份文件已损坏：${relative} 校验和不符`);
  };
  for (const table of manifest.tables) await check(`data/${table.name}.jsonl`, table.sha256);
  for (const upload of manifest.uploads) await check(`uploads/${upload.name}`, upload.sha256, upload.size);
  const known = journal().map((e) => e.tag);
  if (manifest.migrations.some((tag, i) => known[i] !== tag)) {
    throw new OpsError('备份来自更新（或不同）的程序版本，当前程序无法恢复它，请先升级程序。');
  }
  return manifest;
}

/** Rows in the database's tables, for "is it empty?" (a fresh, migrated, unseeded database has none). */
async function rowsPresent(conn: Conn): Promise<Array<{ table: string; rows: number }>> {
  const found = [];
  for (const shape of await tableShapes(conn)) {
    const [{ n }] = await conn.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM public.${ident(shape.name)} LIMIT 1000) x`,
    );
    if (n > 0) found.push({ table: shape.name, rows: n });
  }
  return found;
}

/** Loads one table's lines in batches of about 1 MB. */
async function loadTable(conn: Conn, table: TableEntry, file: string) {
  const cols = table.columns.map(ident).join(', ');
  const insert = `INSERT INTO public.${ident(table.name)} (${cols}) SELECT ${cols} FROM json_populate_recordset(NULL::public.${ident(table.name)}, $1::json)`;
  let batch: string[] = [];
  let bytes = 0;
  const flush = async () => {
    if (!batch.length) return;
    await conn.query(insert, [`[${batch.join(',')}]`]);
    batch = [];
    bytes = 0;
  };
  let rest = '';
  for await (const chunk of fs.createReadStream(file, { encoding: 'utf8', highWaterMark: 256 * 1024 })) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) {
      batch.push(line);
      bytes += line.length;
      if (bytes > 1_000_000) await flush();
    }
  }
  if (rest) batch.push(rest);
  await flush();
}

interface RestoreResult {
  tables: number;
  rows: number;
  uploads: number;
  migratedTo: string;
  ms: number;
}

/**
 * Restores `archive` (a .tar.gz from `backup`, or the folder it extracts to) into `target`.
 * Refuses a database or uploads folder that holds anything unless `force`, which replaces them.
 * Then runs this release's newer migrations, as a start of the server would.
 */
export async function restore(
  target: Target,
  archive: string,
  /** `upgrade: false` stops at the archive's own migration level (the upgrade test migrates itself). */
  /** `uploads: false`: the database only, DATA_DIR/uploads left as it is. */
  opts: { force?: boolean; upgrade?: boolean; uploads?: boolean } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  if (!fs.existsSync(archive)) throw new OpsError(`找不到备份文件：${archive}`);
  let dir = archive;
  let staging: string | undefined;
  if (!fs.statSync(archive).isDirectory()) {
    staging = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-restore-'));
    dir = staging;
    try {
      await extractTarGz(archive, staging);
    } catch (error) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw new OpsError(`备份文件无法读取（已损坏或不完整）：${(error as Error).message}`);
    }
  }
  try {
    const manifest = await verifiedManifest(dir);
    const uploadsDir = path.join(target.dataDir, 'uploads');
    const keepUploads = opts.uploads === false;
    const existingUploads = keepUploads ? [] : uploadNames(uploadsDir);
    const conn = await connect(target, 'replace');
    try {
      const present = await rowsPresent(conn);
      if ((present.length || existingUploads.length) && !opts.force) {
        const what = present.length
          ? `数据库已有数据（${present
              .slice(0, 3)
              .map((p) => `${p.table} 表 ${p.rows >= 1000 ? '1000+' : p.rows} 行`)
              .join('、')}）`
          : `上传目录 ${uploadsDir} 已有 ${existingUploads.length} 个文件`;
        throw new OpsError(`${what}，恢复会覆盖它们。确认要覆盖，请加 --force 再运行。`);
      }
      // Start from nothing: the schema is rebuilt by the migrations.
      await conn.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
      await conn.query('DROP SCHEMA IF EXISTS public CASCADE');
      await conn.query('CREATE SCHEMA public');
      await migrateTo(conn, manifest.migrations.length);

      await conn.query('BEGIN');
      try {
        await conn.query(`SET LOCAL TimeZone = 'UTC'`);
        const shapes = new Map((await tableShapes(conn)).map((s) => [s.name, s]));
        for (const table of manifest.tables) {
          const shape = shapes.get(table.name);
          if (!shape || shape.columns.join(',') !== table.columns.join(',')) {
            throw new OpsError(`备份中的表 ${table.name} 与其结构版本不符，无法恢复。`);
          }
        }
        // Rows go in as they were: the summaries kept by triggers come from the archive too, and
        // foreign keys are checked once, when they are put back, whatever the load order.
        const foreignKeys = await conn.query<{ tbl: string; name: string; def: string }>(`
          SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def
          FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`);
        for (const fk of foreignKeys) await conn.query(`ALTER TABLE ${fk.tbl} DROP CONSTRAINT ${ident(fk.name)}`);
        for (const table of manifest.tables) await conn.query(`ALTER TABLE public.${ident(table.name)} DISABLE TRIGGER USER`);
        for (const table of manifest.tables) {
          if (table.rows) await loadTable(conn, table, path.join(dir, 'data', `${table.name}.jsonl`));
        }
        for (const table of manifest.tables) await conn.query(`ALTER TABLE public.${ident(table.name)} ENABLE TRIGGER USER`);
        for (const fk of foreignKeys) await conn.query(`ALTER TABLE ${fk.tbl} ADD CONSTRAINT ${ident(fk.name)} ${fk.def}`);
        for (const seq of manifest.sequences) {
          await conn.query(`SELECT setval('public.${ident(seq.name)}', $1::bigint, $2)`, [seq.lastValue, seq.isCalled]);
        }
        // The rows read back must be the rows that were backed up.
        for (const table of manifest.tables) {
          const hash = createHash('sha256');
          let rows = 0;
          for await (const line of tableLines(conn, table, 'verify_rows')) {
            hash.update(`${line}\n`);
            rows++;
          }
          if (rows !== table.rows || hash.digest('hex') !== table.sha256) {
            throw new OpsError(`恢复校验失败：${table.name} 表读回的数据与备份不一致，已撤销本次恢复。`);
          }
        }
        await conn.query('COMMIT');
      } catch (error) {
        await conn.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
      // Then up to this release's schema.
      if (opts.upgrade !== false) await conn.migrate(migrationsFolder);
      const finalLevel = await appliedMigrations(conn);

      fs.mkdirSync(uploadsDir, { recursive: true });
      for (const name of existingUploads) fs.rmSync(path.join(uploadsDir, name), { force: true });
      for (const upload of manifest.uploads) {
        const from = path.join(dir, 'uploads', upload.name);
        const to = path.join(uploadsDir, upload.name);
        if (staging) {
          try {
            fs.renameSync(from, to);
            continue;
          } catch {
            // another filesystem: copy instead
          }
        }
        fs.copyFileSync(from, to);
      }
      return {
        tables: manifest.tables.length,
        rows: manifest.tables.reduce((n, t) => n + t.rows, 0),
        uploads: manifest.uploads.length,
        migratedTo: finalLevel[finalLevel.length - 1],
        ms: Date.now() - started,
      };
    } finally {
      await conn.close();
    }
  } finally {
    if (staging) fs.rmSync(staging, { recursive: true, force: true });
  }
}
