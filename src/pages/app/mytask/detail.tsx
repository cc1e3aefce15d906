import { useParams } from '@umijs/max';
import { Skeleton, Tag } from 'antd-mobile';
import { useCallback, useEffect, useState } from 'react';
import { MY_TASK_STATE_LABELS } from '@common/constants';
import type { MyTaskDetail, SubmissionItem } from '@common/contracts/tasks';
import { LoadFailed } from '@/components/AppTask/ListStates';
import RichContent from '@/components/AppTask/RichContent';
import { CategoryTag, DeadlineLine, NeedsLine, PointsBadge } from '@/components/AppTask/TaskMeta';
import MobileLayout from '@/components/MobileLayout';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { useTaskRoleGuard } from '@/hooks/useTaskRoleGuard';
import { queryMyTask } from '@/services/my';
import { usePageTitle } from '@/utils/documentTitle';
import { STATE_COLORS, isOpenState } from './components/MyTaskCard';
import SubmissionView from './components/SubmissionView';
import SubmitForm from './components/SubmitForm';
import '@/styles/phone.css';
import './detail.css';

type Loaded = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; task: MyTaskDetail };

const newestFirst = (list: SubmissionItem[]) => [...list].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id);

/** What the cadre can do now: wait, nothing more, or (re)submit. */
function ReportSection({ task }: { task: MyTaskDetail }) {
  const [latest, ...earlier] = newestFirst(task.submissions);
  const closed = task.status !== 'published';
  let head: JSX.Element | null = null;
  if (latest?.status === 'pending') head = <div className="report-banner report-banner-pending">已提交，等待审核</div>;
  else if (latest?.status === 'approved') {
    head = <div className="report-banner report-banner-approved">审核通过，已获得 {task.points} 积分</div>;
  } else if (closed) {
    head = <div className="report-banner report-banner-closed">任务已关闭，不能再提交</div>;
  } else if (latest?.status === 'rejected') {
    head = <div className="report-banner report-banner-rejected">上次提交被驳回，请按审核意见修改后重新提交</div>;
  }
  const canSubmit = !closed && (!latest || latest.status === 'rejected');
  return (
    <>
      {head || latest ? (
        <section className="m-section" aria-label="提交情况">
          <h3 className="m-section-title">提交情况</h3>
          {head}
          {latest ? <SubmissionView submission={latest} /> : null}
        </section>
      ) : null}
      {canSubmit ? <SubmitForm task={task} resubmit={latest?.status === 'rejected'} /> : null}
      {earlier.length ? (
        <section className="m-section" aria-label="更早的提交">
          <h3 className="m-section-title">更早的提交（{earlier.length}）</h3>
          {earlier.map((submission) => (
            <SubmissionView key={submission.id} submission={submission} />
          ))}
        </section>
      ) : null}
    </>
  );
}

function TaskContent({ html }: { html: string }) {
  // Long instructions start folded so the form is within reach.
  const long = html.replace(/<[^>]*>/g, '').length > 240 || /<img/i.test(html);
  const [open, setOpen] = useState(!long);
  return (
    <section className="m-section">
      <h3 className="m-section-title">任务内容</h3>
      <div className={open ? undefined : 'task-content-folded'}>
        <RichContent html={html} />
      </div>
      {long ? (
        <button type="button" className="task-content-toggle" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? '收起' : '展开全文'}
        </button>
      ) : null}
    </section>
  );
}

function MyTask({ taskId }: { taskId: number }) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const load = useCallback(() => {
    if (!Number.isInteger(taskId) || taskId < 1) {
      setLoaded({ status: 'error', message: '任务不存在' });
      return () => undefined;
    }
    let alive = true;
    setLoaded({ status: 'loading' });
    queryMyTask(taskId, { skipErrorHandler: true })
      .then((body) => alive && setLoaded({ status: 'ready', task: body.data! }))
      .catch((error) => alive && setLoaded({ status: 'error', message: pageErrorMessage(error) }));
    return () => {
      alive = false;
    };
  }, [taskId]);
  useEffect(load, [load]);
  usePageTitle(loaded.status === 'ready' ? loaded.task.title : undefined);

  if (loaded.status === 'loading') {
    return (
      <div className="m-section" aria-busy="true" aria-label="加载中">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (loaded.status === 'error') return <LoadFailed message={loaded.message} onRetry={load} />;
  const { task } = loaded;
  return (
    <>
      <section className="m-section">
        <div className="app-task-card-head">
          <div className="app-task-tags">
            <CategoryTag category={task.category} />
            <Tag color={STATE_COLORS[task.state]} className="app-task-tag">
              {MY_TASK_STATE_LABELS[task.state]}
            </Tag>
          </div>
          <PointsBadge points={task.points} />
        </div>
        <h2 className="app-task-detail-title">{task.title}</h2>
        <DeadlineLine deadline={task.deadline} done={!isOpenState(task.state)} />
        <NeedsLine template={task.template} imageNum={task.imageNum} fieldLabels={task.fields.map((f) => f.label)} />
      </section>
      <TaskContent html={task.content} />
      <ReportSection task={task} />
    </>
  );
}

/** /app/mytask/:id: one task of the cadre, its submissions, and the report form. */
export default function MyTaskDetailPage() {
  const user = useTaskRoleGuard();
  const { id } = useParams<{ id: string }>();
  return (
    <MobileLayout title="任务提交" back="/app/mytask">
      {user ? <MyTask key={id} taskId={Number(id)} /> : null}
    </MobileLayout>
  );
}
