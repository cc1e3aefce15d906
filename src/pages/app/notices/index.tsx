import { Link, useSearchParams } from '@umijs/max';
import { Button, InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useCallback, useEffect, useState } from 'react';
import type { UserNotice } from '@common/contracts/people';
import { EmptyList, ListSkeleton, LoadFailed, ScrollFooter } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { showToast } from '@/components/MobileLayout/toast';
import { usePagedList } from '@/hooks/usePagedList';
import { useSignInGuard } from '@/hooks/useSignInGuard';
import { queryMyNotices, queryUnreadNoticeCount, readAllNotices, readNotice } from '@/services/my';
import { apiErrorMessage } from '@/utils/apiError';
import { noticeLink } from '@/utils/noticeLink';
import { relativeTime } from '@/utils/timeText';
import '@/styles/phone.css';
import '../mytask/index.css';
import './index.css';

type Filter = 'all' | 'unread';
const filterFromQuery = (value: string | null): Filter => (value === 'unread' ? 'unread' : 'all');

const EMPTY: Record<Filter, { title: string; description: string }> = {
  all: { title: '暂无消息', description: '有新任务、审核结果、转派诉求或您的诉求有进展时，会在这里通知您' },
  unread: { title: '没有未读消息', description: '所有消息都已读过' },
};

/** One notice: unread ones are bold with a dot; one whose record remains opens it (and is marked read on the way). */
function NoticeCard({ notice, read, onRead }: { notice: UserNotice; read: boolean; onRead: (id: number) => void }) {
  const link = noticeLink(notice);
  const content = (
    <>
      <div className="ntc-head">
        {!read ? <span className="ntc-dot" aria-label="未读" role="img" /> : null}
        <h3 className="ntc-title">{notice.title}</h3>
        <span className="ntc-time">{relativeTime(notice.createdAt)}</span>
      </div>
      <p className="ntc-body">{notice.body}</p>
      {link ? (
        <span className="ntc-open">
          {link.label}
          <RightOutline aria-hidden />
        </span>
      ) : null}
    </>
  );
  const className = `app-task-card ntc-card${read ? '' : ' ntc-unread'}`;
  if (link) {
    return (
      <Link to={link.to} className={className} onClick={() => !read && onRead(notice.id)}>
        {content}
      </Link>
    );
  }
  return (
    <button type="button" className={className} onClick={() => !read && onRead(notice.id)} disabled={read}>
      {content}
    </button>
  );
}

function Notices() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFromQuery(searchParams.get('filter'));
  const [unread, setUnread] = useState<number>();
  // Read here since the list loaded (the list itself is not fetched again for one notice).
  const [readIds, setReadIds] = useState<ReadonlySet<number>>(new Set());
  const [marking, setMarking] = useState(false);
  const notices = usePagedList(
    (current, pageSize) =>
      queryMyNotices({ current, pageSize, ...(filter === 'unread' ? { unread: true } : {}) }, { skipErrorHandler: true }).then(
        (body) => body.data!,
      ),
    [filter],
  );

  const loadCount = useCallback(() => {
    queryUnreadNoticeCount({ skipErrorHandler: true })
      .then((body) => setUnread(body.data?.unread ?? 0))
      .catch(() => undefined); // the tab simply shows no number
  }, []);
  useEffect(loadCount, [loadCount]);

  const onTab = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('filter', key);
    setSearchParams(next, { replace: true });
  };

  const markRead = (id: number) => {
    setReadIds((ids) => new Set(ids).add(id));
    setUnread((n) => (n ? n - 1 : n));
    // Fire and forget: the notice opens its appeal at once; the next visit counts again.
    readNotice(id, { skipErrorHandler: true })
      .then((body) => setUnread(body.data?.unread))
      .catch(() => undefined);
  };

  const markAll = async () => {
    setMarking(true);
    try {
      const body = await readAllNotices({ skipErrorHandler: true });
      void showToast({ icon: 'success', content: body.message || '已全部标为已读' });
      setReadIds(new Set());
      setUnread(0);
      notices.reload();
    } catch (error) {
      void showToast({ icon: 'fail', content: apiErrorMessage(error) });
    } finally {
      setMarking(false);
    }
  };

  const refresh = () => {
    loadCount();
    setReadIds(new Set());
    return notices.refresh().catch((error: Error) => {
      void showToast({ icon: 'fail', content: error.message });
    });
  };

  return (
    <>
      <div className="mytask-tabs ntc-tabs">
        <Tabs activeKey={filter} onChange={onTab} stretch>
          <Tabs.Tab key="all" title="全部" />
          <Tabs.Tab
            key="unread"
            title={
              <span className="mytask-tab-title">
                未读
                {unread ? <span className="mytask-tab-count mytask-tab-count-alert">{unread}</span> : null}
              </span>
            }
          />
        </Tabs>
      </div>
      <div className="ntc-toolbar">
        <span className="m-muted" aria-live="polite">
          {unread === undefined ? '' : unread ? `${unread} 条未读` : '没有未读消息'}
        </span>
        <Button
          size="small"
          fill="none"
          color="primary"
          className="ntc-read-all"
          disabled={!unread || marking}
          loading={marking}
          onClick={markAll}
        >
          全部已读
        </Button>
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="app-task-list ntc-list">
          {notices.status === 'loading' ? <ListSkeleton /> : null}
          {notices.status === 'error' ? <LoadFailed message={notices.error} onRetry={notices.reload} /> : null}
          {notices.status === 'ready' && notices.list.length === 0 ? <EmptyList {...EMPTY[filter]} /> : null}
          {notices.status === 'ready' && notices.list.length > 0 ? (
            <>
              {notices.list.map((notice) => (
                <NoticeCard key={notice.id} notice={notice} read={notice.read || readIds.has(notice.id)} onRead={markRead} />
              ))}
              <InfiniteScroll loadMore={notices.loadMore} hasMore={notices.hasMore}>
                {(hasMore, failed, retry) => <ScrollFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </>
  );
}

/** /app/notices: the signed-in person's kept notices: new tasks, deadlines, reviews, appeals handed down, their own appeals' steps. */
export default function NoticesPage() {
  const user = useSignInGuard();
  return <MobileLayout title="我的消息">{user ? <Notices /> : null}</MobileLayout>;
}
