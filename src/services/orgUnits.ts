import type { OrgUnit, OrgUnitBody, OrgUnitNode } from '@common/contracts/content';
import { type CallOptions, del, get, post, put } from './http';

/** GET /api/org-units (the whole tree, children ordered by sort then id) */
export const queryOrgUnits = (options?: CallOptions) => get<OrgUnitNode[]>('/org-units', undefined, options);

/** POST /api/org-units */
export const createOrgUnit = (body: OrgUnitBody, options?: CallOptions) => post<OrgUnit>('/org-units', body, options);

/** PUT /api/org-units/:id (moving under itself or a descendant is refused) */
export const updateOrgUnit = (id: number, body: OrgUnitBody, options?: CallOptions) => put<OrgUnit>(`/org-units/${id}`, body, options);

/** DELETE /api/org-units/:id (refused with 409 while it has children) */
export const deleteOrgUnit = (id: number, options?: CallOptions) => del(`/org-units/${id}`, options);
