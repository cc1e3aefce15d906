import { Typography } from 'antd';
import {
  APPEAL_SOURCES,
  APPEAL_SOURCE_LABELS,
  SATISFACTION_LABELS,
  SATISFACTION_SOURCE_LABELS,
  appealCategoryLabel,
} from '@common/constants';
import { isAppealOpen } from '@common/workflow';
import type { AppealItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import type { Option } from '@/hooks/useReferenceOptions';
import type { ProColumns } from '@/components/ListTable';
import { CellText, RowLink } from '@/components/TableParts';
import { formatTime } from '@/utils/format';
import DueText from '../../components/DueText';
import { APPEAL_CATEGORY_OPTIONS, AppealStatusBadge } from '../../components/peopleMeta';
import AppealActions from './AppealActions';
import { RATED_OPTIONS } from './appealUrl';
import type { AppealActionApi } from './useAppealActions';

interface Options {
  areas: Option[];
  actions: AppealActionApi;
  onOpen: (appeal: AppealItem) => void;
  /** On a phone a fixed column would cover the table. */
  fixActions: boolean;
}

/** Columns the column settings (⚙) can show; hidden at first so the rest fit 1366×768. */
export const APPEAL_OPTIONAL_COLUMNS = ['category', 'satisfaction'] as const;

const SOURCE_OPTIONS = APPEAL_SOURCES.map((value) => ({ value, label: APPEAL_SOURCE_LABELS[value] }));

/** A rating as a star and its words, and whether the villager gave it on the phone or on a call-back. */
function Rating({ appeal }: { appeal: Pick<AppealItem, 'satisfaction' | 'satisfactionSource'> }) {
  const score = appeal.satisfaction!;
  const how = appeal.satisfactionSource ? SATISFACTION_SOURCE_LABELS[appeal.satisfactionSource] : '';
  return (
    <span title={`${how} ${SATISFACTION_LABELS[score - 1]}`} className="people-cell-sub">
      <span style={{ color: '#d48806' }}>★</span> {score}分 {SATISFACTION_LABELS[score - 1]}
      {appeal.satisfactionSource === 'callback' ? '（回访）' : ''}
    </span>
  );
}

/** Where an unrated answer's call-back stands: 待回访, the attempts that did not reach anyone, or ended unreached. */
function CallbackNote({ appeal }: { appeal: AppealItem }) {
  const text = callbackText(appeal);
  if (!text) return null;
  return <div className={appeal.callbackDue ? 'people-cell-sub people-cell-callback' : 'people-cell-sub'}>{text}</div>;
}

export function callbackText(appeal: Pick<AppealItem, 'callbackDue' | 'callbackAttempts' | 'callbackReached'>): string {
  if (appeal.callbackReached === false) return `回访未接通（${appeal.callbackAttempts}次）`;
  if (appeal.callbackDue) return appeal.callbackAttempts ? `待回访 · 未接通${appeal.callbackAttempts}次` : '待回访';
  return appeal.callbackAttempts ? `回访未接通${appeal.callbackAttempts}次` : '';
}

export function appealColumns({ areas, actions, onOpen, fixActions }: Options): ProColumns<AppealItem>[] {
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '标题、内容、提交人或电话', maxLength: LIMITS.peopleKeyword },
    },
    {
      title: '诉求',
      dataIndex: 'title',
      search: false,
      // 184 leaves room for 来源 and the selection column at 1366×768 without a sideways scroll; the title
      // is cut with its tooltip.
      width: 184,
      render: (_, appeal) => (
        <div className="people-cell-main">
          <RowLink className="people-cell-title" onClick={() => onOpen(appeal)} title={appeal.title}>
            {appeal.title}
          </RowLink>
          <span className="people-cell-excerpt">{appeal.excerpt}</span>
        </div>
      ),
    },
    {
      title: '类别',
      dataIndex: 'category',
      valueType: 'select',
      fieldProps: { options: APPEAL_CATEGORY_OPTIONS, placeholder: '全部类别' },
      width: 88,
      render: (_, appeal) => <CellText text={appealCategoryLabel(appeal.category)} />,
    },
    {
      title: '区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areas, showSearch: true, optionFilterProp: 'label', placeholder: '全部区域' },
      width: 80,
      render: (_, appeal) => <CellText text={appeal.areaName} />,
    },
    {
      title: '提交人',
      dataIndex: 'submitterName',
      search: false,
      width: 112,
      render: (_, appeal) => (
        <>
          <CellText text={appeal.submitterName} />
          <span className="people-cell-sub">{appeal.phone}</span>
        </>
      ),
    },
    {
      title: '来源',
      dataIndex: 'source',
      valueType: 'select',
      fieldProps: { options: SOURCE_OPTIONS, placeholder: '全部来源' },
      width: 64,
      render: (_, appeal) => <CellText text={APPEAL_SOURCE_LABELS[appeal.source]} />,
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 100,
      render: (_, appeal) => (
        <>
          <AppealStatusBadge status={appeal.status} />
          {appeal.satisfaction ? (
            <div>
              <Rating appeal={appeal} />
            </div>
          ) : (
            <CallbackNote appeal={appeal} />
          )}
        </>
      ),
    },
    {
      title: '评价',
      dataIndex: 'rated',
      hideInTable: true,
      valueType: 'select',
      fieldProps: { options: RATED_OPTIONS, placeholder: '全部' },
    },
    {
      title: '提交时间',
      dataIndex: 'period',
      valueType: 'dateRange',
      width: 136,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
      render: (_, appeal) => formatTime(appeal.createdAt),
    },
    {
      title: '办理时限',
      dataIndex: 'dueAt',
      search: false,
      width: 136,
      render: (_, appeal) => <DueText dueAt={appeal.dueAt} overdue={appeal.overdue} open={isAppealOpen(appeal.status)} />,
    },
    {
      title: '满意度',
      dataIndex: 'satisfaction',
      search: false,
      width: 120,
      render: (_, appeal) => (appeal.satisfaction ? <Rating appeal={appeal} /> : <Typography.Text type="secondary">—</Typography.Text>),
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: fixActions ? 'right' : undefined,
      width: 172,
      render: (_, appeal) => (
        <AppealActions appeal={appeal} actions={actions} variant="link" lead={<RowLink onClick={() => onOpen(appeal)}>查看</RowLink>} />
      ),
    },
  ];
}
