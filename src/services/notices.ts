import type { Notices } from '@common/contracts/people';
import { type CallOptions, get } from './http';

/** GET /api/notices (the caller's pending work, by permission and data scope) */
export async function queryNotices(options?: CallOptions) {
  return get<Notices>('/notices', undefined, options);
}

/** Pages fire this after changing something the bell counts, so it does not wait for its next poll. */
export const NOTICES_STALE_EVENT = 'glp:notices-stale';
export const markNoticesStale = () => window.dispatchEvent(new Event(NOTICES_STALE_EVENT));
