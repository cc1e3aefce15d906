import { useSearchParams } from '@umijs/max';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { EmptyList, ListSkeleton, LoadFailed, ScrollFooter } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { showToast } from '@/components/MobileLayout/toast';
import { usePagedList } from '@/hooks/usePagedList';
import { useTaskRoleGuard } from '@/hooks/useTaskRoleGuard';
import { queryDispatchedAppeals } from '@/services/my';
import DispatchedCard from './components/DispatchedCard';
import '@/styles/phone.css';
import '../mytask/index.css';
import '../service/components/service.css';
import './index.css';

const STATES = [
  { key: 'open', title: '待办', empty: '没有待办的转派诉求', hint: '镇里转派到本村的诉求会在这里显示' },
  { key: 'done', title: '已办', empty: '还没有办完的转派诉求', hint: '答复或不予受理后的诉求会在这里显示' },
] as const;
type DispatchState = (typeof STATES)[number]['key'];

const stateFromQuery = (value: string | null): DispatchState => (value === 'done' ? 'done' : 'open');

function DispatchedList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = stateFromQuery(searchParams.get('state'));
  const tab = STATES.find((s) => s.key === state)!;
  const [openCount, setOpenCount] = useState<number>();
  const appeals = usePagedList(
    (current, pageSize) => queryDispatchedAppeals({ current, pageSize, state }, { skipErrorHandler: true }).then((body) => body.data!),
    [state],
  );

  // 待办 shows how many are waiting whichever tab is open.
  const loadOpenCount = useCallback(() => {
    queryDispatchedAppeals({ current: 1, pageSize: 1, state: 'open' }, { skipErrorHandler: true })
      .then((body) => setOpenCount(body.data?.total))
      .catch(() => undefined); // the tab simply shows no number
  }, []);
  useEffect(loadOpenCount, [loadOpenCount]);

  // The state lives in the URL: a refresh or coming back from an appeal keeps the tab.
  const onTab = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('state', key);
    setSearchParams(next, { replace: true });
  };

  const refresh = () => {
    loadOpenCount();
    return appeals.refresh().catch((error: Error) => {
      void showToast({ icon: 'fail', content: error.message });
    });
  };

  return (
    <>
      <div className="mytask-tabs">
        <Tabs activeKey={state} onChange={onTab} stretch>
          {STATES.map((s) => (
            <Tabs.Tab
              key={s.key}
              title={
                <span className="mytask-tab-title">
                  {s.title}
                  {s.key === 'open' && openCount ? <span className="mytask-tab-count mytask-tab-count-alert">{openCount}</span> : null}
                </span>
              }
            />
          ))}
        </Tabs>
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="app-task-list svc-records">
          {appeals.status === 'loading' ? <ListSkeleton /> : null}
          {appeals.status === 'error' ? <LoadFailed message={appeals.error} onRetry={appeals.reload} /> : null}
          {appeals.status === 'ready' && appeals.list.length === 0 ? <EmptyList title={tab.empty} description={tab.hint} /> : null}
          {appeals.status === 'ready' && appeals.list.length > 0 ? (
            <>
              {appeals.list.map((appeal) => (
                <DispatchedCard key={appeal.id} appeal={appeal} />
              ))}
              <InfiniteScroll loadMore={appeals.loadMore} hasMore={appeals.hasMore}>
                {(hasMore, failed, retry) => <ScrollFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </>
  );
}

/** /app/dispatched: the appeals the town handed to the cadre's village, 待办 (open) or 已办 (done). */
export default function DispatchedListPage() {
  const user = useTaskRoleGuard();
  return (
    <MobileLayout title="转派诉求" tabBar>
      {user ? <DispatchedList /> : null}
    </MobileLayout>
  );
}
