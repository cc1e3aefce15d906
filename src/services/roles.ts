import type { PageResult } from '@common/contracts/base';
import type { RoleBody, RoleItem, RoleListQuery } from '@common/contracts/roles';
import { type CallOptions, del, get, post, put } from './http';

/** GET /api/roles */
export async function queryRoles(params: Partial<RoleListQuery>, options?: CallOptions) {
  return get<PageResult<RoleItem>>('/roles', params, options);
}

/** POST /api/roles */
export async function createRole(body: RoleBody, options?: CallOptions) {
  return post<RoleItem>('/roles', body, options);
}

/** PUT /api/roles/:id */
export async function updateRole(id: number, body: RoleBody, options?: CallOptions) {
  return put<RoleItem>(`/roles/${id}`, body, options);
}

/** DELETE /api/roles/:id */
export async function deleteRole(id: number, options?: CallOptions) {
  return del(`/roles/${id}`, options);
}
