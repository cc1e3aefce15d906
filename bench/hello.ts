// The baseline of `npm run bench`: a bare fastify on the same machine, in the same kind of child
// process, answering every GET with a small JSON body and no database. Measured between the app's
// own measurements, so each figure can be read as a multiple of what the machine did at that moment.
import Fastify from 'fastify';

async function main() {
  const app = Fastify({ logger: false });
  app.get('/*', async () => ({ code: 0, data: { ok: true }, message: 'ok' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
