import type { ChangePasswordBody, CurrentUser, LoginBody, LoginCaptcha, LoginResult, RegisterBody } from '@common/contracts/auth';
import type { Settings } from '@common/contracts/system';
import { type CallOptions, get, post, put } from './http';

/** POST /api/login/account */
export const login = (body: LoginBody, options?: CallOptions) => post<LoginResult>('/login/account', body, options);

/** GET /api/login/captcha: a new picture each call (the previous one stops counting once used). */
export const queryLoginCaptcha = (options?: CallOptions) => get<LoginCaptcha>('/login/captcha', undefined, options);

/** GET /api/currentUser */
export const queryCurrentUser = (options?: CallOptions) => get<CurrentUser>('/currentUser', undefined, options);

/** GET /api/admin/logout */
export const logout = () => get('/admin/logout');

/** POST /api/register */
export const register = (body: RegisterBody, options?: CallOptions) => post<{ status: 'pending' }>('/register', body, options);

/** PUT /api/currentUser/password */
export const changePassword = (body: ChangePasswordBody, options?: CallOptions) => put('/currentUser/password', body, options);

/** GET /api/settings */
export const querySettings = (options?: CallOptions) => get<Settings>('/settings', undefined, options);
