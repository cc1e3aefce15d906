import { ReloadOutlined } from '@ant-design/icons';
import { history } from '@umijs/max';
import { Button, Card, Col, Descriptions, Progress, Row, Space, Statistic, Typography } from 'antd';
import { categoryLabel } from '@common/constants';
import type { TaskCompletion } from '@common/contracts/tasks';
import { notSubmitted, ratePercent } from '@common/figures';
import { TaskStatusBadge, TemplateTags, formatTime, isOverdue } from '../../components/taskMeta';
import { RowLink } from '@/components/TableParts';

interface Props {
  completion: TaskCompletion;
  refreshing: boolean;
  onRefresh: () => void;
  onShowMissing: () => void;
}

/** The task's facts and its totals across every targeted area. */
export default function CompletionSummary({ completion, refreshing, onRefresh, onShowMissing }: Props) {
  const { task, total } = completion;
  const missing = notSubmitted(total);
  return (
    <Card
      style={{ marginBottom: 16 }}
      title={
        <Space size={12}>
          <Typography.Text strong ellipsis style={{ maxWidth: 640 }}>
            {task.title}
          </Typography.Text>
          <TaskStatusBadge status={task.status} />
        </Space>
      }
      extra={
        <Space>
          {task.pendingCount > 0 ? (
            <Button onClick={() => history.push(`/taskManage/audit?taskId=${task.id}&status=pending`)}>
              去审核（{task.pendingCount}）
            </Button>
          ) : null}
          <Button icon={<ReloadOutlined />} loading={refreshing} onClick={onRefresh}>
            刷新
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label="工作类别">{categoryLabel(task.category)}</Descriptions.Item>
        <Descriptions.Item label="提交要求">
          <TemplateTags template={task.template} imageNum={task.imageNum} />
        </Descriptions.Item>
        <Descriptions.Item label="奖励积分">{task.points} 分</Descriptions.Item>
        <Descriptions.Item label="截止时间">
          {isOverdue(task) ? (
            <Typography.Text type="danger">{formatTime(task.deadline)}（已截止）</Typography.Text>
          ) : (
            formatTime(task.deadline)
          )}
        </Descriptions.Item>
        <Descriptions.Item label="发布时间">{formatTime(task.publishedAt)}</Descriptions.Item>
        <Descriptions.Item label="发布人">{task.publisherName}</Descriptions.Item>
      </Descriptions>
      <Row gutter={[24, 16]} align="middle">
        <Col xs={12} md={5}>
          <Statistic title="目标人数" value={total.targeted} suffix="人" />
        </Col>
        <Col xs={12} md={5}>
          <Statistic title="已提交" value={total.submitted} suffix="人" />
        </Col>
        <Col xs={12} md={5}>
          <Statistic title="已通过" value={total.approved} suffix="人" valueStyle={{ color: 'var(--glp-success-text)' }} />
        </Col>
        <Col xs={12} md={5}>
          <Statistic
            title={
              <Space>
                未提交
                {missing > 0 ? <RowLink onClick={onShowMissing}>查看名单</RowLink> : null}
              </Space>
            }
            value={missing}
            suffix="人"
            valueStyle={missing > 0 ? { color: 'var(--glp-error-text)' } : undefined}
          />
        </Col>
        <Col xs={24} md={4} style={{ textAlign: 'center' }}>
          <Progress type="circle" size={88} percent={ratePercent(total.rate)} format={(p) => `${p}%`} aria-label="完成率（已通过/目标）" />
          <div style={{ marginTop: 4, color: 'var(--glp-text-muted)' }}>完成率（已通过/目标）</div>
        </Col>
      </Row>
      <FieldTotals completion={completion} />
    </Card>
  );
}

/** The number fields summed over every approved report, with their averages (the 合计 line of the table below). */
function FieldTotals({ completion }: { completion: TaskCompletion }) {
  const numberFields = completion.fields.filter((f) => f.type === 'number');
  if (!numberFields.length) return null;
  return (
    <div style={{ marginTop: 16, paddingTop: 16, borderTop: '1px solid var(--glp-border, #f0f0f0)' }}>
      <Typography.Text type="secondary">填报数据（按已通过的提交统计）</Typography.Text>
      <Row gutter={[24, 16]} style={{ marginTop: 8 }}>
        {numberFields.map((field, i) => {
          const figure = completion.total.values[i];
          return (
            <Col xs={12} md={6} key={field.key}>
              <Statistic title={`${field.label}合计`} value={figure?.sum ?? 0} suffix={field.unit} />
              <Typography.Text type="secondary">
                {figure?.count ? `${figure.count} 份，平均 ${figure.average}${field.unit ?? ''}` : '尚无已通过的填报'}
              </Typography.Text>
            </Col>
          );
        })}
      </Row>
    </div>
  );
}
