import dayjs from 'dayjs';
import { Space, Typography } from 'antd';
import type { PhotoReportItem } from '@common/contracts/people';
import { formatTime } from '@/utils/format';
import { relativeTime, spanText } from '@/utils/timeText';

const DAY = 24 * 60 * 60 * 1000;
/** A pending report waiting longer than this is flagged (there is no due time for reports). */
const LONG_WAIT_MS = DAY;
/** Past this, how long ago is the date already shown (relativeTime turns into a date too). */
const RECENT_MS = 7 * DAY;

interface Props {
  report: Pick<PhotoReportItem, 'createdAt' | 'status'>;
  /** One line (the drawer) instead of the time over the note (the table). */
  inline?: boolean;
}

/** When a report came in, then how long it has waited while pending (orange after a day) or, within a week, how long ago. */
export default function SubmittedTime({ report, inline }: Props) {
  const age = Date.now() - dayjs(report.createdAt).valueOf();
  const note =
    report.status === 'pending' ? (
      <Typography.Text type={age >= LONG_WAIT_MS ? 'warning' : 'secondary'} className="people-due-flag">
        已等待{spanText(age)}
      </Typography.Text>
    ) : age < RECENT_MS ? (
      <Typography.Text type="secondary" className="people-due-flag">
        {relativeTime(report.createdAt)}
      </Typography.Text>
    ) : null;
  return (
    <Space direction={inline ? 'horizontal' : 'vertical'} size={inline ? 12 : 0}>
      <span className="people-due-time">{formatTime(report.createdAt)}</span>
      {note}
    </Space>
  );
}
