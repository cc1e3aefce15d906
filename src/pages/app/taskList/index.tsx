import { Link, useSearchParams } from '@umijs/max';
import { InfiniteScroll, PullToRefresh } from 'antd-mobile';
import { WORK_CATEGORIES } from '@common/constants';
import type { PublicTaskItem } from '@common/contracts/tasks';
import type { AreaItem } from '@common/contracts/system';
import FilterChips from '@/components/AppTask/FilterChips';
import { EmptyList, ListSkeleton, LoadFailed, ScrollFooter } from '@/components/AppTask/ListStates';
import { AreasLine, CategoryTag, ClosedTag, DeadlineLine, NeedsLine, PointsBadge } from '@/components/AppTask/TaskMeta';
import { areasText } from '@/components/AppTask/taskText';
import { useAreas } from '@/components/AppTask/useAreaNames';
import MobileLayout from '@/components/MobileLayout';
import { showToast } from '@/components/MobileLayout/toast';
import { usePagedList } from '@/hooks/usePagedList';
import { queryPublicTasks } from '@/services/publicTasks';
import '@/styles/phone.css';
import './index.css';

const ALL = '0';

/** ?category=N when N is a known work category, else all. */
function categoryFromQuery(value: string | null): number | undefined {
  const id = Number(value);
  return WORK_CATEGORIES.some((c) => c.id === id) ? id : undefined;
}

function TaskCard({ task, areas }: { task: PublicTaskItem; areas: AreaItem[] }) {
  return (
    <Link to={`/app/taskList/${task.id}`} className="app-task-card">
      <div className="app-task-card-head">
        <div className="app-task-tags">
          <CategoryTag category={task.category} />
          {task.status === 'closed' ? <ClosedTag /> : null}
        </div>
        <PointsBadge points={task.points} />
      </div>
      <h3 className="app-task-card-title">{task.title}</h3>
      {task.summary ? <p className="app-task-card-summary">{task.summary}</p> : null}
      <DeadlineLine deadline={task.deadline} done={task.status !== 'published'} />
      <AreasLine>{areasText(task.areas, areas)}</AreasLine>
      <NeedsLine template={task.template} imageNum={task.imageNum} />
    </Link>
  );
}

const CATEGORY_CHIPS = [{ key: ALL, title: '全部' }, ...WORK_CATEGORIES.map((c) => ({ key: String(c.id), title: c.label }))];

/** /app/taskList: published tasks for everyone, by category, page by page. */
export default function PublicTaskListPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const category = categoryFromQuery(searchParams.get('category'));
  const areas = useAreas();
  const tasks = usePagedList(
    (current, pageSize) => queryPublicTasks({ current, pageSize, category }, { skipErrorHandler: true }).then((body) => body.data!),
    [category],
  );

  const onCategory = (key: string) => {
    const next = new URLSearchParams(searchParams);
    if (key === ALL) next.delete('category');
    else next.set('category', key);
    setSearchParams(next, { replace: true });
  };

  const refresh = () =>
    tasks.refresh().catch((error: Error) => {
      void showToast({ icon: 'fail', content: error.message });
    });

  return (
    <MobileLayout title="任务公开" tabBar>
      <div className="task-list-filter">
        <FilterChips label="任务类别" chips={CATEGORY_CHIPS} value={String(category ?? ALL)} onChange={onCategory} />
      </div>
      <PullToRefresh onRefresh={refresh}>
        <div className="app-task-list">
          {tasks.status === 'loading' ? <ListSkeleton /> : null}
          {tasks.status === 'error' ? <LoadFailed message={tasks.error} onRetry={tasks.reload} /> : null}
          {tasks.status === 'ready' && tasks.list.length === 0 ? (
            <EmptyList title="暂无任务" description={category ? '该类别下还没有发布的任务' : '还没有发布的任务'} />
          ) : null}
          {tasks.status === 'ready' && tasks.list.length > 0 ? (
            <>
              {tasks.list.map((task) => (
                <TaskCard key={task.id} task={task} areas={areas} />
              ))}
              <InfiniteScroll loadMore={tasks.loadMore} hasMore={tasks.hasMore}>
                {(hasMore, failed, retry) => <ScrollFooter hasMore={hasMore} failed={failed} retry={retry} />}
              </InfiniteScroll>
            </>
          ) : null}
        </div>
      </PullToRefresh>
    </MobileLayout>
  );
}
