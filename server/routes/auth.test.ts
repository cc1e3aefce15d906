import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createTestContext, type TestContext } from '../../tests/helpers/app';

describe('auth', () => {
  let t: TestContext;
  before(async () => {
    t = await createTestContext();
  });
  after(async () => {
    await t.close();
  });

  test('admin signs in and reads the current user', async () => {
    const token = await t.login('admin');
    const res = await t.call(token, { method: 'GET', url: '/api/currentUser' });
    assert.equal(res.statusCode, 200);
    const body = res.json();
    assert.equal(body.code, 200);
    assert.equal(body.data.account, 'admin');
    assert.equal(body.data.access, 'admin');
    assert.ok(body.data.permissions.includes('userManage'));
  });

  test('a wrong password and an unknown account get the same answer', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login/account',
      payload: { username: 'staff01', password: 'Wrong12345' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login/account',
      payload: { username: 'nobody', password: 'Wrong12345' },
    });
    assert.equal(wrong.statusCode, 401);
    assert.equal(unknown.statusCode, 401);
    assert.deepEqual(wrong.json(), unknown.json());
    assert.equal(wrong.json().message, '账号或密码错误');
  });
});
