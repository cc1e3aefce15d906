import { Type, type Static } from '@sinclair/typebox';
import {
  AREAS_MAX,
  MAX_IMAGE_NUM,
  MY_TASK_STATES,
  PAGE_SIZE_MAX,
  SUBMISSION_STATUSES,
  TASK_STATUS_FILTERS,
  TASK_STATUSES,
  TASK_TEMPLATES,
  WORK_CATEGORIES,
} from '../constants';
import { LIMITS } from '../limits';
import {
  AreaId,
  ClientKey,
  DateTime,
  ImageDecodeStatus,
  literals,
  LongText,
  Name,
  Nullable,
  NullableTimestamp,
  PageQuery,
  Text,
  Timestamp,
} from './base';
import { PhotoCheck } from './photoChecks';
import {
  TASK_FIELD_DECIMALS_MAX,
  TASK_FIELD_KEY_PATTERN,
  TASK_FIELD_NUMBER_MAX,
  TASK_FIELD_OPTIONS_MAX,
  TASK_FIELD_TYPES,
  TASK_FIELDS_MAX,
} from '../taskFields';

const TaskStatusSchema = literals(TASK_STATUSES, '任务状态');
const SubmissionStatusSchema = literals(SUBMISSION_STATUSES, '审核状态');
export const Category = Type.Integer({ minimum: 1, maximum: WORK_CATEGORIES.length, title: '工作类别' });

// ---- Tasks ----

/** A form field beyond text and photos (common/taskFields.ts checks what a schema cannot: bounds, options, labels once). */
// A bound may be null (none): one type list, so coercion does not turn null into 0 (base.ts NullableNumber).
const FieldBound = (title: string) =>
  Type.Unsafe<number | null>({ title, type: ['number', 'null'], minimum: -TASK_FIELD_NUMBER_MAX, maximum: TASK_FIELD_NUMBER_MAX });
export const TaskFieldSchema = Type.Object(
  {
    key: Type.String({ title: '字段标识', pattern: TASK_FIELD_KEY_PATTERN }),
    label: Name('字段名称', LIMITS.taskFieldLabel),
    type: literals(TASK_FIELD_TYPES, '字段类型'),
    required: Type.Boolean({ title: '是否必填', default: true }),
    unit: Type.Optional(Name('单位', LIMITS.taskFieldUnit, 0)),
    min: Type.Optional(FieldBound('最小值')),
    max: Type.Optional(FieldBound('最大值')),
    decimals: Type.Optional(Type.Integer({ title: '小数位数', minimum: 0, maximum: TASK_FIELD_DECIMALS_MAX })),
    options: Type.Optional(Type.Array(Name('选项', LIMITS.taskFieldOption), { title: '选项', maxItems: TASK_FIELD_OPTIONS_MAX })),
  },
  { additionalProperties: false },
);
export type TaskFieldSchema = Static<typeof TaskFieldSchema>;

export const TaskBody = Type.Object(
  {
    title: Name('任务标题', LIMITS.taskTitle),
    category: Category,
    /** Rich text (HTML); sanitised by the server when saved. */
    content: Type.String({ title: '任务内容', minLength: 1, maxLength: LIMITS.richText }),
    template: literals(TASK_TEMPLATES, '提交模板'),
    imageNum: Type.Integer({ minimum: 0, maximum: MAX_IMAGE_NUM, title: '图片数量' }),
    points: Type.Integer({ minimum: 0, maximum: LIMITS.taskPoints, title: '奖励积分' }),
    areas: Type.Array(AreaId('目标区域'), { title: '目标区域', minItems: 1, maxItems: AREAS_MAX, uniqueItems: true }),
    groupIds: Type.Array(Type.Integer({ minimum: 1, title: '目标分组' }), {
      title: '目标分组',
      maxItems: 50,
      uniqueItems: true,
      default: [],
    }),
    deadline: DateTime('截止时间'),
    fields: Type.Array(TaskFieldSchema, { title: '填报字段', maxItems: TASK_FIELDS_MAX, default: [] }),
  },
  { additionalProperties: false },
);
export type TaskBody = Static<typeof TaskBody>;

