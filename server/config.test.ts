import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig, trustProxyWarnings } from './config';

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
