import type { PageResult } from '@common/contracts/base';
import type { DisplayLink, DisplayLinkBody, NewDisplayLink, StatsOverview } from '@common/contracts/stats';
import { type CallOptions, get, post } from './http';

/** GET /api/stats/overview (the dashboard's figures, by the caller's data scope) */
export const queryOverview = (options?: CallOptions) => get<StatsOverview>('/stats/overview', undefined, options);

/** GET /api/stats/screen (the whole township; a display key, or a signed-in holder of `screen`) */
export const queryScreen = (key: string | undefined, options?: CallOptions) =>
  get<StatsOverview>('/stats/screen', key ? { key } : undefined, options);

/** GET /api/display-links (admin) */
export const queryDisplayLinks = (params: { current: number; pageSize: number }, options?: CallOptions) =>
  get<PageResult<DisplayLink>>('/display-links', params, options);

/** POST /api/display-links (admin; the answer holds the key, this once) */
export const createDisplayLink = (body: DisplayLinkBody, options?: CallOptions) => post<NewDisplayLink>('/display-links', body, options);

/** POST /api/display-links/:id/revoke (admin) */
export const revokeDisplayLink = (id: number, options?: CallOptions) =>
  post<DisplayLink>(`/display-links/${id}/revoke`, undefined, options);
