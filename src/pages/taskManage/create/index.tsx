import { history, useSearchParams } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Button, Card, Result, Skeleton } from 'antd';
import { TASK_STATUS_LABELS } from '@common/constants';
import PageContainer from '@/components/PageContainer';
import { useAreaOptions } from '@/hooks/useAreaOptions';
import { getTask } from '@/services/tasks';
import { apiErrorBody, apiErrorMessage } from '@/utils/apiError';
import { useTaskFormOptions } from '../components/useTaskFormOptions';
import TaskForm from './components/TaskForm';

/** 发布任务: a new task, or with `?id=` the draft it names (only drafts can be edited). */
export default function TaskCreatePage() {
  const [searchParams] = useSearchParams();
  const id = Number(searchParams.get('id')) || undefined;
  const areaOptions = useAreaOptions({ picking: true });
  const formOptions = useTaskFormOptions();
  const draft = useRequest(async () => (id ? (await getTask(id, { skipErrorHandler: true })).data : undefined), {
    refreshDeps: [id],
  });

  const toList = (
    <Button key="list" type="primary" onClick={() => history.push('/taskManage/list')}>
      返回任务列表
    </Button>
  );

  let body: React.ReactNode;
  if ((id && draft.loading) || formOptions.loading) {
    body = (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  } else if (id && draft.error) {
    const notFound = apiErrorBody(draft.error)?.code === 404;
    body = (
      <Card>
        <Result
          status={notFound ? '404' : 'error'}
          title={notFound ? '任务不存在或已被删除' : '任务加载失败'}
          subTitle={notFound ? `没有编号为 ${id} 的任务。` : apiErrorMessage(draft.error)}
          extra={[
            ...(notFound
              ? []
              : [
                  <Button key="retry" onClick={draft.refresh}>
                    重试
                  </Button>,
                ]),
            toList,
          ]}
        />
      </Card>
    );
  } else if (id && draft.data && draft.data.status !== 'draft') {
    const task = draft.data;
    body = (
      <Card>
        <Result
          status="info"
          title={`该任务${TASK_STATUS_LABELS[task.status]}，不能再编辑`}
          subTitle={`「${task.title}」已经发布，只有草稿可以修改。${
            task.status === 'published' ? '如需停止提交，可在任务列表中关闭任务；' : ''
          }各村的提交情况请在完成情况中查看。`}
          extra={[
            toList,
            <Button key="complete" onClick={() => history.push(`/taskManage/complete?taskId=${task.id}`)}>
              查看完成情况
            </Button>,
          ]}
        />
      </Card>
    );
  } else {
    body = (
      <TaskForm key={id ?? 'new'} task={id ? draft.data : undefined} areaOptions={areaOptions} groupOptions={formOptions.groupOptions} />
    );
  }

  return (
    <PageContainer
      title={!id ? '发布任务' : draft.data && draft.data.status !== 'draft' ? '任务不可编辑' : '编辑任务草稿'}
      subTitle={id ? draft.data?.title : '填写任务要求，保存为草稿或直接发布到各村（社区）'}
    >
      {body}
    </PageContainer>
  );
}
