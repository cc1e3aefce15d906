import { Table, Tag, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import type { OperationChange, OperationLogFilters, OperationLogItem } from '@common/contracts/system';
import { LIMITS } from '@common/limits';
import ListTable, { type ProColumns, type ActionType } from '@/components/ListTable';
import EmptyState from '@/components/EmptyState';
import ExportButton from '@/components/ExportButton';
import { CellText } from '@/components/TableParts';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { exportOperationLogs, queryOperationLogs } from '@/services/logs';
import { apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { ADMIN_TABLE, fitColumns, sortParams, toTableResult } from '@/utils/table';
import { rangeTransform, urlFormSync } from '@/utils/urlForm';
import { LOG_RESULT_ENUM, logFilters } from '../components/logFilters';

const empty = <Typography.Text type="secondary">（无）</Typography.Text>;

/** What one operation changed: a field per row, before and after. */
function Changes({ changes }: { changes: OperationChange[] }) {
  return (
    <Table<OperationChange>
      size="small"
      rowKey="field"
      pagination={false}
      dataSource={changes}
      className="operation-log-changes"
      columns={[
        { title: '字段', dataIndex: 'field', width: 160 },
        { title: '修改前', dataIndex: 'before', render: (v: string | null) => (v === null ? empty : v || '（空）') },
        {
          title: '修改后',
          dataIndex: 'after',
          render: (v: string | null) => (v === null ? <Typography.Text type="danger">（已删除）</Typography.Text> : v || '（空）'),
        },
      ]}
    />
  );
}

/**
 * 系统设置 › 操作日志: every write by a signed-in user (who, what, when, from where, the result and the
 * fields it changed), filtered in the URL, exported with the same filters.
 */
export default function OperationLogsPage() {
  const actionRef = useRef<ActionType>();
  const [loadError, setLoadError] = useState<string>();
  const [filters, setFilters] = useState<OperationLogFilters & { sortOrder?: 'ascend' | 'descend' }>({});

  const columns: ProColumns<OperationLogItem>[] = [
    {
      title: '时间',
      dataIndex: 'createdAt',
      width: 150,
      search: false,
      sorter: true,
      defaultSortOrder: 'descend',
      render: (_, log) => formatTime(log.createdAt),
    },
    {
      title: '时间',
      dataIndex: 'created',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: rangeTransform('createdFrom', 'createdTo') },
    },
    {
      title: '账号',
      dataIndex: 'account',
      width: 120,
      fieldProps: { placeholder: '账号中的文字', maxLength: LIMITS.filter },
      render: (_, log) => <CellText text={log.account} />,
    },
    {
      title: '操作',
      dataIndex: 'action',
      width: 220,
      fieldProps: { placeholder: '如 修改用户、审核', maxLength: LIMITS.filter },
      // The call behind the words, for whoever traces it, on hover with the whole text.
      render: (_, log) => (
        <CellText
          text={log.action || `${log.method} ${log.route}`}
          title={[log.action, `${log.method} ${log.route}`].filter(Boolean).join('\n')}
        />
      ),
    },
    { title: '对象编号', dataIndex: 'targetId', width: 90, search: false, render: (_, log) => log.targetId ?? '—' },
    {
      title: '结果',
      dataIndex: 'result',
      valueType: 'select',
      valueEnum: LOG_RESULT_ENUM,
      width: 90,
      render: (_, log) =>
        log.statusCode < 400 ? (
          <Tag color="success">成功</Tag>
        ) : (
          <Tooltip title={`状态码 ${log.statusCode}`}>
            <Tag color="error">失败 {log.statusCode}</Tag>
          </Tooltip>
        ),
    },
    { title: '地址', dataIndex: 'ip', width: 140, fieldProps: { placeholder: '完整地址或开头，如 192.168.1.', maxLength: LIMITS.filter } },
    {
      title: '变更',
      dataIndex: 'changes',
      width: 100,
      search: false,
      render: (_, log) => (log.changes?.length ? `${log.changes.length} 项` : <Typography.Text type="secondary">—</Typography.Text>),
    },
  ];

  return (
    <PageContainer title="操作日志" subTitle="每一次新增、修改、删除和审核：谁、在何时、从哪里、做了什么、改了哪些内容">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<OperationLogItem>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        // The expand column is 48 px.
        scroll={{ x: fitColumns(columns, {}, 48) }}
        form={{ syncToUrl: urlFormSync({ ranges: { created: ['createdFrom', 'createdTo'] } }) }}
        search={{ defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        expandable={{
          rowExpandable: (log) => Boolean(log.changes?.length),
          expandedRowRender: (log) => <Changes changes={log.changes ?? []} />,
        }}
        request={async (params, sort) => {
          const query = { ...logFilters(params), ...sortParams(sort, ['createdAt'] as const) };
          const { sortField: _field, ...rest } = query as typeof query & { sortField?: string };
          setFilters(rest as OperationLogFilters);
          const result = await toTableResult(
            queryOperationLogs({ ...(rest as OperationLogFilters), current: params.current, pageSize: params.pageSize }),
          );
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: <EmptyState text="没有符合条件的操作记录" /> }}
        toolBarRender={() => [<ExportButton key="export" download={(onProgress) => exportOperationLogs(filters, onProgress)} />]}
      />
    </PageContainer>
  );
}
