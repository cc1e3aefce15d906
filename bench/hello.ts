// The baseline of `npm run bench`: a bare fastify on the same machine, in the same kind of child
// process, answering every GET with a small JSON body and no database. Measured between the app's
// own measurements, so each figure can be read as a multiple of what the machine did at that moment.
import Fastify from 'fastify';
import { listenForBench } from './listen';

async function main() {
  const app = Fastify({ logger: false });
  app.get('/*', async () => ({ code: 0, data: { ok: true }, message: 'ok' }));
  await listenForBench(app);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
