import { Tag } from 'antd';
import { useRef, useState } from 'react';
import { LOGIN_REASON_LABELS, type LoginLogFilters, type LoginLogItem } from '@common/contracts/system';
import { LIMITS } from '@common/limits';
import ListTable, { type ProColumns, type ActionType } from '@/components/ListTable';
import EmptyState from '@/components/EmptyState';
import ExportButton from '@/components/ExportButton';
import { CellText } from '@/components/TableParts';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { exportLoginLogs, queryLoginLogs } from '@/services/logs';
import { apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { ADMIN_TABLE, fitColumns, sortParams, toTableResult } from '@/utils/table';
import { rangeTransform, urlFormSync } from '@/utils/urlForm';
import { LOG_RESULT_ENUM, logFilters } from '../components/logFilters';

/** `success` is true or false: the logs' 成功 and 失败. */
const SUCCESS_ENUM = { true: LOG_RESULT_ENUM.success, false: LOG_RESULT_ENUM.failure };

/** 系统设置 › 登录日志: every sign-in attempt, its result and why, from which address and browser. */
export default function LoginLogsPage() {
  const actionRef = useRef<ActionType>();
  const [loadError, setLoadError] = useState<string>();
  const [filters, setFilters] = useState<LoginLogFilters & { sortOrder?: 'ascend' | 'descend' }>({});

  const columns: ProColumns<LoginLogItem>[] = [
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
      width: 130,
      fieldProps: { placeholder: '账号中的文字', maxLength: LIMITS.filter },
      render: (_, log) => <CellText text={log.account} />,
    },
    {
      title: '结果',
      dataIndex: 'success',
      valueType: 'select',
      valueEnum: SUCCESS_ENUM,
      width: 90,
      render: (_, log) => (log.success ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>),
    },
    {
      title: '原因',
      dataIndex: 'reason',
      width: 140,
      search: false,
      render: (_, log) => <CellText text={LOGIN_REASON_LABELS[log.reason] ?? log.reason} />,
    },
    { title: '地址', dataIndex: 'ip', width: 140, fieldProps: { placeholder: '完整地址或开头，如 192.168.1.', maxLength: LIMITS.filter } },
    {
      title: '浏览器',
      dataIndex: 'userAgent',
      width: 300,
      search: false,
      render: (_, log) => <CellText text={log.userAgent} />,
    },
  ];

  return (
    <PageContainer title="登录日志" subTitle="每一次登录尝试：成功或失败的原因、来源地址和浏览器">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<LoginLogItem>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        form={{ syncToUrl: urlFormSync({ ranges: { created: ['createdFrom', 'createdTo'] } }) }}
        search={{ defaultCollapsed: false }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={async (params, sort) => {
          const { sortField: _field, ...rest } = { ...logFilters(params), ...sortParams(sort, ['createdAt'] as const) } as Record<
            string,
            unknown
          >;
          const query = { ...rest, success: rest.success === undefined ? undefined : String(rest.success) === 'true' } as LoginLogFilters;
          setFilters(query);
          const result = await toTableResult(queryLoginLogs({ ...query, current: params.current, pageSize: params.pageSize }));
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: <EmptyState text="没有符合条件的登录记录" /> }}
        toolBarRender={() => [<ExportButton key="export" download={(onProgress) => exportLoginLogs(filters, onProgress)} />]}
      />
    </PageContainer>
  );
}
