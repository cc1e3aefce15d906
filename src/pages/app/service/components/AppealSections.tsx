import { EnvironmentOutline, PhonebookOutline, SendOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { appealCategoryLabel } from '@common/constants';
import type { AppealDetail } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import { dueState } from '@/utils/timeText';
import { InfoLine, TimeIcon } from './DetailStates';
import HistoryTimeline from './HistoryTimeline';
import PhotoGrid from './PhotoGrid';
import { AppealStatusTag, OutlineTag, OverdueTag } from './StatusTags';
import { isAppealOpen } from '@common/workflow';

// The parts of an appeal's phone page that the villager's own view (/app/service/appeal/:id) and a
// village cadre's view of one handed to them (/app/dispatched/:id) share.

/** The due time while the appeal waits for an answer: 剩余…, or 超期… in red. */
function DueLine({ appeal }: { appeal: AppealDetail }) {
  const open = isAppealOpen(appeal.status);
  const due = dueState({ dueAt: appeal.dueAt, overdue: appeal.overdue, open });
  const tone = due.kind === 'overdue' ? 'danger' : due.kind === 'soon' ? 'warning' : undefined;
  return (
    <InfoLine icon={<TimeIcon />} tone={tone}>
      办理时限 {formatDateTime(appeal.dueAt)}
      {due.kind !== 'done' ? <span className="svc-due-flag">（{due.text}）</span> : null}
    </InfoLine>
  );
}

/** Title, state, times, place and who: the head of the page. `extra` adds lines (the submitter, for a cadre). */
export function AppealFacts({ appeal, extra }: { appeal: AppealDetail; extra?: ReactNode }) {
  return (
    <section className="m-section">
      <div className="app-task-tags">
        <AppealStatusTag status={appeal.status} />
        {appeal.overdue ? <OverdueTag /> : null}
        <OutlineTag>{appealCategoryLabel(appeal.category)}</OutlineTag>
      </div>
      <h2 className="app-task-detail-title svc-detail-title">{appeal.title}</h2>
      <InfoLine icon={<TimeIcon />}>提交于 {formatDateTime(appeal.createdAt)}</InfoLine>
      <DueLine appeal={appeal} />
      <InfoLine icon={<EnvironmentOutline aria-hidden />}>{appeal.areaName}</InfoLine>
      {extra}
      <InfoLine icon={<PhonebookOutline aria-hidden />}>联系电话 {appeal.phone}</InfoLine>
      {appeal.dispatchedAreaName ? (
        <InfoLine icon={<SendOutline aria-hidden />}>
          已转派至{appeal.dispatchedAreaName}办理{appeal.dispatchedAt ? `（${formatDateTime(appeal.dispatchedAt)}）` : ''}
        </InfoLine>
      ) : null}
      {appeal.handlerName ? <InfoLine icon={<UserOutline aria-hidden />}>经办人 {appeal.handlerName}</InfoLine> : null}
    </section>
  );
}

export function AppealContent({ appeal }: { appeal: AppealDetail }) {
  return (
    <section className="m-section" aria-labelledby="svc-content-title">
      <h3 className="m-section-title" id="svc-content-title">
        诉求内容
      </h3>
      <p className="svc-text">{appeal.content}</p>
      <PhotoGrid images={appeal.images} label="诉求照片" />
    </section>
  );
}

/** Where the appeal stands, in one sentence (open) or the answer given (done). */
function Progress({ appeal }: { appeal: AppealDetail }) {
  switch (appeal.status) {
    case 'pending':
      return <div className="svc-banner svc-banner-pending">已提交，等待工作人员受理</div>;
    case 'processing':
      return (
        <div className="svc-banner svc-banner-processing">
          工作人员{appeal.handlerName ? ` ${appeal.handlerName} ` : ''}已受理，正在办理
          {appeal.acceptedAt ? <div className="svc-banner-sub">受理于 {formatDateTime(appeal.acceptedAt)}</div> : null}
        </div>
      );
    case 'rejected':
      return (
        <div className="svc-answer svc-answer-bad">
          <div className="svc-answer-label">不予受理</div>
          <p className="svc-text">{appeal.rejectReason || '（未填写原因）'}</p>
          <div className="svc-answer-by">
            {appeal.handlerName ?? '工作人员'} · {formatDateTime(appeal.rejectedAt)}
          </div>
        </div>
      );
    default:
      return (
        <div className="svc-answer">
          <div className="svc-answer-label">答复</div>
          <p className="svc-text">{appeal.reply || '（无答复内容）'}</p>
          <PhotoGrid images={appeal.replyImages} label="答复照片" />
          <div className="svc-answer-by">
            {appeal.handlerName ?? '工作人员'} · {formatDateTime(appeal.repliedAt)}
          </div>
          {appeal.status === 'closed' ? (
            <div className="svc-answer-closed">已办结{appeal.closedAt ? ` · ${formatDateTime(appeal.closedAt)}` : ''}</div>
          ) : null}
        </div>
      );
  }
}

export function AppealOutcome({ appeal }: { appeal: AppealDetail }) {
  return (
    <section className="m-section" aria-labelledby="svc-answer-title">
      <h3 className="m-section-title" id="svc-answer-title">
        办理结果
      </h3>
      <Progress appeal={appeal} />
    </section>
  );
}

export function AppealHistory({ appeal }: { appeal: AppealDetail }) {
  return (
    <section className="m-section" aria-labelledby="svc-history-title">
      <h3 className="m-section-title" id="svc-history-title">
        办理记录
      </h3>
      <HistoryTimeline history={appeal.history} />
    </section>
  );
}
