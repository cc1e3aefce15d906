import type { BatchResult, PageResult } from '@common/contracts/base';
import type {
  AppealAccount,
  AppealBody,
  AppealCallbackBody,
  AppealCounts,
  AppealCountsQuery,
  AppealDetail,
  AppealDispatchBody,
  AppealItem,
  AppealListQuery,
  AppealRecallBody,
  AppealRegisterBody,
  AppealRejectBody,
  AppealReplyBody,
} from '@common/contracts/people';
import { downloadFile, type DownloadProgress } from '@/utils/download';
import { type CallOptions, get, post } from './http';

type AppealQuery = Partial<AppealListQuery>;
type AppealFilterQuery = Partial<AppealCountsQuery> & Pick<AppealQuery, 'status' | 'overdue' | 'callbackDue'>;

/** GET /api/appeals (by the caller's data scope) */
export async function queryAppeals(params: AppealQuery, options?: CallOptions) {
  return get<PageResult<AppealItem>>('/appeals', params, options);
}

/** POST /api/appeals (a villager, signed in; a retry with the same clientKey creates nothing new) */
export async function createAppeal(body: AppealBody, options?: CallOptions) {
  return post<AppealItem>('/appeals', body, options);
}

/** POST /api/appeals/register (staff register for a villager at the window, by phone or letter; ADR 0054) */
export async function registerAppeal(body: AppealRegisterBody, options?: CallOptions) {
  return post<AppealDetail>('/appeals/register', body, options);
}

/** GET /api/appeals/accounts (the active accounts with this phone, within the caller's data scope) */
export async function findAppealAccounts(phone: string, options?: CallOptions) {
  return get<AppealAccount[]>('/appeals/accounts', { phone }, options);
}

/** GET /api/appeals/counts (the status tabs' numbers under the other filters) */
export async function queryAppealCounts(params: Partial<AppealCountsQuery>, options?: CallOptions) {
  return get<AppealCounts>('/appeals/counts', params, options);
}

/** GET /api/appeals/:id (with its history; a villager gets only their own) */
export async function getAppeal(id: number, options?: CallOptions) {
  return get<AppealDetail>(`/appeals/${id}`, undefined, options);
}

/** POST /api/appeals/:id/accept (pending → processing) */
export async function acceptAppeal(id: number, options?: CallOptions) {
  return post<AppealDetail>(`/appeals/${id}/accept`, undefined, options);
}

/** POST /api/appeals/:id/reply (processing → replied) */
export async function replyAppeal(id: number, body: AppealReplyBody, options?: CallOptions) {
  return post<AppealDetail>(`/appeals/${id}/reply`, body, options);
}

/** POST /api/appeals/:id/close (replied → closed) */
export async function closeAppeal(id: number, options?: CallOptions) {
  return post<AppealDetail>(`/appeals/${id}/close`, undefined, options);
}

/** POST /api/appeals/:id/reject (pending or processing → rejected, with a reason) */
export async function rejectAppeal(id: number, body: AppealRejectBody, options?: CallOptions) {
  return post<AppealDetail>(`/appeals/${id}/reject`, body, options);
}

/** GET /api/appeals/export (xlsx with the list's filters; a file, not JSON) */
export async function exportAppeals(params: AppealFilterQuery, onProgress?: DownloadProgress) {
  return downloadFile('/appeals/export', params, '群众诉求.xlsx', onProgress);
}

/** POST /api/appeals/:id/dispatch (转派 to a village; state and due time kept) */
export async function dispatchAppeal(id: number, body: AppealDispatchBody, options?: CallOptions) {
  return post<AppealDetail>(`/appeals/${id}/dispatch`, body, options);
}

/** POST /api/appeals/:id/recall (撤回 to the town) */
export async function recallAppeal(id: number, body: AppealRecallBody, options?: CallOptions) {
  return post<AppealDetail>(`/appeals/${id}/recall`, body, options);
}

/** POST /api/appeals/:id/callback (回访 on an answered, unrated appeal; reached: the satisfaction) */
export async function callbackAppeal(id: number, body: AppealCallbackBody, options?: CallOptions) {
  return post<AppealDetail>(`/appeals/${id}/callback`, body, options);
}

/** POST /api/appeals/batch/:step (批量受理 / 批量转派 / 批量不予受理; all or nothing, ADR 0063) */
export async function batchAppeals(
  step: 'accept' | 'dispatch' | 'reject',
  body: { ids: number[] } & Record<string, unknown>,
  options?: CallOptions,
) {
  return post<BatchResult>(`/appeals/batch/${step}`, body, options);
}
