// End-to-end journeys in Debian's Chromium against the real server on a fresh data dir.
// Builds the client first when dist/ is missing. Each server starts on a copy of one data dir the
// server made and seeded at the start of the run (ADR 0036), removed at the end.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
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
// Two files run at a time, each taken in this order: the longest first (a11y ≈ 270 s, screen ≈ 240,
// admin and xss ≈ 140 each, the rest under 60), so no long file starts last and runs alone.
const LONGEST = ['a11y', 'screen', 'admin', 'xss'].map((name) => path.join(dir, `${name}.e2e.ts`));
const rank = (file) => (LONGEST.includes(file) ? LONGEST.indexOf(file) : LONGEST.length);
files.sort((a, b) => rank(a) - rank(b));
const only = process.argv.slice(2);
const selected = only.length ? files.filter((f) => only.some((o) => f.includes(o))) : files;

const template = fs.mkdtempSync(path.join(os.tmpdir(), 'glp-e2e-template-'));
let status = 1;
try {
  const made = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/e2e-template.ts', template], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error("the journeys' template data dir could not be made");
  const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...selected], {
    stdio: 'inherit',
    env: { ...process.env, E2E_TEMPLATE_DIR: template },
  });
  status = result.status ?? 1;
} catch (error) {
  console.error(error);
} finally {
  fs.rmSync(template, { recursive: true, force: true });
}
process.exit(status);
