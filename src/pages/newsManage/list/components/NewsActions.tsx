import { history } from '@umijs/max';
import { App, Popconfirm } from 'antd';
import type { NewsItem } from '@common/contracts/content';
import { MoreActions, RowActions, RowLink } from '@/components/TableParts';
import { deleteNews, offlineNews, pinNews, publishNews, unpinNews } from '@/services/news';

interface Props {
  news: NewsItem;
  onPreview: (news: NewsItem) => void;
  /** Runs an action; on success shows `done` and reloads the list. */
  run: (done: string, action: () => Promise<unknown>) => Promise<void>;
}

/**
 * A row's actions: 预览, 编辑, 发布 / 下线 (each asks first), and under 更多 置顶 / 取消置顶 and,
 * apart in red, 删除 (asks first; a published item must be taken offline before it can be deleted).
 */
export default function NewsActions({ news, onPreview, run }: Props) {
  const { modal } = App.useApp();
  const title = `「${news.title}」`;
  const published = news.status === 'published';

  const confirmDelete = () =>
    modal.confirm({
      title: `删除${title}？`,
      content: '删除后不可恢复。',
      okText: '删除',
      okButtonProps: { danger: true },
      cancelText: '取消',
      onOk: () => run(`已删除：${news.title}`, () => deleteNews(news.id)),
    });

  return (
    <RowActions>
      <RowLink onClick={() => onPreview(news)}>预览</RowLink>
      <RowLink onClick={() => history.push(`/newsManage/create?id=${news.id}`)}>编辑</RowLink>
      {published ? (
        <Popconfirm
          title={`下线${title}？`}
          description="下线后公众将看不到这条新闻，之后可以重新发布。"
          okText="下线"
          okButtonProps={{ danger: true }}
          cancelText="取消"
          onConfirm={() => run(`已下线：${news.title}`, () => offlineNews(news.id))}
        >
          <RowLink>下线</RowLink>
        </Popconfirm>
      ) : (
        <Popconfirm
          title={`发布${title}？`}
          description="发布后所有人都可以在手机端和公开页面上看到这条新闻。"
          okText="发布"
          cancelText="取消"
          onConfirm={() => run(`新闻已发布：${news.title}`, () => publishNews(news.id))}
        >
          <RowLink>{news.status === 'offline' ? '重新发布' : '发布'}</RowLink>
        </Popconfirm>
      )}
      <MoreActions
        items={[
          news.pinned
            ? { key: 'unpin', label: '取消置顶', onClick: () => run(`已取消置顶：${news.title}`, () => unpinNews(news.id)) }
            : { key: 'pin', label: '置顶', onClick: () => run(`已置顶：${news.title}`, () => pinNews(news.id)) },
          { key: 'delete', label: '删除', danger: true, disabled: published ? '已发布的新闻请先下线' : undefined, onClick: confirmDelete },
        ]}
      />
    </RowActions>
  );
}
