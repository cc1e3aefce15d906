/**
 * POST /api/uploads (server/routes/uploads.ts): a picture in, its id, url and size out. Each page
 * group's records number the pictures they keep, so each group has its upload handler here, made
 * by `uploadHandler`: the admin's (tasks, content, people services) and the phone's, which also
 * remembers whose the pictures are (a submission, appeal or report may only name one's own).
 */
import { UPLOAD_MESSAGES } from '@common/constants';
import type { ImageRef } from '@common/contracts/tasks';
import { appTaskDb } from './appTaskDb';
import { contentDb } from './contentDb';
import { invalid, isAdmin, ok, phoneUser, route, unauthorized } from './http';
import { peopleDb } from './peopleDb';
import { taskDb } from './taskDb';

const fileError = (message: string) => invalid([{ field: 'file', label: '图片', message }]);

function uploadHandler(signedIn: (request: Request) => boolean, store: (size: number) => ImageRef) {
  return route.post('/uploads', async ({ request }) => {
    if (!signedIn(request)) return unauthorized();
    const file = (await request.formData()).get('file');
    // Not `instanceof File`: the parsed form's files are Node's, jsdom's File is another class.
    if (!file || typeof file === 'string') return fileError(UPLOAD_MESSAGES.noFile);
    if (file.size === 0) return fileError(UPLOAD_MESSAGES.emptyFile);
    return ok({ ...store(file.size), size: file.size });
  });
}

/** The task pages' editor and cover pictures. */
export const taskUploadHandler = uploadHandler(isAdmin, () => {
  const id = taskDb.nextId++;
  return { id, url: `/api/uploads/upload-${id}.png`, width: 10, height: 10 };
});

/** News covers, introductions' pictures and the editor's. */
export const contentUploadHandler = uploadHandler(isAdmin, () => {
  const id = contentDb.nextId++;
  return { id, url: `/api/uploads/content-${id}.jpg`, width: 1200, height: 675 };
});

/** The result photos of a handled photo report. */
export const peopleUploadHandler = uploadHandler(isAdmin, () => {
  const id = peopleDb.nextId++;
  return { id, url: `/api/uploads/photo-${id}.jpg`, width: 800, height: 600 };
});

/** The phone's photos, kept as the signed-in person's own. */
export const phoneUploadHandler = uploadHandler(
  (request) => phoneUser(request) !== undefined,
  () => {
    const id = appTaskDb.nextId++;
    appTaskDb.uploads.add(id);
    return { id, url: `/api/uploads/mock-${id}.jpg`, width: 1600, height: 1200 };
  },
);
