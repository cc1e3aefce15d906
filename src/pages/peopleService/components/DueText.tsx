import { ClockCircleOutlined, WarningFilled } from '@ant-design/icons';
import { Space, Typography } from 'antd';
import { formatTime } from '@/utils/format';
import { dueState } from '@/utils/timeText';

interface Props {
  dueAt: string;
  overdue: boolean;
  /** Still waiting for an answer (pending or processing): the clock runs. */
  open: boolean;
  /** One line (the drawer) instead of the due time over the state (the table). */
  inline?: boolean;
}

/** The due time with where the item stands: 超期2天3小时 in red, 剩余5小时 in orange when close. */
export default function DueText({ dueAt, overdue, open, inline }: Props) {
  const state = dueState({ dueAt, overdue, open });
  const flag =
    state.kind === 'overdue' ? (
      <Typography.Text type="danger" strong className="people-due-flag">
        <WarningFilled /> {state.text}
      </Typography.Text>
    ) : state.kind === 'soon' ? (
      <Typography.Text type="warning" className="people-due-flag">
        <ClockCircleOutlined /> {state.text}
      </Typography.Text>
    ) : state.kind === 'open' ? (
      <Typography.Text type="secondary" className="people-due-flag">
        {state.text}
      </Typography.Text>
    ) : null;
  return (
    <Space direction={inline ? 'horizontal' : 'vertical'} size={inline ? 12 : 0}>
      <span className={state.kind === 'overdue' ? 'people-due-time people-due-time-overdue' : 'people-due-time'}>{formatTime(dueAt)}</span>
      {flag}
    </Space>
  );
}
