/**
 * Task submissions (server/routes/submissions.ts): the admin's list, one submission, reviewing one
 * or a batch and the export (on mock/taskDb.ts), and the cadre's submitting from the phone with
 * the server's template rule and client-key idempotency (on mock/appTaskDb.ts).
 */
import { requiredImageCount, TASK_MESSAGES, templateHasImages, templateHasText, UPLOAD_MESSAGES } from '@common/constants';
import type { SubmissionBody } from '@common/contracts/tasks';
import { checkFieldValues } from '@common/taskFields';
import { appTaskDb, myState, submission } from './appTaskDb';
import { admin, apiError, exportHandler, forbidden, invalid, ok, okPage, phoneUser, route, unauthorized } from './http';
import { taskDb } from './taskDb';

export const submissionAdminHandlers = [
  exportHandler('/submissions/export', '任务提交记录.xlsx'),
  admin.get('/submissions', ({ request }) => {
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
    return okPage(list, url);
  }),

  admin.get('/submissions/:id', ({ params }) => {
    const item = taskDb.submissions.find((s) => s.id === Number(params.id));
    return item ? ok(item) : apiError(404, '提交记录不存在');
  }),

  admin.post('/submissions/audit', async ({ request }) => {
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

  admin.post('/submissions/:id/audit', async ({ request, params }) => {
    const item = taskDb.submissions.find((s) => s.id === Number(params.id));
    if (!item) return apiError(404, '提交不存在');
    if (item.status !== 'pending') return apiError(409, '该提交已审核');
    const body = (await request.json()) as { result: 'approved' | 'rejected'; comment?: string };
    if (body.result === 'rejected' && !body.comment?.trim()) {
      return invalid([{ field: 'comment', label: '审核意见', message: '驳回时必须填写' }]);
    }
    item.status = body.result;
    item.comment = body.comment ?? '';
    return ok(item);
  }),
];

export const submitHandlers = [
  route.post('/tasks/:id/submissions', async ({ request, params }) => {
    const user = phoneUser(request);
    if (!user) return unauthorized();
    if (user.access !== 'village') return forbidden();
    const t = appTaskDb.tasks.find((x) => x.id === Number(params.id));
    if (!t) return apiError(404, '任务不存在');
    const body = (await request.json()) as SubmissionBody;
    const existing = appTaskDb.clientKeys.get(body.clientKey);
    if (existing) return ok(appTaskDb.submissions.find((s) => s.id === existing));
    if (t.status !== 'published') return apiError(409, TASK_MESSAGES.taskClosed);
    // server/services/tasks/submissions.ts words these.
    if (templateHasText(t.template) && !body.text?.trim()) {
      return invalid([{ field: 'text', label: '完成情况说明', message: '请填写完成情况说明' }]);
    }
    const required = requiredImageCount(t.imageNum);
    if (templateHasImages(t.template) && body.imageIds.length !== required) {
      return invalid([{ field: 'imageIds', label: '图片', message: `需要上传${required}张图片，当前为${body.imageIds.length}张` }]);
    }
    const checked = checkFieldValues(t.fields, body.values ?? {});
    if (!checked.ok)
      return invalid([{ field: `values.${checked.key}`, label: checked.field?.label ?? '填报内容', message: checked.message }]);
    if (body.imageIds.some((id) => !appTaskDb.uploads.has(id)))
      return invalid([{ field: 'imageIds', label: '图片', message: UPLOAD_MESSAGES.imageNotOwn }]);
    const { state } = myState(t);
    if (state === 'pending') return apiError(409, TASK_MESSAGES.pendingExists);
    if (state === 'approved') return apiError(409, TASK_MESSAGES.approvedExists);
    const created = submission({
      id: appTaskDb.nextId++,
      taskId: t.id,
      status: 'pending',
      userId: user.id,
      text: body.text ?? '',
      values: checked.values,
      images: body.imageIds.map((id) => ({ id, url: `/api/uploads/mock-${id}.jpg`, width: 1600, height: 1200 })),
      createdAt: new Date().toISOString(),
    });
    appTaskDb.submissions.push(created);
    appTaskDb.clientKeys.set(body.clientKey, created.id);
    return ok(created);
  }),
];
