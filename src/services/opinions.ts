import type { PageResult } from '@common/contracts/base';
import type {
  OpinionBody,
  OpinionItem,
  OpinionKeyword,
  OpinionKeywordBody,
  OpinionKeywordQuery,
  OpinionListQuery,
  OpinionTrend,
} from '@common/contracts/people';
import { type CallOptions, del, get, post, put } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

type OpinionQuery = Partial<OpinionListQuery>;

/** GET /api/opinions */
export async function queryOpinions(params: OpinionQuery, options?: CallOptions) {
  return get<PageResult<OpinionItem>>('/opinions', params, options);
}

/** POST /api/opinions (recorded by staff; starts as monitoring) */
export async function createOpinion(body: OpinionBody, options?: CallOptions) {
  return post<OpinionItem>('/opinions', body, options);
}

/** PUT /api/opinions/:id */
export async function updateOpinion(id: number, body: OpinionBody, options?: CallOptions) {
  return put<OpinionItem>(`/opinions/${id}`, body, options);
}

/** DELETE /api/opinions/:id */
export async function deleteOpinion(id: number, options?: CallOptions) {
  return del(`/opinions/${id}`, options);
}

/** POST /api/opinions/:id/handle (monitoring → handled) */
export async function handleOpinion(id: number, options?: CallOptions) {
  return post<OpinionItem>(`/opinions/${id}/handle`, undefined, options);
}

/** POST /api/opinions/:id/reopen (handled → monitoring) */
export async function reopenOpinion(id: number, options?: CallOptions) {
  return post<OpinionItem>(`/opinions/${id}/reopen`, undefined, options);
}

/** GET /api/opinions/trend (per day and sentiment, the last OPINION_TREND_DAYS days) */
export async function queryOpinionTrend(options?: CallOptions) {
  return get<OpinionTrend>('/opinions/trend', undefined, options);
}

/** GET /api/opinion-keywords */
export async function queryOpinionKeywords(params: Partial<OpinionKeywordQuery>, options?: CallOptions) {
  return get<PageResult<OpinionKeyword>>('/opinion-keywords', params, options);
}

/** POST /api/opinion-keywords (409 when the keyword is already watched) */
export async function createOpinionKeyword(body: OpinionKeywordBody, options?: CallOptions) {
  return post<OpinionKeyword>('/opinion-keywords', body, options);
}

/** DELETE /api/opinion-keywords/:id (the items it made stay) */
export async function deleteOpinionKeyword(id: number, options?: CallOptions) {
  return del(`/opinion-keywords/${id}`, options);
}

/** GET /api/opinions/export (xlsx with the list's filters; a file, not JSON) */
export async function exportOpinions(params: OpinionQuery, onProgress?: DownloadProgress) {
  return downloadFile('/opinions/export', params, '舆情监测.xlsx', onProgress);
}
