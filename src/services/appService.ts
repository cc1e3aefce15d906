// The phone's people-service calls (issue 5): a villager's appeals (我要诉求) and photo reports
// (随手拍), their own records with each item's history, and the rating of a reply. Photos go up
// through uploadImage (services/appTasks.ts) first; these calls carry their ids.
import type { PageResult } from '@common/contracts/base';
import type {
  AppealBody,
  AppealDetail,
  AppealItem,
  AppealRateBody,
  MyAppealItem,
  MyAppealQuery,
  MyPhotoReportItem,
  MyPhotoReportQuery,
  PhotoReportBody,
  PhotoReportDetail,
  PhotoReportItem,
} from '@common/contracts/people';
import { type CallOptions, get, post } from './http';

/** POST /api/appeals (signed in; a retry with the same clientKey creates nothing new) */
export const createAppeal = (body: AppealBody, options?: CallOptions) => post<AppealItem>('/appeals', body, options);

/** POST /api/photo-reports (signed in; a retry with the same clientKey creates nothing new) */
export const createPhotoReport = (body: PhotoReportBody, options?: CallOptions) => post<PhotoReportItem>('/photo-reports', body, options);

/** GET /api/my/appeals (the caller's own, newest first) */
export const queryMyAppeals = (params: Partial<MyAppealQuery>, options?: CallOptions) =>
  get<PageResult<MyAppealItem>>('/my/appeals', params, options);

/** GET /api/my/photo-reports (the caller's own, newest first) */
export const queryMyPhotoReports = (params: Partial<MyPhotoReportQuery>, options?: CallOptions) =>
  get<PageResult<MyPhotoReportItem>>('/my/photo-reports', params, options);

/** GET /api/appeals/:id (with its history; a villager gets only their own) */
export const queryAppealDetail = (id: number, options?: CallOptions) => get<AppealDetail>(`/appeals/${id}`, undefined, options);

/** GET /api/photo-reports/:id (with its history; a villager gets only their own) */
export const queryPhotoReportDetail = (id: number, options?: CallOptions) =>
  get<PhotoReportDetail>(`/photo-reports/${id}`, undefined, options);

/** POST /api/my/appeals/:id/rate (the submitter, once, after the reply; closes a replied appeal) */
export const rateAppeal = (id: number, body: AppealRateBody, options?: CallOptions) =>
  post<AppealDetail>(`/my/appeals/${id}/rate`, body, options);
