/**
 * The admin pages' tasks, submissions and points (docs/product.md §4), shared by /api/tasks
 * (mock/tasks.ts), /api/submissions (mock/submissions.ts), /api/scores (mock/scores.ts) and uploads:
 * three tasks (a draft, one in progress, one closed) and three submissions whose photos carry every
 * kind of photo check (ADR 0027). Add their handlers with `taskHandlers` (mock/scenarios.ts) and call
 * `resetTaskDb()` in a beforeEach.
 */
import { PHOTO_STALE_REASONS } from '@common/constants';
import type { LedgerEntry, RankingRow } from '@common/contracts/scores';
import type { SubmissionItem, TaskDetail } from '@common/contracts/tasks';
import { areaName } from './fixtures';
import { duplicateOf, oldPhoto, photoCheck } from './photoChecks';

const future = (days: number) => new Date(Date.now() + days * 86400000).toISOString();
const past = (days: number) => new Date(Date.now() - days * 86400000).toISOString();

export function taskDetail(seed: Partial<TaskDetail> & Pick<TaskDetail, 'id' | 'title' | 'status'>): TaskDetail {
  return {
    category: 14,
    template: '1;2',
    imageNum: 0,
    points: 5,
    areas: [2, 3],
    groupIds: [],
    groups: [],
    deadline: future(7),
    publisherId: 1,
    publisherName: '系统管理员',
    publishedAt: seed.status === 'draft' ? null : past(2),
    closedAt: seed.status === 'closed' ? past(1) : null,
    createdAt: past(3),
    pendingCount: 0,
    approvedCount: 0,
    content: '<p>请各村组织开展人居环境整治，拍照上传整治前后对比。</p>',
    fields: [],
    ...seed,
  };
}

const image = (id: number) => ({ id, url: `/api/uploads/photo-${id}.jpg`, width: 800, height: 600 });

export function submission(seed: Partial<SubmissionItem> & Pick<SubmissionItem, 'id' | 'userName'>): SubmissionItem {
  return {
    taskId: 11,
    taskTitle: '春季人居环境整治',
    category: 14,
    template: '1;2',
    points: 5,
    userId: 20 + seed.id,
    area: 2,
    areaName: areaName(seed.area ?? 2) ?? '第一村',
    text: '已完成村内主干道清扫，清理垃圾2车。',
    images: [image(seed.id * 10 + 1), image(seed.id * 10 + 2)],
    values: {},
    fields: [],
    status: 'pending',
    late: false,
    reviewerId: null,
    reviewerName: null,
    comment: '',
    reviewedAt: null,
    createdAt: past(1),
    ...seed,
  };
}

const initialTasks = (): TaskDetail[] => [
  taskDetail({ id: 10, title: '秋季防火宣传（草稿）', status: 'draft', category: 11, template: '1', areas: [2] }),
  taskDetail({ id: 11, title: '春季人居环境整治', status: 'published', pendingCount: 2, approvedCount: 1 }),
  taskDetail({ id: 12, title: '低保户走访核查', status: 'closed', category: 3, template: '1', areas: [4] }),
];

/**
 * 王村干's first photo is 陈委员's earlier one sent again and the second predates the task; 刘网格's
 * photos carry no capture time and the first matches a report the reviewer may not open.
 */
const initialSubmissions = (): SubmissionItem[] => [
  submission({
    id: 1,
    userName: '王村干',
    area: 2,
    text: '已完成村内主干道清扫，清理垃圾2车。',
    images: [
      {
        ...image(11),
        check: photoCheck({ duplicateOf: [duplicateOf({ kind: 'submission', id: 3, label: '陈委员提交的「春季人居环境整治」' })] }),
      },
      { ...image(12), check: oldPhoto(PHOTO_STALE_REASONS.beforeTask) },
    ],
  }),
  submission({
    id: 2,
    userName: '刘网格',
    area: 3,
    areaName: '第二村',
    text: '河道沿线杂物已清理完毕。',
    late: true,
    images: [
      {
        ...image(21),
        check: photoCheck({ takenAt: null, duplicateOf: [duplicateOf({ kind: 'submission', label: '另一村的提交', distance: 5 })] }),
      },
      { ...image(22), check: photoCheck({ takenAt: null }) },
    ],
  }),
  submission({
    id: 3,
    userName: '陈委员',
    area: 2,
    status: 'approved',
    reviewerId: 1,
    reviewerName: '系统管理员',
    reviewedAt: past(0.5),
    images: [
      { ...image(31), check: photoCheck() },
      { ...image(32), check: photoCheck() },
    ],
  }),
];

export const taskDb = {
  tasks: initialTasks(),
  submissions: initialSubmissions(),
  ledger: [] as LedgerEntry[],
  nextId: 500,
};

export function resetTaskDb() {
  taskDb.tasks = initialTasks();
  taskDb.submissions = initialSubmissions();
  taskDb.ledger = [];
  taskDb.nextId = 500;
}

export const ranking = (): RankingRow[] => [
  { rank: 1, userId: 21, name: '王村干', account: 'wangcg', area: 2, areaName: '第一村', points: 15 },
  { rank: 2, userId: 22, name: '刘网格', account: 'liuwg', area: 3, areaName: '第二村', points: 5 },
];
