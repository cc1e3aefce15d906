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

export type OpinionQuery = Partial<OpinionListQuery>;

/** GET /api/opinions */
export const queryOpinions = (params: OpinionQuery, options?: CallOptions) => get<PageResult<OpinionItem>>('/opinions', params, options);

/** POST /api/opinions (recorded by staff; starts as monitoring) */
export const createOpinion = (body: OpinionBody, options?: CallOptions) => post<OpinionItem>('/opinions', body, options);

/** PUT /api/opinions/:id */
export const updateOpinion = (id: number, body: OpinionBody, options?: CallOptions) => put<OpinionItem>(`/opinions/${id}`, body, options);

/** DELETE /api/opinions/:id */
export const deleteOpinion = (id: number, options?: CallOptions) => del(`/opinions/${id}`, options);

/** POST /api/opinions/:id/handle (monitoring → handled) */
export const handleOpinion = (id: number, options?: CallOptions) => post<OpinionItem>(`/opinions/${id}/handle`, undefined, options);

/** POST /api/opinions/:id/reopen (handled → monitoring) */
export const reopenOpinion = (id: number, options?: CallOptions) => post<OpinionItem>(`/opinions/${id}/reopen`, undefined, options);

/** GET /api/opinions/trend (per day and sentiment, the last OPINION_TREND_DAYS days) */
export const queryOpinionTrend = (options?: CallOptions) => get<OpinionTrend>('/opinions/trend', undefined, options);

/** GET /api/opinion-keywords */
export const queryOpinionKeywords = (params: Partial<OpinionKeywordQuery>, options?: CallOptions) =>
  get<PageResult<OpinionKeyword>>('/opinion-keywords', params, options);

/** POST /api/opinion-keywords (409 when the keyword is already watched) */
export const createOpinionKeyword = (body: OpinionKeywordBody, options?: CallOptions) =>
  post<OpinionKeyword>('/opinion-keywords', body, options);

/** DELETE /api/opinion-keywords/:id (the items it made stay) */
export const deleteOpinionKeyword = (id: number, options?: CallOptions) => del(`/opinion-keywords/${id}`, options);

/** GET /api/opinions/export (xlsx with the list's filters; a file, not JSON) */
export const exportOpinions = (params: OpinionQuery, onProgress?: DownloadProgress) =>
  downloadFile('/opinions/export', params, '舆情监测.xlsx', onProgress);
