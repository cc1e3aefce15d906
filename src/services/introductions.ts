import type { CenterIntroduction, CenterIntroductionBody, VillageIntroduction, VillageIntroductionBody } from '@common/contracts/content';
import { type CallOptions, get, put } from './http';

/** GET /api/introductions/center */
export const getCenterIntroduction = (options?: CallOptions) => get<CenterIntroduction>('/introductions/center', undefined, options);

/** PUT /api/introductions/center */
export const updateCenterIntroduction = (body: CenterIntroductionBody, options?: CallOptions) =>
  put<CenterIntroduction>('/introductions/center', body, options);

/** GET /api/introductions/villages (one per area, 1–12) */
export const queryVillageIntroductions = (options?: CallOptions) =>
  get<VillageIntroduction[]>('/introductions/villages', undefined, options);

/** PUT /api/introductions/villages/:area (`name` renames the area) */
export const updateVillageIntroduction = (area: number, body: VillageIntroductionBody, options?: CallOptions) =>
  put<VillageIntroduction>(`/introductions/villages/${area}`, body, options);
