import type { PageResult } from '@common/contracts/base';
import type { GroupBody, GroupDetail, GroupItem, GroupListQuery } from '@common/contracts/groups';
import { type CallOptions, del, get, post, put } from './http';

/** GET /api/groups */
export async function queryGroups(params: Partial<GroupListQuery>, options?: CallOptions) {
  return get<PageResult<GroupItem>>('/groups', params, options);
}

/** GET /api/groups/:id */
export async function getGroup(id: number, options?: CallOptions) {
  return get<GroupDetail>(`/groups/${id}`, undefined, options);
}

/** POST /api/groups */
export async function createGroup(body: GroupBody, options?: CallOptions) {
  return post<GroupDetail>('/groups', body, options);
}

/** PUT /api/groups/:id */
export async function updateGroup(id: number, body: GroupBody, options?: CallOptions) {
  return put<GroupDetail>(`/groups/${id}`, body, options);
}

/** DELETE /api/groups/:id */
export async function deleteGroup(id: number, options?: CallOptions) {
  return del(`/groups/${id}`, options);
}

/** PUT /api/groups/:id/members */
export async function setGroupMembers(id: number, userIds: number[], options?: CallOptions) {
  return put<GroupDetail>(`/groups/${id}/members`, { userIds }, options);
}
