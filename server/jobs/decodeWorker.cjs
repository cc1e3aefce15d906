// The decode worker's entry (server/jobs/decodeWorkers.ts starts it): a worker thread does not
// inherit tsx's loader from the main thread, so it registers it before loading the TypeScript.
require('tsx/cjs/api').register();
require('./decodeWorker.ts');
