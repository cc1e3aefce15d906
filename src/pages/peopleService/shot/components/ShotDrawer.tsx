import { Descriptions, Grid, Space, Tag, Typography } from 'antd';
import type { PhotoReportDetail } from '@common/contracts/people';
import { isPhotoReportOpen } from '@common/workflow';
import { dispatchPhotoReport, recallPhotoReport } from '@/services/photoReports';
import { formatTime } from '@/utils/format';
import DetailDrawer, { Section } from '../../components/DetailDrawer';
import DispatchAction from '../../components/DispatchAction';
import HistoryTimeline from '../../components/HistoryTimeline';
import Photos from '../../components/Photos';
import { PhotoReportStatusBadge, PhotoReportTypeTag, coordinatesText } from '../../components/peopleMeta';
import ShotActions from './ShotActions';
import SubmittedTime from './SubmittedTime';
import { type ShotActionApi, shotName } from './useShotActions';

interface Props {
  id?: number;
  report?: PhotoReportDetail;
  /** The load failed: why. */
  error?: string;
  onRetry: () => void;
  onClose: () => void;
  actions: ShotActionApi;
  /** After a 转派 or 撤回: reload what shows the report. */
  onDispatched: () => void;
}

const missing = (text: string) => <Typography.Text type="secondary">{text}</Typography.Text>;

/** One report in full: photos, description, where, who, the result or the reason, and every step, with the state's actions. */
export default function ShotDrawer({ id, report, error, onRetry, onClose, actions, onDispatched }: Props) {
  const screens = Grid.useBreakpoint();
  return (
    <DetailDrawer
      what="随手拍"
      id={id}
      record={report}
      error={error}
      onRetry={onRetry}
      onClose={onClose}
      actions={(shown) => (
        <Space>
          <DispatchAction
            record={{
              what: '随手拍',
              name: shotName(shown),
              dispatchedArea: shown.dispatchedArea,
              dispatchedAreaName: shown.dispatchedAreaName,
              open: isPhotoReportOpen(shown.status),
              intro: '该村的村干部、网格员会在手机上受理，处置后拍照回复，由镇里审核。',
              dispatch: (body) => dispatchPhotoReport(shown.id, body, { skipErrorHandler: true }),
              recall: () => recallPhotoReport(shown.id, {}),
            }}
            onChanged={onDispatched}
          />
          <ShotActions report={shown} actions={actions} variant="button" />
        </Space>
      )}
    >
      {(shown) => (
        <article aria-label="随手拍详情">
          <Space size={8} wrap>
            <PhotoReportStatusBadge status={shown.status} />
            <PhotoReportTypeTag type={shown.type} />
            <Tag>{shown.areaName}</Tag>
            {shown.dispatchedAreaName ? <Tag color="purple">已转派 · {shown.dispatchedAreaName}</Tag> : null}
          </Space>
          <Section title={`现场照片（${shown.images.length}）`}>
            <Photos images={shown.images} label="随手拍照片" size={104} />
          </Section>
          <Section title="问题描述">
            <p className="people-text">{shown.description}</p>
          </Section>
          <Descriptions size="small" column={screens.md ? 2 : 1} bordered style={{ marginTop: 20 }}>
            <Descriptions.Item label="提交人">{shown.submitterName}</Descriptions.Item>
            <Descriptions.Item label="提交时间">
              <SubmittedTime report={shown} inline />
            </Descriptions.Item>
            <Descriptions.Item label="所在区域">{shown.areaName}</Descriptions.Item>
            <Descriptions.Item label="位置">{shown.location || missing('未填写')}</Descriptions.Item>
            <Descriptions.Item label="坐标" span={screens.md ? 2 : 1}>
              {coordinatesText(shown.lat, shown.lng) ?? missing('未定位')}
            </Descriptions.Item>
            {shown.dispatchedAreaName ? (
              <Descriptions.Item label="转派至" span={screens.md ? 2 : 1}>
                {shown.dispatchedAreaName}（{formatTime(shown.dispatchedAt)}）
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="处理人">{shown.handlerName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="处理时间">{formatTime(shown.handledAt)}</Descriptions.Item>
          </Descriptions>

          {shown.status === 'reviewing' ? (
            <Section title={`${shown.dispatchedAreaName ?? '村里'}的处置（待审核）`}>
              <div className="people-answer">
                <p className="people-text">{shown.result}</p>
                <div style={{ marginTop: 10 }}>
                  <Photos images={shown.resultImages} label="处置后照片" size={72} />
                </div>
                <div className="people-answer-meta">{shown.handlerName ?? '—'} · 审核通过后作为处理结果告知群众，不合格可退回重新处置</div>
              </div>
            </Section>
          ) : null}
          {shown.returnReason ? (
            <Section title="退回原因">
              <div className="people-answer people-answer-rejected">
                <p className="people-text">{shown.returnReason}</p>
                <div className="people-answer-meta">等待{shown.dispatchedAreaName ?? '村里'}重新处置</div>
              </div>
            </Section>
          ) : null}
          {shown.status === 'handled' ? (
            <Section title="处理结果">
              <div className="people-answer">
                <p className="people-text">{shown.result}</p>
                {shown.resultImages.length ? (
                  <div style={{ marginTop: 10 }}>
                    <Photos images={shown.resultImages} label="处理照片" size={72} />
                  </div>
                ) : null}
                <div className="people-answer-meta">
                  {shown.handlerName ?? '—'} · {formatTime(shown.handledAt)}
                </div>
              </div>
            </Section>
          ) : null}
          {shown.status === 'invalid' ? (
            <Section title="无效原因">
              <div className="people-answer people-answer-rejected">
                <p className="people-text">{shown.invalidReason}</p>
                <div className="people-answer-meta">
                  {shown.handlerName ?? '—'} · {formatTime(shown.handledAt)}
                </div>
              </div>
            </Section>
          ) : null}
          <Section title="处理记录">
            <HistoryTimeline history={shown.history} />
          </Section>
        </article>
      )}
    </DetailDrawer>
  );
}
