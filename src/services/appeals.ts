import type { PageResult } from '@common/contracts/base';
import type {
  AppealCounts,
  AppealCountsQuery,
  AppealDetail,
  AppealDispatchBody,
  AppealItem,
  AppealListQuery,
  AppealRecallBody,
  AppealRejectBody,
  AppealReplyBody,
} from '@common/contracts/people';
import { downloadFile, type DownloadProgress } from '@/utils/download';
import { type CallOptions, get, post } from './http';

export type AppealQuery = Partial<AppealListQuery>;
export type AppealFilterQuery = Partial<AppealCountsQuery> & Pick<AppealQuery, 'status' | 'overdue'>;

/** GET /api/appeals (by the caller's data scope) */
export const queryAppeals = (params: AppealQuery, options?: CallOptions) => get<PageResult<AppealItem>>('/appeals', params, options);

/** GET /api/appeals/counts (the status tabs' numbers under the other filters) */
export const queryAppealCounts = (params: Partial<AppealCountsQuery>, options?: CallOptions) =>
  get<AppealCounts>('/appeals/counts', params, options);

/** GET /api/appeals/:id (with its history) */
export const getAppeal = (id: number, options?: CallOptions) => get<AppealDetail>(`/appeals/${id}`, undefined, options);

/** POST /api/appeals/:id/accept (pending → processing) */
export const acceptAppeal = (id: number, options?: CallOptions) => post<AppealDetail>(`/appeals/${id}/accept`, undefined, options);

/** POST /api/appeals/:id/reply (processing → replied) */
export const replyAppeal = (id: number, body: AppealReplyBody, options?: CallOptions) =>
  post<AppealDetail>(`/appeals/${id}/reply`, body, options);

/** POST /api/appeals/:id/close (replied → closed) */
export const closeAppeal = (id: number, options?: CallOptions) => post<AppealDetail>(`/appeals/${id}/close`, undefined, options);

/** POST /api/appeals/:id/reject (pending or processing → rejected, with a reason) */
export const rejectAppeal = (id: number, body: AppealRejectBody, options?: CallOptions) =>
  post<AppealDetail>(`/appeals/${id}/reject`, body, options);

/** GET /api/appeals/export (xlsx with the list's filters; a file, not JSON) */
export const exportAppeals = (params: AppealFilterQuery, onProgress?: DownloadProgress) =>
  downloadFile('/appeals/export', params, '群众诉求.xlsx', onProgress);

/** POST /api/appeals/:id/dispatch (转派 to a village; state and due time kept) */
export const dispatchAppeal = (id: number, body: AppealDispatchBody, options?: CallOptions) =>
  post<AppealDetail>(`/appeals/${id}/dispatch`, body, options);

/** POST /api/appeals/:id/recall (撤回 to the town) */
export const recallAppeal = (id: number, body: AppealRecallBody, options?: CallOptions) =>
  post<AppealDetail>(`/appeals/${id}/recall`, body, options);
