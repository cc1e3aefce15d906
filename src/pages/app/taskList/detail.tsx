import { history, useModel, useParams } from '@umijs/max';
import { Button, Skeleton } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import type { PublicTaskDetail } from '@common/contracts/tasks';
import { LoadFailed } from '@/components/AppTask/ListStates';
import RichContent from '@/components/AppTask/RichContent';
import { AreasLine, CategoryTag, ClosedTag, DeadlineLine, NeedsLine, PointsBadge } from '@/components/AppTask/TaskMeta';
import { areasText, formatDateTime } from '@/components/AppTask/taskText';
import { useAreas } from '@/components/AppTask/useAreaNames';
import MobileLayout from '@/components/MobileLayout';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { usePageTitle } from '@/utils/documentTitle';
import { isTaskRole } from '@/utils/routeAccess';
import { queryPublicTask } from '@/services/publicTasks';
import '@/styles/phone.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; task: PublicTaskDetail };

/** The bottom button: submit for a targeted cadre, sign in for a visitor, nothing for others. */
function SubmitBar({ task }: { task: PublicTaskDetail }) {
  const { initialState } = useModel('@@initialState');
  const user = initialState?.currentUser;
  const target = `/app/mytask/${task.id}`;
  if (task.status !== 'published') {
    return (
      <Button block disabled size="large">
        任务已关闭，不能提交
      </Button>
    );
  }
  if (!user) {
    return (
      <Button block color="primary" size="large" onClick={() => history.push(`/user/login?redirect=${encodeURIComponent(target)}`)}>
        登录后提交
      </Button>
    );
  }
  if (!isTaskRole(user.access)) {
    return (
      <Button block disabled size="large">
        仅村干部/网格员可提交
      </Button>
    );
  }
  if (user.area != null && !task.areas.includes(user.area)) {
    return (
      <Button block disabled size="large">
        本任务不面向您所在的村（社区）
      </Button>
    );
  }
  return (
    <Button block color="primary" size="large" onClick={() => history.push(target)}>
      去提交
    </Button>
  );
}

/** /app/taskList/:id: a published task with its full content. */
export default function PublicTaskDetailPage() {
  const { id } = useParams<{ id: string }>();
  const taskId = Number(id);
  const areas = useAreas();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });

  const load = useCallback(() => {
    if (!Number.isInteger(taskId) || taskId < 1) {
      setLoaded({ status: 'error', message: '任务不存在' });
      return () => undefined;
    }
    let alive = true;
    setLoaded({ status: 'loading' });
    queryPublicTask(taskId, { skipErrorHandler: true })
      .then((body) => alive && setLoaded({ status: 'ready', task: body.data! }))
      .catch((error) => alive && setLoaded({ status: 'error', message: pageErrorMessage(error) }));
    return () => {
      alive = false;
    };
  }, [taskId]);
  useEffect(load, [load]);

  const task = loaded.status === 'ready' ? loaded.task : undefined;
  usePageTitle(task?.title);
  return (
    <MobileLayout title="任务详情" back="/app/taskList" footer={task ? <SubmitBar task={task} /> : undefined}>
      {loaded.status === 'loading' ? (
        <div className="m-section" aria-busy="true" aria-label="加载中">
          <Skeleton.Title animated />
          <Skeleton.Paragraph lineCount={6} animated />
        </div>
      ) : null}
      {loaded.status === 'error' ? <LoadFailed message={loaded.message} onRetry={load} /> : null}
      {task ? (
        <>
          <section className="m-section">
            <div className="app-task-card-head">
              <div className="app-task-tags">
                <CategoryTag category={task.category} />
                {task.status === 'closed' ? <ClosedTag /> : null}
              </div>
              <PointsBadge points={task.points} />
            </div>
            <h2 className="app-task-detail-title">{task.title}</h2>
            {task.publishedAt ? <div className="m-muted">发布于 {formatDateTime(task.publishedAt)}</div> : null}
            <DeadlineLine deadline={task.deadline} done={task.status !== 'published'} />
            <AreasLine wrap>{areasText(task.areas, areas, Infinity)}</AreasLine>
            <NeedsLine template={task.template} imageNum={task.imageNum} />
          </section>
          <section className="m-section">
            <h3 className="m-section-title">任务内容</h3>
            <RichContent html={task.content} />
          </section>
        </>
      ) : null}
    </MobileLayout>
  );
}
