import { history } from '@umijs/max';
import { Descriptions, Drawer, Tag, Typography } from 'antd';
import { useRef, useState } from 'react';
import { SCORE_SOURCE_LABELS } from '@common/constants';
import type { LedgerEntry, RankingRow } from '@common/contracts/scores';
import ListTable, { type ProColumns, type ActionType } from '@/components/ListTable';
import EmptyState from '@/components/EmptyState';
import LoadError from '@/components/LoadError';
import { queryLedger } from '@/services/scores';
import { apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import AdjustForm from './AdjustForm';
import { RowLink } from '@/components/TableParts';

interface Props {
  user?: RankingRow;
  canAdjust: boolean;
  onClose: () => void;
  /** After a manual adjustment: the ranking changes too. */
  onAdjusted: () => void;
}

const Delta = ({ value }: { value: number }) => (
  <Typography.Text strong style={{ color: value > 0 ? 'var(--glp-success-text)' : 'var(--glp-error-text)' }}>
    {value > 0 ? `+${value}` : `−${Math.abs(value)}`}
  </Typography.Text>
);

/** One user's score ledger, newest first, and (for admins) a manual adjustment. */
export default function LedgerDrawer({ user, canAdjust, onClose, onAdjusted }: Props) {
  const actionRef = useRef<ActionType>();
  const [points, setPoints] = useState<number>();
  const [loadError, setLoadError] = useState<string>();

  const columns: ProColumns<LedgerEntry>[] = [
    { title: '时间', dataIndex: 'createdAt', width: 140, render: (_, entry) => formatTime(entry.createdAt) },
    { title: '积分变动', dataIndex: 'delta', width: 90, align: 'right', render: (_, entry) => <Delta value={entry.delta} /> },
    {
      title: '来源',
      dataIndex: 'source',
      width: 90,
      render: (_, entry) => <Tag color={entry.source === 'task' ? 'blue' : 'purple'}>{SCORE_SOURCE_LABELS[entry.source]}</Tag>,
    },
    { title: '原因', dataIndex: 'reason', ellipsis: true },
    {
      title: '关联',
      key: 'link',
      width: 180,
      ellipsis: true,
      render: (_, entry) =>
        entry.source === 'task' && entry.taskId ? (
          <RowLink onClick={() => history.push(`/taskManage/complete?taskId=${entry.taskId}`)}>
            {entry.taskTitle ?? `任务 ${entry.taskId}`}
          </RowLink>
        ) : (
          <Typography.Text type="secondary">操作人：{entry.operatorName ?? '—'}</Typography.Text>
        ),
    },
  ];

  return (
    <Drawer title={user ? `积分明细：${user.name}` : '积分明细'} open={!!user} onClose={onClose} width={860} destroyOnHidden>
      {user ? (
        <>
          <Descriptions size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="账号">{user.account}</Descriptions.Item>
            <Descriptions.Item label="所属区域">{user.areaName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="累计积分">
              <Typography.Text strong style={{ fontSize: 16 }}>
                {points ?? user.points}
              </Typography.Text>
              &nbsp;分
            </Descriptions.Item>
          </Descriptions>
          {canAdjust ? (
            <AdjustForm
              user={user}
              onAdjusted={() => {
                actionRef.current?.reloadAndRest?.();
                onAdjusted();
              }}
            />
          ) : null}
          <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
          <ListTable<LedgerEntry>
            rowKey="id"
            actionRef={actionRef}
            columns={columns}
            search={false}
            options={{ reload: true, density: false, setting: false }}
            headerTitle="积分记录"
            size="small"
            plain
            params={{ userId: user.userId }}
            pagination={{ defaultPageSize: 10, showSizeChanger: true, showTotal: (total) => `共 ${total} 条` }}
            request={async (params) => {
              const body = await queryLedger({ userId: user.userId, current: params.current, pageSize: params.pageSize });
              setPoints(body.data?.points);
              setLoadError(undefined);
              return { data: body.data?.list ?? [], total: body.data?.total ?? 0 };
            }}
            onRequestError={(error) => setLoadError(apiErrorMessage(error))}
            locale={{ emptyText: <EmptyState text="还没有积分记录" /> }}
          />
        </>
      ) : null}
    </Drawer>
  );
}
