import { Timeline, Typography } from 'antd';
import { HISTORY_ACTION_LABELS, type HistoryAction, type HistoryEvent } from '@common/contracts/people';
import { formatTime } from '@/utils/format';
import Photos from './Photos';

/** Each step's dot colour on the admin's timeline. */
const COLORS: Record<HistoryAction, string> = {
  submit: 'blue',
  accept: 'blue',
  reply: 'green',
  close: 'gray',
  reject: 'red',
  rate: 'gold',
  handle: 'green',
  invalid: 'red',
  dispatch: 'purple',
  recall: 'purple',
  callback: 'gold',
  callbackMissed: 'gray',
  approve: 'green',
  return: 'orange',
};

/** Who did what, when: every step of an appeal or photo report, oldest first. */
export default function HistoryTimeline({ history }: { history: HistoryEvent[] }) {
  if (!history.length) return <Typography.Text type="secondary">暂无办理记录</Typography.Text>;
  return (
    <Timeline
      className="people-history"
      items={history.map((event) => ({
        key: event.id,
        color: COLORS[event.action] ?? 'gray',
        children: (
          <div>
            <div>
              <Typography.Text strong>
                {HISTORY_ACTION_LABELS[event.action] ?? event.action}
                {event.areaName ? `至${event.areaName}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary" className="people-history-meta">
                {event.actorName} · {formatTime(event.createdAt)}
              </Typography.Text>
            </div>
            {event.note ? <div className="people-history-note">{event.note}</div> : null}
            {event.images?.length ? (
              <div className="people-history-photos">
                <Photos images={event.images} label={`${HISTORY_ACTION_LABELS[event.action] ?? ''}照片`} size={56} />
              </div>
            ) : null}
          </div>
        ),
      }))}
    />
  );
}
