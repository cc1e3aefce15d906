import type { ChangePasswordBody, CurrentUser, LoginBody, LoginCaptcha, LoginResult, RegisterBody } from '@common/contracts/auth';
import type { Settings } from '@common/contracts/system';
import { type CallOptions, get, post, put } from './http';

/** POST /api/login/account */
export async function login(body: LoginBody, options?: CallOptions) {
  return post<LoginResult>('/login/account', body, options);
}

/** GET /api/login/captcha: a new picture each call (the previous one stops counting once used). */
export async function queryLoginCaptcha(options?: CallOptions) {
  return get<LoginCaptcha>('/login/captcha', undefined, options);
}

/** GET /api/currentUser */
export async function queryCurrentUser(options?: CallOptions) {
  return get<CurrentUser>('/currentUser', undefined, options);
}

/** GET /api/admin/logout */
export async function logout() {
  return get('/admin/logout');
}

/** POST /api/register */
export async function register(body: RegisterBody, options?: CallOptions) {
  return post<{ status: 'pending' }>('/register', body, options);
}

/** PUT /api/currentUser/password */
export async function changePassword(body: ChangePasswordBody, options?: CallOptions) {
  return put('/currentUser/password', body, options);
}

/** GET /api/settings */
export async function querySettings(options?: CallOptions) {
  return get<Settings>('/settings', undefined, options);
}
