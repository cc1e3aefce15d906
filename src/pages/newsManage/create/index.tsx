import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Alert, Button, Card, Result, Skeleton, Space, Typography } from 'antd';
import PageContainer from '@/components/PageContainer';
import { getNews } from '@/services/news';
import { apiErrorBody, apiErrorMessage } from '@/utils/apiError';
import { formatTime } from '@/utils/format';
import { NewsStatusBadge, useAreaOptions } from '../components/newsMeta';
import NewsForm from './components/NewsForm';

/** 发布新闻: a new item, or with `?id=` the item it names (any state; published edits apply at once). */
export default function NewsCreatePage() {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id')) || undefined;
  const areaOptions = useAreaOptions({ picking: true });
  const existing = useRequest(async () => (id ? (await getNews(id, { skipErrorHandler: true })).data : undefined), {
    refreshDeps: [id],
  });
  const news = id ? existing.data : undefined;

  let body: React.ReactNode;
  if (id && existing.loading && !news) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  } else if (id && existing.error) {
    const notFound = apiErrorBody(existing.error)?.code === 404;
    body = (
      <Card>
        <Result
          status={notFound ? '404' : 'error'}
          title={notFound ? '新闻不存在或已被删除' : '新闻加载失败'}
          subTitle={notFound ? `没有编号为 ${id} 的新闻。` : apiErrorMessage(existing.error)}
          extra={[
            ...(notFound
              ? []
              : [
                  <Button key="retry" onClick={existing.refresh}>
                    重试
                  </Button>,
                ]),
            <Button key="list" type="primary" onClick={() => history.push('/newsManage/list')}>
              返回新闻列表
            </Button>,
          ]}
        />
      </Card>
    );
  } else {
    body = (
      <>
        {news?.status === 'published' ? (
          <Alert type="warning" showIcon style={{ marginBottom: 16 }} message="这条新闻正在对外显示，保存后修改立即生效。" />
        ) : null}
        {news?.status === 'offline' ? (
          <Alert type="info" showIcon style={{ marginBottom: 16 }} message="这条新闻已下线，公众看不到。修改后可以保存，或重新发布。" />
        ) : null}
        <NewsForm key={news ? `${news.id}-${news.updatedAt}` : 'new'} news={news} areaOptions={areaOptions} />
      </>
    );
  }

  return (
    <PageContainer
      title={id ? '编辑新闻' : '发布新闻'}
      subTitle={id ? undefined : '撰写新闻，保存为草稿或直接发布到手机端和公开页面'}
      tags={news ? <NewsStatusBadge status={news.status} /> : undefined}
      content={
        news ? (
          <Space size={[16, 4]} wrap>
            <Typography.Text type="secondary">作者：{news.authorName}</Typography.Text>
            <Typography.Text type="secondary">
              {news.publishedAt ? `发布时间：${formatTime(news.publishedAt)}` : '尚未发布'}
            </Typography.Text>
            <Typography.Text type="secondary">阅读量：{news.views}</Typography.Text>
            <Typography.Text type="secondary">最后修改：{formatTime(news.updatedAt)}</Typography.Text>
          </Space>
        ) : undefined
      }
    >
      {body}
    </PageContainer>
  );
}
