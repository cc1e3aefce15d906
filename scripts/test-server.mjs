// Runs every server test file (server/**/*.test.ts) with node's test runner through tsx.
// Node 20 does not expand globs for --test, so the files are listed here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

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
// The seeded database every test file starts from is built once for the run (tests/helpers/app.ts).
const templates = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-template-'));
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files.sort()], {
  stdio: 'inherit',
  env: { ...process.env, TEST_TEMPLATE_DIR: templates },
});
fs.rmSync(templates, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  // On PostgreSQL the templates are databases named after the run's directory.
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  const prefix = path.basename(templates).replace(/\W/g, '_').toLowerCase();
  const { rows } = await client.query('SELECT datname FROM pg_database WHERE starts_with(datname, $1)', [prefix]);
  for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  await client.end();
}
process.exit(result.status ?? 1);
