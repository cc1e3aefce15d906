// The bench's child servers (bench/server.ts, bench/hello.ts): listen on a free port, print
// `{"port":N}` for bench/spawnServer.ts, and close on SIGTERM or SIGINT.
import type { FastifyInstance } from 'fastify';

export async function listenForBench(app: FastifyInstance, onClose: () => Promise<void> = async () => undefined) {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  console.log(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }));
  const stop = async () => {
    await app.close();
    await onClose();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}
