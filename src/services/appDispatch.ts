// The phone's side of appeals handed down to villages (ADR 0031): a village cadre's list of the
// appeals handed to their village and the three steps they take on one; a villager's own notices.
// The detail of a handed-down appeal is GET /api/appeals/:id (queryAppealDetail in appService.ts).
import type { PageResult } from '@common/contracts/base';
import type {
  AppealDetail,
  AppealItem,
  AppealRejectBody,
  AppealReplyBody,
  DispatchedAppealQuery,
  UserNotice,
  UserNoticeCount,
  UserNoticeQuery,
} from '@common/contracts/people';
import { type CallOptions, get, post } from './http';

/** GET /api/my/dispatched-appeals (a cadre: those handed to their village; open or done) */
export const queryDispatchedAppeals = (params: Partial<DispatchedAppealQuery>, options?: CallOptions) =>
  get<PageResult<AppealItem>>('/my/dispatched-appeals', params, options);

/** POST /api/my/dispatched-appeals/:id/accept (待受理 → 处理中) */
export const acceptDispatchedAppeal = (id: number, options?: CallOptions) =>
  post<AppealDetail>(`/my/dispatched-appeals/${id}/accept`, undefined, options);

/** POST /api/my/dispatched-appeals/:id/reply (处理中 → 已答复) */
export const replyDispatchedAppeal = (id: number, body: AppealReplyBody, options?: CallOptions) =>
  post<AppealDetail>(`/my/dispatched-appeals/${id}/reply`, body, options);

/** POST /api/my/dispatched-appeals/:id/reject (不予受理, with the reason) */
export const rejectDispatchedAppeal = (id: number, body: AppealRejectBody, options?: CallOptions) =>
  post<AppealDetail>(`/my/dispatched-appeals/${id}/reject`, body, options);

/** GET /api/my/notices (the caller's own, newest first; `unread` for the unread ones only) */
export const queryMyNotices = (params: Partial<UserNoticeQuery>, options?: CallOptions) =>
  get<PageResult<UserNotice>>('/my/notices', params, options);

/** GET /api/my/notices/count */
export const queryUnreadNoticeCount = (options?: CallOptions) => get<UserNoticeCount>('/my/notices/count', undefined, options);

/** POST /api/my/notices/:id/read (answers the unread count left) */
export const readNotice = (id: number, options?: CallOptions) => post<UserNoticeCount>(`/my/notices/${id}/read`, undefined, options);

/** POST /api/my/notices/read-all */
export const readAllNotices = (options?: CallOptions) => post<{ marked: number }>('/my/notices/read-all', undefined, options);
