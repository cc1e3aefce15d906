// The phone's task calls (issue 3): public task list, the cadre's own tasks, submissions, points
// and image uploads. Types come from the shared contracts.
import { HTTP_STATUS_MESSAGES, HTTP_TIMEOUT_MS, MESSAGES } from '@common/constants';
import type { PageResult } from '@common/contracts/base';
import type { MyScore } from '@common/contracts/scores';
import type { UploadResult } from '@common/contracts/system';
import type {
  MyTaskCounts,
  MyTaskDetail,
  MyTaskItem,
  MyTaskQuery,
  PublicTaskDetail,
  PublicTaskItem,
  PublicTaskQuery,
  SubmissionBody,
  SubmissionItem,
} from '@common/contracts/tasks';
import type { ApiBody } from '@/utils/requestConfig';
import { getToken } from '@/utils/session';
import { type CallOptions, get, post } from './http';

/** GET /api/public/tasks */
export const queryPublicTasks = (params: Partial<PublicTaskQuery>, options?: CallOptions) =>
  get<PageResult<PublicTaskItem>>('/public/tasks', params, options);

/** GET /api/public/tasks/:id */
export const queryPublicTask = (id: number, options?: CallOptions) => get<PublicTaskDetail>(`/public/tasks/${id}`, undefined, options);

/** GET /api/my/tasks */
export const queryMyTasks = (params: Partial<MyTaskQuery>, options?: CallOptions) =>
  get<PageResult<MyTaskItem>>('/my/tasks', params, options);

/** GET /api/my/tasks/counts */
export const queryMyTaskCounts = (options?: CallOptions) => get<MyTaskCounts>('/my/tasks/counts', undefined, options);

/** GET /api/my/tasks/:id */
export const queryMyTask = (id: number, options?: CallOptions) => get<MyTaskDetail>(`/my/tasks/${id}`, undefined, options);

/** POST /api/tasks/:id/submissions */
export const submitTask = (taskId: number, body: SubmissionBody, options?: CallOptions) =>
  post<SubmissionItem>(`/tasks/${taskId}/submissions`, body, options);

/** GET /api/my/score */
export const queryMyScore = (options?: CallOptions) => get<MyScore>('/my/score', undefined, options);

/** Why an upload failed, in words for the user; `status` is 0 when no answer came. */
export class UploadError extends Error {
  constructor(
    message: string,
    public readonly status: number,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

export interface UploadHandle {
  promise: Promise<UploadResult>;
  abort(): void;
}

/**
 * POST /api/uploads (multipart, field `file`). Uses XMLHttpRequest rather than the request helper
 * because fetch/axios in the browser give no upload progress; `onProgress` gets 0–100.
 */
export function uploadImage(file: Blob, fileName: string, onProgress?: (percent: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadResult>((resolve, reject) => {
    xhr.open('POST', `${window.apiHost ?? ''}/api/uploads`);
    // A photo on a weak village signal can take a while; progress shows it is moving.
    xhr.timeout = HTTP_TIMEOUT_MS * 6;
    const token = getToken();
    if (token) xhr.setRequestHeader('authorization', token);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    };
    xhr.onload = () => {
      let body: ApiBody<UploadResult> | undefined;
      try {
        body = JSON.parse(xhr.responseText) as ApiBody<UploadResult>;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && body?.code === 200 && body.data) {
        onProgress?.(100);
        resolve(body.data);
        return;
      }
      const status = body?.code && body.code !== 200 ? body.code : xhr.status;
      reject(new UploadError(body?.message || HTTP_STATUS_MESSAGES[status] || MESSAGES.requestError, status));
    };
    xhr.onerror = () => reject(new UploadError('网络连接失败，请检查网络后重试', 0));
    xhr.ontimeout = () => reject(new UploadError(HTTP_STATUS_MESSAGES[408], 408));
    xhr.onabort = () => reject(new UploadError('已取消上传', 0));
    const form = new FormData();
    form.append('file', file, fileName);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
