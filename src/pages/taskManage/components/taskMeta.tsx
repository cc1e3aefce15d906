import { Badge, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import {
  SUBMISSION_STATUS_LABELS,
  TASK_STATUS_LABELS,
  type TaskStatus,
  WORK_CATEGORIES,
  imageRuleLabel,
  templateHasImages,
  templateLabel,
} from '@common/constants';
import type { TaskItem } from '@common/contracts/tasks';
import type { Option } from '@/hooks/useReferenceOptions';
import { labelEnum } from '@/utils/valueEnum';

/** The task states as a table's value enum (badge colours). */
export const TASK_STATUS_ENUM = labelEnum(TASK_STATUS_LABELS, { draft: 'Warning', published: 'Processing', closed: 'Default' });

/** The submission states as a table's value enum. */
export const SUBMISSION_STATUS_ENUM = labelEnum(SUBMISSION_STATUS_LABELS, { pending: 'Warning', approved: 'Success', rejected: 'Error' });

export const CATEGORY_OPTIONS = WORK_CATEGORIES.map((c) => ({ value: c.id, label: c.label }));

export { formatTime } from '@/utils/format';

/** A published task past its deadline. */
export const isOverdue = (task: Pick<TaskItem, 'status' | 'deadline'>) =>
  task.status === 'published' && dayjs(task.deadline).isBefore(dayjs());

/** The names of some areas, '全部区域' when all of them; past `max` names, the first few and a count. */
export function areaNames(ids: number[], areas: Option[], max = Infinity): string {
  if (areas.length && ids.length >= areas.length) return '全部区域';
  const names = ids.map((id) => areas.find((a) => a.value === id)?.label ?? `区域${id}`);
  return names.length > max ? `${names.slice(0, 3).join('、')}等${names.length}个村（社区）` : names.join('、');
}

/** Areas as one line; the full list in a tooltip when it does not fit. */
export function AreaNames({ ids, areas }: { ids: number[]; areas: Option[] }) {
  const text = areaNames(ids, areas);
  return (
    <Typography.Text ellipsis={{ tooltip: text }} style={{ maxWidth: '100%' }}>
      {text}
    </Typography.Text>
  );
}

/** 文字、图片 and, when images are asked for, how many. */
export function TemplateTags({ template, imageNum }: { template: string; imageNum: number }) {
  return (
    <span>
      {templateLabel(template)}
      {templateHasImages(template) ? <Typography.Text type="secondary">（{imageRuleLabel(imageNum)}）</Typography.Text> : null}
    </span>
  );
}

/** Under a task's title: what a report must hold and the points it earns (文字、图片 · 默认3张 · 5分). */
export function TaskRequirement({ task }: { task: Pick<TaskItem, 'template' | 'imageNum' | 'points'> }) {
  return (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
      <span>{templateLabel(task.template)}</span>
      {templateHasImages(task.template) ? (
        <>
          {' · '}
          <span>{imageRuleLabel(task.imageNum)}</span>
        </>
      ) : null}
      {' · '}
      <span>{task.points}分</span>
    </Typography.Text>
  );
}

export function TaskStatusBadge({ status }: { status: TaskStatus }) {
  const item = TASK_STATUS_ENUM[status];
  return <Badge status={item.status.toLowerCase() as 'default'} text={item.text} />;
}

export function LateTag() {
  return <Tag color="red">逾期</Tag>;
}
