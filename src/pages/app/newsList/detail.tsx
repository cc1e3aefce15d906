import { history, useParams } from '@umijs/max';
import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { newsColumnLabel } from '@common/constants';
import { formatNewsTime } from '@/components/AppNews/newsText';
import { LoadFailed } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import RichContent from '@/components/RichContent';
import { dataOf, useLoaded } from '@/hooks/useLoaded';
import { queryPublicNewsDetail } from '@/services/publicContent';
import { usePageTitle } from '@/utils/documentTitle';
import '@/components/AppNews/index.css';

const LIST = '/app/newsList';

function NotFound() {
  return (
    <div className="m-state">
      <ErrorBlock status="empty" title="新闻不存在" description="该新闻可能已下线或地址有误" />
      <Button color="primary" fill="outline" onClick={() => history.replace(LIST)}>
        查看其他新闻
      </Button>
    </div>
  );
}

/** /app/newsList/:id: one published news item. Its title and meta are text; only the body is rich text. */
export default function NewsDetailPage() {
  const { id } = useParams<{ id: string }>();
  const newsId = Number(id);
  const valid = Number.isInteger(newsId) && newsId >= 1;
  const news = useLoaded(
    () => (valid ? queryPublicNewsDetail(newsId, { skipErrorHandler: true }).then(dataOf) : Promise.reject(new Error('新闻不存在'))),
    [newsId],
  );
  const notFound = news.status === 'error' && (!valid || news.code === 404);
  usePageTitle(news.status === 'ready' ? news.data.title : notFound ? '新闻不存在' : undefined);

  return (
    <MobileLayout title="新闻详情" back={LIST}>
      {news.status === 'loading' ? (
        <div className="app-news-detail" aria-busy="true" aria-label="加载中">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={8} animated />
        </div>
      ) : null}
      {notFound ? <NotFound /> : null}
      {news.status === 'error' && valid && news.code !== 404 ? <LoadFailed message={news.message} onRetry={news.reload} /> : null}
      {news.status === 'ready' ? (
        <article className="app-news-detail">
          <h1 className="app-news-detail-title">{news.data.title}</h1>
          <div className="app-news-detail-meta">
            <span className="app-news-column">{newsColumnLabel(news.data.column)}</span>
            <span>{news.data.areaName}</span>
            <span>{formatNewsTime(news.data.publishedAt)}</span>
            <span>{news.data.views} 阅读</span>
          </div>
          {news.data.cover ? <img src={news.data.cover.url} alt="" className="app-news-detail-cover" /> : null}
          {news.data.summary ? <p className="app-news-detail-summary">{news.data.summary}</p> : null}
          <div className="app-news-detail-body">
            <RichContent html={news.data.content} />
          </div>
        </article>
      ) : null}
    </MobileLayout>
  );
}
