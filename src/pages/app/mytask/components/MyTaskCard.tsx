import { Link } from '@umijs/max';
import { Tag } from 'antd-mobile';
import { MY_TASK_STATE_LABELS, type MyTaskState } from '@common/constants';
import type { MyTaskItem } from '@common/contracts/tasks';
import { CategoryTag, DeadlineLine, NeedsLine, PointsBadge } from '@/components/AppTask/TaskMeta';
import { formatDateTime } from '@/components/AppTask/taskText';

export const STATE_COLORS: Record<MyTaskState, 'primary' | 'warning' | 'success' | 'danger' | 'default'> = {
  todo: 'primary',
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  missed: 'default',
};

/** States in which the cadre still owes a report (lateness matters). */
export const isOpenState = (state: MyTaskState) => state === 'todo' || state === 'rejected';

export default function MyTaskCard({ task }: { task: MyTaskItem }) {
  const { submission } = task;
  return (
    <Link to={`/app/mytask/${task.id}`} className="app-task-card">
      <div className="app-task-card-head">
        <div className="app-task-tags">
          <CategoryTag category={task.category} />
          <Tag color={STATE_COLORS[task.state]} className="app-task-tag">
            {MY_TASK_STATE_LABELS[task.state]}
          </Tag>
          {submission?.late ? (
            <Tag color="danger" fill="outline" className="app-task-tag">
              逾期提交
            </Tag>
          ) : null}
        </div>
        <PointsBadge points={task.points} />
      </div>
      <h3 className="app-task-card-title">{task.title}</h3>
      <DeadlineLine deadline={task.deadline} done={!isOpenState(task.state)} />
      <NeedsLine template={task.template} imageNum={task.imageNum} />
      {submission && task.state !== 'rejected' ? (
        <div className="app-task-line">
          <span>
            提交于 {formatDateTime(submission.createdAt)}
            {submission.reviewedAt ? `，审核于 ${formatDateTime(submission.reviewedAt)}` : ''}
          </span>
        </div>
      ) : null}
      {task.state === 'rejected' && submission ? (
        <div className="app-task-comment">驳回意见：{submission.comment || '（审核人未填写）'}</div>
      ) : null}
    </Link>
  );
}
