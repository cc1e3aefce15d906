// Fills a database with a township at scale and leaves it there, for EXPLAIN ANALYZE by hand:
//   npx tsx bench/fill.ts postgres://postgres:postgres@127.0.0.1:5432/bench_large [large|small]
// The database must exist and be empty; it is migrated and seeded (admin password Bench12345).
import { openPostgres } from '../server/db/client';
import { seed } from '../server/seed/seed';
import { generate, SCALES } from './generate';

async function main() {
  const [url, scaleName = 'large'] = process.argv.slice(2);
  if (!url || !SCALES[scaleName]) throw new Error('usage: bench/fill.ts <postgres url> [small|large]');
  const database = await openPostgres(url, { max: 4, timeoutMs: 0 });
  try {
    await database.migrate();
    await seed(database.db, { adminPassword: 'Bench12345', demo: false });
    await generate(database.db, SCALES[scaleName], (line) => console.log(line));
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
