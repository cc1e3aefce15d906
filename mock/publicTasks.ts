/**
 * /api/public/tasks (server/routes/publicTasks.ts): the phone's task list (published and closed,
 * by category) and one task, readable without signing in, on the phone's tasks (mock/appTaskDb.ts).
 */
import { appTaskDb, publicItem } from './appTaskDb';
import { apiError, ok, okPage, route } from './http';

export const publicTaskHandlers = [
  route.get('/public/tasks', ({ request }) => {
    const url = new URL(request.url);
    const category = Number(url.searchParams.get('category')) || undefined;
    const list = appTaskDb.tasks.filter((t) => t.status !== 'draft' && (!category || t.category === category));
    return okPage(list.map(publicItem), url);
  }),

  route.get('/public/tasks/:id', ({ params }) => {
    const t = appTaskDb.tasks.find((x) => x.id === Number(params.id));
    if (!t) return apiError(404, '任务不存在');
    // The public detail does not carry the report's fields: only the signed-in task pages ask for them.
    const { fields: _fields, ...detail } = t;
    return ok(detail);
  }),
];
