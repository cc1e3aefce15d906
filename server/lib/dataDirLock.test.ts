import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, test } from 'node:test';
import { DataDirInUse, lockDataDir } from './dataDirLock';
import { tempDir } from '../../tests/helpers/serverProcess';

const work = tempDir('glp-lock-');
after(() => fs.rmSync(work, { recursive: true, force: true }));

test('one holder at a time; a live other process keeps it; a dead one loses it; release frees it', async () => {
  const dir = path.join(work, 'pglite');
  const release = lockDataDir(dir);
  assert.equal(fs.readFileSync(`${dir}.lock`, 'utf8'), String(process.pid));
  // This process again (a container restarted with the same pid): taken over, not refused.
  lockDataDir(dir)();
  assert.ok(!fs.existsSync(`${dir}.lock`));
  release(); // a release after a takeover removes nothing of anyone else's

  const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
  try {
    fs.writeFileSync(`${dir}.lock`, String(other.pid));
    assert.throws(
      () => lockDataDir(dir),
      (e: Error) => e instanceof DataDirInUse && /正被另一个进程（pid \d+）使用/.test(e.message),
    );
  } finally {
    other.kill('SIGKILL');
    await new Promise((r) => other.once('exit', r));
  }
  // Its owner is gone (as after kill -9): the next opener takes it over.
  const again = lockDataDir(dir);
  assert.equal(fs.readFileSync(`${dir}.lock`, 'utf8'), String(process.pid));
  again();
  assert.ok(!fs.existsSync(`${dir}.lock`));
});
