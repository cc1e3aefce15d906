import { useSearchParams } from '@umijs/max';
import { InfiniteScroll, PullToRefresh, Skeleton, Tabs } from 'antd-mobile';
import { NEWS_COLUMNS } from '@common/constants';
import NewsCard from '@/components/AppNews/NewsCard';
import { EmptyList, LoadFailed, ScrollFooter } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { showToast } from '@/components/MobileLayout/toast';
import { usePagedList } from '@/hooks/usePagedList';
import { queryPublicNews } from '@/services/publicContent';
import '@/components/AppNews/index.css';
import './index.css';

const ALL = '0';

/** ?column=N when N is a news column (1–4), else all columns. */
function columnFromQuery(value: string | null): number | undefined {
  const column = Number(value);
  return Number.isInteger(column) && column >= 1 && column <= NEWS_COLUMNS.length ? column : undefined;
}

function NewsSkeleton() {
  return (
    <div className="app-news-list" aria-busy="true" aria-label="加载中">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="news-skeleton-row">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={1} animated />
        </div>
      ))}
    </div>
  );
}

/** /app/newsList: published news by column, page by page; the column stays in the URL. */
export default function NewsListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const column = columnFromQuery(searchParams.get('column'));
  const news = usePagedList(
    (current, pageSize) => queryPublicNews({ current, pageSize, column }, { skipErrorHandler: true }).then((body) => body.data!),
    [column],
  );

  const onColumn = (key: string) => {
    const next = new URLSearchParams(searchParams);
    if (key === ALL) next.delete('column');
    else next.set('column', key);
    setSearchParams(next, { replace: true });
  };

  const refresh = () =>
    news.refresh().catch((error: Error) => {
      void showToast({ icon: 'fail', content: error.message });
    });

  return (
    <MobileLayout title="新闻动态" tabBar>
      <div className="news-tabs">
        <Tabs activeKey={String(column ?? ALL)} onChange={onColumn} stretch>
          <Tabs.Tab key={ALL} title="全部" />
          {NEWS_COLUMNS.map((label, i) => (
            <Tabs.Tab key={String(i + 1)} title={label} />
          ))}
        </Tabs>
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="news-list-body">
          {news.status === 'loading' ? <NewsSkeleton /> : null}
          {news.status === 'error' ? <LoadFailed message={news.error} onRetry={news.reload} /> : null}
          {news.status === 'ready' && news.list.length === 0 ? (
            <EmptyList title="暂无新闻" description={column ? '该栏目还没有发布新闻' : '还没有发布新闻'} />
          ) : null}
          {news.status === 'ready' && news.list.length > 0 ? (
            <>
              <div className="app-news-list">
                {news.list.map((item) => (
                  <NewsCard key={item.id} news={item} />
                ))}
              </div>
              <InfiniteScroll loadMore={news.loadMore} hasMore={news.hasMore}>
                {(hasMore, failed, retry) => <ScrollFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </MobileLayout>
  );
}
