// At most `running` holders per key at once in this process; the rest wait their turn in order,
// up to `waiting` of them (then `acquire` answers undefined). Used to take sign-ins from one
// address in turn (ADR 0040): a burst of guesses cannot all pass the address check before any of
// them is counted, and people signing in at once queue instead of being refused.

interface KeyedGate {
  /** Resolves with a release function once a place is free, or undefined when the queue is full. */
  acquire(key: string): Promise<(() => void) | undefined>;
}

export function keyedGate(opts: { running: number; waiting: number }): KeyedGate {
  const lanes = new Map<string, { running: number; queue: Array<() => void> }>();
  const release = (key: string) => {
    const lane = lanes.get(key);
    if (!lane) return;
    const next = lane.queue.shift();
    if (next) next();
    else if (--lane.running === 0) lanes.delete(key);
  };
  const releaser = (key: string) => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      release(key);
    };
  };
  return {
    acquire(key) {
      let lane = lanes.get(key);
      if (!lane) {
        lane = { running: 0, queue: [] };
        lanes.set(key, lane);
      }
      if (lane.running < opts.running) {
        lane.running++;
        return Promise.resolve(releaser(key));
      }
      if (lane.queue.length >= opts.waiting) return Promise.resolve(undefined);
      const { queue } = lane;
      // The place passes straight from the releasing holder to the next in line (running unchanged).
      return new Promise((resolve) => queue.push(() => resolve(releaser(key))));
    },
  };
}
