import { useSearchParams } from '@umijs/max';
import { InfiniteScroll, PullToRefresh, Tabs } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { MY_TASK_STATES, MY_TASK_STATE_LABELS, type MyTaskState } from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import type { MyTaskCounts } from '@common/contracts/tasks';
import { EmptyList, ListSkeleton, LoadFailed, ScrollFooter } from '@/components/AppTask/ListStates';
import MobileLayout from '@/components/MobileLayout';
import { useLargeText } from '@/components/MobileLayout/largeText';
import { showToast } from '@/components/MobileLayout/toast';
import { usePagedList } from '@/hooks/usePagedList';
import { useTaskRoleGuard } from '@/hooks/useTaskRoleGuard';
import { queryMyTaskCounts, queryMyTasks } from '@/services/my';
import MyTaskCard from './components/MyTaskCard';
import ScoreCard from './components/ScoreCard';
import '@/styles/phone.css';
import './index.css';

const DEFAULT_STATE: MyTaskState = 'todo';
const EMPTY_TEXT: Record<MyTaskState, string> = {
  todo: '没有待提交的任务',
  pending: '没有等待审核的提交',
  approved: '还没有审核通过的任务',
  rejected: '没有被驳回的提交',
  missed: '没有未完成的任务',
};

const stateFromQuery = (value: string | null): MyTaskState =>
  (MY_TASK_STATES as readonly string[]).includes(value ?? '') ? (value as MyTaskState) : DEFAULT_STATE;

function MyTasks({ user }: { user: CurrentUser }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = stateFromQuery(searchParams.get('state'));
  const [counts, setCounts] = useState<MyTaskCounts>();
  const [largeText] = useLargeText();
  const [version, setVersion] = useState(0);
  const tasks = usePagedList(
    (current, pageSize) => queryMyTasks({ current, pageSize, state }, { skipErrorHandler: true }).then((body) => body.data!),
    [state],
  );

  const loadCounts = useCallback(() => {
    queryMyTaskCounts({ skipErrorHandler: true })
      .then((body) => setCounts(body.data))
      .catch(() => undefined); // the tabs simply show no numbers
  }, []);
  useEffect(loadCounts, [loadCounts]);

  // The state lives in the URL: a refresh or coming back from a task keeps the tab.
  const onTab = (key: string) => {
    const next = new URLSearchParams(searchParams);
    next.set('state', key);
    setSearchParams(next, { replace: true });
  };

  const refresh = async () => {
    loadCounts();
    setVersion((v) => v + 1);
    await tasks.refresh().catch((error: Error) => {
      void showToast({ icon: 'fail', content: error.message });
    });
  };

  return (
    <>
      <ScoreCard user={user} version={version} />
      <div className="mytask-tabs">
        <Tabs activeKey={state} onChange={onTab} stretch={!largeText}>
          {MY_TASK_STATES.map((key) => (
            <Tabs.Tab
              key={key}
              title={
                <span className="mytask-tab-title">
                  {MY_TASK_STATE_LABELS[key]}
                  {counts && counts[key] > 0 ? (
                    <span className={`mytask-tab-count${key === 'todo' || key === 'rejected' ? ' mytask-tab-count-alert' : ''}`}>
                      {counts[key]}
                    </span>
                  ) : null}
                </span>
              }
            />
          ))}
        </Tabs>
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="app-task-list">
          {tasks.status === 'loading' ? <ListSkeleton /> : null}
          {tasks.status === 'error' ? <LoadFailed message={tasks.error} onRetry={tasks.reload} /> : null}
          {tasks.status === 'ready' && tasks.list.length === 0 ? <EmptyList title={EMPTY_TEXT[state]} /> : null}
          {tasks.status === 'ready' && tasks.list.length > 0 ? (
            <>
              {tasks.list.map((task) => (
                <MyTaskCard key={task.id} task={task} />
              ))}
              <InfiniteScroll loadMore={tasks.loadMore} hasMore={tasks.hasMore}>
                {(hasMore, failed, retry) => <ScrollFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </>
  );
}

/** /app/mytask: the signed-in cadre's tasks by state, with their points. */
export default function MyTaskListPage() {
  const user = useTaskRoleGuard();
  return (
    <MobileLayout title="我的任务" tabBar>
      {user ? <MyTasks user={user} /> : null}
    </MobileLayout>
  );
}
