// Public reading calls (no sign-in, docs/product.md §5): news, the centre's and the villages'
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
export async function queryPublicNews(params: Partial<PublicNewsQuery>, options?: CallOptions) {
  return get<PageResult<PublicNewsItem>>('/public/news', params, options);
}

/** GET /api/public/news/:id */
export async function queryPublicNewsDetail(id: number, options?: CallOptions) {
  return get<PublicNewsDetail>(`/public/news/${id}`, undefined, options);
}

/** GET /api/public/introductions/center */
export async function queryCenterIntroduction(options?: CallOptions) {
  return get<CenterIntroduction>('/public/introductions/center', undefined, options);
}

/** GET /api/public/introductions/villages */
export async function queryVillageIntroductions(options?: CallOptions) {
  return get<VillageIntroduction[]>('/public/introductions/villages', undefined, options);
}

/** GET /api/public/introductions/villages/:area */
export async function queryVillageIntroduction(area: number, options?: CallOptions) {
  return get<VillageIntroduction>(`/public/introductions/villages/${area}`, undefined, options);
}

/** GET /api/public/org-units */
export async function queryPublicOrgUnits(options?: CallOptions) {
  return get<OrgUnitNode[]>('/public/org-units', undefined, options);
}
