/**
 * The server's sign-in protection (ADR 0023) for the login page's tests: after three wrong passwords
 * for a name a captcha is required (the pictures' answer is always `abcd`), and the admin made at
 * installation (`firstadmin`) must change the printed password before going on. Install with
 * `server.use(...signInHandlers)`; call `resetSignIn()` between tests.
 */
import { http, HttpResponse } from 'msw';
import { ErrorShowType, MESSAGES, RULE_MESSAGES } from '@common/constants';
import { adminUser, ADMIN_TOKEN } from './fixtures';
import { api, apiError, ok, okEmpty } from './handlers';

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

const picture = (n: number) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="120" height="44"><text x="10" y="30">${n}</text></svg>`).toString('base64')}`;
const captchaError = (message: string) =>
  HttpResponse.json(
    { code: 400, message, errors: [{ field: 'captcha', label: '验证码', message }], captchaRequired: true },
    { status: 400 },
  );

export const signInHandlers = [
  http.get(api('/login/captcha'), () => {
    const captchaId = `captcha-${state.nextCaptcha++}`;
    state.issued.add(captchaId);
    return ok({ captchaId, image: picture(state.nextCaptcha - 1) });
  }),

  http.post(api('/login/account'), async ({ request }) => {
    const body = (await request.json()) as { username: string; password: string; captchaId?: string; captcha?: string };
    const name = body.username.trim().toLowerCase();
    const failures = state.failures.get(name) ?? 0;
    if (failures >= 3) {
      if (!body.captchaId || !body.captcha) return captchaError(MESSAGES.captchaRequired);
      const known = state.issued.delete(body.captchaId);
      if (!known || body.captcha.toLowerCase() !== CAPTCHA_ANSWER) return captchaError(MESSAGES.captchaWrong);
    }
    const firstPassword = state.firstChanged || FIRST_ADMIN.password;
    if (name === 'admin' && body.password === 'Admin12345') return ok({ token: ADMIN_TOKEN });
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
  http.get(api('/currentUser'), ({ request }) =>
    request.headers.get('authorization') === FIRST_ADMIN.token
      ? ok({ ...adminUser, account: FIRST_ADMIN.account, mustChangePassword: true })
      : undefined,
  ),
  http.put(api('/currentUser/password'), async ({ request }) => {
    if (request.headers.get('authorization') !== FIRST_ADMIN.token) return apiError(401, MESSAGES.unauthorizedRelogin);
    const body = (await request.json()) as { oldPassword: string; newPassword: string };
    if (body.oldPassword !== FIRST_ADMIN.password) {
      return apiError(400, '原密码：原密码不正确', [{ field: 'oldPassword', label: '原密码', message: '原密码不正确' }]);
    }
    if (body.newPassword.toLowerCase() === 'password1') {
      return apiError(400, `新密码：${RULE_MESSAGES.commonPassword}`, [
        { field: 'newPassword', label: '新密码', message: RULE_MESSAGES.commonPassword },
      ]);
    }
    state.firstChanged = body.newPassword;
    return okEmpty('密码已修改，请重新登录');
  }),
  // Everything else, with that session, is refused as the server does.
  http.all(api('/*'), ({ request }) =>
    request.headers.get('authorization') === FIRST_ADMIN.token
      ? HttpResponse.json({ code: 403, message: MESSAGES.passwordChangeRequired, showType: ErrorShowType.SILENT }, { status: 403 })
      : undefined,
  ),
];
