// Makes the journeys' template data dir at the path given (tests/helpers/server.ts, ADR 0036):
// the server's first start on it, then a clean stop. `scripts/test-e2e.mjs` runs it once per run.
import { makeTemplate } from '../tests/helpers/server';

makeTemplate(process.argv[2]).catch((error) => {
  console.error(error);
  process.exit(1);
});
