// End-to-end journeys in Debian's Chromium against the real server on a fresh data dir.
// Builds the client first when dist/ is missing.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

if (!fs.existsSync('dist/index.html')) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const dir = 'tests/e2e';
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.e2e.ts'))
  .map((f) => path.join(dir, f))
  .sort();
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...selected], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
