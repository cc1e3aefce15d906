import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface RunningServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** A port nothing listens on now: the system's pick for a throwaway listener. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A data dir the server has already initialised, migrated and seeded, then left cleanly
 * (`scripts/test-e2e.mjs` makes one per run, ADR 0036): its embedded PostgreSQL cluster stopped
 * cleanly, so a copy starts as the same cluster would. A server started on a copy skips the new
 * cluster (initdb), the migrations and the demo seed.
 */
export const E2E_TEMPLATE_ENV = 'E2E_TEMPLATE_DIR';

/** Settings a journey may change that alter nothing written at first start, so a copy serves it. */
const TEMPLATE_SAFE_ENV = new Set(['RATE_LIMIT_PER_MINUTE']);

/**
 * Starts `npm start`'s server (tsx server/main.ts) on a fresh data dir and a free port, and waits
 * until it answers. The client must already be built (dist/). A port taken between the pick and
 * the server's listen (a browser's outgoing connection may get it) is picked again. The data dir
 * is a copy of the run's template when there is one and `env` leaves first start as it is.
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const template = process.env[E2E_TEMPLATE_ENV];
  const fromTemplate = template && Object.keys(env).every((key) => TEMPLATE_SAFE_ENV.has(key)) ? template : undefined;
  for (let attempt = 1; ; attempt++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-'));
    if (fromTemplate) fs.cpSync(fromTemplate, dataDir, { recursive: true });
    try {
      return await startOnce(await freePort(), env, dataDir);
    } catch (error) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      if (attempt >= 3 || !String((error as Error).message).includes('EADDRINUSE')) throw error;
    }
  }
}

/** Makes `dir` the template: the server's first start on it, then a clean stop that keeps it. */
export async function makeTemplate(dir: string): Promise<void> {
  const server = await startOnce(await freePort(), {}, dir);
  await server.stop({ keep: true });
}

async function startOnce(
  port: number,
  env: Record<string, string>,
  dataDir: string,
): Promise<RunningServer & { stop(options?: { keep?: boolean }): Promise<void> }> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'Admin12345',
      // The demo password is generated per install; the journeys sign in with a known one.
      DEMO_PASSWORD: 'Demo12345',
      LOG_LEVEL: 'warn',
      SKIP_CLIENT_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a first start compiles the server with tsx, which takes minutes on a machine shared by
  // several builds and test runs. It waits for the answer, never for a set time.
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited early:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/settings`);
      if (res.ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) {
      // SIGTERM first: Node stops its embedded PostgreSQL on the way out; a SIGKILL would leave it running.
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), new Promise((r) => setTimeout(r, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    async stop({ keep = false } = {}) {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // Node stops its embedded PostgreSQL on the way out (a fast shutdown, a checkpoint).
        await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
        if (child.exitCode === null) {
          // A template must have been closed cleanly: a killed server's files are not one.
          if (keep) throw new Error(`server did not stop on SIGTERM:\n${output}`);
          child.kill('SIGKILL');
          // Its PostgreSQL outlives it: an immediate shutdown before the data dir goes.
          try {
            const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
            if (pid > 0) process.kill(pid, 'SIGQUIT');
          } catch {
            // not running
          }
        }
      }
      if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
