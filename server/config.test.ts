import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { decodeWorkers, loadConfig, trustProxyWarnings } from './config';

// TRUST_PROXY as docs/deploy.md §5 has it: nginx's address with the server on loopback is quiet;
// `1`, or any value while listening beyond this machine, is warned about at start.
describe('TRUST_PROXY warnings', () => {
  const warn = (TRUST_PROXY: string | undefined, HOST: string | undefined) => trustProxyWarnings(loadConfig({ TRUST_PROXY, HOST }));

  test('unset, or nginx on this machine with the server on loopback: nothing to say', () => {
    assert.deepEqual(warn(undefined, undefined), []);
    assert.deepEqual(warn('127.0.0.1', '127.0.0.1'), []);
    assert.deepEqual(warn('10.0.0.5,10.0.0.6', '::1'), []);
  });

  test('TRUST_PROXY=1 believes anyone: said even on loopback', () => {
    const [only] = warn('1', '127.0.0.1');
    assert.match(only, /TRUST_PROXY=1 会相信任何来源的 X-Forwarded-For/);
    assert.equal(warn('true', '127.0.0.1').length, 1);
  });

  test('listening beyond this machine while trusting a proxy: said, with what to set', () => {
    const [only] = warn('127.0.0.1', '0.0.0.0');
    assert.match(only, /监听在 0\.0\.0\.0（不只本机）.*HOST=127\.0\.0\.1/);
    assert.equal(warn('1', undefined).length, 2, 'both, with the default HOST');
  });
});

// Decode worker threads (ADR 0058): the machine's cores unless IMAGE_DECODE_WORKERS says otherwise,
// and a setting that is not a whole number from 1 to 64 stops the start with a message naming it.
describe('IMAGE_DECODE_WORKERS', () => {
  test('unset: one worker per core, two waiting places per worker', () => {
    assert.equal(decodeWorkers(undefined, 6), 6);
    assert.equal(decodeWorkers('', 3), 3);
    assert.equal(decodeWorkers(undefined, 200), 64, 'at most 64');
    const { imageDecodeSlots } = loadConfig({ IMAGE_DECODE_WORKERS: '3' });
    assert.deepEqual(imageDecodeSlots, { running: 3, waiting: 6 });
  });

  test('anything but a whole number from 1 to 64 is refused, naming the setting', () => {
    for (const bad of ['0', '-2', '1.5', 'four', '65']) {
      assert.throws(() => loadConfig({ IMAGE_DECODE_WORKERS: bad }), /IMAGE_DECODE_WORKERS 必须是 1 到 64 之间的整数/, bad);
    }
  });
});
