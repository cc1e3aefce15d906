import { Link } from '@umijs/max';
import { PicturesOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { photoReportTypeLabel } from '@common/constants';
import type { MyPhotoReportItem, PhotoReportItem } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import { OutlineTag, PhotoReportStatusTag } from './StatusTags';

function ShotOutcome({ report }: { report: MyPhotoReportItem }) {
  if (report.status === 'invalid') {
    return <div className="svc-card-outcome svc-card-outcome-bad">无效原因：{report.invalidReason || '（未填写原因）'}</div>;
  }
  if (report.status === 'handled') {
    return (
      <div className="svc-card-outcome">
        <span className="svc-card-outcome-label">处理结果：</span>
        {report.result || '已处理'}
      </div>
    );
  }
  if (report.status === 'pending') return <div className="svc-card-note">已提交，等待处理</div>;
  return <div className="svc-card-note">{report.dispatchedAreaName ?? '村里'}正在处置</div>;
}

/**
 * One photo report in a list: the villager's own (opens its page, says what was done) or, with
 * `to` and `footer`, one handed to a cadre's village (ADR 0064).
 */
export function ShotRecordCard({ report, to, footer }: { report: PhotoReportItem; to?: string; footer?: ReactNode }) {
  return (
    <Link to={to ?? `/app/service/shot/${report.id}`} className="app-task-card svc-card">
      <div className="svc-shot-row">
        <div className="svc-shot-thumb">
          {report.cover ? <img src={report.cover.url} alt="" loading="lazy" /> : <PicturesOutline aria-hidden />}
          {report.imageCount > 1 ? <span className="svc-shot-count">{report.imageCount}张</span> : null}
        </div>
        <div className="svc-shot-main">
          <div className="app-task-tags">
            <PhotoReportStatusTag status={report.status} />
            <OutlineTag>{photoReportTypeLabel(report.type)}</OutlineTag>
          </div>
          <p className="svc-shot-text">{report.excerpt}</p>
          <div className="svc-card-time">{formatDateTime(report.createdAt)}</div>
        </div>
      </div>
      {footer ?? <ShotOutcome report={report as MyPhotoReportItem} />}
    </Link>
  );
}