export const TaskItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  category: Type.Integer(),
  template: Type.String(),
  imageNum: Type.Integer(),
  points: Type.Integer(),
  areas: Type.Array(Type.Integer()),
  groupIds: Type.Array(Type.Integer()),
  deadline: Timestamp,
  status: TaskStatusSchema,
  publisherId: Type.Integer(),
  publisherName: Type.String(),
  publishedAt: NullableTimestamp,
  closedAt: NullableTimestamp,
  createdAt: Timestamp,
  /** Submission counts (live ones: pending + approved). */
  pendingCount: Type.Integer(),
  approvedCount: Type.Integer(),
});
export type TaskItem = Static<typeof TaskItem>;

export const TaskDetail = Type.Composite([
  TaskItem,
  Type.Object({
    content: Type.String(),
    groups: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() })),
    fields: Type.Array(TaskFieldSchema),
  }),
]);
export type TaskDetail = Static<typeof TaskDetail>;

const TargetGroup = Type.Object({ id: Type.Integer(), name: Type.String(), memberCount: Type.Integer() });
type TargetGroup = Static<typeof TargetGroup>;

/**
 * GET /api/tasks/form-options: what the task form offers, for whoever publishes tasks (the group
 * list itself belongs to user management, which staff may not read). Groups by name with their
 * member counts, never their members, at most `groupLimit` of them.
 */
export const TaskFormOptionsQuery = Type.Object(
  {
    groupName: Type.Optional(Text('分组名称', LIMITS.filter, 0)),
    groupLimit: Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_MAX, title: '分组数量' }),
  },
  { additionalProperties: false },
);
export type TaskFormOptionsQuery = Static<typeof TaskFormOptionsQuery>;
export const TaskFormOptions = Type.Object({
  groups: Type.Array(TargetGroup),
  /** All groups matching `groupName`, of which `groups` holds the first `groupLimit`. */
  groupTotal: Type.Integer(),
});
export type TaskFormOptions = Static<typeof TaskFormOptions>;

export const TASK_SORT_FIELDS = ['createdAt', 'deadline', 'publishedAt'] as const;
export const TaskListQuery = Type.Object(
  {
    ...PageQuery,
    title: Type.Optional(Text('任务标题', LIMITS.taskTitle, 0)),
    category: Type.Optional(Category),
    status: Type.Optional(literals(TASK_STATUS_FILTERS, '任务状态')),
    area: Type.Optional(AreaId('目标区域')),
    /** Created within [from, to]. */
    from: Type.Optional(DateTime('开始时间')),
    to: Type.Optional(DateTime('结束时间')),
    sortField: Type.Optional(literals(TASK_SORT_FIELDS, '排序字段')),
  },
  { additionalProperties: false },
);
export type TaskListQuery = Static<typeof TaskListQuery>;

/** Published tasks for anyone (no content beyond a plain summary in the list). */
export const PublicTaskItem = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  category: Type.Integer(),
  template: Type.String(),
  imageNum: Type.Integer(),
  points: Type.Integer(),
  areas: Type.Array(Type.Integer()),
  deadline: Timestamp,
  status: TaskStatusSchema,
  publishedAt: NullableTimestamp,
  /** The content as plain text, cut to 120 characters. */
  summary: Type.String(),
});
export type PublicTaskItem = Static<typeof PublicTaskItem>;
export const PublicTaskDetail = Type.Composite([PublicTaskItem, Type.Object({ content: Type.String() })]);
export type PublicTaskDetail = Static<typeof PublicTaskDetail>;
export const PublicTaskQuery = Type.Object(
  {
    ...PageQuery,
    category: Type.Optional(Category),
    area: Type.Optional(AreaId('目标区域')),
    title: Type.Optional(Text('任务标题', LIMITS.taskTitle, 0)),
  },
  { additionalProperties: false },
);
export type PublicTaskQuery = Static<typeof PublicTaskQuery>;

