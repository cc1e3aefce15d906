/**
 * msw handlers for the task module (issue 3): tasks, completion, submissions, scores and uploads,
 * with the shapes of common/contracts/tasks.ts and scores.ts. Add them per test file with
 * `server.use(...taskHandlers)` in a beforeEach and call `resetTaskDb()` there too.
 */
import { http, HttpResponse } from 'msw';
import { PAGE_SIZE_DEFAULT } from '@common/constants';
import type { LedgerEntry, RankingRow } from '@common/contracts/scores';
import type { SubmissionItem, TaskBody, TaskDetail, TaskItem } from '@common/contracts/tasks';
import { ADMIN_TOKEN, areaName, groups } from './fixtures';
import { duplicateOf, oldPhoto, photoCheck } from './photoChecks';
import { api, apiError, exportHandler, ok } from './handlers';

const signedIn = (request: Request) => request.headers.get('authorization') === ADMIN_TOKEN;
const unauthorized = () => apiError(401, '未授权或授权已过期，请重新登录');

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
      { ...image(12), check: oldPhoto('拍摄于任务发布之前') },
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
  /** The image rule /tasks/form-options suggests. */
  formImageNum: 2,
};

export function resetTaskDb() {
  taskDb.tasks = initialTasks();
  taskDb.submissions = initialSubmissions();
  taskDb.ledger = [];
  taskDb.nextId = 500;
  taskDb.formImageNum = 2;
}

function page<T>(items: T[], url: URL) {
  const current = Math.max(1, Number(url.searchParams.get('current') ?? 1) || 1);
  const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? PAGE_SIZE_DEFAULT) || PAGE_SIZE_DEFAULT);
  return { list: items.slice((current - 1) * pageSize, current * pageSize), total: items.length, current, pageSize };
}

const toItem = ({ content: _content, groups: _groups, ...item }: TaskDetail): TaskItem => item;
const findTask = (id: unknown) => taskDb.tasks.find((t) => t.id === Number(id));

const ranking = (): RankingRow[] => [
  { rank: 1, userId: 21, name: '王村干', account: 'wangcg', area: 2, areaName: '第一村', points: 15 },
  { rank: 2, userId: 22, name: '刘网格', account: 'liuwg', area: 3, areaName: '第二村', points: 5 },
];

