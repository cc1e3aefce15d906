import type { PageResult } from '@common/contracts/base';
import type { UserCreateBody, UserItem, UserListQuery, UserUpdateBody } from '@common/contracts/users';
import { type CallOptions, del, get, post, put } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

export type UserQuery = Partial<UserListQuery>;

/** GET /api/users */
export const queryUsers = (params: UserQuery, options?: CallOptions) => get<PageResult<UserItem>>('/users', params, options);

/** GET /api/users/:id */
export const getUser = (id: number, options?: CallOptions) => get<UserItem>(`/users/${id}`, undefined, options);

/** POST /api/users */
export const createUser = (body: UserCreateBody, options?: CallOptions) => post<UserItem>('/users', body, options);

/** PUT /api/users/:id */
export const updateUser = (id: number, body: UserUpdateBody, options?: CallOptions) => put<UserItem>(`/users/${id}`, body, options);

/** DELETE /api/users/:id */
export const deleteUser = (id: number, options?: CallOptions) => del(`/users/${id}`, options);

/** POST /api/users/:id/approve | disable | enable */
export const changeUserStatus = (id: number, action: 'approve' | 'disable' | 'enable', options?: CallOptions) =>
  post<UserItem>(`/users/${id}/${action}`, undefined, options);

/** POST /api/users/:id/reset-password */
export const resetUserPassword = (id: number, password: string, options?: CallOptions) =>
  post(`/users/${id}/reset-password`, { password }, options);

/** POST /api/users/:id/unlock: lifts the sign-in lock and captcha of every address. */
export const unlockUser = (id: number, options?: CallOptions) => post(`/users/${id}/unlock`, undefined, options);

/** GET /api/users/export (xlsx with the list's filters; a file, not JSON) */
export const exportUsers = (params: UserQuery, onProgress?: DownloadProgress) =>
  downloadFile('/users/export', params, '用户列表.xlsx', onProgress);
