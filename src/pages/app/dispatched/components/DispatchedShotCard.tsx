import type { PhotoReportItem } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import { ShotRecordCard } from '../../service/components/ShotCard';

/** One photo report handed to the cadre's village (ADR 0064), in the list: who sent it, where, and when it came down. */
export default function DispatchedShotCard({ report }: { report: PhotoReportItem }) {
  return (
    <ShotRecordCard
      report={report}
      to={`/app/dispatched/shot/${report.id}`}
      footer={
        <>
          <div className="svc-card-meta">
            <span>{report.submitterName}</span>
            <span>{report.areaName}</span>
            {report.location ? <span>{report.location}</span> : null}
          </div>
          <div className="svc-card-note">
            {report.status === 'reviewing' ? '已回复，等待镇里审核 · ' : ''}转派于 {formatDateTime(report.dispatchedAt ?? report.createdAt)}
          </div>
        </>
      }
    />
  );
}
