import { EditOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Drawer, Grid, Result, Skeleton, Space, Tag } from 'antd';
import { newsColumnLabel } from '@common/constants';
import RichContent from '@/components/RichContent';
import { getNews } from '@/services/news';
import { apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { NewsStatusBadge } from '../../components/newsMeta';
import '../../components/newsContent.css';

/** 预览: one item as readers will see it (cover, meta, summary, sanitised content). */
export default function NewsPreview({ id, onClose }: { id?: number; onClose: () => void }) {
  const screens = Grid.useBreakpoint();
  const detail = useRequest(async () => (id ? (await getNews(id, { skipErrorHandler: true })).data : undefined), {
    refreshDeps: [id],
    ready: !!id,
  });
  const news = detail.data?.id === id ? detail.data : undefined;

  let body: React.ReactNode;
  if (detail.error) {
    body = (
      <Result
        status="error"
        title="新闻加载失败"
        subTitle={apiErrorMessage(detail.error)}
        extra={<Button onClick={detail.refresh}>重试</Button>}
      />
    );
  } else if (!news) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else {
    body = (
      // Focusable, so keyboard users can reach the text and scroll the drawer with the arrow keys.
      <article aria-label="新闻预览内容" tabIndex={0}>
        <Space size={8} wrap>
          <NewsStatusBadge status={news.status} />
          {news.pinned ? <Tag color="red">置顶</Tag> : null}
          <Tag>{newsColumnLabel(news.column)}</Tag>
          <Tag>{news.areaName}</Tag>
        </Space>
        <h1 className="news-preview-title">{news.title}</h1>
        <div className="news-preview-meta">
          <Space size={[16, 4]} wrap>
            <span>作者：{news.authorName}</span>
            <span>{news.publishedAt ? `发布时间：${formatTime(news.publishedAt)}` : '尚未发布'}</span>
            <span>阅读 {news.views}</span>
          </Space>
        </div>
        {news.summary ? <p className="news-preview-summary">{news.summary}</p> : null}
        {news.cover ? <img className="news-preview-cover" src={news.cover.url} alt="封面图" /> : null}
        <RichContent html={news.content} emptyText="（正文为空）" className="news-preview-body" />
      </article>
    );
  }

  return (
    <Drawer
      title="新闻预览"
      open={!!id}
      onClose={onClose}
      width={screens.md ? 760 : '100%'}
      destroyOnHidden
      extra={
        news ? (
          <Button icon={<EditOutlined />} onClick={() => history.push(`/newsManage/create?id=${news.id}`)}>
            编辑
          </Button>
        ) : null
      }
    >
      {body}
    </Drawer>
  );
}
