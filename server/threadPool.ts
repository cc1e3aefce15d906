import { decodeWorkers } from './config';

// Imported first by server/main.ts, before anything queues work on libuv's thread pool (the pool
// reads UV_THREADPOOL_SIZE once, when it starts). sharp runs every decode worker's picture on that
// pool, which file reads, scrypt and DNS share; its default of four threads would let four
// decode workers take all of it. So: one thread per decode worker and four more (ADR 0058). A size
// set in the environment is left as it is.
if (!process.env.UV_THREADPOOL_SIZE) {
  process.env.UV_THREADPOOL_SIZE = String(decodeWorkers(process.env.IMAGE_DECODE_WORKERS) + 4);
}
