import { history } from '@umijs/max';
import { App, Button, Space } from 'antd';
import { useRef, useState } from 'react';
import type { SubmissionItem } from '@common/contracts/tasks';
import ListTable, { type ActionType } from '@/components/ListTable';
import EmptyState from '@/components/EmptyState';
import ExportButton from '@/components/ExportButton';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import {
  auditSubmission,
  batchApproveSubmissions,
  exportSubmissions,
  querySubmissions,
  type SubmissionQuery,
} from '@/services/submissions';
import { apiErrorMessage } from '@/utils/apiError';
import { ADMIN_TABLE, fitColumns, compact, toTableResult, withoutPaging } from '@/utils/table';
import { urlFormSync } from '@/utils/urlForm';
import RejectModal from './components/RejectModal';
import SubmissionDrawer from './components/SubmissionDrawer';
import { submissionColumns } from './components/columns';
import './index.css';

/** The search form's values: the status filter also offers 全部. */
type AuditFilters = Omit<SubmissionQuery, 'status'> & { status?: SubmissionQuery['status'] | 'all' };

/** 任务审核: the queue of submissions (pending first), approve / reject / batch approve. */
export default function TaskAuditPage() {
  const actionRef = useRef<ActionType>();
  // The filters of the queue as shown: what 导出Excel sends.
  const lastQuery = useRef<SubmissionQuery>({});
  const { modal, message } = App.useApp();
  const areas = useAreaOptions();
  const [loadError, setLoadError] = useState<string>();
  const [selected, setSelected] = useState<SubmissionItem[]>([]);
  const [rejecting, setRejecting] = useState<SubmissionItem>();

  const reload = () => {
    setSelected([]);
    actionRef.current?.clearSelected?.();
    actionRef.current?.reload();
  };

  const approve = (row: SubmissionItem) =>
    modal.confirm({
      title: `通过${row.userName}提交的「${row.taskTitle}」？`,
      content: row.points ? `通过后为 ${row.userName} 记 ${row.points} 积分，不能撤销。` : '通过后不能撤销。',
      okText: '通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          await auditSubmission(row.id, { result: 'approved' });
          message.success(`已通过：${row.userName}（${row.areaName}）${row.points ? `，记 ${row.points} 分` : ''}`);
          reload();
        } catch {
          // The request layer already said why (e.g. someone else reviewed it first).
          actionRef.current?.reload();
        }
      },
    });

  const batchApprove = () => {
    const ids = selected.map((s) => s.id);
    modal.confirm({
      title: `批量通过选中的 ${ids.length} 条提交？`,
      content: '通过后为每位提交人记上对应任务的积分，不能撤销。已被他人审核的提交会自动跳过。',
      okText: '全部通过',
      cancelText: '取消',
      onOk: async () => {
        try {
          const body = await batchApproveSubmissions({ ids, result: 'approved' });
          const approved = body.data?.approved.length ?? 0;
          const skipped = body.data?.skipped.length ?? 0;
          const text = `已通过 ${approved} 条${skipped ? `，跳过 ${skipped} 条（已被审核或无权审核）` : ''}`;
          if (approved) message.success(text);
          else message.warning(text);
          reload();
        } catch {
          // shown by the request layer
        }
      },
    });
  };

  const columns = submissionColumns({
    areas,
    onApprove: approve,
    onReject: setRejecting,
    onOpenTask: (row) => history.push(`/taskManage/complete?taskId=${row.taskId}`),
  });

  return (
    <PageContainer title="任务审核" subTitle="审核各村（社区）提交的任务完成情况，通过后自动记入积分">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<SubmissionItem, AuditFilters>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        // The selection column is 32 px.
        scroll={{ x: fitColumns(columns, {}, 32) }}
        form={{ syncToUrl: urlFormSync({ numbers: ['taskId', 'area', 'category'] }) }}
        pagination={{ defaultPageSize: 10 }}
        rowSelection={{
          selectedRowKeys: selected.map((s) => s.id),
          onChange: (_, rows) => setSelected(rows.filter(Boolean)),
          getCheckboxProps: (row) => ({
            disabled: row.status !== 'pending',
            'aria-label': `选择：${row.userName}（${row.areaName}）提交的「${row.taskTitle}」`,
          }),
        }}
        tableAlertRender={({ selectedRowKeys }) => `已选择 ${selectedRowKeys.length} 条待审核提交`}
        tableAlertOptionRender={() => (
          <Space>
            <Button size="small" type="primary" onClick={batchApprove}>
              批量通过
            </Button>
            <Button size="small" onClick={() => setSelected([])}>
              取消选择
            </Button>
          </Space>
        )}
        request={async (params) => {
          const query: SubmissionQuery = compact({
            current: params.current,
            pageSize: params.pageSize,
            taskId: params.taskId,
            area: params.area,
            category: params.category,
            status: params.status === 'all' ? undefined : params.status,
            keyword: params.keyword,
          });
          lastQuery.current = query;
          const result = await toTableResult(querySubmissions(query));
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        onSubmit={() => setSelected([])}
        locale={{ emptyText: <EmptyState text="没有符合条件的提交" /> }}
        headerTitle="提交记录"
        toolBarRender={() => [
          <ExportButton key="export" download={(onProgress) => exportSubmissions(withoutPaging(lastQuery.current), onProgress)} />,
        ]}
      />
      <RejectModal
        submission={rejecting}
        onClose={() => setRejecting(undefined)}
        onRejected={(row) => {
          setRejecting(undefined);
          message.success(`已驳回：${row.userName}（${row.areaName}）`);
          reload();
        }}
      />
      <SubmissionDrawer />
    </PageContainer>
  );
}
