import assert from 'node:assert/strict';
import { test } from 'node:test';
import { keyedGate } from './keyedGate';

test('a keyed gate lets `running` in per key, queues the rest in order, and refuses past `waiting`', async () => {
  const gate = keyedGate({ running: 2, waiting: 2 });
  const a1 = await gate.acquire('a');
  const a2 = await gate.acquire('a');
  const order: number[] = [];
  const third = gate.acquire('a').then((release) => (order.push(3), release));
  const fourth = gate.acquire('a').then((release) => (order.push(4), release));
  assert.equal(await gate.acquire('a'), undefined, 'the queue is full');
  // Another key is not held up by this one.
  assert.ok(await gate.acquire('b'));
  a1?.();
  a1?.(); // releasing twice frees one place only
  const r3 = await third;
  assert.deepEqual(order, [3]);
  a2?.();
  const r4 = await fourth;
  assert.deepEqual(order, [3, 4]);
  r3?.();
  r4?.();
  // All released: the key starts empty again.
  assert.ok(await gate.acquire('a'));
  assert.ok(await gate.acquire('a'));
});
