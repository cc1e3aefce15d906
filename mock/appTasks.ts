/**
 * msw handlers for the phone task pages (issue 3): a village cadre (村干部, area 2), a villager, the
 * public task list, the cadre's own tasks, submissions with the server's template rule and client
 * key idempotency, uploads and points. Shapes follow common/contracts/tasks.ts and scores.ts.
 * Use `useAppTaskHandlers()` after `useMockServer()`: these go in front of the shared handlers.
 */
import { http, HttpResponse } from 'msw';
import {
  MY_TASK_STATES,
  PAGE_SIZE_DEFAULT,
  type MyTaskState,
  requiredImageCount,
  templateHasImages,
  templateHasText,
} from '@common/constants';
import type { CurrentUser } from '@common/contracts/auth';
import type { MyScore } from '@common/contracts/scores';
import type { MyTaskDetail, PublicTaskDetail, SubmissionBody, SubmissionItem } from '@common/contracts/tasks';
import { areaName, areas } from './fixtures';
import { api, apiError, ok } from './handlers';
import { server } from './server';

export const CADRE_TOKEN = 'mock-token-cadre';
export const VILLAGER_TOKEN = 'mock-token-villager';

export const cadreUser: CurrentUser = {
  id: 21,
  account: 'cadre02',
  name: '王村官',
  phone: '13900000021',
  access: 'village',
  roleName: '村干部/网格员',
  permissions: [],
  dataScope: 'area',
  area: 2,
  areaName: '第一村',
};

export const villagerUser: CurrentUser = {
  id: 22,
  account: 'villager02',
  name: '李村民',
  phone: '13900000022',
  access: 'villager',
  roleName: '村民',
  permissions: [],
  dataScope: 'self',
  area: 2,
  areaName: '第一村',
};

const FUTURE = '2099-06-30T10:00:00.000Z';
const PAST = '2020-01-10T10:00:00.000Z';

type MockTask = PublicTaskDetail;
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
  ...fields,
});

const initialTasks = (): MockTask[] => [
  task({ id: 11, title: '清理河道垃圾', template: '1;2', imageNum: 2, points: 5 }),
  task({ id: 12, title: '上报本村低保户走访情况', template: '1', category: 3, deadline: PAST }),
  task({ id: 13, title: '拍摄村容村貌', template: '2', imageNum: 0, category: 14 }),
  task({ id: 14, title: '已结束的防汛检查', template: '1', status: 'closed' }),
];

