import { MESSAGES } from '@common/constants';
import { type ApiBody, BizError, handleUnauthorized, requestConfig } from './requestConfig';
import { getToken } from './session';

/** Bytes received so far and, when the server said, the total. */
export type DownloadProgress = (received: number, total?: number) => void;

/** An API path as a URL, with the request layer's base (`window.apiHost` + /api). */
export function apiUrl(path: string, params?: object): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  return `${requestConfig.baseURL ?? '/api'}${path}${search ? `?${search}` : ''}`;
}

/** The file name from a Content-Disposition header (RFC 5987 `filename*` first). */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/.exec(disposition);
  return plain ? plain[1].trim() : fallback;
}

async function readWithProgress(response: Response, onProgress?: DownloadProgress): Promise<Blob> {
  const total = Number(response.headers.get('content-length')) || undefined;
  if (!response.body || !onProgress) return response.blob();
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.length;
    onProgress(received, total);
  }
  return new Blob(chunks as BlobPart[], { type: response.headers.get('content-type') ?? 'application/octet-stream' });
}

/**
 * Downloads a file from the API with the session token and hands it to the browser as a save.
 * A failed answer (JSON `{ code, message }`) becomes a BizError carrying the server's message;
 * a 401 signs out like any other call.
 */
export async function downloadFile(
  path: string,
  params: object | undefined,
  fallbackName: string,
  onProgress?: DownloadProgress,
): Promise<{ fileName: string; size: number }> {
  const token = getToken();
  const response = await fetch(apiUrl(path, params), { headers: token ? { authorization: token } : {} });
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json')) {
    let body: ApiBody = { code: response.status, message: MESSAGES.requestError };
    try {
      body = (await response.json()) as ApiBody;
    } catch {
      // not JSON: keep the status
    }
    if (body.code === 401 || response.status === 401) handleUnauthorized();
    throw new BizError({ errorCode: body.code ?? response.status, errorMessage: body.message, body });
  }
  const blob = await readWithProgress(response, onProgress);
  const fileName = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, fileName);
  return { fileName, size: blob.size };
}

/**
 * POSTs a multipart form (a file with its fields) with the session token and answers the body. It goes
 * by fetch, as downloadFile does: the request layer's axios would send the form as JSON. Failures
 * throw a BizError carrying the server's answer (field errors included); a 401 signs out.
 */
export async function postForm<T>(path: string, form: FormData): Promise<ApiBody<T>> {
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { method: 'POST', body: form, headers: token ? { authorization: token } : {} });
  } catch {
    const message = '网络连接失败，请检查网络后重试';
    throw new BizError({ errorCode: 0, errorMessage: message, body: { code: 0, message } });
  }
  let body: ApiBody<T> = { code: response.status, message: MESSAGES.requestError };
  try {
    body = (await response.json()) as ApiBody<T>;
  } catch {
    // not JSON: keep the status
  }
  if (body.code === 401 || response.status === 401) handleUnauthorized();
  if (!response.ok || body.code !== 200) {
    throw new BizError({ errorCode: body.code ?? response.status, errorMessage: body.message, body });
  }
  return body;
}

/** Offers a blob to the user as a download. */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