// ---- Completion ----

/** A number field over approved reports: how many gave it, their sum and average (null without any). */
export const FieldFigure = Type.Object({
  key: Type.String(),
  count: Type.Integer(),
  sum: Type.Number(),
  average: Nullable(Type.Number()),
});
export type FieldFigure = Static<typeof FieldFigure>;
const CompletionFigures = {
  targeted: Type.Integer(),
  submitted: Type.Integer(),
  approved: Type.Integer(),
  /** approved / targeted, 0–1; 0 when nobody is targeted. */
  rate: Type.Number(),
  /** The task's number fields in their order, over the approved reports. */
  values: Type.Array(FieldFigure),
};
export const CompletionArea = Type.Object({ area: Type.Integer(), areaName: Type.String(), ...CompletionFigures });
export type CompletionArea = Static<typeof CompletionArea>;
export const TaskCompletion = Type.Object({
  task: TaskItem,
  /** The task's form fields; the number ones are summed in `values`. */
  fields: Type.Array(TaskFieldSchema),
  areas: Type.Array(CompletionArea),
  total: Type.Object(CompletionFigures),
});
export type TaskCompletion = Static<typeof TaskCompletion>;

const COMPLETION_PEOPLE_STATES = ['not_submitted', 'pending', 'approved', 'rejected'] as const;
export const CompletionPeopleQuery = Type.Object(
  {
    ...PageQuery,
    area: Type.Optional(AreaId()),
    state: Type.Optional(literals(COMPLETION_PEOPLE_STATES, '完成情况')),
  },
  { additionalProperties: false },
);
export type CompletionPeopleQuery = Static<typeof CompletionPeopleQuery>;
export const CompletionPerson = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  account: Type.String(),
  phone: Type.String(),
  area: Type.Integer(),
  areaName: Type.String(),
  /** The latest submission, if any. */
  submissionId: Nullable(Type.Integer()),
  status: Nullable(SubmissionStatusSchema),
  late: Type.Boolean(),
  submittedAt: NullableTimestamp,
});
export type CompletionPerson = Static<typeof CompletionPerson>;

// ---- Submissions ----

export const ImageRef = Type.Object({
  id: Type.Integer(),
  url: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  status: Type.Optional(ImageDecodeStatus),
});
export type ImageRef = Static<typeof ImageRef>;

/**
 * A photo of a submission, an appeal or a photo report. Those who review the record also get its
 * check (near-identical earlier photos, capture time; ADR 0027); the submitter does not.
 */
export const CheckedImage = Type.Composite([ImageRef, Type.Object({ check: Type.Optional(PhotoCheck) })]);
export type CheckedImage = Static<typeof CheckedImage>;

export const SubmissionBody = Type.Object(
  {
    text: Type.Optional(LongText('完成情况说明', LIMITS.submissionText, 0)),
    imageIds: Type.Array(Type.Integer({ minimum: 1, title: '图片' }), {
      title: '图片',
      maxItems: MAX_IMAGE_NUM,
      uniqueItems: true,
      default: [],
    }),
    /** The task's form fields by key (common/taskFields.ts checks each against its definition). */
    values: Type.Record(
      Type.String({ pattern: TASK_FIELD_KEY_PATTERN }),
      Type.Union([Type.Number(), Type.String({ maxLength: LIMITS.taskFieldOption })]),
      {
        title: '填报内容',
        maxProperties: TASK_FIELDS_MAX,
        default: {},
      },
    ),
    clientKey: ClientKey,
  },
  { additionalProperties: false },
);
export type SubmissionBody = Static<typeof SubmissionBody>;

