/** Thrown by DecodeQueue.run when every slot and every waiting place is taken. */
export class QueueFullError extends Error {
  constructor() {
    super('decode queue full');
    this.name = 'QueueFullError';
  }
}

/** Thrown by DecodeQueue.run when the same account already has a job waiting. */
export class AccountBusyError extends Error {
  constructor() {
    super('this account already has a decode waiting');
    this.name = 'AccountBusyError';
  }
}

interface Waiting {
  key: string | number;
  /** Start tag: the turn this job may start at, in the queue's virtual time (lower goes first). */
  tag: number;
  /** Arrival order, for equal tags. */
  seq: number;
  start: () => void;
}

/**
 * At most `running` jobs at once and `waiting` more in line, the rest refused at once; each job
 * belongs to an account (`key`) that may have at most one job waiting (ADR 0041).
 *
 * The line is fair, not first come first served: start-time fair queuing with one unit per job.
 * Each account's next job is tagged one turn after its previous one, but never before the turn
 * being served now, and the lowest tag starts next. So an account that just had a turn waits
 * behind every account that has not, whatever order they arrived in, and nobody starves.
 *
 * `running` is the number of decode worker threads (server/jobs/decodeWorkers.ts, ADR 0058). In
 * process and in memory: each server process has its own; what does not fit in its line waits in
 * the database instead (server/jobs/pendingDecodes.ts). Nothing here depends on fastify or sharp.
 */
export class DecodeQueue {
  private active = 0;
  /** The account of each running job (an account may run several: one started, then one from its line). */
  private readonly runningKeys: Array<string | number> = [];
  private readonly line: Waiting[] = [];
  /** The tag of the job that started last. */
  private now = 0;
  private seq = 0;
  /** Per account: the tag its next job gets at the earliest. Dropped once it is not ahead of `now`. */
  private readonly nextTag = new Map<string | number, number>();

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  /** Jobs running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.line.length };
  }

  /** The accounts with a job running or waiting now. */
  busyKeys(): Array<string | number> {
    return [...this.runningKeys, ...this.line.map((w) => w.key)];
  }

  async run<T>(key: string | number, job: () => Promise<T>): Promise<T> {
    const tag = Math.max(this.now, this.nextTag.get(key) ?? 0);
    if (this.active >= this.running) {
      if (this.line.some((w) => w.key === key)) throw new AccountBusyError();
      if (this.line.length >= this.waiting) throw new QueueFullError();
      this.nextTag.set(key, tag + 1);
      await new Promise<void>((start) => this.line.push({ key, tag, seq: this.seq++, start }));
    } else {
      this.nextTag.set(key, tag + 1);
      this.now = tag;
      this.active++;
    }
    this.runningKeys.push(key);
    try {
      return await job();
    } finally {
      this.runningKeys.splice(this.runningKeys.indexOf(key), 1);
      this.next();
    }
  }

  /** Hands the freed slot straight to the lowest tag, so `active` never drops and rises again. */
  private next() {
    if (!this.line.length) {
      this.active--;
      return;
    }
    let best = 0;
    for (let i = 1; i < this.line.length; i++) {
      const w = this.line[i];
      const b = this.line[best];
      if (w.tag < b.tag || (w.tag === b.tag && w.seq < b.seq)) best = i;
    }
    const [chosen] = this.line.splice(best, 1);
    this.now = Math.max(this.now, chosen.tag);
    // Accounts with nothing ahead of the current turn behave as new ones: forget them.
    for (const [key, tag] of this.nextTag) if (tag <= this.now) this.nextTag.delete(key);
    chosen.start();
  }
}
