import { history } from '@umijs/max';
import { Drawer, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { SUBMISSION_STATUS_LABELS } from '@common/constants';
import type { CompletionPerson } from '@common/contracts/tasks';
import ListTable, { type ProColumns } from '@/components/ListTable';
import EmptyState from '@/components/EmptyState';
import ExportButton from '@/components/ExportButton';
import LoadError from '@/components/LoadError';
import { exportCompletionPeople, queryCompletionPeople } from '@/services/tasks';
import { apiErrorMessage } from '@/utils/apiError';
import { compact, toTableResult } from '@/utils/table';
import { LateTag, formatTime } from '../../components/taskMeta';
import { RowLink } from '@/components/TableParts';

export type PeopleState = '' | 'not_submitted' | 'pending' | 'approved' | 'rejected';

export const PEOPLE_STATES: Array<{ value: PeopleState; label: string }> = [
  { value: '', label: '全部' },
  { value: 'not_submitted', label: '未提交' },
  { value: 'pending', label: SUBMISSION_STATUS_LABELS.pending },
  { value: 'approved', label: SUBMISSION_STATUS_LABELS.approved },
  { value: 'rejected', label: SUBMISSION_STATUS_LABELS.rejected },
];

const STATE_COLORS = { pending: 'orange', approved: 'green', rejected: 'red' } as const;

interface Props {
  open: boolean;
  taskId: number;
  /** One area, or undefined for every targeted area. */
  area?: number;
  title: string;
  state: PeopleState;
  onStateChange: (state: PeopleState) => void;
  onClose: () => void;
}

/** The targeted people of a task in one area (or all), by their state: who has not submitted yet. */
export default function PeopleDrawer({ open, taskId, area, title, state, onStateChange, onClose }: Props) {
  const [loadError, setLoadError] = useState<string>();
  const [reloadKey, setReloadKey] = useState(0);

  const columns: ProColumns<CompletionPerson>[] = [
    { title: '姓名', dataIndex: 'name', width: 100 },
    { title: '账号', dataIndex: 'account', width: 120, ellipsis: true },
    { title: '手机号码', dataIndex: 'phone', width: 130 },
    ...(area === undefined ? [{ title: '区域', dataIndex: 'areaName', width: 100 } as ProColumns<CompletionPerson>] : []),
    {
      title: '完成情况',
      dataIndex: 'status',
      width: 110,
      render: (_, person) =>
        person.status ? (
          <Space size={4}>
            <Tag color={STATE_COLORS[person.status]}>{SUBMISSION_STATUS_LABELS[person.status]}</Tag>
            {person.late ? <LateTag /> : null}
          </Space>
        ) : (
          <Tag>未提交</Tag>
        ),
    },
    { title: '提交时间', dataIndex: 'submittedAt', width: 150, render: (_, person) => formatTime(person.submittedAt) },
    {
      title: '操作',
      key: 'action',
      width: 80,
      render: (_, person) =>
        person.status === 'pending' ? (
          <RowLink
            onClick={() => history.push(`/taskManage/audit?taskId=${taskId}&status=pending&keyword=${encodeURIComponent(person.name)}`)}
          >
            去审核
          </RowLink>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
  ];

  return (
    <Drawer title={title} open={open} onClose={onClose} width={820} destroyOnHidden>
      <Space style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }} wrap>
        <Segmented<PeopleState> value={state} onChange={onStateChange} options={PEOPLE_STATES} />
        <ExportButton download={(onProgress) => exportCompletionPeople(taskId, compact({ area, state: state || undefined }), onProgress)} />
      </Space>
      <LoadError message={loadError} onRetry={() => setReloadKey((k) => k + 1)} />
      <ListTable<CompletionPerson>
        rowKey="userId"
        columns={columns}
        search={false}
        options={false}
        size="small"
        plain
        params={{ taskId, area, state, reloadKey }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true, showTotal: (total) => `共 ${total} 人` }}
        request={async (params) => {
          const result = await toTableResult(
            queryCompletionPeople(taskId, compact({ current: params.current, pageSize: params.pageSize, area, state: state || undefined })),
          );
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{
          emptyText: <EmptyState text={state === 'not_submitted' ? '所有人员都已提交' : '没有符合条件的人员'} />,
        }}
      />
    </Drawer>
  );
}
