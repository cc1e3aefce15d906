import { parentPort } from 'node:worker_threads';
import type { ImageKind } from '../lib/images';
import { photoHash } from '../lib/photoHash';
import { decodeUpload } from './decodeJob';

// One decode worker thread (ADR 0058): one message, one picture, one answer. sharp is loaded here
// after the main thread loaded it (sharp's note on worker threads: its shared libraries must stay
// open for the process's whole life), and runs with one libvips thread per image (server/lib/images.ts).

export type DecodeJob = { op: 'upload'; content: Uint8Array; kind: ImageKind } | { op: 'hash'; content: Uint8Array };
type DecodeRequest = DecodeJob & { id: number };

const port = parentPort;
if (!port) throw new Error('decodeWorker runs as a worker thread');

port.on('message', (message: DecodeRequest) => {
  const content = Buffer.from(message.content.buffer, message.content.byteOffset, message.content.byteLength);
  const work = message.op === 'upload' ? decodeUpload(content, message.kind) : photoHash(content);
  work.then(
    (result) => port.postMessage({ id: message.id, result }),
    (error: unknown) => port.postMessage({ id: message.id, error: error instanceof Error ? error.message : String(error) }),
  );
});
