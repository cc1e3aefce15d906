// The signed-in user's own work, GET/POST /api/my/* (the phone pages), as server/routes/my.ts serves
// it: their tasks and points, kept notices, the appeals handed to their village, and their own
// appeals and photo reports. One record's detail is its resource's (appeals.ts, photoReports.ts).
import type { PageResult } from '@common/contracts/base';
import type {
  AppealDetail,
  AppealItem,
  AppealRateBody,
  AppealRejectBody,
  AppealReplyBody,
  DispatchedAppealQuery,
  MyAppealItem,
  MyAppealQuery,
  MyPhotoReportItem,
  MyPhotoReportQuery,
  PhotoReportDetail,
  PhotoReportItem,
  PhotoReportReplyBody,
  UserNotice,
  UserNoticeCount,
  UserNoticeQuery,
} from '@common/contracts/people';
import type { MyScore } from '@common/contracts/scores';
import type { MyTaskCounts, MyTaskDetail, MyTaskItem, MyTaskQuery } from '@common/contracts/tasks';
import { type CallOptions, get, post } from './http';

/** GET /api/my/tasks */
export async function queryMyTasks(params: Partial<MyTaskQuery>, options?: CallOptions) {
  return get<PageResult<MyTaskItem>>('/my/tasks', params, options);
}

/** GET /api/my/tasks/counts */
export async function queryMyTaskCounts(options?: CallOptions) {
  return get<MyTaskCounts>('/my/tasks/counts', undefined, options);
}

/** GET /api/my/tasks/:id */
export async function queryMyTask(id: number, options?: CallOptions) {
  return get<MyTaskDetail>(`/my/tasks/${id}`, undefined, options);
}

/** GET /api/my/score */
export async function queryMyScore(options?: CallOptions) {
  return get<MyScore>('/my/score', undefined, options);
}

/** GET /api/my/notices (the caller's own, newest first; `unread` for the unread ones only) */
export async function queryMyNotices(params: Partial<UserNoticeQuery>, options?: CallOptions) {
  return get<PageResult<UserNotice>>('/my/notices', params, options);
}

/** GET /api/my/notices/count */
export async function queryUnreadNoticeCount(options?: CallOptions) {
  return get<UserNoticeCount>('/my/notices/count', undefined, options);
}

/** POST /api/my/notices/:id/read (answers the unread count left) */
export async function readNotice(id: number, options?: CallOptions) {
  return post<UserNoticeCount>(`/my/notices/${id}/read`, undefined, options);
}

/** POST /api/my/notices/read-all */
export async function readAllNotices(options?: CallOptions) {
  return post<{ marked: number }>('/my/notices/read-all', undefined, options);
}

/** GET /api/my/dispatched-appeals (a cadre: those handed to their village, ADR 0031; open or done) */
export async function queryDispatchedAppeals(params: Partial<DispatchedAppealQuery>, options?: CallOptions) {
  return get<PageResult<AppealItem>>('/my/dispatched-appeals', params, options);
}

/** POST /api/my/dispatched-appeals/:id/accept (待受理 → 处理中) */
export async function acceptDispatchedAppeal(id: number, options?: CallOptions) {
  return post<AppealDetail>(`/my/dispatched-appeals/${id}/accept`, undefined, options);
}

/** POST /api/my/dispatched-appeals/:id/reply (处理中 → 已答复) */
export async function replyDispatchedAppeal(id: number, body: AppealReplyBody, options?: CallOptions) {
  return post<AppealDetail>(`/my/dispatched-appeals/${id}/reply`, body, options);
}

/** GET /api/my/dispatched-photo-reports (a cadre: photo reports handed to their village, ADR 0064; open or done) */
export async function queryDispatchedPhotoReports(params: Partial<DispatchedAppealQuery>, options?: CallOptions) {
  return get<PageResult<PhotoReportItem>>('/my/dispatched-photo-reports', params, options);
}

/** POST /api/my/dispatched-photo-reports/:id/accept (待处理 → 处理中) */
export async function acceptDispatchedPhotoReport(id: number, options?: CallOptions) {
  return post<PhotoReportDetail>(`/my/dispatched-photo-reports/${id}/accept`, undefined, options);
}

/** POST /api/my/dispatched-photo-reports/:id/reply (处理中 → 待审核, with 1–9 photos) */
export async function replyDispatchedPhotoReport(id: number, body: PhotoReportReplyBody, options?: CallOptions) {
  return post<PhotoReportDetail>(`/my/dispatched-photo-reports/${id}/reply`, body, options);
}

/** POST /api/my/dispatched-appeals/:id/reject (不予受理, with the reason) */
export async function rejectDispatchedAppeal(id: number, body: AppealRejectBody, options?: CallOptions) {
  return post<AppealDetail>(`/my/dispatched-appeals/${id}/reject`, body, options);
}

/** GET /api/my/appeals (the caller's own, newest first) */
export async function queryMyAppeals(params: Partial<MyAppealQuery>, options?: CallOptions) {
  return get<PageResult<MyAppealItem>>('/my/appeals', params, options);
}

/** POST /api/my/appeals/:id/rate (the submitter, once, after the reply; closes a replied appeal) */
export async function rateAppeal(id: number, body: AppealRateBody, options?: CallOptions) {
  return post<AppealDetail>(`/my/appeals/${id}/rate`, body, options);
}

/** GET /api/my/photo-reports (the caller's own, newest first) */
export async function queryMyPhotoReports(params: Partial<MyPhotoReportQuery>, options?: CallOptions) {
  return get<PageResult<MyPhotoReportItem>>('/my/photo-reports', params, options);
}
