import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import { after } from 'node:test';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

// Shared steps of the operations tests: the real server as a child process, scratch PostgreSQL
// databases, and a TCP proxy that can cut the server off from its database.

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const tempDir = (prefix: string) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));

/**
 * What a test file undoes after its last test, newest first: `dir` makes a temporary folder that
 * goes then, `defer` adds any other step (dropping a scratch database).
 */
export function cleanUpAfter() {
  const cleanups: Array<() => Promise<void> | void> = [];
  after(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });
  const defer = (cleanup: () => Promise<void> | void) => void cleanups.push(cleanup);
  const dir = (prefix: string) => {
    const made = tempDir(prefix);
    defer(() => fs.rmSync(made, { recursive: true, force: true }));
    return made;
  };
  return { dir, defer };
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL (kill -9) and wait for the exit. */
  kill(): Promise<void>;
}

const serverEnv = (dataDir: string, port: number, env: Record<string, string>) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SKIP_CLIENT_BUILD: '1',
  LOG_LEVEL: 'warn',
  SEED_DEMO: '0',
  // Generated per install otherwise; a suite that asks for the demo signs in with this one.
  DEMO_PASSWORD: 'Demo12345',
  DATABASE_URL: '',
  ...env,
});

/** `node --import tsx server/main.ts` on `dataDir`, resolved once it listens. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: serverEnv(dataDir, port, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A first start may migrate a whole data directory first (tens of seconds on a busy machine).
  const deadline = Date.now() + 180_000;
  while (!output.includes('已启动')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url: `http://127.0.0.1:${port}`, child, output: () => output, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}

/** SIGKILL to `pid` and every process below it (Linux: read from /proc), all at once. */
export const killProcessTree = (pid: number) => signalProcessTree(pid, 'SIGKILL');

/** `signal` to `pid` and every process below it (Linux: read from /proc). */
export function signalProcessTree(pid: number, signal: NodeJS.Signals) {
  const children = new Map<number, number[]>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command may hold spaces and parentheses: the fields after the last ')' are fixed.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  const all: number[] = [];
  const walk = (p: number) => {
    all.push(p);
    for (const child of children.get(p) ?? []) walk(child);
  };
  walk(pid);
  for (const p of all) {
    try {
      process.kill(p, signal);
    } catch {
      // already gone
    }
  }
}

/** Runs `server/main.ts` to its exit (for starts that must fail). */
export function runServerToExit(
  dataDir: string,
  env: Record<string, string>,
  timeoutMs = 30_000,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    freePort().then((port) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: serverEnv(dataDir, port, env),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout?.on('data', (d) => (output += d));
      child.stderr?.on('data', (d) => (output += d));
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error(`still running after ${timeoutMs} ms:\n${output}`));
      }, timeoutMs);
      child.once('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    }, reject);
  });
}

export async function signIn(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/api/login/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = (await res.json()) as { data?: { token?: string } };
  if (res.status !== 200 || !body.data?.token) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(body)}`);
  return body.data.token;
}

/**
 * The run's PostgreSQL server (the maintenance database): scripts/test-server.mjs starts an
 * embedded one for the whole run and names it by DATABASE_URL.
 */
export function testServerUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run server tests through `npm run test:server -- <file>`');
  return url;
}

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A new, empty database on the PostgreSQL server named by `baseUrl`. */
export async function scratchDatabase(baseUrl: string, label = 'ops'): Promise<ScratchDatabase> {
  const name = `${label}_${process.pid}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

export interface TcpProxy {
  port: number;
  /** Stops accepting (connections are refused) and cuts every open connection. */
  cut(): Promise<void>;
  /** Accepts and forwards again. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

/** A plain TCP forwarder to host:port that can be cut and restored, like a database going away. */
export async function tcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;
  const listen = async () => {
    server = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      sockets.add(client);
      sockets.add(upstream);
      const drop = () => {
        client.destroy();
        upstream.destroy();
        sockets.delete(client);
        sockets.delete(upstream);
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve) => server!.listen(port, '127.0.0.1', resolve));
    port = (server!.address() as net.AddressInfo).port;
  };
  const stop = async () => {
    const closing = server ? new Promise((resolve) => server!.close(resolve)) : Promise.resolve();
    server = undefined;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closing;
  };
  await listen();
  return {
    port,
    cut: stop,
    async restore() {
      if (!server) await listen();
    },
    close: stop,
  };
}
