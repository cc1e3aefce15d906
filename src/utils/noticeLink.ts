import { APPEAL_NOTICE_KINDS, PHOTO_REPORT_NOTICE_KINDS } from '@common/constants';
import type { UserNotice } from '@common/contracts/people';

/**
 * The page a kept notice opens, derived from its kind and record (ADR 0055): a cadre's 转派 notice
 * opens the appeal to handle, the submitter's the appeal they sent, a task notice the cadre's task
 * page (to report, or to see the review). Undefined when its record is gone.
 */
export function noticeLink(
  notice: Pick<UserNotice, 'kind' | 'appealId' | 'taskId' | 'photoReportId'>,
): { to: string; label: string } | undefined {
  // A photo report handed to the cadre's village, or its answer sent back (ADR 0064): the page to handle it.
  if (PHOTO_REPORT_NOTICE_KINDS.includes(notice.kind)) {
    return notice.photoReportId ? { to: `/app/dispatched/shot/${notice.photoReportId}`, label: '去处置' } : undefined;
  }
  if (notice.kind === 'appealHandedDown')
    return notice.appealId ? { to: `/app/dispatched/${notice.appealId}`, label: '去办理' } : undefined;
  if (APPEAL_NOTICE_KINDS.includes(notice.kind)) {
    return notice.appealId ? { to: `/app/service/appeal/${notice.appealId}`, label: '查看诉求' } : undefined;
  }
  return notice.taskId ? { to: `/app/mytask/${notice.taskId}`, label: '查看任务' } : undefined;
}
