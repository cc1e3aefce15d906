import { history } from '@umijs/max';
import { Popconfirm, Space, Tooltip, Typography } from 'antd';
import type { NewsItem } from '@common/contracts/content';
import { deleteNews, offlineNews, pinNews, publishNews, unpinNews } from '@/services/news';

interface Props {
  news: NewsItem;
  onPreview: (news: NewsItem) => void;
  /** Runs an action; on success shows `done` and reloads the list. */
  run: (done: string, action: () => Promise<unknown>) => Promise<void>;
}

/** A row's actions: 预览, 编辑, 发布/下线, 置顶/取消置顶, 删除 (not while published). */
export default function NewsActions({ news, onPreview, run }: Props) {
  const title = `「${news.title}」`;
  const published = news.status === 'published';
  return (
    <Space size={12} wrap={false}>
      <a onClick={() => onPreview(news)}>预览</a>
      <a onClick={() => history.push(`/newsManage/create?id=${news.id}`)}>编辑</a>
      {published ? (
        <Popconfirm
          title={`下线${title}？`}
          description="下线后公众将看不到这条新闻，之后可以重新发布。"
          okText="下线"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => run(`已下线：${news.title}`, () => offlineNews(news.id))}
        >
          <a>下线</a>
        </Popconfirm>
      ) : (
        <Popconfirm
          title={`发布${title}？`}
          description="发布后所有人都可以在手机端和公开页面上看到这条新闻。"
          okText="发布"
          cancelText="取消"
          onConfirm={() => run(`新闻已发布：${news.title}`, () => publishNews(news.id))}
        >
          <a>{news.status === 'offline' ? '重新发布' : '发布'}</a>
        </Popconfirm>
      )}
      {news.pinned ? (
        <a onClick={() => run(`已取消置顶：${news.title}`, () => unpinNews(news.id))}>取消置顶</a>
      ) : (
        <a onClick={() => run(`已置顶：${news.title}`, () => pinNews(news.id))}>置顶</a>
      )}
      {published ? (
        <Tooltip title="已发布的新闻不能删除，请先下线">
          <Typography.Text type="secondary" disabled aria-disabled="true" style={{ cursor: 'not-allowed' }}>
            删除
          </Typography.Text>
        </Tooltip>
      ) : (
        <Popconfirm
          title={`删除${title}？`}
          description="删除后不可恢复。"
          okText="删除"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => run(`已删除：${news.title}`, () => deleteNews(news.id))}
        >
          <Typography.Link type="danger">删除</Typography.Link>
        </Popconfirm>
      )}
    </Space>
  );
}
