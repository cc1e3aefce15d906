import { TrophyFilled } from '@ant-design/icons';
import { useAccess } from '@umijs/max';
import { Typography } from 'antd';
import { useRef, useState } from 'react';
import type { RankingRow } from '@common/contracts/scores';
import ListTable, { type ProColumns, type ActionType } from '@/components/ListTable';
import EmptyState from '@/components/EmptyState';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { CellText, RowLink } from '@/components/TableParts';
import { useReferenceOptions } from '@/hooks/useReferenceOptions';
import { type RankingParams, queryRanking } from '@/services/scores';
import { apiErrorMessage } from '@/utils/apiError';
import { ADMIN_TABLE, fitColumns, compact, toTableResult } from '@/utils/table';
import { periodBounds, rangeTransform, urlFormSync } from '@/utils/urlForm';
import ExportButton from './components/ExportButton';
import LedgerDrawer from './components/LedgerDrawer';

const MEDALS = ['#f5a623', '#a0a7b4', '#c47c3c'];

/** The search form's values, the period as its two days. */
interface RankingFilters {
  area?: number;
  groupId?: number;
  name?: string;
  periodFrom?: string;
  periodTo?: string;
}

/** 积分统计: the ranking with filters, each user's ledger, manual adjustment (admin) and export. */
export default function ScorePage() {
  const actionRef = useRef<ActionType>();
  const access = useAccess();
  const refs = useReferenceOptions();
  const [loadError, setLoadError] = useState<string>();
  const [viewing, setViewing] = useState<RankingRow>();
  const [period, setPeriod] = useState(false);
  // The filters of the last query: the export uses exactly these.
  const filters = useRef<Omit<RankingParams, 'current' | 'pageSize'>>({});

  const columns: ProColumns<RankingRow>[] = [
    {
      title: '排名',
      dataIndex: 'rank',
      search: false,
      width: 80,
      align: 'center',
      render: (_, row) =>
        row.rank <= 3 && row.points > 0 ? (
          <span>
            <TrophyFilled style={{ color: MEDALS[row.rank - 1], marginRight: 4 }} />
            {row.rank}
          </span>
        ) : (
          row.rank
        ),
    },
    { title: '姓名', dataIndex: 'name', width: 140, render: (_, row) => <CellText text={row.name} /> },
    { title: '账号', dataIndex: 'account', search: false, width: 140, render: (_, row) => <CellText text={row.account} /> },
    {
      title: '所属区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: refs.areas },
      width: 140,
      render: (_, row) => <CellText text={row.areaName} />,
    },
    {
      title: '用户分组',
      dataIndex: 'groupId',
      valueType: 'select',
      fieldProps: { options: refs.groupOptions },
      hideInTable: true,
    },
    {
      title: '统计期间',
      dataIndex: 'period',
      valueType: 'dateRange',
      hideInTable: true,
      search: { transform: rangeTransform('periodFrom', 'periodTo') },
    },
    {
      title: period ? '期间积分' : '累计积分',
      dataIndex: 'points',
      search: false,
      width: 120,
      align: 'right',
      render: (_, row) => <Typography.Text strong>{row.points}</Typography.Text>,
    },
    {
      title: '操作',
      valueType: 'option',
      width: 120,
      render: (_, row) => <RowLink onClick={() => setViewing(row)}>积分明细</RowLink>,
    },
  ];

  return (
    <PageContainer title="积分统计" subTitle="任务审核通过自动记分；人工调整须填写原因，所有记录不可修改">
      <LoadError message={loadError} onRetry={() => actionRef.current?.reload()} />
      <ListTable<RankingRow, RankingFilters>
        rowKey="userId"
        actionRef={actionRef}
        columns={columns}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        form={{ syncToUrl: urlFormSync({ numbers: ['area', 'groupId'], ranges: { period: ['periodFrom', 'periodTo'] } }) }}
        pagination={{ defaultPageSize: 20, showSizeChanger: true }}
        request={async (params) => {
          const query = compact({
            area: params.area,
            groupId: params.groupId,
            name: params.name,
            ...periodBounds(params.periodFrom, params.periodTo),
          });
          filters.current = query;
          setPeriod(!!(query.from || query.to));
          const result = await toTableResult(queryRanking({ ...query, current: params.current, pageSize: params.pageSize }));
          setLoadError(undefined);
          return result;
        }}
        onRequestError={(error) => setLoadError(apiErrorMessage(error))}
        locale={{ emptyText: <EmptyState text="没有符合条件的用户" /> }}
        headerTitle="积分排行"
        toolBarRender={() => [<ExportButton key="export" filters={() => filters.current} />]}
      />
      <LedgerDrawer
        user={viewing}
        canAdjust={access.canAdmin}
        onClose={() => setViewing(undefined)}
        onAdjusted={() => actionRef.current?.reload()}
      />
    </PageContainer>
  );
}
