import { HISTORY_ACTION_LABELS, type HistoryEvent } from '@common/contracts/people';
import { formatDateTime } from '@/components/AppTask/taskText';
import PhotoGrid from './PhotoGrid';

/** Steps that end something well or badly get their own dot colour. */
const TONES: Partial<Record<HistoryEvent['action'], string>> = {
  reply: 'good',
  handle: 'good',
  approve: 'good',
  close: 'done',
  rate: 'done',
  reject: 'bad',
  invalid: 'bad',
  return: 'bad',
};

/** Who did what, when: every step of an appeal or photo report, newest on top. */
export default function HistoryTimeline({ history }: { history: HistoryEvent[] }) {
  if (!history.length) return <p className="m-muted">暂无办理记录</p>;
  const newestFirst = [...history].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);
  return (
    <ol className="svc-timeline" aria-label="办理记录">
      {newestFirst.map((event, index) => (
        <li
          key={event.id}
          className={`svc-timeline-item svc-timeline-${TONES[event.action] ?? 'plain'}${index === 0 ? ' svc-timeline-latest' : ''}`}
        >
          <div className="svc-timeline-head">
            <span className="svc-timeline-action">
              {HISTORY_ACTION_LABELS[event.action] ?? event.action}
              {event.areaName ? `至${event.areaName}` : ''}
            </span>
            <span className="svc-timeline-time">{formatDateTime(event.createdAt)}</span>
          </div>
          <div className="svc-timeline-actor">{event.actorName}</div>
          {event.note ? <div className="svc-timeline-note">{event.note}</div> : null}
          {event.images?.length ? <PhotoGrid images={event.images} label={`${HISTORY_ACTION_LABELS[event.action] ?? ''}照片`} /> : null}
        </li>
      ))}
    </ol>
  );
}
