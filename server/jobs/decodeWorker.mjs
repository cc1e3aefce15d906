// The decode worker's entry (server/jobs/decodeWorkers.ts starts it): a worker thread does not
// inherit tsx's loader from the main thread, so it registers it before loading the TypeScript.
import { register } from 'tsx/esm/api';

register();
await import('./decodeWorker.ts');
