import type { CenterIntroduction, CenterIntroductionBody, VillageIntroduction, VillageIntroductionBody } from '@common/contracts/content';
import { type CallOptions, get, put } from './http';

/** GET /api/introductions/center */
export async function getCenterIntroduction(options?: CallOptions) {
  return get<CenterIntroduction>('/introductions/center', undefined, options);
}

/** PUT /api/introductions/center */
export async function updateCenterIntroduction(body: CenterIntroductionBody, options?: CallOptions) {
  return put<CenterIntroduction>('/introductions/center', body, options);
}

/** GET /api/introductions/villages (one per area, 1–12) */
export async function queryVillageIntroductions(options?: CallOptions) {
  return get<VillageIntroduction[]>('/introductions/villages', undefined, options);
}

/** PUT /api/introductions/villages/:area (`name` renames the area) */
export async function updateVillageIntroduction(area: number, body: VillageIntroductionBody, options?: CallOptions) {
  return put<VillageIntroduction>(`/introductions/villages/${area}`, body, options);
}
