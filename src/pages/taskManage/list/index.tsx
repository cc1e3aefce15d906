import { PlusOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { App, Button, Space, Tooltip, Typography } from 'antd';
import { useRef, useState } from 'react';
import { TASK_STATUS_ISSUED, TASK_STATUS_ISSUED_LABEL, categoryLabel } from '@common/constants';
import { TASK_SORT_FIELDS, type TaskItem } from '@common/contracts/tasks';
import ListTable, { type ProColumns, type ActionType } from '@/components/ListTable';
import EmptyState from '@/components/EmptyState';
import ExportButton from '@/components/ExportButton';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { CellText, DangerLink, RowActions, RowLink } from '@/components/TableParts';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { closeTask, copyTask, deleteTask, exportTasks, publishTask, queryTasks, type TaskQuery } from '@/services/tasks';
import { apiErrorMessage } from '@/utils/apiError';
import { ADMIN_TABLE, fitColumns, compact, sortParams, toTableResult, withoutPaging } from '@/utils/table';
import { periodBounds, rangeTransform, urlFormSync } from '@/utils/urlForm';
import { AreaNames, CATEGORY_OPTIONS, TASK_STATUS_ENUM, TaskRequirement, areaNames, formatTime, isOverdue } from '../components/taskMeta';

const muted = <Typography.Text type="secondary">—</Typography.Text>;

/** The search form's values: the period of creation as its two days. */
type TaskFilters = TaskQuery & { createdFrom?: string; createdTo?: string };

/** The status filter also offers every task that went out (the dashboard's category figures count these). */
const TASK_STATUS_FILTER_ENUM = {
  ...TASK_STATUS_ENUM,
  [TASK_STATUS_ISSUED]: { text: TASK_STATUS_ISSUED_LABEL, status: 'Default' as const },
};

export default function TaskListPage() {
  const actionRef = useRef<ActionType>();
  // The filters of the list as shown: what 导出Excel sends.
  const lastQuery = useRef<TaskQuery>({});
  const { modal, message } = App.useApp();
  const areas = useAreaOptions();
  const [loadError, setLoadError] = useState<string>();

  const runAction = async (done: string, action: () => Promise<unknown>) => {
    try {
      await action();
      message.success(done);
      actionRef.current?.reload();
    } catch {
      // The request layer already said what went wrong.
    }
  };

  const confirmPublish = (task: TaskItem) =>
    modal.confirm({
      title: `发布任务「${task.title}」？`,
      content: `发布后，${areaNames(task.areas, areas, 4)}的村干部/网格员即可看到并提交；任务内容不能再修改。`,
      okText: '发布',
      cancelText: '取消',
      onOk: () => runAction(`任务已发布：${task.title}`, () => publishTask(task.id)),
    });

  const confirmClose = (task: TaskItem) =>
    modal.confirm({
      title: `关闭任务「${task.title}」？`,
      content: '关闭后不再接受新的提交，已提交的完成情况仍可审核。关闭后不能重新开启。',
      okText: '关闭任务',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => runAction(`任务已关闭：${task.title}`, () => closeTask(task.id)),
    });

  const confirmDelete = (task: TaskItem) =>
    modal.confirm({
      title: `删除草稿「${task.title}」？`,
      content: '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => runAction(`草稿已删除：${task.title}`, () => deleteTask(task.id)),
    });

  const toEdit = (task: TaskItem) => history.push(`/taskManage/create?id=${task.id}`);
  // 复制任务: the copy is a draft to look over (title, deadline) before it goes out.
  const copy = async (task: TaskItem) => {
    try {
      const created = (await copyTask(task.id)).data;
      message.success(`已复制为新草稿：${task.title}`);
      if (created) history.push(`/taskManage/create?id=${created.id}`);
    } catch {
      // The request layer already said what went wrong.
    }
  };
  const toCompletion = (task: TaskItem) => history.push(`/taskManage/complete?taskId=${task.id}`);

  const columns: ProColumns<TaskItem>[] = [
    {
      title: '任务标题',
      dataIndex: 'title',
      width: 240,
      render: (_, task) => (
        <>
          <RowLink className="cell-text" title={task.title} onClick={() => (task.status === 'draft' ? toEdit(task) : toCompletion(task))}>
            {task.title}
          </RowLink>
          <TaskRequirement task={task} />
        </>
      ),
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: TASK_STATUS_FILTER_ENUM, width: 84 },
    {
      title: '工作类别',
      dataIndex: 'category',
      valueType: 'select',
      fieldProps: { options: CATEGORY_OPTIONS, showSearch: true, optionFilterProp: 'label' },
      render: (_, task) => <CellText text={categoryLabel(task.category)} />,
      width: 104,
    },
    {
      title: '目标区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areas },
      width: 120,
      render: (_, task) => <AreaNames ids={task.areas} areas={areas} />,
    },
    {
      title: '截止时间',
      dataIndex: 'deadline',
      search: false,
      sorter: true,
      width: 140,
      render: (_, task) =>
        isOverdue(task) ? (
          <Tooltip title="已过截止时间，仍在接受提交（标记为逾期）">
            <Typography.Text type="danger">{formatTime(task.deadline)}</Typography.Text>
          </Tooltip>
        ) : (
          formatTime(task.deadline)
        ),
    },
    {
      title: '提交情况',
      dataIndex: 'counts',
      search: false,
      width: 100,
      render: (_, task) =>
        task.status === 'draft' ? (
          muted
        ) : (
          <Space direction="vertical" size={0}>
            <Tooltip title="查看待审核的提交" placement="left">
              <RowLink onClick={() => history.push(`/taskManage/audit?taskId=${task.id}&status=pending`)}>
                待审核 {task.pendingCount}
              </RowLink>
            </Tooltip>
            <Typography.Text type="success">已通过 {task.approvedCount}</Typography.Text>
          </Space>
        ),
    },
    {
      title: '创建时间',
      dataIndex: 'created',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: rangeTransform('createdFrom', 'createdTo') },
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: 'right',
      width: 190,
      render: (_, task) => {
        if (task.status === 'draft') {
          return (
            <RowActions danger={<DangerLink onClick={() => confirmDelete(task)}>删除</DangerLink>}>
              <RowLink onClick={() => toEdit(task)}>编辑</RowLink>
              <RowLink onClick={() => confirmPublish(task)}>发布</RowLink>
              <RowLink onClick={() => copy(task)}>复制</RowLink>
            </RowActions>
          );
        }
        return (
          <RowActions danger={task.status === 'published' ? <DangerLink onClick={() => confirmClose(task)}>关闭</DangerLink> : null}>
            <RowLink onClick={() => toCompletion(task)}>完成情况</RowLink>
            <RowLink onClick={() => copy(task)}>复制</RowLink>
          </RowActions>
        );
      },
    },
  ];

  return (
    <PageContainer title="任务列表" subTitle="草稿、进行中和已关闭的任务，以及各任务的提交情况">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<TaskItem, TaskFilters>
        rowKey="id"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        form={{
          syncToUrl: urlFormSync({ numbers: ['category', 'area'], ranges: { created: ['createdFrom', 'createdTo'] } }),
        }}
        pagination={{ defaultPageSize: 10 }}
        request={async (params, sort) => {
          const query: TaskQuery = compact({
            current: params.current,
            pageSize: params.pageSize,
            title: params.title,
            category: params.category,
            status: params.status,
            area: params.area,
            ...periodBounds(params.createdFrom, params.createdTo),
            ...sortParams(sort, TASK_SORT_FIELDS),
          });
          lastQuery.current = query;
          const result = await toTableResult(queryTasks(query));
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: <EmptyState text="没有符合条件的任务" /> }}
        headerTitle="任务"
        toolBarRender={() => [
          <ExportButton key="export" download={(onProgress) => exportTasks(withoutPaging(lastQuery.current), onProgress)} />,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => history.push('/taskManage/create')}>
            发布任务
          </Button>,
        ]}
      />
    </PageContainer>
  );
}
