import { Descriptions, Grid, Rate, Space, Tag, Typography } from 'antd';
import { APPEAL_SOURCE_LABELS, SATISFACTION_LABELS, SATISFACTION_SOURCE_LABELS, appealCategoryLabel } from '@common/constants';
import { isAppealOpen } from '@common/workflow';
import type { AppealDetail } from '@common/contracts/people';
import { formatTime } from '@/utils/format';
import DetailDrawer, { Section } from '../../components/DetailDrawer';
import DueText from '../../components/DueText';
import HistoryTimeline from '../../components/HistoryTimeline';
import Photos from '../../components/Photos';
import { AppealStatusBadge } from '../../components/peopleMeta';
import AppealActions from './AppealActions';
import { callbackText } from './columns';
import { dispatchAppeal, recallAppeal } from '@/services/appeals';
import DispatchAction from '../../components/DispatchAction';
import type { AppealActionApi } from './useAppealActions';

interface Props {
  id?: number;
  appeal?: AppealDetail;
  /** The load failed: why. */
  error?: string;
  onRetry: () => void;
  onClose: () => void;
  actions: AppealActionApi;
  /** After a 转派 or 撤回: reload what shows the appeal. */
  onDispatched: () => void;
}

function Rating({ appeal }: { appeal: AppealDetail }) {
  if (appeal.satisfaction) {
    return (
      <div>
        <Space size={12} align="center">
          <Rate disabled value={appeal.satisfaction} />
          <Typography.Text strong>{SATISFACTION_LABELS[appeal.satisfaction - 1]}</Typography.Text>
        </Space>
        {appeal.satisfactionComment ? (
          <p className="people-text" style={{ marginTop: 6 }}>
            {appeal.satisfactionComment}
          </p>
        ) : null}
        <div className="people-answer-meta">
          {appeal.satisfactionSource ? SATISFACTION_SOURCE_LABELS[appeal.satisfactionSource] : ''} ·{' '}
          {appeal.satisfactionSource === 'callback' ? `回访人 ${appeal.calledBackByName ?? '—'}` : appeal.submitterName} ·{' '}
          {formatTime(appeal.ratedAt)}
        </div>
      </div>
    );
  }
  const callback = callbackText(appeal);
  return (
    <div>
      <Typography.Text type="secondary">{appeal.status === 'replied' ? '已答复，等待群众评价' : '群众尚未评价'}</Typography.Text>
      {callback ? (
        <div className={appeal.callbackDue ? 'people-cell-callback' : undefined} style={{ marginTop: 4 }}>
          {callback}
          {appeal.callbackReached === false ? `，回访人 ${appeal.calledBackByName ?? '—'} · ${formatTime(appeal.calledBackAt)}` : ''}
        </div>
      ) : null}
    </div>
  );
}

/** One appeal in full: content, photos, contact, reply, rating and every step, with the state's actions. */
export default function AppealDrawer({ id, appeal, error, onRetry, onClose, actions, onDispatched }: Props) {
  const screens = Grid.useBreakpoint();
  return (
    <DetailDrawer
      what="诉求"
      id={id}
      record={appeal}
      error={error}
      onRetry={onRetry}
      onClose={onClose}
      actions={(shown) => (
        <Space>
          <DispatchAction
            record={{
              what: '诉求',
              name: shown.title,
              dispatchedArea: shown.dispatchedArea,
              dispatchedAreaName: shown.dispatchedAreaName,
              open: isAppealOpen(shown.status),
              intro: '该村的村干部、网格员会在手机上看到并答复，办理时限不变，群众会收到通知。',
              dispatch: (body) => dispatchAppeal(shown.id, body, { skipErrorHandler: true }),
              recall: () => recallAppeal(shown.id, {}),
            }}
            onChanged={onDispatched}
          />
          <AppealActions appeal={shown} actions={actions} variant="button" />
        </Space>
      )}
    >
      {(shown) => (
        <article aria-label="诉求详情">
          <Space size={8} wrap>
            <AppealStatusBadge status={shown.status} />
            <Tag>{appealCategoryLabel(shown.category)}</Tag>
            <Tag>{shown.areaName}</Tag>
            <Tag color={shown.source === 'online' ? undefined : 'blue'}>{APPEAL_SOURCE_LABELS[shown.source]}</Tag>
            {shown.dispatchedAreaName ? <Tag color="purple">已转派 · {shown.dispatchedAreaName}</Tag> : null}
          </Space>
          <h2 className="people-drawer-title">{shown.title}</h2>
          <Descriptions size="small" column={screens.md ? 2 : 1} bordered style={{ marginTop: 12 }}>
            <Descriptions.Item label="提交人">
              {shown.submitterName}
              {shown.source !== 'online' && shown.submitterId === null ? '（未关联账号）' : ''}
            </Descriptions.Item>
            <Descriptions.Item label="联系电话">
              <a href={`tel:${shown.phone}`}>{shown.phone}</a>
            </Descriptions.Item>
            <Descriptions.Item label="提交时间">{formatTime(shown.createdAt)}</Descriptions.Item>
            {shown.registeredByName ? (
              <Descriptions.Item label="登记人">
                {shown.registeredByName}（{APPEAL_SOURCE_LABELS[shown.source]}登记）
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="办理时限">
              <DueText dueAt={shown.dueAt} overdue={shown.overdue} open={isAppealOpen(shown.status)} inline />
            </Descriptions.Item>
            {shown.dispatchedAreaName ? (
              <Descriptions.Item label="转派至">
                {shown.dispatchedAreaName}（{formatTime(shown.dispatchedAt)}）
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="经办人">{shown.handlerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="受理时间">{formatTime(shown.acceptedAt)}</Descriptions.Item>
            {shown.repliedAt ? <Descriptions.Item label="答复时间">{formatTime(shown.repliedAt)}</Descriptions.Item> : null}
            {shown.closedAt ? <Descriptions.Item label="办结时间">{formatTime(shown.closedAt)}</Descriptions.Item> : null}
            {shown.rejectedAt ? <Descriptions.Item label="处理时间">{formatTime(shown.rejectedAt)}</Descriptions.Item> : null}
          </Descriptions>

          <Section title="诉求内容">
            <p className="people-text">{shown.content}</p>
          </Section>
          <Section title={`现场照片（${shown.images.length}）`}>
            <Photos images={shown.images} label="诉求照片" />
          </Section>
          {shown.reply ? (
            <Section title="答复">
              <div className="people-answer">
                <p className="people-text">{shown.reply}</p>
                {shown.replyImages.length ? (
                  <div style={{ marginTop: 10 }}>
                    <Photos images={shown.replyImages} label="答复照片" size={72} />
                  </div>
                ) : null}
                <div className="people-answer-meta">
                  {shown.handlerName ?? '—'} · {formatTime(shown.repliedAt)}
                </div>
              </div>
            </Section>
          ) : null}
          {shown.rejectReason ? (
            <Section title="不予受理原因">
              <div className="people-answer people-answer-rejected">
                <p className="people-text">{shown.rejectReason}</p>
                <div className="people-answer-meta">
                  {shown.handlerName ?? '—'} · {formatTime(shown.rejectedAt)}
                </div>
              </div>
            </Section>
          ) : null}
          {shown.status === 'replied' || shown.status === 'closed' ? (
            <Section title="评价与回访">
              <Rating appeal={shown} />
            </Section>
          ) : null}
          <Section title="办理记录">
            <HistoryTimeline history={shown.history} />
          </Section>
        </article>
      )}
    </DetailDrawer>
  );
}
