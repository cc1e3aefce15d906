import { PlusOutlined, PushpinFilled } from '@ant-design/icons';
import { history, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { App, Button, Empty, Space, Tag, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useRef, useState } from 'react';
import { newsColumnLabel } from '@common/constants';
import type { NewsItem } from '@common/contracts/content';
import { LIMITS } from '@common/limits';
import ListTable, { type ProColumns, type ProFormInstance } from '@/components/ListTable';
import ExportButton from '@/components/ExportButton';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { CellText } from '@/components/TableParts';
import { useMediaQuery, WIDE_SCREEN } from '@/hooks/useMediaQuery';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { exportNews, queryNews } from '@/services/news';
import { formatTime } from '@/utils/format';
import { ADMIN_TABLE, useFitColumns, withoutPaging } from '@/utils/table';
import { NEWS_COLUMN_OPTIONS, NEWS_STATUS_ENUM, useAreaOptions } from '../components/newsMeta';
import './index.css';
import NewsActions from './components/NewsActions';
import NewsPreview from './components/NewsPreview';
import {
  NEWS_SORT_FIELDS,
  type NewsListState,
  type NewsSortField,
  hasFilters,
  parseNewsListSearch,
  toFilters,
  toNewsForm,
  toNewsListSearch,
  toNewsQuery,
} from './components/newsListUrl';

const PATH = '/newsManage/list';
const PINNED_ENUM = { true: { text: '已置顶' }, false: { text: '未置顶' } };
/** Shown through the column settings (⚙); hidden at first so the rest fit 1366×768. */
const OPTIONAL_COLUMNS = ['authorName'];

/**
 * 新闻列表. The URL holds the filters, page and sort (deep links, reloads and the back button all
 * work): the search form and the table only ever change the URL, and the list follows it.
 */
export default function NewsListPage() {
  const { message } = App.useApp();
  const { search } = useLocation();
  const state = useMemo(() => parseNewsListSearch(search), [search]);
  const formRef = useRef<ProFormInstance>();
  const areaOptions = useAreaOptions();
  const [previewId, setPreviewId] = useState<number>();
  // On a phone a fixed column would cover the whole table: there it scrolls with the rest.
  const wide = useMediaQuery(WIDE_SCREEN);
  // The table keeps its own sort state (taken from `defaultSortOrder` when it mounts): when the URL's
  // sort changes without the table (back button, a link), the table is mounted afresh from the URL.
  const sortKey = `${state.sortField ?? ''}:${state.sortOrder ?? ''}`;
  const tableSort = useRef(sortKey);
  const [tableKey, setTableKey] = useState(0);
  useEffect(() => {
    if (tableSort.current === sortKey) return;
    tableSort.current = sortKey;
    setTableKey((key) => key + 1);
  }, [sortKey]);
  // The form starts from the URL the table mounted with; later URLs are set by the effect below.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initialFilters = useMemo(() => state.filters, [tableKey]);

  const list = useRequest(async () => (await queryNews(toNewsQuery(state), { skipErrorHandler: true })).data, {
    refreshDeps: [search],
  });

  // The back button (or a link) changed the URL: show its filters in the form.
  useEffect(() => {
    formRef.current?.setFieldsValue(toNewsForm(state.filters));
  }, [state]);

  const go = (next: NewsListState) => {
    const target = toNewsListSearch(next);
    if (target !== search) history.push(`${PATH}${target}`);
    else list.refresh();
  };

  const run = async (done: string, action: () => Promise<unknown>) => {
    try {
      await action();
      message.success(done);
      list.refresh();
    } catch {
      // The request layer already said what went wrong (e.g. the server's refusal).
      list.refresh();
    }
  };

  const sortOrderOf = (field: NewsSortField) => (state.sortField === field ? state.sortOrder : undefined);

  const columns: ProColumns<NewsItem>[] = [
    {
      title: '标题',
      dataIndex: 'title',
      width: 240,
      fieldProps: { placeholder: '输入标题中的文字', maxLength: LIMITS.newsTitle },
      render: (_, news) => (
        <Space size={10} align="center" style={{ maxWidth: '100%' }}>
          {news.cover ? (
            <img className="news-list-cover" src={news.cover.url} alt="" />
          ) : (
            <span className="news-list-cover news-list-cover-none">无封面</span>
          )}
          <span className="news-list-title">
            {/* Pinned items lead the list: a gold pin, not red, which the lists keep for what went wrong. */}
            {news.pinned ? (
              <Tag color="gold" icon={<PushpinFilled />} style={{ marginInlineEnd: 6 }}>
                置顶
              </Tag>
            ) : null}
            <Typography.Link onClick={() => setPreviewId(news.id)} title={news.title}>
              {news.title}
            </Typography.Link>
          </span>
        </Space>
      ),
    },
    {
      title: '栏目',
      dataIndex: 'column',
      valueType: 'select',
      fieldProps: { options: NEWS_COLUMN_OPTIONS },
      width: 80,
      render: (_, news) => <CellText text={newsColumnLabel(news.column)} />,
    },
    {
      title: '区域',
      dataIndex: 'area',
      valueType: 'select',
      fieldProps: { options: areaOptions, showSearch: true, optionFilterProp: 'label', placeholder: '全部区域' },
      width: 80,
      render: (_, news) => <CellText text={news.areaName} />,
    },
    { title: '状态', dataIndex: 'status', valueType: 'select', valueEnum: NEWS_STATUS_ENUM, width: 80 },
    { title: '置顶', dataIndex: 'pinned', valueType: 'select', valueEnum: PINNED_ENUM, hideInTable: true },
    {
      title: '阅读量',
      dataIndex: 'views',
      search: false,
      sorter: true,
      defaultSortOrder: sortOrderOf('views'),
      align: 'right',
      width: 84,
    },
    {
      title: '发布时间',
      dataIndex: 'period',
      valueType: 'dateRange',
      hideInTable: true,
      fieldProps: { placeholder: ['开始日期', '结束日期'] },
    },
    {
      title: '发布时间',
      dataIndex: 'publishedAt',
      search: false,
      sorter: true,
      defaultSortOrder: sortOrderOf('publishedAt'),
      width: 140,
      render: (_, news) => (news.publishedAt ? formatTime(news.publishedAt) : <Typography.Text type="secondary">未发布</Typography.Text>),
    },
    { title: '作者', dataIndex: 'authorName', search: false, width: 88, render: (_, news) => <CellText text={news.authorName} /> },
    {
      title: '操作',
      valueType: 'option',
      fixed: wide ? 'right' : undefined,
      width: 212,
      render: (_, news) => <NewsActions news={news} onPreview={(n) => setPreviewId(n.id)} run={run} />,
    },
  ];

  const fit = useFitColumns('news', columns, OPTIONAL_COLUMNS);
  const filtered = hasFilters(state.filters);
  const emptyText = list.error ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="新闻列表加载失败" />
  ) : filtered ? (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有符合条件的新闻">
      <Button onClick={() => go({ ...state, filters: {}, current: 1 })}>清空筛选条件</Button>
    </Empty>
  ) : (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有新闻">
      <Button type="primary" icon={<PlusOutlined />} onClick={() => history.push('/newsManage/create')}>
        发布第一条新闻
      </Button>
    </Empty>
  );

  return (
    <PageContainer title="新闻列表" subTitle="草稿、已发布和已下线的新闻；置顶的新闻排在最前，并显示在手机首页轮播">
      <LoadError message={list.error ? pageErrorMessage(list.error) : undefined} onRetry={list.refresh} />
      <ListTable<NewsItem>
        key={tableKey}
        rowKey="id"
        formRef={formRef}
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.loading}
        {...ADMIN_TABLE}
        {...fit}
        // Filters beyond the first row open the form, so a filtered list never hides why.
        search={{
          defaultCollapsed: !(initialFilters.status || initialFilters.area || initialFilters.pinned || initialFilters.from),
        }}
        form={{ initialValues: toNewsForm(initialFilters) }}
        onSubmit={(values) => go({ ...state, filters: toFilters(values), current: 1 })}
        onReset={() => go({ ...state, filters: {}, current: 1 })}
        onChange={(_, __, sorter, extra) => {
          if (extra.action !== 'sort') return;
          const { columnKey, field, order } = sorter as SorterResult<NewsItem>;
          const key = String(columnKey ?? field) as NewsSortField;
          const sorted = order && NEWS_SORT_FIELDS.includes(key);
          tableSort.current = sorted ? `${key}:${order}` : ':';
          go({ ...state, current: 1, sortField: sorted ? key : undefined, sortOrder: sorted ? order : undefined });
        }}
        pagination={{
          current: state.current,
          pageSize: state.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          onChange: (current, pageSize) => go({ ...state, current: pageSize !== state.pageSize ? 1 : current, pageSize }),
        }}
        options={{ reload: list.refresh, density: false, setting: true }}
        locale={{ emptyText }}
        headerTitle="新闻"
        toolBarRender={() => [
          <ExportButton key="export" download={(onProgress) => exportNews(withoutPaging(toNewsQuery(state)), onProgress)} />,
          <Button key="new" type="primary" icon={<PlusOutlined />} onClick={() => history.push('/newsManage/create')}>
            发布新闻
          </Button>,
        ]}
      />
      <NewsPreview id={previewId} onClose={() => setPreviewId(undefined)} />
    </PageContainer>
  );
}
