import type { PageResult } from '@common/contracts/base';
import type { RoleBody, RoleItem, RoleListQuery } from '@common/contracts/roles';
import { type CallOptions, del, get, post, put } from './http';

/** GET /api/roles */
export const queryRoles = (params: Partial<RoleListQuery>, options?: CallOptions) => get<PageResult<RoleItem>>('/roles', params, options);

/** POST /api/roles */
export const createRole = (body: RoleBody, options?: CallOptions) => post<RoleItem>('/roles', body, options);

/** PUT /api/roles/:id */
export const updateRole = (id: number, body: RoleBody, options?: CallOptions) => put<RoleItem>(`/roles/${id}`, body, options);

/** DELETE /api/roles/:id */
export const deleteRole = (id: number, options?: CallOptions) => del(`/roles/${id}`, options);
