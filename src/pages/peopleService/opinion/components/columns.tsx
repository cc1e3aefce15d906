import { LinkOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Popconfirm, Tag } from 'antd';
import { OPINION_SENTIMENTS, OPINION_SENTIMENT_LABELS, OPINION_TREND_DAYS, opinionSourceLabel } from '@common/constants';
import type { OpinionItem } from '@common/contracts/people';
import { LIMITS } from '@common/limits';
import type { Option } from '@/hooks/useReferenceOptions';
import type { ProColumns } from '@/components/ListTable';
import { CellText, DangerLink, RowActions, RowLink } from '@/components/TableParts';
import { formatTime } from '@/utils/format';
import { LevelTag, OPINION_LEVEL_OPTIONS, OPINION_SOURCE_OPTIONS, OpinionStatusBadge, SentimentTag } from '../../components/peopleMeta';
import type { OpinionActionApi } from './useOpinionActions';

interface Options {
  areas: Option[];
  actions: OpinionActionApi;
  onEdit: (opinion: OpinionItem) => void;
  /** On a phone a fixed column would cover the table. */
  fixActions: boolean;
}

const SENTIMENT_OPTIONS = OPINION_SENTIMENTS.map((value) => ({ value, label: OPINION_SENTIMENT_LABELS[value] }));

/** The appeal or photo report an automatic item came from, opened in its own list. */
function SourceRecord({ opinion }: { opinion: OpinionItem }) {
  if (opinion.appealId) return <Link to={`/peopleService/appeal?id=${opinion.appealId}`}>查看群众诉求 #{opinion.appealId}</Link>;
  if (opinion.photoReportId) return <Link to={`/peopleService/shot?id=${opinion.photoReportId}`}>查看随手拍 #{opinion.photoReportId}</Link>;
  return null;
}

export function opinionColumns({ areas, actions, onEdit, fixActions }: Options): ProColumns<OpinionItem>[] {
  return [
    {
      title: '关键字',
      dataIndex: 'keyword',
      hideInTable: true,
      fieldProps: { placeholder: '标题、摘要或监测关键词', maxLength: LIMITS.peopleKeyword },
    },
    {
      title: '舆情',
      dataIndex: 'title',
      search: false,
      width: 260,
      render: (_, opinion) => (
        <div className="people-cell-main">
          <div className="opinion-cell-title">
            <span className="people-cell-title" title={opinion.title}>
              {opinion.title}
            </span>
            {opinion.link ? (
              <a href={opinion.link} target="_blank" rel="noopener noreferrer" title={opinion.link} aria-label="打开原文链接">
                <LinkOutlined />
              </a>
            ) : null}
          </div>
          {opinion.summary ? <span className="people-cell-excerpt">{opinion.summary}</span> : null}
          <SourceRecord opinion={opinion} />
        </div>
      ),
    },
    {
      title: '来源',
      dataIndex: 'source',
      valueType: 'select',
      fieldProps: { options: OPINION_SOURCE_OPTIONS, placeholder: '全部来源' },
      width: 88,
      render: (_, opinion) => (
        <>
          <CellText text={opinionSourceLabel(opinion.source)} />
          {opinion.keyword ? (
            <Tag color="blue" title={`命中监测关键词「${opinion.keyword}」`} className="opinion-keyword-tag">
              {opinion.keyword}
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: '情感倾向',
      dataIndex: 'sentiment',
      valueType: 'select',
      fieldProps: { options: SENTIMENT_OPTIONS, placeholder: '全部' },
      width: 80,
      render: (_, opinion) => <SentimentTag sentiment={opinion.sentiment} />,
    },
    {
      title: '级别',
      dataIndex: 'level',
      valueType: 'select',
      fieldProps: { options: OPINION_LEVEL_OPTIONS, placeholder: '全部级别' },
      width: 64,
      render: (_, opinion) => <LevelTag level={opinion.level} />,
    },
    {
      title: '相关区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areas, showSearch: true, optionFilterProp: 'label', placeholder: '全部区域' },
      width: 80,
      render: (_, opinion) => <CellText text={opinion.areaName} />,
    },
    {
      title: '记录时间',
      dataIndex: 'period',
      valueType: 'dateRange',
      width: 136,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
      render: (_, opinion) => (
        <>
          <div>{formatTime(opinion.createdAt)}</div>
          <CellText text={opinion.createdByName} className="people-cell-sub" />
        </>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      search: false,
      width: 84,
      render: (_, opinion) => <OpinionStatusBadge status={opinion.status} />,
    },
    {
      title: '操作',
      valueType: 'option',
      fixed: fixActions ? 'right' : undefined,
      width: 184,
      render: (_, opinion) => (
        <RowActions
          danger={
            <Popconfirm
              title={`删除舆情「${opinion.title}」？`}
              description={`删除后不能恢复，近${OPINION_TREND_DAYS}天趋势中也不再计入这一条。`}
              okText="删除"
              cancelText="取消"
              okButtonProps={{ danger: true }}
              onConfirm={() => actions.remove(opinion)}
            >
              <DangerLink>删除</DangerLink>
            </Popconfirm>
          }
        >
          <RowLink onClick={() => onEdit(opinion)}>编辑</RowLink>
          {opinion.status === 'monitoring' ? (
            <RowLink onClick={() => actions.handle(opinion)}>标为已处置</RowLink>
          ) : (
            <RowLink onClick={() => actions.reopen(opinion)}>重新监测</RowLink>
          )}
        </RowActions>
      ),
    },
  ];
}
