import { Card, Progress, Space, Table, Typography } from 'antd';
import type { CompletionArea, FieldFigure, TaskCompletion } from '@common/contracts/tasks';
import type { TaskField } from '@common/taskFields';
import { notSubmitted, ratePercent } from '@common/figures';
import EmptyState from '@/components/EmptyState';
import ExportButton from '@/components/ExportButton';
import { exportCompletionAreas } from '@/services/tasks';
import { DangerLink, RowLink } from '@/components/TableParts';

interface Props {
  completion: TaskCompletion;
  /** Opens the people of an area (undefined: every area), optionally at a state. */
  onOpen: (area: number | undefined, state?: string) => void;
}

/** Per targeted area: targeted, submitted, approved, not submitted and the rate; 导出Excel gives the same table. */
/** A number field's cell: the sum of the approved reports, their average below. */
function FigureCell({ field, figure }: { field: TaskField; figure?: FieldFigure }) {
  if (!figure?.count) return <Typography.Text type="secondary">—</Typography.Text>;
  const unit = field.unit ? ` ${field.unit}` : '';
  return (
    <Space direction="vertical" size={0} style={{ textAlign: 'right' }}>
      <span>
        {figure.sum}
        {unit}
      </span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        平均 {figure.average}
        {unit}
      </Typography.Text>
    </Space>
  );
}

export default function AreaTable({ completion, onOpen }: Props) {
  const { total } = completion;
  const numberFields = completion.fields.filter((f) => f.type === 'number');
  const fieldColumns = numberFields.map((field, i) => ({
    title: `${field.label}（已通过）`,
    key: `field-${field.key}`,
    align: 'right' as const,
    width: 130,
    render: (_: unknown, row: CompletionArea) => <FigureCell field={field} figure={row.values[i]} />,
  }));
  return (
    <Card
      title="各区域完成情况"
      extra={
        <Space size="middle">
          <RowLink onClick={() => onOpen(undefined)}>查看全部人员</RowLink>
          <ExportButton download={(onProgress) => exportCompletionAreas(completion.task.id, onProgress)} />
        </Space>
      }
    >
      <Table<CompletionArea>
        rowKey="area"
        dataSource={completion.areas}
        pagination={false}
        size="middle"
        locale={{ emptyText: <EmptyState text="该任务没有目标区域" /> }}
        onRow={(row) => ({ onClick: () => onOpen(row.area), style: { cursor: 'pointer' } })}
        columns={[
          { title: '区域', dataIndex: 'areaName', width: 160 },
          {
            title: '目标人数',
            dataIndex: 'targeted',
            align: 'right',
            width: 100,
            render: (value: number) => (value ? value : <Typography.Text type="secondary">无人员</Typography.Text>),
          },
          { title: '已提交', dataIndex: 'submitted', align: 'right', width: 100 },
          {
            title: '已通过',
            dataIndex: 'approved',
            align: 'right',
            width: 100,
            render: (value: number) => <Typography.Text type={value ? 'success' : undefined}>{value}</Typography.Text>,
          },
          {
            title: '未提交',
            key: 'missing',
            align: 'right',
            width: 100,
            render: (_, row) => {
              const missing = notSubmitted(row);
              return missing ? (
                <DangerLink
                  onClick={(event) => {
                    event.stopPropagation();
                    onOpen(row.area, 'not_submitted');
                  }}
                >
                  {missing}
                </DangerLink>
              ) : (
                0
              );
            },
          },
          ...fieldColumns,
          {
            title: '完成率',
            dataIndex: 'rate',
            render: (rate: number, row) => (
              <Progress
                aria-label={`${row.areaName}完成率`}
                percent={ratePercent(rate)}
                size="small"
                status={row.targeted && rate >= 1 ? 'success' : 'normal'}
                style={{ maxWidth: 260, margin: 0 }}
              />
            ),
          },
          {
            title: '操作',
            key: 'action',
            width: 110,
            render: (_, row) => <RowLink onClick={() => onOpen(row.area)}>查看人员</RowLink>,
          },
        ]}
        summary={() =>
          completion.areas.length > 1 ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0}>
                <Typography.Text strong>合计</Typography.Text>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={1} align="right">
                {total.targeted}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                {total.submitted}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                {total.approved}
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                {notSubmitted(total)}
              </Table.Summary.Cell>
              {numberFields.map((field, i) => (
                <Table.Summary.Cell key={field.key} index={5 + i} align="right">
                  <FigureCell field={field} figure={total.values[i]} />
                </Table.Summary.Cell>
              ))}
              <Table.Summary.Cell index={5 + numberFields.length}>
                <Space>
                  <Progress aria-label="合计完成率" percent={ratePercent(total.rate)} size="small" style={{ width: 260, margin: 0 }} />
                </Space>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6 + numberFields.length} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Card>
  );
}
