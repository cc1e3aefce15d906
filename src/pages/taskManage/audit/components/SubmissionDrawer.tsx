import { history, Link, useLocation } from '@umijs/max';
import { useRequest } from 'ahooks';
import { Badge, Button, Descriptions, Drawer, Grid, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { categoryLabel } from '@common/constants';
import { pageErrorMessage } from '@/hooks/usePagedList';
import { getSubmission } from '@/services/submissions';
import { LateTag, SUBMISSION_STATUS_ENUM, formatTime } from '../../components/taskMeta';
import SubmissionPhotos from './SubmissionPhotos';
import { fieldValueText } from '@common/taskFields';

/** The submission the URL names (?submission=), e.g. one whose photo another report sent again. */
const submissionIn = (search: string) => {
  const id = Number(new URLSearchParams(search).get('submission'));
  return Number.isInteger(id) && id > 0 ? id : undefined;
};

/**
 * One submission in full, opened from a photo check's link (ADR 0027) or a shared address: the
 * task, who sent it, the text, the photos with their checks and the review. Closing it leaves the
 * queue where it was; the back button goes back to the record that linked here.
 */
export default function SubmissionDrawer() {
  const location = useLocation();
  const screens = Grid.useBreakpoint();
  const id = submissionIn(location.search);
  const { data, error, loading, refresh } = useRequest(
    async () => (id ? (await getSubmission(id, { skipErrorHandler: true })).data : undefined),
    { refreshDeps: [id] },
  );
  const shown = data?.id === id ? data : undefined;
  const close = () => {
    const params = new URLSearchParams(location.search);
    params.delete('submission');
    const search = params.toString();
    history.push(`${location.pathname}${search ? `?${search}` : ''}`);
  };

  let body;
  if (error && !loading) {
    body = (
      <Result
        status="warning"
        title="提交记录加载失败"
        subTitle={pageErrorMessage(error)}
        extra={<Button onClick={refresh}>重试</Button>}
      />
    );
  } else if (!shown) {
    body = <Skeleton active paragraph={{ rows: 10 }} />;
  } else {
    const status = SUBMISSION_STATUS_ENUM[shown.status];
    body = (
      <article aria-label="提交详情">
        <Space size={8} wrap>
          <Badge status={status.status.toLowerCase() as 'default'} text={status.text} />
          <Tag>{categoryLabel(shown.category)}</Tag>
          <Tag>{shown.areaName}</Tag>
          {shown.late ? <LateTag /> : null}
        </Space>
        <Typography.Title level={4} style={{ margin: '12px 0' }}>
          {shown.taskTitle}
        </Typography.Title>
        <Descriptions size="small" column={screens.md ? 2 : 1} bordered>
          <Descriptions.Item label="提交人">{shown.userName}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{formatTime(shown.createdAt)}</Descriptions.Item>
          <Descriptions.Item label="审核人">{shown.reviewerName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{formatTime(shown.reviewedAt)}</Descriptions.Item>
          {shown.comment ? (
            <Descriptions.Item label="审核意见" span={screens.md ? 2 : 1}>
              {shown.comment}
            </Descriptions.Item>
          ) : null}
        </Descriptions>
        <Typography.Title level={5} style={{ marginTop: 20 }}>
          完成情况说明
        </Typography.Title>
        {shown.text ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{shown.text}</Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">未填写文字</Typography.Text>
        )}
        {shown.fields.length ? (
          <>
            <Typography.Title level={5} style={{ marginTop: 20 }}>
              填报内容
            </Typography.Title>
            <Descriptions size="small" column={1} bordered>
              {shown.fields.map((field) => (
                <Descriptions.Item key={field.key} label={field.label}>
                  {shown.values[field.key] === undefined ? (
                    <Typography.Text type="secondary">未填写</Typography.Text>
                  ) : (
                    fieldValueText(field, shown.values[field.key])
                  )}
                </Descriptions.Item>
              ))}
            </Descriptions>
          </>
        ) : null}
        <Typography.Title level={5} style={{ marginTop: 20 }}>
          现场照片（{shown.images.length}）
        </Typography.Title>
        <SubmissionPhotos images={shown.images} name={shown.userName} detailed />
        <div style={{ marginTop: 20 }}>
          <Link to={`/taskManage/complete?taskId=${shown.taskId}`}>查看该任务的完成情况</Link>
        </div>
      </article>
    );
  }

  return (
    <Drawer
      title={shown ? `提交详情 #${shown.id}` : '提交详情'}
      open={!!id}
      onClose={close}
      width={screens.md ? 720 : '100%'}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
