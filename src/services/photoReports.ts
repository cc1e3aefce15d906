import type { PageResult } from '@common/contracts/base';
import type {
  PhotoReportCounts,
  PhotoReportCountsQuery,
  PhotoReportDetail,
  PhotoReportHandleBody,
  PhotoReportInvalidBody,
  PhotoReportItem,
  PhotoReportListQuery,
} from '@common/contracts/people';
import { type CallOptions, get, post } from './http';
import { downloadFile, type DownloadProgress } from '@/utils/download';

export type PhotoReportQuery = Partial<PhotoReportListQuery>;

/** GET /api/photo-reports (by the caller's data scope) */
export const queryPhotoReports = (params: PhotoReportQuery, options?: CallOptions) =>
  get<PageResult<PhotoReportItem>>('/photo-reports', params, options);

/** GET /api/photo-reports/counts (the status tabs' numbers under the other filters) */
export const queryPhotoReportCounts = (params: Partial<PhotoReportCountsQuery>, options?: CallOptions) =>
  get<PhotoReportCounts>('/photo-reports/counts', params, options);

/** GET /api/photo-reports/:id (with its history) */
export const getPhotoReport = (id: number, options?: CallOptions) => get<PhotoReportDetail>(`/photo-reports/${id}`, undefined, options);

/** POST /api/photo-reports/:id/handle (pending → handled, with the result and optional photos) */
export const handlePhotoReport = (id: number, body: PhotoReportHandleBody, options?: CallOptions) =>
  post<PhotoReportDetail>(`/photo-reports/${id}/handle`, body, options);

/** POST /api/photo-reports/:id/invalid (pending → invalid, with a reason) */
export const invalidatePhotoReport = (id: number, body: PhotoReportInvalidBody, options?: CallOptions) =>
  post<PhotoReportDetail>(`/photo-reports/${id}/invalid`, body, options);

/** GET /api/photo-reports/export (xlsx with the list's filters; a file, not JSON) */
export const exportPhotoReports = (params: PhotoReportQuery, onProgress?: DownloadProgress) =>
  downloadFile('/photo-reports/export', params, '随手拍.xlsx', onProgress);
