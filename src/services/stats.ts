import type { PageResult } from '@common/contracts/base';
import type { DisplayLink, DisplayLinkBody, NewDisplayLink, StatsOverview } from '@common/contracts/stats';
import { type CallOptions, get, post } from './http';

/** GET /api/stats/overview (the dashboard's figures, by the caller's data scope) */
export async function queryOverview(options?: CallOptions) {
  return get<StatsOverview>('/stats/overview', undefined, options);
}

/** GET /api/stats/screen (the whole township; a display key, or a signed-in holder of `screen`) */
export async function queryScreen(key: string | undefined, options?: CallOptions) {
  return get<StatsOverview>('/stats/screen', key ? { key } : undefined, options);
}

/** GET /api/display-links (admin) */
export async function queryDisplayLinks(params: { current: number; pageSize: number }, options?: CallOptions) {
  return get<PageResult<DisplayLink>>('/display-links', params, options);
}

/** POST /api/display-links (admin; the answer holds the key, this once) */
export async function createDisplayLink(body: DisplayLinkBody, options?: CallOptions) {
  return post<NewDisplayLink>('/display-links', body, options);
}

/** POST /api/display-links/:id/revoke (admin) */
export async function revokeDisplayLink(id: number, options?: CallOptions) {
  return post<DisplayLink>(`/display-links/${id}/revoke`, undefined, options);
}
