import type { BatchResult, PageResult } from '@common/contracts/base';
import type {
  AppealDispatchBody,
  AppealRecallBody,
  PhotoReportApproveBody,
  PhotoReportReturnBody,
  PhotoReportCounts,
  PhotoReportBody,
  PhotoReportCountsQuery,
  PhotoReportDetail,
  PhotoReportHandleBody,
  PhotoReportInvalidBody,
  PhotoReportItem,
  PhotoReportListQuery,
} from '@common/contracts/people';
import { type CallOptions, get, post } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

type PhotoReportQuery = Partial<PhotoReportListQuery>;

/** GET /api/photo-reports (by the caller's data scope) */
export async function queryPhotoReports(params: PhotoReportQuery, options?: CallOptions) {
  return get<PageResult<PhotoReportItem>>('/photo-reports', params, options);
}

/** POST /api/photo-reports (a villager, signed in; a retry with the same clientKey creates nothing new) */
export async function createPhotoReport(body: PhotoReportBody, options?: CallOptions) {
  return post<PhotoReportItem>('/photo-reports', body, options);
}

/** GET /api/photo-reports/counts (the status tabs' numbers under the other filters) */
export async function queryPhotoReportCounts(params: Partial<PhotoReportCountsQuery>, options?: CallOptions) {
  return get<PhotoReportCounts>('/photo-reports/counts', params, options);
}

/** GET /api/photo-reports/:id (with its history; a villager gets only their own) */
export async function getPhotoReport(id: number, options?: CallOptions) {
  return get<PhotoReportDetail>(`/photo-reports/${id}`, undefined, options);
}

/** POST /api/photo-reports/:id/handle (pending → handled, with the result and optional photos) */
export async function handlePhotoReport(id: number, body: PhotoReportHandleBody, options?: CallOptions) {
  return post<PhotoReportDetail>(`/photo-reports/${id}/handle`, body, options);
}

/** POST /api/photo-reports/:id/invalid (pending → invalid, with a reason) */
export async function invalidatePhotoReport(id: number, body: PhotoReportInvalidBody, options?: CallOptions) {
  return post<PhotoReportDetail>(`/photo-reports/${id}/invalid`, body, options);
}

/** POST /api/photo-reports/:id/dispatch (an open report to a village; the centre only, ADR 0064) */
export async function dispatchPhotoReport(id: number, body: AppealDispatchBody, options?: CallOptions) {
  return post<PhotoReportDetail>(`/photo-reports/${id}/dispatch`, body, options);
}

/** POST /api/photo-reports/:id/recall (back to the town) */
export async function recallPhotoReport(id: number, body: AppealRecallBody, options?: CallOptions) {
  return post<PhotoReportDetail>(`/photo-reports/${id}/recall`, body, options);
}

/** POST /api/photo-reports/:id/approve (the village's answer accepted: 待审核 → 已处理) */
export async function approvePhotoReport(id: number, body: PhotoReportApproveBody, options?: CallOptions) {
  return post<PhotoReportDetail>(`/photo-reports/${id}/approve`, body, options);
}

/** POST /api/photo-reports/:id/return (the village's answer sent back with a reason: 待审核 → 处理中) */
export async function returnPhotoReport(id: number, body: PhotoReportReturnBody, options?: CallOptions) {
  return post<PhotoReportDetail>(`/photo-reports/${id}/return`, body, options);
}

/** GET /api/photo-reports/export (xlsx with the list's filters; a file, not JSON) */
export async function exportPhotoReports(params: PhotoReportQuery, onProgress?: DownloadProgress) {
  return downloadFile('/photo-reports/export', params, '随手拍.xlsx', onProgress);
}

/** POST /api/photo-reports/batch/:step (批量转派 / 批量标为无效; all or nothing, ADR 0063) */
export async function batchPhotoReports(
  step: 'dispatch' | 'invalid',
  body: { ids: number[] } & Record<string, unknown>,
  options?: CallOptions,
) {
  return post<BatchResult>(`/photo-reports/batch/${step}`, body, options);
}
