import { request } from '@umijs/max';
import { BizError } from './requestConfig';

/** Bytes received so far and, when the server said, the total. */
export type DownloadProgress = (received: number, total?: number) => void;

/** A list's filters as query parameters: the empty ones are left out, as the list's own calls do. */
function presentParams(params: object | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params ?? {}).filter(([, value]) => value !== undefined && value !== null && value !== ''));
}

/** The file name from a Content-Disposition header (RFC 5987 `filename*` first). */
function fileNameFrom(disposition: string | null | undefined, fallback: string): string {
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

/**
 * Downloads a file from the API through the request layer (token, 401 sign-out) and hands it to the
 * browser as a save. A refusal rejects with the server's answer for the caller to say in its own
 * words (导出失败：…); the request layer shows nothing for it.
 */
export async function downloadFile(
  path: string,
  params: object | undefined,
  fallbackName: string,
  onProgress?: DownloadProgress,
): Promise<{ fileName: string; size: number }> {
  const response = await request<Blob | undefined>(path, {
    method: 'GET',
    params: presentParams(params),
    responseType: 'blob',
    getResponse: true,
    callerShowsError: true,
    // A large export streams page by page: no deadline, its progress shows it is coming.
    timeout: 0,
    onDownloadProgress: onProgress
      ? (event: ProgressEvent) => onProgress(event.loaded, event.lengthComputable && event.total > 0 ? event.total : undefined)
      : undefined,
  });
  const blob = response.data;
  // The request layer reads every JSON answer back from its blob: one with code 200 is still no file.
  if (!(blob instanceof Blob)) throw new BizError({ errorCode: response.status, body: { code: response.status } });
  const fileName = fileNameFrom(response.headers['content-disposition'], fallbackName);
  saveBlob(blob, fileName);
  return { fileName, size: blob.size };
}

/** Offers a blob to the user as a download. */
function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
