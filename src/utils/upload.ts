import { request } from '@umijs/max';
import { HTTP_TIMEOUT_MS } from '@common/constants';
import type { ApiBody } from './requestConfig';

export interface UploadOptions {
  /** How much of the body has gone up, 0–100. */
  onProgress?: (percent: number) => void;
  /** Aborting it cancels the upload (a photo removed while it goes up). */
  signal?: AbortSignal;
}

/**
 * POSTs a multipart form (a file with its fields) through the request layer: the token goes with it,
 * a 401 signs out, and a refusal rejects with the server's answer (field errors included) for the
 * caller to say in its own words (an upload tile, 图片上传失败：…); the request layer shows nothing.
 * axios leaves a FormData body as it is and lets the browser set the multipart Content-Type.
 */
export async function postForm<T>(path: string, form: FormData, { onProgress, signal }: UploadOptions = {}): Promise<ApiBody<T>> {
  return request<ApiBody<T>>(path, {
    method: 'POST',
    data: form,
    getResponse: false,
    callerShowsError: true,
    signal,
    // A photo on a weak village signal can take a while; the progress shows it is moving.
    timeout: HTTP_TIMEOUT_MS * 6,
    onUploadProgress: onProgress
      ? (event: ProgressEvent) => {
          if (event.lengthComputable && event.total > 0) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        }
      : undefined,
  });
}
