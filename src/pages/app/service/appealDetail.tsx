import { useParams } from '@umijs/max';
import { EnvironmentOutline, PhonebookOutline, UserOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { appealCategoryLabel } from '@common/constants';
import type { AppealDetail } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import MobileLayout from '@/components/MobileLayout';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { queryAppealDetail } from '@/services/appService';
import { usePageTitle } from '@/utils/documentTitle';
import { dueState } from '@/utils/timeText';
import { DetailStates, InfoLine, NotFound, TimeIcon } from './components/DetailStates';
import HistoryTimeline from './components/HistoryTimeline';
import PhotoGrid from './components/PhotoGrid';
import RateSection, { RatingView } from './components/RateSection';
import { AppealStatusTag, OutlineTag, OverdueTag } from './components/StatusTags';
import { canRate, isAppealOpen, recordsUrl } from './components/serviceText';
import '@/components/AppTask/index.css';
import './components/service.css';

const BACK = recordsUrl('appeal');

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

/** Where the appeal stands, in one sentence at the top of the answer section. */
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

function Appeal({ appeal, onChange, reload }: { appeal: AppealDetail; onChange: (appeal: AppealDetail) => void; reload: () => void }) {
  usePageTitle(appeal.title);
  return (
    <>
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
        <InfoLine icon={<PhonebookOutline aria-hidden />}>联系电话 {appeal.phone}</InfoLine>
        {appeal.handlerName ? <InfoLine icon={<UserOutline aria-hidden />}>经办人 {appeal.handlerName}</InfoLine> : null}
      </section>
      <section className="m-section" aria-labelledby="svc-content-title">
        <h3 className="m-section-title" id="svc-content-title">
          诉求内容
        </h3>
        <p className="svc-text">{appeal.content}</p>
        <PhotoGrid images={appeal.images} label="诉求照片" />
      </section>
      <section className="m-section" aria-labelledby="svc-answer-title">
        <h3 className="m-section-title" id="svc-answer-title">
          办理结果
        </h3>
        <Progress appeal={appeal} />
      </section>
      {canRate(appeal) ? <RateSection appeal={appeal} onRated={onChange} onStale={reload} /> : null}
      {appeal.satisfaction ? <RatingView appeal={appeal} /> : null}
      <section className="m-section" aria-labelledby="svc-history-title">
        <h3 className="m-section-title" id="svc-history-title">
          办理记录
        </h3>
        <HistoryTimeline history={appeal.history} />
      </section>
    </>
  );
}

function AppealLoader({ appealId }: { appealId: number }) {
  // After a rating the server's answer stands in for the loaded copy until the next reload.
  const [updated, setUpdated] = useState<AppealDetail>();
  const loaded = useLoaded(() => queryAppealDetail(appealId, { skipErrorHandler: true }).then(dataOf), [appealId]);
  const reload = () => {
    setUpdated(undefined);
    loaded.reload();
  };
  return (
    <DetailStates loaded={loaded} what="诉求" back={BACK}>
      {(appeal) => <Appeal appeal={updated ?? appeal} onChange={setUpdated} reload={reload} />}
    </DetailStates>
  );
}

/** /app/service/appeal/:id: one of the villager's appeals — its answer, the rating and every step. */
export default function AppealDetailPage() {
  const user = useSignInGuard();
  const { id } = useParams<{ id: string }>();
  const appealId = Number(id);
  const valid = Number.isInteger(appealId) && appealId >= 1;
  return (
    <MobileLayout title="诉求详情" back={BACK}>
      {user && valid ? <AppealLoader key={appealId} appealId={appealId} /> : null}
      {user && !valid ? <NotFound what="诉求" back={BACK} /> : null}
    </MobileLayout>
  );
}
