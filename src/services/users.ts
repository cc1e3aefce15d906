import type { BatchResult, PageResult } from '@common/contracts/base';
import type {
  UserBatchGroupsBody,
  UserCreateBody,
  UserImportPreview,
  UserImportResult,
  UserItem,
  UserListQuery,
  UserUpdateBody,
} from '@common/contracts/users';
import { type CallOptions, del, get, post, put } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';
import { postForm } from '@/utils/upload';

export type UserQuery = Partial<UserListQuery>;

/** GET /api/users */
export async function queryUsers(params: UserQuery, options?: CallOptions) {
  return get<PageResult<UserItem>>('/users', params, options);
}

/** POST /api/users */
export async function createUser(body: UserCreateBody, options?: CallOptions) {
  return post<UserItem>('/users', body, options);
}

/** PUT /api/users/:id */
export async function updateUser(id: number, body: UserUpdateBody, options?: CallOptions) {
  return put<UserItem>(`/users/${id}`, body, options);
}

/** DELETE /api/users/:id */
export async function deleteUser(id: number, options?: CallOptions) {
  return del(`/users/${id}`, options);
}

/** POST /api/users/:id/approve | disable | enable */
export async function changeUserStatus(id: number, action: 'approve' | 'disable' | 'enable', options?: CallOptions) {
  return post<UserItem>(`/users/${id}/${action}`, undefined, options);
}

/** POST /api/users/:id/reset-password */
export async function resetUserPassword(id: number, password: string, options?: CallOptions) {
  return post(`/users/${id}/reset-password`, { password }, options);
}

/** POST /api/users/:id/unlock: lifts the sign-in lock and captcha of every address. */
export async function unlockUser(id: number, options?: CallOptions) {
  return post(`/users/${id}/unlock`, undefined, options);
}

/** GET /api/users/export (xlsx with the list's filters; a file, not JSON) */
export async function exportUsers(params: UserQuery, onProgress?: DownloadProgress) {
  return downloadFile('/users/export', params, '用户列表.xlsx', onProgress);
}

/** GET /api/users/import-template: the .xlsx to fill in, with the roles and areas the caller may use. */
export async function downloadImportTemplate() {
  return downloadFile('/users/import-template', undefined, '用户导入模板.xlsx');
}

const importForm = (file: File, fields: Record<string, string> = {}) => {
  const form = new FormData();
  // The text fields go first: the server reads them whatever the order, but a stream parser likes them early.
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, file.name);
  return form;
};

/** POST /api/users/import/preview: every row of the file with its errors; nothing is written. */
export async function previewUserImport(file: File) {
  return postForm<UserImportPreview>('/users/import/preview', importForm(file));
}

/** POST /api/users/import: all valid rows in one go (the wrong ones skipped only when asked), one initial password. */
export async function importUsers(file: File, password: string, skipInvalid: boolean) {
  return postForm<UserImportResult>('/users/import', importForm(file, { password, skipInvalid: String(skipInvalid) }));
}

/** POST /api/users/batch/disable | enable (all or nothing, ADR 0063) */
export async function batchUserStatus(action: 'disable' | 'enable', ids: number[], options?: CallOptions) {
  return post<BatchResult>(`/users/batch/${action}`, { ids }, options);
}

/** POST /api/users/batch/groups (批量调整分组: join or leave the groups) */
export async function batchUserGroups(body: UserBatchGroupsBody, options?: CallOptions) {
  return post<BatchResult>('/users/batch/groups', body, options);
}
