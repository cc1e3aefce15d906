// Public reading calls of issue 4 (no sign-in): news, the centre's and the villages'
// introductions, and the organisation chart. Types come from common/contracts/content.ts.
import type { PageResult } from '@common/contracts/base';
import type {
  CenterIntroduction,
  OrgUnitNode,
  PublicNewsDetail,
  PublicNewsItem,
  PublicNewsQuery,
  VillageIntroduction,
} from '@common/contracts/content';
import { type CallOptions, get } from './http';

/** GET /api/public/news */
export const queryPublicNews = (params: Partial<PublicNewsQuery>, options?: CallOptions) =>
  get<PageResult<PublicNewsItem>>('/public/news', params, options);

/** GET /api/public/news/:id */
export const queryPublicNewsDetail = (id: number, options?: CallOptions) => get<PublicNewsDetail>(`/public/news/${id}`, undefined, options);

/** GET /api/public/introductions/center */
export const queryCenterIntroduction = (options?: CallOptions) =>
  get<CenterIntroduction>('/public/introductions/center', undefined, options);

/** GET /api/public/introductions/villages */
export const queryVillageIntroductions = (options?: CallOptions) =>
  get<VillageIntroduction[]>('/public/introductions/villages', undefined, options);

/** GET /api/public/introductions/villages/:area */
export const queryVillageIntroduction = (area: number, options?: CallOptions) =>
  get<VillageIntroduction>(`/public/introductions/villages/${area}`, undefined, options);

/** GET /api/public/org-units */
export const queryPublicOrgUnits = (options?: CallOptions) => get<OrgUnitNode[]>('/public/org-units', undefined, options);
