import dayjs, { type Dayjs } from 'dayjs';
import type { TaskTemplate } from '@common/constants';
import type { TaskBody, TaskDetail } from '@common/contracts/tasks';
import type { TaskField } from '@common/taskFields';

/** The create form's values: the template as the ticked boxes, the deadline as a date. */
export interface TaskFormValues {
  title: string;
  category?: number;
  content: string;
  template: string[];
  imageNum: number | null;
  points: number | null;
  areas: number[];
  groupIds: number[];
  deadline?: Dayjs | null;
  /** 填报字段, each with every property of its type (the server keeps only what the type uses). */
  fields: TaskField[];
}

export const EMPTY_TASK: TaskFormValues = {
  title: '',
  category: undefined,
  content: '',
  template: ['1', '2'],
  imageNum: 0,
  points: null,
  areas: [],
  groupIds: [],
  deadline: null,
  fields: [],
};

/** A new field row: a required whole number until the publisher says otherwise. */
export const newField = (key: string): TaskField => ({
  key,
  label: '',
  type: 'number',
  required: true,
  unit: '',
  min: null,
  max: null,
  decimals: 0,
  options: [],
});

/** A field as the server takes it: only what its type uses. */
function fieldBody(field: TaskField): TaskField {
  const base = { key: field.key, label: field.label.trim(), type: field.type, required: Boolean(field.required) };
  if (field.type === 'number') {
    const bound = (v: number | null | undefined) => (typeof v === 'number' ? v : null);
    return { ...base, unit: (field.unit ?? '').trim(), min: bound(field.min), max: bound(field.max), decimals: field.decimals ?? 0 };
  }
  if (field.type === 'choice') return { ...base, options: (field.options ?? []).map((o) => o.trim()).filter(Boolean) };
  return base;
}

/** Ticked boxes → "1", "2" or "1;2" (always in that order). */
const toTemplate = (ticked: string[]) => ['1', '2'].filter((v) => ticked.includes(v)).join(';') as TaskTemplate;

export function toTaskBody(values: TaskFormValues): TaskBody {
  const template = toTemplate(values.template ?? []);
  return {
    title: values.title.trim(),
    category: values.category as number,
    content: values.content,
    template,
    // Only a template with images has an image rule; 0 means the default three.
    imageNum: template.includes('2') ? (values.imageNum ?? 0) : 0,
    points: values.points ?? 0,
    areas: [...values.areas].sort((a, b) => a - b),
    groupIds: values.groupIds ?? [],
    // Minutes are what the picker shows: drop the seconds it may carry from the current time.
    deadline: (values.deadline as Dayjs).second(0).millisecond(0).toISOString(),
    fields: (values.fields ?? []).map(fieldBody),
  };
}

export function fromTask(task: TaskDetail): TaskFormValues {
  return {
    title: task.title,
    category: task.category,
    content: task.content,
    template: task.template.split(';'),
    imageNum: task.imageNum,
    points: task.points,
    areas: task.areas,
    groupIds: task.groupIds,
    deadline: dayjs(task.deadline),
    fields: task.fields.map((f) => ({ ...newField(f.key), ...f })),
  };
}
