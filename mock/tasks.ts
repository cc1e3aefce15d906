/**
 * /api/tasks (server/routes/tasks.ts) for the admin pages: the list and its export, the form's
 * choices, one task, creating, changing a draft, deleting, publishing and closing, and the
 * completion exports (people, areas), on the records of mock/taskDb.ts.
 */
import type { TaskBody, TaskDetail, TaskItem } from '@common/contracts/tasks';
import { groups } from './fixtures';
import { admin, apiError, exportHandler, ok, okEmpty, okPage } from './http';
import { taskDb, taskDetail } from './taskDb';

const toItem = ({ content: _content, groups: _groups, fields: _fields, ...item }: TaskDetail): TaskItem => item;
const findTask = (id: unknown) => taskDb.tasks.find((t) => t.id === Number(id));
const notFound = () => apiError(404, '任务不存在');

export const taskAdminHandlers = [
  exportHandler('/tasks/export', '任务列表.xlsx'),
  exportHandler('/tasks/:id/completion/export', '完成情况.xlsx'),
  exportHandler('/tasks/:id/completion/areas/export', '各区域完成情况.xlsx'),
  // Before /tasks/:id, as on the server: the task form's choices (no user management needed).
  admin.get('/tasks/form-options', ({ request }) => {
    const name = new URL(request.url).searchParams.get('groupName');
    const choices = groups
      .filter((g) => !name || g.name.includes(name))
      .map(({ id, name: groupName, memberCount }) => ({ id, name: groupName, memberCount }));
    return ok({ groups: choices, groupTotal: choices.length });
  }),
  admin.get('/tasks', ({ request }) => {
    const url = new URL(request.url);
    const q = url.searchParams;
    const list = taskDb.tasks.filter(
      (t) =>
        (!q.get('status') || t.status === q.get('status')) &&
        (!q.get('title') || t.title.includes(q.get('title') as string)) &&
        (!q.get('category') || t.category === Number(q.get('category'))) &&
        (!q.get('area') || t.areas.includes(Number(q.get('area')))),
    );
    return okPage(list.map(toItem), url);
  }),

  admin.get('/tasks/:id', ({ params }) => {
    const task = findTask(params.id);
    return task ? ok(task) : notFound();
  }),

  admin.post('/tasks', async ({ request }) => {
    const body = (await request.json()) as TaskBody;
    const task = taskDetail({ ...body, id: taskDb.nextId++, status: 'draft' });
    taskDb.tasks.push(task);
    return ok(task);
  }),

  admin.put('/tasks/:id', async ({ request, params }) => {
    const task = findTask(params.id);
    if (!task) return notFound();
    if (task.status !== 'draft') return apiError(409, '只有草稿可以修改');
    Object.assign(task, (await request.json()) as TaskBody);
    return ok(task);
  }),

  admin.delete('/tasks/:id', ({ params }) => {
    taskDb.tasks = taskDb.tasks.filter((t) => t.id !== Number(params.id));
    return okEmpty('已删除');
  }),

  admin.post('/tasks/:id/publish', ({ params }) => {
    const task = findTask(params.id);
    if (!task) return notFound();
    if (task.status !== 'draft') return apiError(409, '只有草稿可以发布');
    task.status = 'published';
    task.publishedAt = new Date().toISOString();
    return ok(task);
  }),

  // 复制任务: a new draft asking the same, its deadline kept (the server moves a past one on by weeks).
  admin.post('/tasks/:id/copy', ({ params }) => {
    const task = findTask(params.id);
    if (!task) return notFound();
    const copy = taskDetail({
      ...task,
      id: taskDb.nextId++,
      status: 'draft',
      publishedAt: null,
      closedAt: null,
      pendingCount: 0,
      approvedCount: 0,
    });
    taskDb.tasks.push(copy);
    return ok(copy);
  }),

  admin.post('/tasks/:id/close', ({ params }) => {
    const task = findTask(params.id);
    if (!task) return notFound();
    if (task.status !== 'published') return apiError(409, '只有进行中的任务可以关闭');
    task.status = 'closed';
    return ok(task);
  }),
];
