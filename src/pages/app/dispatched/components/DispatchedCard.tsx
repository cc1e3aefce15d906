import { Link } from '@umijs/max';
import { PicturesOutline } from 'antd-mobile-icons';
import { appealCategoryLabel } from '@common/constants';
import type { AppealItem } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import { dueState } from '@/utils/timeText';
import { AppealStatusTag, OverdueTag } from '../../service/components/StatusTags';
import { isAppealOpen } from '@common/workflow';

/** While open, how long is left (or how long it is overdue); once done, when it was handed down. */
function When({ appeal }: { appeal: AppealItem }) {
  const open = isAppealOpen(appeal.status);
  if (!open) return <div className="svc-card-note">转派于 {formatDateTime(appeal.dispatchedAt ?? appeal.createdAt)}</div>;
  const due = dueState({ dueAt: appeal.dueAt, overdue: appeal.overdue, open });
  if (due.kind === 'done') return null;
  const tone = due.kind === 'overdue' ? ' dsp-due-danger' : due.kind === 'soon' ? ' dsp-due-warning' : '';
  return (
    <div className={`dsp-due${tone}`}>
      办理时限 {formatDateTime(appeal.dueAt)}（{due.text}）
    </div>
  );
}

/** One appeal handed to the cadre's village, in the list. */
export default function DispatchedCard({ appeal }: { appeal: AppealItem }) {
  return (
    <Link to={`/app/dispatched/${appeal.id}`} className="app-task-card svc-card">
      <div className="app-task-card-head">
        <div className="app-task-tags">
          <AppealStatusTag status={appeal.status} />
          {appeal.overdue ? <OverdueTag /> : null}
        </div>
        <span className="svc-card-time">{formatDateTime(appeal.createdAt)}</span>
      </div>
      <h3 className="app-task-card-title">{appeal.title}</h3>
      <p className="dsp-excerpt">{appeal.excerpt}</p>
      <div className="svc-card-meta">
        <span>{appealCategoryLabel(appeal.category)}</span>
        <span>{appeal.submitterName}</span>
        <span>{appeal.areaName}</span>
        {appeal.imageCount > 0 ? (
          <span className="svc-card-meta-icon">
            <PicturesOutline aria-hidden />
            {appeal.imageCount}张
          </span>
        ) : null}
      </div>
      <When appeal={appeal} />
    </Link>
  );
}
