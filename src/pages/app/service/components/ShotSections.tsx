import { EnvironmentOutline, LocationOutline, SendOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { photoReportTypeLabel } from '@common/constants';
import type { PhotoReportDetail } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import { InfoLine, TimeIcon } from './DetailStates';
import HistoryTimeline from './HistoryTimeline';
import PhotoGrid from './PhotoGrid';
import { OutlineTag, PhotoReportStatusTag } from './StatusTags';
import { coordinatesText } from './serviceText';

// The parts of a photo report's phone page that the villager's own view (/app/service/shot/:id)
// and a village cadre's view of one handed to them (/app/dispatched/shot/:id, ADR 0064) share.

/** State, type, the photos, the description, when, where and who. `extra` adds lines (the submitter, for a cadre). */
export function ShotFacts({ report, extra }: { report: PhotoReportDetail; extra?: ReactNode }) {
  const hasCoordinates = report.lat !== null && report.lng !== null;
  return (
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
      {extra}
      {report.dispatchedAreaName ? (
        <InfoLine icon={<SendOutline aria-hidden />}>
          已转派至{report.dispatchedAreaName}处置{report.dispatchedAt ? `（${formatDateTime(report.dispatchedAt)}）` : ''}
        </InfoLine>
      ) : null}
      {report.handlerName ? <InfoLine icon={<UserOutline aria-hidden />}>经办人 {report.handlerName}</InfoLine> : null}
    </section>
  );
}

/** The result (or the village's answer while the centre reviews it) with its photos. */
export function ShotAnswer({ report, label }: { report: PhotoReportDetail; label: string }) {
  return (
    <div className="svc-answer">
      <div className="svc-answer-label">{label}</div>
      <p className="svc-text">{report.result || '已处理'}</p>
      <PhotoGrid images={report.resultImages} label="处理后照片" />
      <div className="svc-answer-by">
        {report.handlerName ?? '工作人员'}
        {report.handledAt ? ` · ${formatDateTime(report.handledAt)}` : ''}
      </div>
    </div>
  );
}

/** Where the report stands, in one sentence (open) or what was done (finished). */
export function ShotOutcome({ report }: { report: PhotoReportDetail }) {
  switch (report.status) {
    case 'pending':
      return <div className="svc-banner svc-banner-pending">已提交，等待工作人员处理</div>;
    case 'processing':
      return <div className="svc-banner svc-banner-processing">{report.dispatchedAreaName ?? '村里'}正在处置</div>;
    case 'reviewing':
      return <div className="svc-banner svc-banner-processing">{report.dispatchedAreaName ?? '村里'}已处置，等待镇里审核</div>;
    case 'invalid':
      return (
        <div className="svc-answer svc-answer-bad">
          <div className="svc-answer-label">无效原因</div>
          <p className="svc-text">{report.invalidReason || '（未填写原因）'}</p>
          <div className="svc-answer-by">
            {report.handlerName ?? '工作人员'} · {formatDateTime(report.handledAt)}
          </div>
        </div>
      );
    default:
      return <ShotAnswer report={report} label="处理结果" />;
  }
}

/** A titled section of the page. */
export function ShotSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="m-section" aria-labelledby={id}>
      <h3 className="m-section-title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}

export function ShotHistory({ report }: { report: PhotoReportDetail }) {
  return (
    <ShotSection id="svc-history-title" title="处理记录">
      <HistoryTimeline history={report.history} />
    </ShotSection>
  );
}