export const taskHandlers = [
  exportHandler('/tasks/export', '任务列表.xlsx'),
  exportHandler('/tasks/:id/completion/export', '完成情况.xlsx'),
  exportHandler('/submissions/export', '任务提交记录.xlsx'),
  // Before /tasks/:id, as on the server: the task form's choices (no user management needed).
  http.get(api('/tasks/form-options'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const name = new URL(request.url).searchParams.get('groupName');
    const choices = groups
      .filter((g) => !name || g.name.includes(name))
      .map(({ id, name: groupName, memberCount }) => ({ id, name: groupName, memberCount }));
    return ok({ groups: choices, groupTotal: choices.length, imageNum: taskDb.formImageNum, imageNumTasks: 3 });
  }),
  http.get(api('/tasks'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    const q = url.searchParams;
    const list = taskDb.tasks.filter(
      (t) =>
        (!q.get('status') || t.status === q.get('status')) &&
        (!q.get('title') || t.title.includes(q.get('title') as string)) &&
        (!q.get('category') || t.category === Number(q.get('category'))) &&
        (!q.get('area') || t.areas.includes(Number(q.get('area')))),
    );
    return ok(page(list.map(toItem), url));
  }),

  http.get(api('/tasks/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const task = findTask(params.id);
    return task ? ok(task) : apiError(404, '任务不存在');
  }),

  http.post(api('/tasks'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as TaskBody;
    const task = taskDetail({ ...body, id: taskDb.nextId++, status: 'draft' });
    taskDb.tasks.push(task);
    return ok(task);
  }),

  http.put(api('/tasks/:id'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const task = findTask(params.id);
    if (!task) return apiError(404, '任务不存在');
    if (task.status !== 'draft') return apiError(409, '只有草稿可以修改');
    Object.assign(task, (await request.json()) as TaskBody);
    return ok(task);
  }),

  http.delete(api('/tasks/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    taskDb.tasks = taskDb.tasks.filter((t) => t.id !== Number(params.id));
    return HttpResponse.json({ code: 200, message: '已删除' });
  }),

  http.post(api('/tasks/:id/:action'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const task = findTask(params.id);
    if (!task) return apiError(404, '任务不存在');
    if (params.action === 'publish') {
      if (task.status !== 'draft') return apiError(409, '只有草稿可以发布');
      task.status = 'published';
      task.publishedAt = new Date().toISOString();
    } else if (params.action === 'close') {
      if (task.status !== 'published') return apiError(409, '只有进行中的任务可以关闭');
      task.status = 'closed';
    } else {
      return apiError(404, '请求地址出错');
    }
    return ok(task);
  }),

  http.get(api('/submissions'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    const q = url.searchParams;
    const keyword = q.get('keyword');
    const list = taskDb.submissions.filter(
      (s) =>
        (!q.get('status') || s.status === q.get('status')) &&
        (!q.get('taskId') || s.taskId === Number(q.get('taskId'))) &&
        (!q.get('area') || s.area === Number(q.get('area'))) &&
        (!q.get('category') || s.category === Number(q.get('category'))) &&
        (!keyword || s.userName.includes(keyword) || s.text.includes(keyword)),
    );
    return ok(page(list, url));
  }),

  http.get(api('/submissions/:id'), ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const item = taskDb.submissions.find((s) => s.id === Number(params.id));
    return item ? ok(item) : apiError(404, '提交记录不存在');
  }),

  http.post(api('/submissions/audit'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as { ids: number[] };
    const approved: number[] = [];
    const skipped: number[] = [];
    for (const id of body.ids) {
      const item = taskDb.submissions.find((s) => s.id === id);
      if (item?.status === 'pending') {
        item.status = 'approved';
        approved.push(id);
      } else skipped.push(id);
    }
    return ok({ approved, skipped });
  }),

  http.post(api('/submissions/:id/audit'), async ({ request, params }) => {
    if (!signedIn(request)) return unauthorized();
    const item = taskDb.submissions.find((s) => s.id === Number(params.id));
    if (!item) return apiError(404, '提交不存在');
    if (item.status !== 'pending') return apiError(409, '该提交已审核');
    const body = (await request.json()) as { result: 'approved' | 'rejected'; comment?: string };
    if (body.result === 'rejected' && !body.comment?.trim()) {
      return apiError(400, '审核意见：驳回时必须填写', [{ field: 'comment', label: '审核意见', message: '驳回时必须填写' }]);
    }
    item.status = body.result;
    item.comment = body.comment ?? '';
    return ok(item);
  }),

  http.get(api('/scores/ranking'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    return ok(page(ranking(), new URL(request.url)));
  }),

  http.get(api('/scores/ledger'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const url = new URL(request.url);
    const userId = Number(url.searchParams.get('userId'));
    const entries = taskDb.ledger.filter((e) => e.userId === userId);
    return ok({ ...page(entries, url), points: entries.reduce((sum, e) => sum + e.delta, 0) });
  }),

  http.post(api('/scores/adjust'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const body = (await request.json()) as { userId: number; delta: number; reason: string };
    const entry: LedgerEntry = {
      id: taskDb.nextId++,
      userId: body.userId,
      delta: body.delta,
      reason: body.reason,
      source: 'manual',
      submissionId: null,
      taskId: null,
      taskTitle: null,
      operatorId: 1,
      operatorName: '系统管理员',
      createdAt: new Date().toISOString(),
    };
    taskDb.ledger.unshift(entry);
    return ok(entry);
  }),

  http.get(api('/scores/export'), ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    return new HttpResponse(new Uint8Array([0x50, 0x4b, 3, 4]), {
      headers: {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename="ranking.xlsx"; filename*=UTF-8''${encodeURIComponent('积分排行.xlsx')}`,
      },
    });
  }),

  http.post(api('/uploads'), async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const form = await request.formData();
    const file = form.get('file');
    if (!file || typeof file === 'string') return apiError(400, '图片：请选择要上传的图片');
    const id = taskDb.nextId++;
    return ok({ id, url: `/api/uploads/upload-${id}.png`, width: 10, height: 10, size: file.size });
  }),
];