const submission = (fields: Partial<SubmissionItem> & Pick<SubmissionItem, 'id' | 'taskId' | 'status'>): SubmissionItem => {
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

const whoIs = (request: Request) => {
  const token = request.headers.get('authorization');
  if (token === CADRE_TOKEN) return cadreUser;
  if (token === VILLAGER_TOKEN) return villagerUser;
  return undefined;
};

const publicItem = ({ content: _content, ...item }: MockTask) => item;

function myState(t: MockTask): { state: MyTaskState; latest?: SubmissionItem } {
  const mine = appTaskDb.submissions.filter((s) => s.taskId === t.id).sort((a, b) => b.id - a.id);
  const latest = mine[0];
  if (latest) return { state: latest.status, latest };
  return { state: t.status === 'published' ? 'todo' : 'missed' };
}

function myItem(t: MockTask) {
  const { state, latest } = myState(t);
  return {
    ...publicItem(t),
    state,
    submission: latest
      ? {
          id: latest.id,
          status: latest.status,
          late: latest.late,
          comment: latest.comment,
          createdAt: latest.createdAt,
          reviewedAt: latest.reviewedAt,
        }
      : null,
  };
}

function page<T>(items: T[], url: URL) {
  const current = Number(url.searchParams.get('current') ?? 1) || 1;
  const pageSize = Number(url.searchParams.get('pageSize') ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT;
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

const cadreOnly = (request: Request) => {
  const user = whoIs(request);
  if (!user) return { error: apiError(401, '未授权或授权已过期，请重新登录') };
  if (user.access !== 'village') return { error: apiError(403, '拒绝访问：没有该操作的权限') };
  return { user };
};

export const appTaskHandlers = [
  http.get(api('/currentUser'), ({ request }) => {
    const user = whoIs(request);
    return user ? ok(user) : undefined; // anything else: the shared handler
  }),

  http.get(api('/areas'), () => ok(areas)),

  http.get(api('/public/tasks'), ({ request }) => {
    const url = new URL(request.url);
    const category = Number(url.searchParams.get('category')) || undefined;
    const list = appTaskDb.tasks.filter((t) => t.status !== 'draft' && (!category || t.category === category));
    return ok(page(list.map(publicItem), url));
  }),

  http.get(api('/public/tasks/:id'), ({ params }) => {
    const t = appTaskDb.tasks.find((x) => x.id === Number(params.id));
    return t ? ok(t) : apiError(404, '任务不存在');
  }),

  http.get(api('/my/tasks/counts'), ({ request }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const counts = Object.fromEntries(MY_TASK_STATES.map((s) => [s, 0])) as Record<MyTaskState, number>;
    appTaskDb.tasks.forEach((t) => (counts[myState(t).state] += 1));
    return ok(counts);
  }),

  http.get(api('/my/tasks'), ({ request }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const url = new URL(request.url);
    const state = url.searchParams.get('state');
    return ok(
      page(
        appTaskDb.tasks.map(myItem).filter((t) => !state || t.state === state),
        url,
      ),
    );
  }),

  http.get(api('/my/tasks/:id'), ({ request, params }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const t = appTaskDb.tasks.find((x) => x.id === Number(params.id));
    if (!t) return apiError(404, '任务不存在');
    const detail: MyTaskDetail = {
      ...myItem(t),
      content: t.content,
      submissions: appTaskDb.submissions.filter((s) => s.taskId === t.id).sort((a, b) => b.id - a.id),
    };
    return ok(detail);
  }),

  http.get(api('/my/score'), ({ request }) => {
    const { error } = cadreOnly(request);
    if (error) return error;
    const score: MyScore = { points: 35, areaRank: 2, recent: [], lastEntryAt: null };
    return ok(score);
  }),

  http.post(api('/uploads'), async ({ request }) => {
    if (!whoIs(request)) return apiError(401, '未授权或授权已过期，请重新登录');
    const form = await request.formData();
    const file = form.get('file');
    if (!(file instanceof Blob) || file.size === 0) return apiError(400, '请选择要上传的图片');
    const id = appTaskDb.nextId++;
    appTaskDb.uploads.add(id);
    return ok({ id, url: `/api/uploads/mock-${id}.jpg`, width: 1600, height: 1200, size: file.size });
  }),

  http.post(api('/tasks/:id/submissions'), async ({ request, params }) => {
    const { user, error } = cadreOnly(request);
    if (error) return error;
    const t = appTaskDb.tasks.find((x) => x.id === Number(params.id));
    if (!t) return apiError(404, '任务不存在');
    const body = (await request.json()) as SubmissionBody;
    const existing = appTaskDb.clientKeys.get(body.clientKey);
    if (existing) return ok(appTaskDb.submissions.find((s) => s.id === existing));
    if (t.status !== 'published') return apiError(409, '任务已关闭，不能再提交');
    if (templateHasText(t.template) && !body.text?.trim()) return apiError(400, '完成情况说明：不能为空');
    if (templateHasImages(t.template) && body.imageIds.length !== requiredImageCount(t.imageNum)) {
      return apiError(400, `需要上传${requiredImageCount(t.imageNum)}张图片`);
    }
    if (body.imageIds.some((id) => !appTaskDb.uploads.has(id))) return apiError(400, '图片不存在或不属于您');
    if (myState(t).state === 'pending' || myState(t).state === 'approved') return apiError(409, '您已提交过该任务');
    const created = submission({
      id: appTaskDb.nextId++,
      taskId: t.id,
      status: 'pending',
      userId: user!.id,
      text: body.text ?? '',
      images: body.imageIds.map((id) => ({ id, url: `/api/uploads/mock-${id}.jpg`, width: 1600, height: 1200 })),
      createdAt: new Date().toISOString(),
    });
    appTaskDb.submissions.push(created);
    appTaskDb.clientKeys.set(body.clientKey, created.id);
    return ok(created);
  }),
];

/** Puts the phone task handlers in front of the shared ones for every test of the file. */
export function useAppTaskHandlers() {
  beforeEach(() => {
    resetAppTaskDb();
    server.use(...appTaskHandlers);
  });
}

/** A network failure, as a phone on a bad connection sees it. */
export const networkError = () => HttpResponse.error();
