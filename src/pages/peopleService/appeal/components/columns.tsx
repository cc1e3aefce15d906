import type { ProColumns } from '@ant-design/pro-components';
import { Space, Typography } from 'antd';
import { SATISFACTION_LABELS, appealCategoryLabel } from '@common/constants';
import type { AppealItem } from '@common/contracts/people';
import type { Option } from '@/hooks/useReferenceOptions';
import { formatTime } from '@/utils/format';
import DueText from '../../components/DueText';
import { APPEAL_CATEGORY_OPTIONS, AppealStatusBadge } from '../../components/peopleMeta';
import AppealActions from './AppealActions';
import { isOpenAppeal } from './appealUrl';
import type { AppealActionApi } from './useAppealActions';

interface Options {
  areas: Option[];
  actions: AppealActionApi;
  onOpen: (appeal: AppealItem) => void;
  /** On a phone a fixed column would cover the table. */
  fixActions: boolean;
}

export function appealColumns({ areas, actions, onOpen, fixActions }: Options): ProColumns<AppealItem>[] {
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '标题、内容、提交人或电话', maxLength: 50 },
    },
    {
      title: '诉求',
      dataIndex: 'title',
      search: false,
      width: 280,
      render: (_, appeal) => (
        <div style={{ maxWidth: 264 }}>
          <Typography.Link className="people-cell-title" onClick={() => onOpen(appeal)} title={appeal.title}>
            {appeal.title}
          </Typography.Link>
          <span className="people-cell-excerpt">{appeal.excerpt}</span>
        </div>
      ),
    },
    {
      title: '类别',
      dataIndex: 'category',
      valueType: 'select',
      fieldProps: { options: APPEAL_CATEGORY_OPTIONS, placeholder: '全部类别' },
      width: 96,
      render: (_, appeal) => appealCategoryLabel(appeal.category),
    },
    {
      title: '区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areas, showSearch: true, optionFilterProp: 'label', placeholder: '全部区域' },
      width: 96,
      render: (_, appeal) => appeal.areaName,
    },
    {
      title: '提交人',
      dataIndex: 'submitterName',
      search: false,
      width: 124,
      render: (_, appeal) => (
        <Space direction="vertical" size={0}>
          <span>{appeal.submitterName}</span>
          <span className="people-cell-sub">{appeal.phone}</span>
        </Space>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 92,
      render: (_, appeal) => <AppealStatusBadge status={appeal.status} />,
    },
    {
      title: '提交时间',
      dataIndex: 'period',
      valueType: 'dateRange',
      width: 140,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
      render: (_, appeal) => formatTime(appeal.createdAt),
    },
    {
      title: '办理时限',
      dataIndex: 'dueAt',
      search: false,
      width: 148,
      render: (_, appeal) => <DueText dueAt={appeal.dueAt} overdue={appeal.overdue} open={isOpenAppeal(appeal.status)} />,
    },
    {
      title: '满意度',
      dataIndex: 'satisfaction',
      search: false,
      width: 96,
      render: (_, appeal) =>
        appeal.satisfaction ? (
          <span title={SATISFACTION_LABELS[appeal.satisfaction - 1]}>
            <span style={{ color: '#fadb14' }}>★</span> {appeal.satisfaction}分
            <div className="people-cell-sub">{SATISFACTION_LABELS[appeal.satisfaction - 1]}</div>
          </span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        ),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: fixActions ? 'right' : undefined,
      width: 164,
      render: (_, appeal) => (
        <Space size={12} wrap={false}>
          <a onClick={() => onOpen(appeal)}>查看</a>
          <AppealActions appeal={appeal} actions={actions} variant="link" />
        </Space>
      ),
    },
  ];
}
