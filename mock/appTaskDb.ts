/**
 * The phone's tasks (docs/product.md §4), shared by /api/public/tasks (mock/publicTasks.ts), the
 * cadre's own tasks (mock/my.ts), submitting (mock/submissions.ts) and photo uploads
 * (mock/uploads.ts): five tasks for the village cadre of area 2 (one closed), one rejected submission and one
 * waiting for review. `resetAppTaskDb()` puts them back (mock/scenarios.ts does before each phone
 * test).
 */
import type { MyTaskState } from '@common/constants';
import { myTaskState } from '@common/workflow';
import type { PublicTaskDetail, SubmissionItem } from '@common/contracts/tasks';
import type { TaskField } from '@common/taskFields';
import { areaName, cadreUser } from './fixtures';

const FUTURE = '2099-06-30T10:00:00.000Z';
const PAST = '2020-01-10T10:00:00.000Z';

export type MockTask = PublicTaskDetail & { fields: TaskField[] };
const task = (fields: Partial<MockTask> & Pick<MockTask, 'id' | 'title' | 'template'>): MockTask => ({
  category: 6,
  imageNum: 0,
  points: 5,
  areas: [2],
  deadline: FUTURE,
  status: 'published',
  publishedAt: '2024-06-01T08:00:00.000Z',
  summary: '请按要求完成并上报。',
  content: '<p>请按要求完成并上报。</p>',
  fields: [],
  ...fields,
});

const initialTasks = (): MockTask[] => [
  task({ id: 11, title: '清理河道垃圾', template: '1;2', imageNum: 2, points: 5 }),
  task({ id: 12, title: '上报本村低保户走访情况', template: '1', category: 3, deadline: PAST }),
  task({ id: 13, title: '拍摄村容村貌', template: '2', imageNum: 0, category: 14 }),
  task({ id: 14, title: '已结束的防汛检查', template: '1', status: 'closed' }),
  task({
    id: 15,
    title: '燃气安全入户排查',
    template: '1',
    category: 11,
    fields: [
      { key: 'f1', label: '排查户数', type: 'number', required: true, unit: '户', min: 0, max: 500, decimals: 0 },
      { key: 'f2', label: '是否发现隐患', type: 'choice', required: true, options: ['是', '否'] },
      { key: 'f3', label: '整改完成日期', type: 'date', required: false },
    ],
  }),
];

/** A submission of the cadre's for one of the tasks, as the server lists it. */
export const submission = (fields: Partial<SubmissionItem> & Pick<SubmissionItem, 'id' | 'taskId' | 'status'>): SubmissionItem => {
  const t = appTaskDb.tasks.find((x) => x.id === fields.taskId)!;
  return {
    taskTitle: t.title,
    category: t.category,
    template: t.template,
    points: t.points,
    userId: cadreUser.id,
    userName: cadreUser.name,
    area: 2,
    areaName: areaName(2) ?? '',
    text: '',
    images: [],
    values: {},
    fields: t.fields,
    late: false,
    reviewerId: null,
    reviewerName: null,
    comment: '',
    reviewedAt: null,
    createdAt: '2024-06-02T08:00:00.000Z',
    ...fields,
  };
};

export const appTaskDb = {
  tasks: initialTasks(),
  submissions: [] as SubmissionItem[],
  /** clientKey → submission id, as the server keeps it. */
  clientKeys: new Map<string, number>(),
  /** The ids of the photos uploaded here: a submission, appeal or report may only name these. */
  uploads: new Set<number>(),
  nextId: 500,
};

export function resetAppTaskDb() {
  appTaskDb.tasks = initialTasks();
  appTaskDb.submissions = [];
  appTaskDb.clientKeys = new Map();
  appTaskDb.uploads = new Set();
  appTaskDb.nextId = 500;
  // Task 12 was rejected once; task 13 waits for review.
  appTaskDb.submissions.push(
    submission({
      id: 301,
      taskId: 12,
      status: 'rejected',
      text: '已走访3户',
      comment: '请补充走访时间和照片说明',
      reviewerName: '张审核',
      reviewedAt: '2024-06-03T08:00:00.000Z',
    }),
    submission({ id: 302, taskId: 13, status: 'pending', images: [{ id: 1, url: '/api/uploads/a.jpg', width: 10, height: 10 }] }),
  );
}
resetAppTaskDb();

/** The cadre's latest submission for a task and the state it puts the task in. */
export function myState(t: MockTask): { state: MyTaskState; latest?: SubmissionItem } {
  const latest = appTaskDb.submissions.filter((s) => s.taskId === t.id).sort((a, b) => b.id - a.id)[0];
  return { state: myTaskState(t.status, latest?.status), latest };
}

export const publicItem = ({ content: _content, fields: _fields, ...item }: MockTask) => item;
