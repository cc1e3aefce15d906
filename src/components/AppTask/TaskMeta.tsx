import { Tag } from 'antd-mobile';
import { ClockCircleOutline, EditSOutline, EnvironmentOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { categoryLabel } from '@common/constants';
import { formatDateTime, isDueSoon, isOverdue, reportNeedsLabel } from './taskText';

export function CategoryTag({ category }: { category: number }) {
  return (
    <Tag color="primary" fill="outline" className="app-task-tag">
      {categoryLabel(category)}
    </Tag>
  );
}

export function PointsBadge({ points }: { points: number }) {
  if (points <= 0) return <span className="app-task-points app-task-points-none">不计积分</span>;
  return <span className="app-task-points">+{points} 积分</span>;
}

/** A closed task, said plainly where a list mixes open and closed ones. */
export function ClosedTag() {
  return (
    <Tag color="default" className="app-task-tag">
      已关闭
    </Tag>
  );
}

/** The deadline, with 逾期 once past (unless `done`: then lateness no longer matters). */
export function DeadlineLine({ deadline, done = false }: { deadline: string; done?: boolean }) {
  const overdue = !done && isOverdue(deadline);
  return (
    <div className="app-task-line">
      <ClockCircleOutline aria-hidden />
      <span>截止 {formatDateTime(deadline)}</span>
      {overdue ? (
        <Tag color="danger" className="app-task-tag">
          逾期
        </Tag>
      ) : !done && isDueSoon(deadline) ? (
        <Tag color="warning" className="app-task-tag">
          即将截止
        </Tag>
      ) : null}
    </div>
  );
}

export function NeedsLine({ template, imageNum, fieldLabels = [] }: { template: string; imageNum: number; fieldLabels?: string[] }) {
  return (
    <div className="app-task-line">
      <EditSOutline aria-hidden />
      <span>
        需提交：{reportNeedsLabel(template, imageNum)}
        {fieldLabels.length ? `；填报${fieldLabels.join('、')}` : ''}
      </span>
    </div>
  );
}

/** The target areas; one line with an ellipsis unless `wrap`. */
export function AreasLine({ children, wrap = false }: { children: ReactNode; wrap?: boolean }) {
  return (
    <div className="app-task-line">
      <EnvironmentOutline aria-hidden />
      <span className={wrap ? undefined : 'app-task-ellipsis'}>{children}</span>
    </div>
  );
}
