// Runs every server test file (server/**/*.test.ts) with node's test runner through tsx.
// Node 20 does not expand globs for --test, so the files are listed here.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

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
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files.sort()], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
