import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AccountBusyError, DecodeQueue, QueueFullError } from './decodeQueue';

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
      queue.run(`account ${i}`, async () => {
        started.push(i);
        await gate.done;
        return i;
      }),
    );
    await assert.rejects(
      queue.run('account 3', async () => 'too many'),
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
    const failing = queue.run(1, async () => {
      await gate.done;
      throw new Error('broken image');
    });
    const next = queue.run(2, async () => 'next');
    gate.release();
    await assert.rejects(failing, /broken image/);
    assert.equal(await next, 'next');
    assert.deepEqual(queue.size, { running: 0, waiting: 0 });
  });

  test("one account's many jobs do not delay another account's one: it starts next", async () => {
    const queue = new DecodeQueue(1, 16);
    const started: string[] = [];
    const gate = later();
    const job = (name: string) => async () => {
      started.push(name);
      if (name === 'a1') await gate.done;
      return name;
    };
    const a1 = queue.run('a', job('a1'));
    const a2 = queue.run('a', job('a2'));
    // Its third, fourth… are refused at once instead of taking places in the line.
    for (const name of ['a3', 'a4', 'a5']) await assert.rejects(queue.run('a', job(name)), AccountBusyError);
    const b1 = queue.run('b', job('b1'));
    const c1 = queue.run('c', job('c1'));
    assert.deepEqual(queue.size, { running: 1, waiting: 3 });
    gate.release();
    assert.deepEqual(await Promise.all([a1, a2, b1, c1]), ['a1', 'a2', 'b1', 'c1']);
    // b and c had no turn yet, a had one: they go before a's second, though it came first.
    assert.deepEqual(started, ['a1', 'b1', 'c1', 'a2']);
    assert.deepEqual(queue.size, { running: 0, waiting: 0 });
  });

  test('an account may queue again once its waiting job has started, and waits its turn', async () => {
    const queue = new DecodeQueue(1, 16);
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof later>>();
    const job = (name: string) => {
      const gate = later();
      gates.set(name, gate);
      return queue.run(name[0], async () => {
        started.push(name);
        await gate.done;
      });
    };
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const runs = [job('a1'), job('a2'), job('b1')];
    gates.get('a1')!.release();
    await tick();
    assert.deepEqual(started, ['a1', 'b1']);
    // a2 and b2 both wait for their accounts' second turn: the one that came first goes first.
    runs.push(job('b2'));
    await assert.rejects(
      queue.run('a', async () => 'a3'),
      AccountBusyError,
    );
    gates.get('b1')!.release();
    await tick();
    assert.deepEqual(started, ['a1', 'b1', 'a2']);
    gates.get('a2')!.release();
    await tick();
    assert.deepEqual(started, ['a1', 'b1', 'a2', 'b2']);
    gates.get('b2')!.release();
    await Promise.all(runs);
    assert.deepEqual(queue.size, { running: 0, waiting: 0 });
  });
});
