import { Tag } from 'antd-mobile';
import { APPEAL_STATUS_LABELS, type AppealStatus, PHOTO_REPORT_STATUS_LABELS, type PhotoReportStatus } from '@common/constants';
import { APPEAL_STATUS_COLORS, PHOTO_REPORT_STATUS_COLORS } from './serviceText';

export function AppealStatusTag({ status }: { status: AppealStatus }) {
  return (
    <Tag color={APPEAL_STATUS_COLORS[status]} className="app-task-tag">
      {APPEAL_STATUS_LABELS[status]}
    </Tag>
  );
}

export function PhotoReportStatusTag({ status }: { status: PhotoReportStatus }) {
  return (
    <Tag color={PHOTO_REPORT_STATUS_COLORS[status]} className="app-task-tag">
      {PHOTO_REPORT_STATUS_LABELS[status]}
    </Tag>
  );
}

/** Past due without an answer: the server's verdict. */
export function OverdueTag() {
  return (
    <Tag color="danger" fill="outline" className="app-task-tag">
      已超期
    </Tag>
  );
}

/** Answered and waiting for the villager's rating. */
export function ToRateTag() {
  return (
    <Tag color="warning" fill="outline" className="app-task-tag">
      待评价
    </Tag>
  );
}

export function OutlineTag({ children }: { children: string }) {
  return (
    <Tag color="primary" fill="outline" className="app-task-tag">
      {children}
    </Tag>
  );
}
