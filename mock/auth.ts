/**
 * Signing in and the session (server/routes/auth.ts): the admin's login, current user and logout
 * (shared handlers), the phone accounts' current user, and the sign-in protection of ADR 0023 for
 * the login page's tests (`signInHandlers`): after three wrong passwords for a name a captcha is
 * required (the pictures' answer is always `abcd`), and the admin made at installation
 * (`firstadmin`) must change the printed password before going on; call `resetSignIn()` between tests.
 */
import { HttpResponse } from 'msw';
import { ErrorShowType, MESSAGES, RULE_MESSAGES } from '@common/constants';
import { ADMIN_TOKEN, adminUser, PASSWORDS } from './fixtures';
import { apiError, forbidden, invalid, isAdmin, ok, okEmpty, phoneUser, refuseAnyRoute, route, signedIn, unauthorized } from './http';
import { mockDb } from './users';

export const authHandlers = [
  route.post('/login/account', async ({ request }) => {
    const body = (await request.json()) as { username?: string; password?: string };
    const account = (body.username ?? '').trim().toLowerCase();
    if (!account || !body.password) return invalid([{ field: 'username', label: '账号', message: '不能为空' }]);
    if (PASSWORDS[account] !== body.password) return apiError(401, MESSAGES.loginFailed);
    const user = mockDb.users.find((u) => u.account === account);
    if (user?.status === 'pending') return forbidden(MESSAGES.accountPending);
    if (user?.status === 'disabled') return forbidden(MESSAGES.accountDisabled);
    return ok({ token: ADMIN_TOKEN });
  }),
  route.get('/currentUser', ({ request }) => (isAdmin(request) ? ok(adminUser) : unauthorized())),
  signedIn.get('/admin/logout', () => okEmpty(MESSAGES.operationSuccess)),
];

/** The phone accounts' session; anyone else falls through to the shared handler. */
export const phoneSessionHandlers = [
  route.get('/currentUser', ({ request }) => {
    const user = phoneUser(request);
    return user ? ok(user) : undefined;
  }),
];

export const CAPTCHA_ANSWER = 'abcd';
export const FIRST_ADMIN = { account: 'firstadmin', password: 'Printed-7xk2', token: 'mock-token-first' };

const state = { failures: new Map<string, number>(), issued: new Set<string>(), nextCaptcha: 1, firstChanged: '' };
export function resetSignIn() {
  state.failures.clear();
  state.issued.clear();
  state.nextCaptcha = 1;
  state.firstChanged = '';
}
/** How many pictures were handed out so far. */
export const captchasIssued = () => state.nextCaptcha - 1;

/** Stands in for the server's WebP (ADR 0046): different bytes for each picture. */
const picture = (n: number) => `data:image/webp;base64,${Buffer.from(`RIFF-picture-${n}`).toString('base64')}`;
const captchaError = (message: string) =>
  HttpResponse.json(
    { code: 400, message, errors: [{ field: 'captcha', label: '验证码', message }], captchaRequired: true },
    { status: 400 },
  );
const isFirstAdmin = (request: Request) => request.headers.get('authorization') === FIRST_ADMIN.token;

export const signInHandlers = [
  route.get('/login/captcha', () => {
    const captchaId = `captcha-${state.nextCaptcha++}`;
    state.issued.add(captchaId);
    return ok({ captchaId, image: picture(state.nextCaptcha - 1) });
  }),

  route.post('/login/account', async ({ request }) => {
    const body = (await request.json()) as { username: string; password: string; captchaId?: string; captcha?: string };
    const name = body.username.trim().toLowerCase();
    const failures = state.failures.get(name) ?? 0;
    if (failures >= 3) {
      if (!body.captchaId || !body.captcha) return captchaError(MESSAGES.captchaRequired);
      const known = state.issued.delete(body.captchaId);
      if (!known || body.captcha.toLowerCase() !== CAPTCHA_ANSWER) return captchaError(MESSAGES.captchaWrong);
    }
    const firstPassword = state.firstChanged || FIRST_ADMIN.password;
    if (name === 'admin' && body.password === PASSWORDS.admin) return ok({ token: ADMIN_TOKEN });
    if (name === FIRST_ADMIN.account && body.password === firstPassword) {
      return ok({ token: state.firstChanged ? ADMIN_TOKEN : FIRST_ADMIN.token });
    }
    state.failures.set(name, failures + 1);
    return HttpResponse.json(
      { code: 401, message: MESSAGES.loginFailed, ...(failures + 1 >= 3 ? { captchaRequired: true } : {}) },
      { status: 401 },
    );
  }),

  // The first admin's session: only reading itself and changing the password work.
  route.get('/currentUser', ({ request }) =>
    isFirstAdmin(request) ? ok({ ...adminUser, account: FIRST_ADMIN.account, mustChangePassword: true }) : undefined,
  ),
  route.put('/currentUser/password', async ({ request }) => {
    if (!isFirstAdmin(request)) return unauthorized();
    const body = (await request.json()) as { oldPassword: string; newPassword: string };
    if (body.oldPassword !== FIRST_ADMIN.password) return invalid([{ field: 'oldPassword', label: '原密码', message: '原密码不正确' }]);
    // On the server's list of common passwords (server/data/common-passwords.txt); the shared rule passes it.
    if (body.newPassword.toLowerCase() === 'michael1') {
      return invalid([{ field: 'newPassword', label: '新密码', message: RULE_MESSAGES.commonPassword }]);
    }
    state.firstChanged = body.newPassword;
    return okEmpty('密码已修改，请重新登录');
  }),
  // Everything else, with that session, is refused as the server does.
  refuseAnyRoute(({ request }) =>
    isFirstAdmin(request)
      ? HttpResponse.json({ code: 403, message: MESSAGES.passwordChangeRequired, showType: ErrorShowType.SILENT }, { status: 403 })
      : undefined,
  ),
];
