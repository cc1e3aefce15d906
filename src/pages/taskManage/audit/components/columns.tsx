import { Badge, Space, Typography } from 'antd';
import { SUBMISSION_STATUS_LABELS, TASK_ISSUED_STATES, categoryLabel } from '@common/constants';
import type { SubmissionItem } from '@common/contracts/tasks';
import type { ProColumns } from '@/components/ListTable';
import { CellText, DangerLink, RowActions, RowLink } from '@/components/TableParts';
import type { Option } from '@/hooks/useReferenceOptions';
import { CATEGORY_OPTIONS, LateTag, SUBMISSION_STATUS_ENUM, formatTime } from '../../components/taskMeta';
import TaskSelect from '../../components/TaskSelect';
import SubmissionPhotos from './SubmissionPhotos';

/** The status filter also offers 全部 (the queue opens on 待审核). */
const STATUS_FILTER = {
  ...SUBMISSION_STATUS_ENUM,
  all: { text: '全部', status: 'Default' as const },
};

interface Handlers {
  areas: Option[];
  onApprove: (submission: SubmissionItem) => void;
  onReject: (submission: SubmissionItem) => void;
  onOpenTask: (submission: SubmissionItem) => void;
}

export function submissionColumns({ areas, onApprove, onReject, onOpenTask }: Handlers): ProColumns<SubmissionItem>[] {
  return [
    {
      title: '任务',
      dataIndex: 'taskId',
      width: 180,
      renderFormItem: () => <TaskSelect statuses={TASK_ISSUED_STATES} placeholder="全部任务" />,
      render: (_, row) => (
        <>
          <RowLink className="cell-text" title={row.taskTitle} onClick={() => onOpenTask(row)}>
            {row.taskTitle}
          </RowLink>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {categoryLabel(row.category)} · {row.points} 分
          </Typography.Text>
        </>
      ),
    },
    {
      title: '提交人',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areas, placeholder: '全部区域' },
      formItemProps: { label: '区域' },
      width: 96,
      render: (_, row) => (
        <>
          <CellText text={row.userName} />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.areaName}
          </Typography.Text>
        </>
      ),
    },
    {
      title: '工作类别',
      dataIndex: 'category',
      valueType: 'select',
      hideInTable: true,
      fieldProps: { options: CATEGORY_OPTIONS, showSearch: true, optionFilterProp: 'label' },
    },
    {
      title: '完成情况说明',
      dataIndex: 'text',
      search: false,
      width: 220,
      render: (_, row) =>
        row.text ? (
          <Typography.Paragraph
            ellipsis={{ rows: 3, expandable: 'collapsible', symbol: (open) => (open ? '收起' : '展开') }}
            style={{ margin: 0 }}
          >
            {row.text}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">未填写文字</Typography.Text>
        ),
    },
    {
      title: '图片',
      dataIndex: 'images',
      search: false,
      width: 184,
      render: (_, row) => <SubmissionPhotos images={row.images} name={row.userName} />,
    },
    {
      title: '提交时间',
      dataIndex: 'createdAt',
      search: false,
      width: 136,
      render: (_, row) => (
        <Space direction="vertical" size={2}>
          <span>{formatTime(row.createdAt)}</span>
          {row.late ? <LateTag /> : null}
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_FILTER,
      initialValue: 'pending',
      fieldProps: { allowClear: false },
      hideInTable: true,
      // First in the query form, so the collapsed form shows that the queue is filtered to 待审核.
      order: 100,
    },
    {
      title: '关键词',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '提交人姓名或说明内容' },
    },
    {
      title: '审核',
      valueType: 'option',
      fixed: 'right',
      width: 140,
      render: (_, row) =>
        row.status === 'pending' ? (
          <RowActions danger={<DangerLink onClick={() => onReject(row)}>驳回</DangerLink>}>
            <RowLink onClick={() => onApprove(row)}>通过</RowLink>
          </RowActions>
        ) : (
          <div className="audit-review">
            <Badge status={row.status === 'approved' ? 'success' : 'error'} text={SUBMISSION_STATUS_LABELS[row.status]} />
            <CellText text={row.reviewerName ?? '—'} className="audit-review-meta" />
            <div className="audit-review-meta">{formatTime(row.reviewedAt)}</div>
            {row.comment ? <CellText text={`意见：${row.comment}`} className="audit-review-meta" /> : null}
          </div>
        ),
    },
  ];
}
