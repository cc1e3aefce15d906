import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DecodeQueue, QueueFullError } from './decodeQueue';

const later = () => {
  let release!: () => void;
  const done = new Promise<void>((resolve) => (release = resolve));
  return { done, release };
};

describe('DecodeQueue', () => {
  test('runs at most `running` jobs, keeps `waiting` in line in order, refuses the rest', async () => {
    const queue = new DecodeQueue(1, 2);
    const started: number[] = [];
    const gates = [later(), later(), later()];
    const jobs = gates.map((gate, i) =>
      queue.run(async () => {
        started.push(i);
        await gate.done;
        return i;
      }),
    );
    await assert.rejects(
      queue.run(async () => 'too many'),
      QueueFullError,
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0]);
    assert.deepEqual(queue.size, { running: 1, waiting: 2 });
    gates[0].release();
    assert.equal(await jobs[0], 0);
    await new Promise((resolve) => setImmediate(resolve));
    assert.deepEqual(started, [0, 1]);
    gates[1].release();
    gates[2].release();
    assert.deepEqual(await Promise.all(jobs), [0, 1, 2]);
    assert.deepEqual(queue.size, { running: 0, waiting: 0 });
  });

  test('a failing job frees its slot for the next one', async () => {
    const queue = new DecodeQueue(1, 1);
    const gate = later();
    const failing = queue.run(async () => {
      await gate.done;
      throw new Error('broken image');
    });
    const next = queue.run(async () => 'next');
    gate.release();
    await assert.rejects(failing, /broken image/);
    assert.equal(await next, 'next');
    assert.deepEqual(queue.size, { running: 0, waiting: 0 });
  });
});
