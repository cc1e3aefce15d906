import assert from 'node:assert/strict';
import type { TestContext } from './app';

// A password someone else chose (a new account, a reset, an import) must be changed at the next
// sign-in before anything else (ADR 0045): tests that go on as that person do what they would.

/**
 * Signs in with the password a manager gave and replaces it with `own`, as the person must;
 * answers the token of a new sign-in with it (the change ends every session of theirs).
 */
export async function firstSignIn(t: TestContext, account: string, given: string, own: string): Promise<string> {
  const token = await t.login(account, given);
  const changed = await t.call(token, {
    method: 'PUT',
    url: '/api/currentUser/password',
    payload: { oldPassword: given, newPassword: own },
  });
  assert.equal(changed.statusCode, 200, changed.body);
  return t.login(account, own);
}
