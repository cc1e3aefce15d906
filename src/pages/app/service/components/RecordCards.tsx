import { Link } from '@umijs/max';
import { Rate } from 'antd-mobile';
import { PicturesOutline, RightOutline } from 'antd-mobile-icons';
import { SATISFACTION_LABELS, appealCategoryLabel } from '@common/constants';
import type { MyAppealItem } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import { AppealStatusTag, OverdueTag, ToRateTag } from './StatusTags';
import { RATE_ANCHOR, canRate } from './serviceText';

/** The answer so far in one or two lines: the reply, the reason for refusing, or the rating. */
function AppealOutcome({ appeal }: { appeal: MyAppealItem }) {
  if (appeal.status === 'rejected') {
    return <div className="svc-card-outcome svc-card-outcome-bad">不予受理：{appeal.rejectReason || '（未填写原因）'}</div>;
  }
  if (appeal.reply) {
    return (
      <div className="svc-card-outcome">
        <span className="svc-card-outcome-label">答复：</span>
        {appeal.reply}
      </div>
    );
  }
  if (appeal.status === 'processing')
    return <div className="svc-card-note">工作人员正在办理{appeal.handlerName ? `（${appeal.handlerName}）` : ''}</div>;
  if (appeal.status === 'pending') return <div className="svc-card-note">已提交，等待受理</div>;
  return null;
}

export function AppealRecordCard({ appeal }: { appeal: MyAppealItem }) {
  const toRate = canRate(appeal);
  // Waiting for a rating: the card opens the detail at its rating form.
  return (
    <Link to={`/app/service/appeal/${appeal.id}${toRate ? `#${RATE_ANCHOR}` : ''}`} className="app-task-card svc-card">
      <div className="app-task-card-head">
        <div className="app-task-tags">
          <AppealStatusTag status={appeal.status} />
          {appeal.overdue ? <OverdueTag /> : null}
          {toRate ? <ToRateTag /> : null}
        </div>
        <span className="svc-card-time">{formatDateTime(appeal.createdAt)}</span>
      </div>
      <h3 className="app-task-card-title">{appeal.title}</h3>
      <div className="svc-card-meta">
        <span>{appealCategoryLabel(appeal.category)}</span>
        <span>{appeal.areaName}</span>
        {appeal.imageCount > 0 ? (
          <span className="svc-card-meta-icon">
            <PicturesOutline aria-hidden />
            {appeal.imageCount}张
          </span>
        ) : null}
      </div>
      <AppealOutcome appeal={appeal} />
      {toRate ? (
        <div className="svc-card-action">
          去评价
          <RightOutline aria-hidden />
        </div>
      ) : null}
      {appeal.satisfaction ? (
        <div
          className="svc-card-rating"
          aria-label={`${appeal.satisfactionSource === 'callback' ? '回访评价' : '我的评价'}：${SATISFACTION_LABELS[appeal.satisfaction - 1]}`}
        >
          <Rate readOnly value={appeal.satisfaction} />
          <span>{SATISFACTION_LABELS[appeal.satisfaction - 1]}</span>
        </div>
      ) : null}
    </Link>
  );
}

export { ShotRecordCard } from './ShotCard';
