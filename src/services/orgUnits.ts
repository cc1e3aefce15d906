import type { OrgUnit, OrgUnitBody, OrgUnitNode } from '@common/contracts/content';
import { type CallOptions, del, get, post, put } from './http';

/** GET /api/org-units (the whole tree, children ordered by sort then id) */
export async function queryOrgUnits(options?: CallOptions) {
  return get<OrgUnitNode[]>('/org-units', undefined, options);
}

/** POST /api/org-units */
export async function createOrgUnit(body: OrgUnitBody, options?: CallOptions) {
  return post<OrgUnit>('/org-units', body, options);
}

/** PUT /api/org-units/:id (moving under itself or a descendant is refused) */
export async function updateOrgUnit(id: number, body: OrgUnitBody, options?: CallOptions) {
  return put<OrgUnit>(`/org-units/${id}`, body, options);
}

/** DELETE /api/org-units/:id (refused with 409 while it has children) */
export async function deleteOrgUnit(id: number, options?: CallOptions) {
  return del(`/org-units/${id}`, options);
}
