/** Thrown by DecodeQueue.run when every slot and every waiting place is taken. */
export class QueueFullError extends Error {
  constructor() {
    super('decode queue full');
    this.name = 'QueueFullError';
  }
}

/**
 * At most `running` jobs at once, at most `waiting` more in line, the rest refused at once.
 * sharp decodes on libuv's shared thread pool (four threads), where scrypt and file reads run too:
 * one decode at a time leaves them room (ADR 0019). In-process: each server process has its own.
 */
export class DecodeQueue {
  private active = 0;
  private readonly line: Array<() => void> = [];

  constructor(
    readonly running: number,
    readonly waiting: number,
  ) {}

  /** Jobs running and waiting now. */
  get size(): { running: number; waiting: number } {
    return { running: this.active, waiting: this.line.length };
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active >= this.running) {
      if (this.line.length >= this.waiting) throw new QueueFullError();
      await new Promise<void>((resolve) => this.line.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await job();
    } finally {
      // The slot passes straight to the next in line, so `active` never drops and rises again.
      const next = this.line.shift();
      if (next) next();
      else this.active--;
    }
  }
}
