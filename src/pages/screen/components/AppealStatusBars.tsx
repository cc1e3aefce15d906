import type { CSSProperties } from 'react';
import { APPEAL_STATUSES, APPEAL_STATUS_LABELS, PHOTO_REPORT_STATUSES, PHOTO_REPORT_STATUS_LABELS } from '@common/constants';
import type { StatsOverview } from '@common/contracts/stats';

interface Row {
  key: string;
  label: string;
  count: number;
}

function Bars({ title, total, rows }: { title: string; total: number; rows: Row[] }) {
  return (
    <div className="screen-status-group">
      <h3>
        {title}
        <span>共 {total}</span>
      </h3>
      <ul>
        {rows.map((row) => (
          <li key={row.key} className={`screen-status-${row.key}`}>
            <span className="screen-status-label">{row.label}</span>
            <span className="screen-status-bar" aria-hidden="true">
              <i style={{ '--screen-bar': `${total ? (row.count / total) * 100 : 0}%` } as CSSProperties} />
            </span>
            <span className="screen-status-count">{row.count}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** 诉求 and 随手拍 by state, as bars of their totals. */
export default function AppealStatusBars({ stats }: { stats: StatsOverview }) {
  const appeals = APPEAL_STATUSES.map((s) => ({ key: s, label: APPEAL_STATUS_LABELS[s], count: stats.appeals.byStatus[s] }));
  const reports = PHOTO_REPORT_STATUSES.map((s) => ({
    key: `photo-${s}`,
    label: PHOTO_REPORT_STATUS_LABELS[s],
    count: stats.photoReports.byStatus[s],
  }));
  return (
    <div className="screen-status">
      <Bars title="诉求办理" total={stats.appeals.total} rows={appeals} />
      <Bars title="随手拍处理" total={stats.photoReports.total} rows={reports} />
    </div>
  );
}
