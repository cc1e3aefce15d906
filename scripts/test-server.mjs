// Runs every server test file (server/**/*.test.ts) with node's test runner through tsx, on one
// embedded PostgreSQL for the whole run (server/db/embedded.ts, ADR 0038): started here in a
// temporary directory, named to the test files by DATABASE_URL, stopped and removed at the end
// even when a test fails or the run is interrupted. Each test file gets a fresh database copied
// from a seeded template (tests/helpers/app.ts). Node 20 does not expand globs for --test, so the
// files are listed here. Run as `node --import tsx scripts/test-server.mjs` (package.json).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/db/embedded.ts';

const roots = process.argv.slice(2).length ? process.argv.slice(2) : ['server'];
const files = [];
function walk(target) {
  const stat = fs.statSync(target);
  if (stat.isFile()) {
    if (target.endsWith('.test.ts')) files.push(target);
    return;
  }
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules') continue;
    walk(path.join(target, entry));
  }
}
roots.forEach(walk);
if (!files.length) {
  console.error('no server test files found');
  process.exit(1);
}

async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-test-run-'));
// Passable (not listable) for the server's own user when this runs as root.
fs.chmodSync(work, 0o711);
// The seeded database every test file starts from is built once for the run (tests/helpers/app.ts).
const templates = path.join(work, 'templates');
fs.mkdirSync(templates);
let server;
let status = 1;
let child;
const interrupted = (signal) => {
  child?.kill(signal);
};
process.on('SIGINT', interrupted);
process.on('SIGTERM', interrupted);
try {
  // TCP on 127.0.0.1 as well as the socket: the database-down tests reach it through a proxy.
  // Durability is not what these tests measure (server/ops/crash.test.ts and the bench's power
  // cut start clusters of their own with the real settings): no fsync, for speed.
  server = await startEmbeddedPostgres(path.join(work, 'data'), {
    tcpPort: await freePort(),
    settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off', max_connections: 300, shared_buffers: '64MB' },
  });
  child = spawn(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files.sort()], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: server.adminUrl, TEST_TEMPLATE_DIR: templates },
  });
  status = await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 1)));
} catch (error) {
  console.error(error);
} finally {
  await server?.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
process.exit(status);
