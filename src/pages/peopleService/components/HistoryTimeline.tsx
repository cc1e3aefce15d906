import { Timeline, Typography } from 'antd';
import type { HistoryAction, HistoryEvent } from '@common/contracts/people';
import { formatTime } from '@/utils/format';

const ACTIONS: Record<HistoryAction, { text: string; color: string }> = {
  submit: { text: '提交', color: 'blue' },
  accept: { text: '受理', color: 'blue' },
  reply: { text: '答复', color: 'green' },
  close: { text: '办结', color: 'gray' },
  reject: { text: '不予受理', color: 'red' },
  rate: { text: '评价', color: 'gold' },
  handle: { text: '处理完成', color: 'green' },
  invalid: { text: '标记为无效', color: 'red' },
  dispatch: { text: '转派', color: 'purple' },
  recall: { text: '撤回至镇里办理', color: 'purple' },
};

/** Who did what, when: every step of an appeal or photo report, oldest first. */
export default function HistoryTimeline({ history }: { history: HistoryEvent[] }) {
  if (!history.length) return <Typography.Text type="secondary">暂无办理记录</Typography.Text>;
  return (
    <Timeline
      className="people-history"
      items={history.map((event) => {
        const action = ACTIONS[event.action] ?? { text: event.action, color: 'gray' };
        return {
          key: event.id,
          color: action.color,
          children: (
            <div>
              <div>
                <Typography.Text strong>
                  {action.text}
                  {event.areaName ? `至${event.areaName}` : ''}
                </Typography.Text>
                <Typography.Text type="secondary" className="people-history-meta">
                  {event.actorName} · {formatTime(event.createdAt)}
                </Typography.Text>
              </div>
              {event.note ? <div className="people-history-note">{event.note}</div> : null}
            </div>
          ),
        };
      })}
    />
  );
}
