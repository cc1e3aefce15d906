import { useParams } from '@umijs/max';
import { EnvironmentOutline, LocationOutline, UserOutline } from 'antd-mobile-icons';
import { photoReportTypeLabel } from '@common/constants';
import type { PhotoReportDetail } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import MobileLayout from '@/components/MobileLayout';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { getPhotoReport } from '@/services/photoReports';
import { DetailStates, InfoLine, NotFound, TimeIcon } from './components/DetailStates';
import HistoryTimeline from './components/HistoryTimeline';
import PhotoGrid from './components/PhotoGrid';
import { OutlineTag, PhotoReportStatusTag } from './components/StatusTags';
import { coordinatesText, recordsUrl } from './components/serviceText';
import '@/styles/phone.css';
import './components/service.css';

const BACK = recordsUrl('shot');

function Outcome({ report }: { report: PhotoReportDetail }) {
  if (report.status === 'pending') return <div className="svc-banner svc-banner-pending">已提交，等待工作人员处理</div>;
  if (report.status === 'invalid') {
    return (
      <div className="svc-answer svc-answer-bad">
        <div className="svc-answer-label">无效原因</div>
        <p className="svc-text">{report.invalidReason || '（未填写原因）'}</p>
        <div className="svc-answer-by">
          {report.handlerName ?? '工作人员'} · {formatDateTime(report.handledAt)}
        </div>
      </div>
    );
  }
  return (
    <div className="svc-answer">
      <div className="svc-answer-label">处理结果</div>
      <p className="svc-text">{report.result || '已处理'}</p>
      <PhotoGrid images={report.resultImages} label="处理后照片" />
      <div className="svc-answer-by">
        {report.handlerName ?? '工作人员'} · {formatDateTime(report.handledAt)}
      </div>
    </div>
  );
}

function PhotoReport({ report }: { report: PhotoReportDetail }) {
  const hasCoordinates = report.lat !== null && report.lng !== null;
  return (
    <>
      <section className="m-section">
        <div className="app-task-tags">
          <PhotoReportStatusTag status={report.status} />
          <OutlineTag>{photoReportTypeLabel(report.type)}</OutlineTag>
        </div>
        <PhotoGrid images={report.images} label="现场照片" />
        <p className="svc-text svc-shot-description">{report.description}</p>
        <InfoLine icon={<TimeIcon />}>提交于 {formatDateTime(report.createdAt)}</InfoLine>
        <InfoLine icon={<EnvironmentOutline aria-hidden />}>
          {report.areaName}
          {report.location ? ` · ${report.location}` : ''}
        </InfoLine>
        {hasCoordinates ? <InfoLine icon={<LocationOutline aria-hidden />}>{coordinatesText(report.lat!, report.lng!)}</InfoLine> : null}
        {report.handlerName ? <InfoLine icon={<UserOutline aria-hidden />}>经办人 {report.handlerName}</InfoLine> : null}
      </section>
      <section className="m-section" aria-labelledby="svc-answer-title">
        <h3 className="m-section-title" id="svc-answer-title">
          处理情况
        </h3>
        <Outcome report={report} />
      </section>
      <section className="m-section" aria-labelledby="svc-history-title">
        <h3 className="m-section-title" id="svc-history-title">
          处理记录
        </h3>
        <HistoryTimeline history={report.history} />
      </section>
    </>
  );
}

function PhotoReportLoader({ reportId }: { reportId: number }) {
  const loaded = useLoaded(() => getPhotoReport(reportId, { skipErrorHandler: true }).then(dataOf), [reportId]);
  return (
    <DetailStates loaded={loaded} what="随手拍记录" back={BACK}>
      {(report) => <PhotoReport report={report} />}
    </DetailStates>
  );
}

/** /app/service/shot/:id: one of the villager's photo reports — photos, where, and what was done. */
export default function ShotDetailPage() {
  const user = useSignInGuard();
  const { id } = useParams<{ id: string }>();
  const reportId = Number(id);
  const valid = Number.isInteger(reportId) && reportId >= 1;
  return (
    <MobileLayout title="随手拍详情" back={BACK}>
      {user && valid ? <PhotoReportLoader key={reportId} reportId={reportId} /> : null}
      {user && !valid ? <NotFound what="随手拍记录" back={BACK} /> : null}
    </MobileLayout>
  );
}
