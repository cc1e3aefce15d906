import { PlusOutlined } from '@ant-design/icons';
import { useRequest } from 'ahooks';
import { Button, Col, Empty, Row } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { OpinionItem } from '@common/contracts/people';
import ListTable, { type ProFormInstance } from '@/components/ListTable';
import ExportButton from '@/components/ExportButton';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { ADMIN_TABLE, fitColumns } from '@/utils/table';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { exportOpinions, queryOpinionTrend, queryOpinions } from '@/services/opinions';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/useMediaQuery';
import { useListUrlState } from '../components/useListUrlState';
import '../components/people.css';
import KeywordPanel from './components/KeywordPanel';
import OpinionForm from './components/OpinionForm';
import TrendCard from './components/TrendCard';
import { opinionColumns } from './components/columns';
import { OPINION_TABS, OPINION_TAB_LABELS, type OpinionTab, opinionUrl, tabQuery } from './components/opinionUrl';
import { useOpinionActions } from './components/useOpinionActions';
import './opinion.css';

const PATH = '/peopleService/opinion';

const EMPTY_TEXT: Record<OpinionTab, string> = {
  all: '还没有舆情记录',
  monitoring: '没有监测中的舆情',
  handled: '还没有已处置的舆情',
};

/** The form is closed, open for a new item, or open on one item. */
type Editing = { opinion?: OpinionItem } | undefined;

/**
 * 舆情监测: the sentiment trend of the last days, the watch keywords, and the list of items with
 * status tabs, filters and their actions. The URL holds the tab, the filters and the page.
 */
export default function OpinionPage() {
  const { state, go } = useListUrlState(PATH, opinionUrl);
  const formRef = useRef<ProFormInstance>();
  const areas = useAreaOptions();
  const fixActions = useMediaQuery(WIDE_SCREEN);
  const [editing, setEditing] = useState<Editing>();

  const filterQuery = opinionUrl.toQuery(state.filters);
  const listQuery = { ...filterQuery, ...tabQuery(state.tab), current: state.current, pageSize: state.pageSize };
  const listKey = opinionUrl.toSearch({ ...state, id: undefined });

  const list = useRequest(async () => (await queryOpinions(listQuery, { skipErrorHandler: true })).data, { refreshDeps: [listKey] });
  const trend = useRequest(async () => (await queryOpinionTrend({ skipErrorHandler: true })).data);

  const refreshAll = () => {
    list.refresh();
    trend.refresh();
  };
  const actions = useOpinionActions(refreshAll);
  const columns = opinionColumns({ areas, actions, onEdit: (opinion) => setEditing({ opinion }), fixActions });

  // The back button (or a link) changed the URL: show its filters in the form.
  useEffect(() => {
    formRef.current?.setFieldsValue(opinionUrl.toForm(state.filters));
  }, [state.filters]);

  const search = (next: typeof state) => {
    if (!go(next)) list.refresh();
  };

  const filtered = opinionUrl.hasFilters(state.filters);
  const emptyText = list.error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="舆情列表加载失败" />
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的舆情">
      <Button onClick={() => go({ ...state, filters: {}, current: 1 })}>清空筛选条件</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_TEXT[state.tab]} />
  );

  return (
    <PageContainer title="舆情监测" subTitle="舆情来自工作人员的记录，以及包含监测关键词的群众诉求、随手拍（系统自动生成）">
      <Row gutter={[16, 16]} className="opinion-top">
        <Col xs={24} xl={16}>
          <TrendCard days={trend.data?.days} error={trend.error ? pageErrorMessage(trend.error) : undefined} onRetry={trend.refresh} />
        </Col>
        <Col xs={24} xl={8}>
          <KeywordPanel />
        </Col>
      </Row>
      <LoadError message={list.error ? pageErrorMessage(list.error) : undefined} onRetry={list.refresh} />
      <ListTable<OpinionItem>
        rowKey="id"
        formRef={formRef}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        {...ADMIN_TABLE}
        scroll={{ x: fitColumns(columns) }}
        search={{ defaultCollapsed: !(state.filters.from || state.filters.area || state.filters.source) }}
        form={{ initialValues: opinionUrl.toForm(state.filters) }}
        onSubmit={(values) => search({ ...state, filters: opinionUrl.fromForm(values), current: 1 })}
        onReset={() => search({ ...state, filters: {}, current: 1 })}
        pagination={{
          current: state.current,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (current, pageSize) => go({ ...state, current: pageSize !== state.pageSize ? 1 : current, pageSize }),
        }}
        options={{ reload: refreshAll, density: false, setting: true }}
        locale={{ emptyText }}
        toolbar={{
          menu: {
            activeKey: state.tab,
            items: OPINION_TABS.map((tab) => ({ key: tab, label: OPINION_TAB_LABELS[tab] })),
            onChange: (tab) => go({ ...state, tab: tab as OpinionTab, current: 1 }),
          },
        }}
        toolBarRender={() => [
          <ExportButton key="export" download={(onProgress) => exportOpinions({ ...filterQuery, ...tabQuery(state.tab) }, onProgress)} />,
          <Button key="create" type="primary" icon={<PlusOutlined />} onClick={() => setEditing({})}>
            新增舆情
          </Button>,
        ]}
      />
      <OpinionForm
        open={!!editing}
        opinion={editing?.opinion}
        areas={areas}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          refreshAll();
        }}
        onStale={() => {
          setEditing(undefined);
          refreshAll();
        }}
      />
    </PageContainer>
  );
}
