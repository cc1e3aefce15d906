import type { PageResult } from '@common/contracts/base';
import type { GroupBody, GroupDetail, GroupItem, GroupListQuery } from '@common/contracts/groups';
import { type CallOptions, del, get, post, put } from './http';

/** GET /api/groups */
export const queryGroups = (params: Partial<GroupListQuery>, options?: CallOptions) =>
  get<PageResult<GroupItem>>('/groups', params, options);

/** GET /api/groups/:id */
export const getGroup = (id: number, options?: CallOptions) => get<GroupDetail>(`/groups/${id}`, undefined, options);

/** POST /api/groups */
export const createGroup = (body: GroupBody, options?: CallOptions) => post<GroupDetail>('/groups', body, options);

/** PUT /api/groups/:id */
export const updateGroup = (id: number, body: GroupBody, options?: CallOptions) => put<GroupDetail>(`/groups/${id}`, body, options);

/** DELETE /api/groups/:id */
export const deleteGroup = (id: number, options?: CallOptions) => del(`/groups/${id}`, options);

/** PUT /api/groups/:id/members */
export const setGroupMembers = (id: number, userIds: number[], options?: CallOptions) =>
  put<GroupDetail>(`/groups/${id}/members`, { userIds }, options);
