import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Empty, Skeleton, Space } from 'antd';
import { useEffect } from 'react';
import LoadError from '@/components/LoadError';
import PageContainer from '@/components/PageContainer';
import { getTaskCompletion, queryTasks } from '@/services/tasks';
import { apiErrorMessage } from '@/utils/apiError';
import TaskSelect from '../components/TaskSelect';
import AreaTable from './components/AreaTable';
import CompletionSummary from './components/CompletionSummary';
import PeopleDrawer, { PEOPLE_STATES, type PeopleState } from './components/PeopleDrawer';

/**
 * 完成情况: one task's progress per area, and per area the people by state. The URL holds the
 * task (`taskId`) and the open drawer (`area`, 'all' for every area, and `state`).
 */
export default function TaskCompletePage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const taskId = Number(searchParams.get('taskId')) || undefined;
  const areaParam = searchParams.get('area');
  const stateParam = (searchParams.get('state') ?? '') as PeopleState;
  const state = PEOPLE_STATES.some((s) => s.value === stateParam) ? stateParam : '';

  // Without a task in the URL, open the most recent published one that already has submissions.
  // With an area in the URL (the dashboard's completion bars), the most recent one sent to that area.
  const linkedArea = areaParam && /^\d+$/.test(areaParam) ? Number(areaParam) : undefined;
  const latest = useRequest(
    async () => {
      const recent =
        (await queryTasks({ status: 'published', area: linkedArea, pageSize: 20, sortField: 'publishedAt', sortOrder: 'descend' })).data
          ?.list ?? [];
      return recent.find((t) => t.pendingCount + t.approvedCount > 0) ?? recent[0];
    },
    { ready: !taskId },
  );
  // A link may already name an area (the dashboard's completion bars): keep it, and its drawer opens.
  useEffect(() => {
    if (!taskId && latest.data)
      setSearchParams({ ...Object.fromEntries(searchParams.entries()), taskId: String(latest.data.id) }, { replace: true });
  }, [taskId, latest.data, setSearchParams, searchParams]);

  const completion = useRequest(async () => (taskId ? (await getTaskCompletion(taskId)).data : undefined), {
    refreshDeps: [taskId],
  });

  const setQuery = (next: Record<string, string | undefined>, replace = false) => {
    const merged = Object.fromEntries(searchParams.entries());
    for (const [key, value] of Object.entries(next)) {
      if (value === undefined || value === '') delete merged[key];
      else merged[key] = value;
    }
    setSearchParams(merged, { replace });
  };

  const openPeople = (area: number | undefined, nextState?: string) =>
    setQuery({ area: area === undefined ? 'all' : String(area), state: nextState });

  const data = completion.data?.task.id === taskId ? completion.data : undefined;
  const drawerArea = areaParam && areaParam !== 'all' ? Number(areaParam) : undefined;
  const areaName = drawerArea ? data?.areas.find((a) => a.area === drawerArea)?.areaName : '全部区域';

  let body: React.ReactNode;
  if (!taskId) {
    body = latest.loading ? (
      <Card>
        <Skeleton active />
      </Card>
    ) : (
      <Card>
        <Empty description="还没有进行中的任务，请在上方选择一个任务查看完成情况">
          <Button type="primary" onClick={() => history.push('/taskManage/create')}>
            发布任务
          </Button>
        </Empty>
      </Card>
    );
  } else if (completion.error) {
    body = <LoadError message={apiErrorMessage(completion.error)} onRetry={completion.refresh} />;
  } else if (!data) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  } else {
    body = (
      <>
        <CompletionSummary
          completion={data}
          refreshing={completion.loading}
          onRefresh={completion.refresh}
          onShowMissing={() => openPeople(undefined, 'not_submitted')}
        />
        <AreaTable completion={data} onOpen={openPeople} />
      </>
    );
  }

  return (
    <PageContainer title="完成情况" subTitle="各村（社区）的提交与通过情况，以及还没有提交的人员">
      <Card style={{ marginBottom: 16 }} styles={{ body: { padding: '16px 24px' } }}>
        <Space wrap>
          <label htmlFor="completion-task">选择任务：</label>
          <TaskSelect
            id="completion-task"
            value={taskId}
            known={data?.task}
            allowClear={false}
            style={{ width: 480, maxWidth: '80vw' }}
            onChange={(id) => id && setSearchParams({ taskId: String(id) })}
          />
        </Space>
      </Card>
      {body}
      {taskId && data ? (
        <PeopleDrawer
          open={areaParam !== null}
          taskId={taskId}
          area={drawerArea}
          title={`${areaName ?? '区域'}人员完成情况 · ${data.task.title}`}
          state={state}
          onStateChange={(next) => setQuery({ state: next }, true)}
          onClose={() => setQuery({ area: undefined, state: undefined })}
        />
      ) : null}
    </PageContainer>
  );
}
