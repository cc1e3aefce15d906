import type { Db } from '../db/client';
import { IMAGE_TYPES, type ImageKind } from '../lib/images';
import { type FileStorage, readStored } from '../lib/storage';
import { recordPhotoMatches } from '../services/uploads/photoMatches';
import {
  claimPendingDecode,
  type PendingDecode,
  pendingOriginalName,
  releasePendingDecode,
  settlePendingDecode,
} from '../services/uploads/uploads';
import { isRefusal } from './decodeJob';
import { AccountBusyError, type DecodeQueue, QueueFullError } from './decodeQueue';
import type { DecodeWorkers } from './decodeWorkers';

// The durable decode queue (ADR 0058). An upload that arrives while every decode worker is busy and
// the line is full is accepted: its original is kept privately and its row says 'pending'. Each
// process takes pending rows from the database, oldest first but never two of one account at once,
// through the same fair DecodeQueue as the uploads answered at once, and marks each 'ready' (the
// stored copy written, the original removed) or 'failed'. Rows are claimed with a lease, so a
// restart or another process takes over what a stopped process left.

const KIND_OF_TYPE = new Map<string, ImageKind>(
  Object.entries(IMAGE_TYPES).map(([kind, { contentType }]) => [contentType, kind as ImageKind]),
);

/** Looks for pending rows this often even when nothing here woke it (another process's uploads, expired claims). */
const POLL_MS = 5000;
/** After the line was full, the next try waits this long instead of spinning. */
const BACKOFF_MS = 250;

type Outcome = 'done' | 'retry';

export class PendingDecodes {
  /** Upload id → its owner, for the decodes this process has taken. */
  private readonly inFlight = new Map<number, number | null>();
  private readonly settled = new Set<Promise<unknown>>();
  private filling?: Promise<void>;
  private again = false;
  private closed = false;
  private poll?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly storage: FileStorage,
    private readonly decodes: DecodeQueue,
    private readonly workers: DecodeWorkers,
    private readonly log: { warn(details: object, message: string): void },
  ) {}

  /** Takes up what is pending now (a restart resumes here) and looks again every few seconds. */
  start(): void {
    this.poll = setInterval(() => this.kick(), POLL_MS);
    this.poll.unref();
    this.kick();
  }

  /** Takes more pending decodes while there is room; called after an upload went pending and after each decode. */
  kick(): void {
    if (this.closed) return;
    if (this.filling) {
      this.again = true;
      return;
    }
    this.filling = this.fill()
      .catch((err) => this.log.warn({ err }, 'pending decodes: claim failed'))
      .finally(() => {
        this.filling = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Stops taking decodes and waits for those running to finish (their rows stay right either way). */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.poll);
    await this.filling;
    await Promise.all([...this.settled]);
  }

  private async fill(): Promise<void> {
    // As many as there are workers: more would only wait in the line ahead of uploads answered at once.
    while (!this.closed && this.inFlight.size < this.decodes.running) {
      // Accounts with a decode taken here, running or waiting in the line are left out: one waiting
      // decode per account (ADR 0041), and an account just served goes behind the others.
      const busy = new Set<number>();
      for (const owner of this.inFlight.values()) if (owner !== null) busy.add(owner);
      for (const key of this.decodes.busyKeys()) if (typeof key === 'number') busy.add(key);
      const row = await claimPendingDecode(this.db, [...busy]);
      if (!row) return;
      this.inFlight.set(row.id, row.ownerId);
      const job = this.decodeOne(row)
        .catch((err): Outcome => {
          this.log.warn({ err, uploadId: row.id }, 'pending decode failed to settle');
          return 'retry';
        })
        .then((outcome) => {
          this.inFlight.delete(row.id);
          this.settled.delete(job);
          if (outcome === 'retry') setTimeout(() => this.kick(), BACKOFF_MS).unref();
          else this.kick();
        });
      this.settled.add(job);
    }
  }

  private async decodeOne(row: PendingDecode): Promise<Outcome> {
    const originalName = pendingOriginalName(row.storedName);
    const kind = KIND_OF_TYPE.get(row.contentType);
    let original: Buffer | undefined;
    try {
      original = await readStored(this.storage, originalName);
    } catch (err) {
      // Storage unreachable: the row stays pending for a later round.
      this.log.warn({ err, uploadId: row.id }, 'pending decode: original unreadable');
      await releasePendingDecode(this.db, row.id);
      return 'retry';
    }
    if (!original || !kind) {
      await settlePendingDecode(this.db, row.id, { decodeStatus: 'failed' });
      return 'done';
    }
    const content = original;
    let outcome;
    try {
      outcome = await this.decodes.run(row.ownerId ?? `upload-${row.id}`, () => this.workers.decode(content, kind));
    } catch (err) {
      if (err instanceof QueueFullError || err instanceof AccountBusyError || this.closed) {
        await releasePendingDecode(this.db, row.id);
        return 'retry';
      }
      // The worker died on this picture: it would again.
      this.log.warn({ err, uploadId: row.id }, 'pending decode: worker lost');
      outcome = { reason: 'broken' as const };
    }
    if (isRefusal(outcome)) {
      if (await settlePendingDecode(this.db, row.id, { decodeStatus: 'failed' })) await this.remove(originalName);
      return 'done';
    }
    await this.storage.put(row.storedName, outcome.content);
    const ready = await settlePendingDecode(this.db, row.id, {
      decodeStatus: 'ready',
      size: outcome.content.length,
      width: outcome.width,
      height: outcome.height,
      phash: outcome.phash ?? null,
    });
    // Not pending any more: the unused-upload clean-up deleted the row meanwhile.
    await this.remove(ready ? originalName : row.storedName);
    if (ready && outcome.phash !== undefined) await recordPhotoMatches(this.db, [row.id]);
    return 'done';
  }

  private async remove(name: string) {
    await this.storage.remove(name).catch((err) => this.log.warn({ err, name }, 'pending decode: file not removed'));
  }
}
