import path from 'node:path';
import { Worker } from 'node:worker_threads';
// Loaded in the main thread before any worker starts: sharp's libraries then stay loaded while
// workers come and go (sharp's documentation on worker threads).
import 'sharp';
import type { ImageKind } from '../lib/images';
import type { Decoded, Refusal } from './decodeJob';
import type { DecodeJob } from './decodeWorker';

// Worker threads for decoding pictures (ADR 0058), as many as the decode queue lets run at once
// (`imageDecodeSlots.running`, the machine's cores unless IMAGE_DECODE_WORKERS says otherwise).
// Each thread handles one picture at a time with one libvips thread, so pictures never take more
// CPU threads than there are workers; the JavaScript around a decode (the byte scans, the EXIF
// block, the hash's arithmetic) leaves the main thread's event loop too. Threads start on first
// use, so a process that never decodes never starts one.

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Answer = { id: number; result?: unknown; error?: string };

const ENTRY = path.join(__dirname, 'decodeWorker.mjs');

/** A copy of the bytes as a plain Buffer (a Buffer crosses a thread as a Uint8Array). */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

export class DecodeWorkers {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly waiting: Array<(worker: Worker) => void> = [];
  private readonly jobs = new Map<Worker, Pending>();
  private nextId = 0;
  private closed = false;

  constructor(readonly size: number) {}

  /** Decodes and checks an upload in a worker (server/jobs/decodeJob.ts). */
  async decode(content: Buffer, kind: ImageKind): Promise<Decoded | Refusal> {
    const outcome = (await this.send({ op: 'upload', content, kind })) as Decoded | Refusal;
    if ('reason' in outcome) return outcome;
    const exif = outcome.header.exif ? asBuffer(outcome.header.exif) : undefined;
    return { ...outcome, content: asBuffer(outcome.content), header: { ...outcome.header, exif } };
  }

  /** The duplicate-photo hash of a stored picture (the backfill of older uploads). */
  async hash(content: Buffer): Promise<bigint | undefined> {
    return (await this.send({ op: 'hash', content })) as bigint | undefined;
  }

  /** Stops the threads, each once its picture is done (ending one inside sharp can bring the process down). */
  async close(): Promise<void> {
    this.closed = true;
    const busy = [...this.jobs.keys()];
    await Promise.all(this.idle.splice(0).map((worker) => worker.terminate()));
    await Promise.all(busy.map((worker) => new Promise((resolve) => worker.once('exit', resolve))));
  }

  private async send(request: DecodeJob): Promise<unknown> {
    if (this.closed) throw new Error('decode workers closed');
    const worker = await this.acquire();
    return new Promise((resolve, reject) => {
      this.jobs.set(worker, { resolve, reject });
      // Copied, not transferred: the upload's buffer may share its memory with other buffers.
      worker.postMessage({ ...request, id: ++this.nextId });
    });
  }

  private acquire(): Promise<Worker> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.all.size < this.size) return Promise.resolve(this.spawn());
    // The decode queue runs no more jobs than there are workers; this only bridges a thread restarting.
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(worker: Worker) {
    if (this.closed) {
      void worker.terminate();
      return;
    }
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  private spawn(): Worker {
    const worker = new Worker(ENTRY);
    this.all.add(worker);
    worker.on('message', (answer: Answer) => {
      const job = this.jobs.get(worker);
      this.jobs.delete(worker);
      this.release(worker);
      if (!job) return;
      if (answer.error !== undefined) job.reject(new Error(answer.error));
      else job.resolve(answer.result);
    });
    const lost = (error: Error) => {
      if (!this.all.delete(worker)) return;
      const index = this.idle.indexOf(worker);
      if (index >= 0) this.idle.splice(index, 1);
      this.jobs.get(worker)?.reject(error);
      this.jobs.delete(worker);
      // Someone waits for a thread: start one in place of the one lost.
      const next = this.waiting.shift();
      if (next && !this.closed) next(this.spawn());
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`decode worker exited with code ${code}`)));
    return worker;
  }
}
