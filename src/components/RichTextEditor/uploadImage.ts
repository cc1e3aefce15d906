import type { UploadResult } from '@common/contracts/system';
import { showMessage } from '@/utils/feedback';
import { apiUrl } from '@/utils/download';
import { type ApiBody, handleUnauthorized } from '@/utils/requestConfig';
import { getToken } from '@/utils/session';

/** wangEditor's insert callback: puts an image at the cursor. */
export type InsertImage = (src: string, alt: string, href: string) => void;

/** The formats the server accepts (server/lib/images.ts sniffs the content as well). */
export const EDITOR_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

/** POST /api/uploads with the session token: the stored image, or an Error with a Chinese message. */
export async function uploadImage(file: File): Promise<UploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const token = getToken();
  let response: Response;
  try {
    response = await fetch(apiUrl('/uploads'), {
      method: 'POST',
      body: form,
      headers: token ? { authorization: token } : {},
    });
  } catch {
    throw new Error('网络连接失败，请检查网络后重试');
  }
  let body: ApiBody<UploadResult> | undefined;
  try {
    body = (await response.json()) as ApiBody<UploadResult>;
  } catch {
    body = undefined;
  }
  if (response.status === 401 || body?.code === 401) {
    handleUnauthorized(); // says so itself and goes to the login page
    throw Object.assign(new Error('登录已过期，请重新登录'), { signedOut: true });
  }
  if (!response.ok || body?.code !== 200 || !body.data?.url) {
    throw new Error(body?.message || `上传失败（${response.status}）`);
  }
  return body.data;
}

/**
 * The editor's customUpload: uploads one picked or pasted image and inserts it where the cursor is.
 * Resolves true when inserted; on failure says why in a message and inserts nothing.
 */
export async function uploadAndInsertImage(file: File, insert: InsertImage): Promise<boolean> {
  if (file.type && !EDITOR_IMAGE_TYPES.includes(file.type)) {
    showMessage('error', '图片上传失败：只能上传 JPG、PNG、GIF 或 WebP 格式的图片');
    return false;
  }
  try {
    const image = await uploadImage(file);
    const alt = file.name.replace(/\.[^.]+$/, '');
    insert(image.url, alt, '');
    return true;
  } catch (error) {
    if ((error as { signedOut?: boolean }).signedOut) return false;
    showMessage('error', `图片上传失败：${(error as Error).message}`);
    return false;
  }
}