export const SubmissionItem = Type.Object({
  id: Type.Integer(),
  taskId: Type.Integer(),
  taskTitle: Type.String(),
  category: Type.Integer(),
  template: Type.String(),
  points: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  area: Type.Integer(),
  areaName: Type.String(),
  text: Type.String(),
  images: Type.Array(CheckedImage),
  /** The values given for the task's form fields, by key. */
  values: Type.Record(Type.String(), Type.Union([Type.Number(), Type.String()])),
  /** The task's form fields, to show the values with their names and units. */
  fields: Type.Array(TaskFieldSchema),
  status: SubmissionStatusSchema,
  late: Type.Boolean(),
  reviewerId: Nullable(Type.Integer()),
  reviewerName: Nullable(Type.String()),
  comment: Type.String(),
  reviewedAt: NullableTimestamp,
  createdAt: Timestamp,
});
export type SubmissionItem = Static<typeof SubmissionItem>;

export const SubmissionListQuery = Type.Object(
  {
    ...PageQuery,
    taskId: Type.Optional(Type.Integer({ minimum: 1, title: '任务' })),
    area: Type.Optional(AreaId()),
    category: Type.Optional(Category),
    status: Type.Optional(SubmissionStatusSchema),
    keyword: Type.Optional(Text('关键词', LIMITS.filter, 0)),
  },
  { additionalProperties: false },
);
export type SubmissionListQuery = Static<typeof SubmissionListQuery>;

export const AuditBody = Type.Object(
  {
    result: Type.Union([Type.Literal('approved'), Type.Literal('rejected')], { title: '审核结果' }),
    comment: Type.Optional(LongText('审核意见', LIMITS.reviewComment, 0)),
  },
  { additionalProperties: false },
);
export type AuditBody = Static<typeof AuditBody>;

export const BatchAuditBody = Type.Object(
  {
    ids: Type.Array(Type.Integer({ minimum: 1, title: '提交' }), {
      title: '提交',
      minItems: 1,
      maxItems: 100,
      uniqueItems: true,
    }),
    result: Type.Literal('approved', { title: '审核结果' }),
    comment: Type.Optional(LongText('审核意见', LIMITS.reviewComment, 0)),
  },
  { additionalProperties: false },
);
export type BatchAuditBody = Static<typeof BatchAuditBody>;
export const BatchAuditResult = Type.Object({
  approved: Type.Array(Type.Integer()),
  /** Ids not approved: already reviewed, unknown or outside the caller's scope. */
  skipped: Type.Array(Type.Integer()),
});
export type BatchAuditResult = Static<typeof BatchAuditResult>;

// ---- The caller's own tasks (phone) ----

export const MyTaskItem = Type.Composite([
  PublicTaskItem,
  Type.Object({
    state: literals(MY_TASK_STATES, '我的状态'),
    /** The latest submission of the caller, if any. */
    submission: Nullable(
      Type.Object({
        id: Type.Integer(),
        status: SubmissionStatusSchema,
        late: Type.Boolean(),
        comment: Type.String(),
        createdAt: Timestamp,
        reviewedAt: NullableTimestamp,
      }),
    ),
  }),
]);
export type MyTaskItem = Static<typeof MyTaskItem>;
export const MyTaskQuery = Type.Object(
  { ...PageQuery, state: Type.Optional(literals(MY_TASK_STATES, '我的状态')) },
  { additionalProperties: false },
);
export type MyTaskQuery = Static<typeof MyTaskQuery>;
export const MyTaskDetail = Type.Composite([
  MyTaskItem,
  Type.Object({ content: Type.String(), fields: Type.Array(TaskFieldSchema), submissions: Type.Array(SubmissionItem) }),
]);
export type MyTaskDetail = Static<typeof MyTaskDetail>;
export const MyTaskCounts = Type.Object({
  todo: Type.Integer(),
  pending: Type.Integer(),
  approved: Type.Integer(),
  rejected: Type.Integer(),
  missed: Type.Integer(),
});
export type MyTaskCounts = Static<typeof MyTaskCounts>;
