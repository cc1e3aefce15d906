// The power-cut case of `npm run bench` (Linux): the default install (the embedded PostgreSQL in a
// new DATA_DIR) takes a stream of writes; after `writes` acknowledged ones, Node and every process
// of the PostgreSQL server are killed with SIGKILL at the same instant, the closest a test gets to a
// power cut without a virtual machine. The restart must find every acknowledged write, whole, and
// the trigger-kept summaries equal to a recount. Several rounds on the same data, as a village's
// office PC may lose power more than once.
import fs from 'node:fs';
import { crashRound, verifyEmbedded } from '../tests/helpers/crash';
import { tempDir } from '../tests/helpers/serverProcess';

export async function measurePowerCut(rounds: number, writes: number) {
  if (process.platform !== 'linux') {
    console.log('\npower cut: skipped (the process tree is read from /proc, Linux only)');
    return;
  }
  console.log(`\n### power cut: the embedded PostgreSQL, ${rounds} rounds of ${writes} acknowledged writes, then SIGKILL to all\n`);
  console.log(
    '| round | tasks acknowledged | photos acknowledged | requests in flight at the kill | restart until serving | acknowledged writes found |',
  );
  console.log('|---|---|---|---|---|---|');
  const dataDir = tempDir('glp-bench-cut-');
  try {
    for (let round = 1; round <= rounds; round++) {
      // crashRound throws on the first acknowledged write missing: the bench stops with it.
      const result = await crashRound(dataDir, {}, writes, { withPostgres: true });
      await verifyEmbedded(dataDir, result);
      const acked = result.tasks.size + result.uploads.size;
      console.log(
        `| ${round} | ${result.tasks.size} | ${result.uploads.size} | ${result.inFlightAtKill} | ${(result.restartMs / 1000).toFixed(1)} s | ${acked} of ${acked} |`,
      );
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
